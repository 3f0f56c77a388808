// The golden-image harness: a rendered Pixmap against a committed picture, exact unless the case
// states a tolerance and its reason.
//
// Two kinds of golden:
//   - independent references (Skia, NumPy) made by Scripts/references/*.py: compared, never
//     rewritten here (`GoldenFolder.expect(_:matches:named:within:)`);
//   - self-rendered regression guards (demo frames, seed drawings): rewritten in the source tree
//     under KINEMA_UPDATE_GOLDEN=1, compared otherwise (`GoldenFolder.expect(_:matchesFile:within:)`).
// On a failure, and for every comparison under KINEMA_UPDATE_GOLDEN=1, Kinema's picture, the
// reference and an amplified difference go to `TestEnvironment.outputFolder` for looking at.
// Every folder has an inventory test (`expectInventory`): a file no test uses fails, as does a
// case without its file.
import Foundation
import KinemaRaster
import Testing

/// How far a rendering may be from its golden picture, and why.
public struct GoldenTolerance: Sendable, CustomStringConvertible {
    /// Pixels allowed beyond `maximum`: a count, or a fraction of all pixels.
    public enum Outliers: Sendable {
        case count(Int)
        case fraction(Double)
    }

    /// Largest difference of any channel of a pixel, in levels of 255 (outliers apart).
    public var maximum: Int
    /// Largest mean difference over every channel of every pixel.
    public var mean: Double
    public var outliers: Outliers
    public var reason: String

    /// Byte for byte.
    public static let exact = GoldenTolerance(maximum: 0, mean: 0, reason: "exact")

    public init(maximum: Int, mean: Double, outliers: Int = 0, reason: String) {
        self.maximum = maximum
        self.mean = mean
        self.outliers = .count(outliers)
        self.reason = reason
    }

    public init(maximum: Int, mean: Double, outlierFraction: Double, reason: String) {
        self.maximum = maximum
        self.mean = mean
        self.outliers = .fraction(outlierFraction)
        self.reason = reason
    }

    public var description: String {
        let allowed = switch outliers {
        case .count(0): ""
        case .count(let n): " except \(n) pixels"
        case .fraction(let f): " except \(f * 100) % of pixels"
        }
        return "max \(maximum)\(allowed), mean \(mean) (\(reason))"
    }

    /// What `difference` exceeds, empty when it is within the tolerance.
    public func excesses(_ difference: GoldenDifference) -> [String] {
        var excesses: [String] = []
        let over = difference.pixels(over: maximum)
        switch outliers {
        case .count(let allowed):
            if over > allowed { excesses.append("\(over) pixels differ by more than \(maximum), \(allowed) allowed") }
        case .fraction(let allowed):
            let fraction = Double(over) / Double(max(difference.pixelCount, 1))
            if fraction > allowed { excesses.append("\(over) pixels (\(fraction * 100) %) differ by more than \(maximum), \(allowed * 100) % allowed") }
        }
        if difference.mean > mean { excesses.append("mean difference \(difference.mean) over \(mean)") }
        return excesses
    }
}

/// Per-channel differences between two pixmaps of one size.
public struct GoldenDifference: CustomStringConvertible, Sendable {
    public let width: Int, height: Int
    /// Largest difference of any channel of any pixel.
    public private(set) var maximum = 0
    /// Mean difference over every channel of every pixel.
    public private(set) var mean = 0.0
    /// The first pixel (row by row) with the largest difference, and its two values.
    public private(set) var worst = (x: 0, y: 0, ours: [UInt8](), reference: [UInt8]())
    /// Each pixel's largest channel difference, largest first.
    public private(set) var pixelMaxima: [Int] = []
    /// Channels (not pixels) that differ by more than 2 levels.
    public private(set) var channelsOverTwo = 0
    private let maxima: [UInt8]

    public var pixelCount: Int { width * height }

    /// nil when the sizes differ.
    public init?(_ ours: Pixmap, _ reference: Pixmap) {
        guard ours.width == reference.width, ours.height == reference.height else { return nil }
        width = ours.width
        height = ours.height
        let a = ours.premultipliedBytes, b = reference.premultipliedBytes
        var total = 0
        var maxima = [UInt8](repeating: 0, count: a.count / 4)
        for i in stride(from: 0, to: a.count, by: 4) {
            var pixelWorst = 0
            for k in 0 ..< 4 {
                let d = abs(Int(a[i + k]) - Int(b[i + k]))
                total += d
                if d > 2 { channelsOverTwo += 1 }
                pixelWorst = max(pixelWorst, d)
            }
            maxima[i / 4] = UInt8(pixelWorst)
            if pixelWorst > maximum {
                maximum = pixelWorst
                worst = ((i / 4) % width, (i / 4) / width, Array(a[i ..< i + 4]), Array(b[i ..< i + 4]))
            }
        }
        self.maxima = maxima
        mean = Double(total) / Double(max(a.count, 1))
        pixelMaxima = maxima.map(Int.init).sorted(by: >)
    }

    /// How many pixels differ by more than `level` in some channel.
    public func pixels(over level: Int) -> Int { pixelMaxima.prefix { $0 > level }.count }

    /// White where the two agree, a darker red the larger the difference (× 4).
    public func image() -> Pixmap? {
        var bytes = [UInt8](repeating: 255, count: maxima.count * 4)
        for (p, d) in maxima.enumerated() {
            let shade = UInt8(max(0, 255 - min(255, Int(d) * 4)))
            bytes[p * 4 + 1] = shade
            bytes[p * 4 + 2] = shade
        }
        return try? Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    public var description: String {
        "max \(maximum) at (\(worst.x), \(worst.y)) ours \(worst.ours) reference \(worst.reference), "
            + "mean \(String(format: "%.4f", mean)), channels over 2: \(channelsOverTwo), "
            + "worst pixels \(pixelMaxima.prefix(8).map(String.init).joined(separator: " "))"
    }
}

/// A folder of golden pictures committed with a test target (a `.copy` resource).
public struct GoldenFolder: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case missing(String)
        public var description: String {
            switch self {
            case .missing(let path): "\(path) is missing from the test bundle"
            }
        }
    }

    /// The folder's name, as in Package.swift's resources.
    public let name: String
    /// `<test target>/<name>`: names the folder in messages and in the output folder.
    public let label: String
    /// The folder in the test bundle.
    public let bundled: URL?
    /// The folder in the source tree, where self-rendered goldens are rewritten.
    public let source: URL

    /// The folder `name` of the test target whose `Bundle.module` is `bundle`; `sourceFile` is a
    /// file at the top of that target's sources (the default: the caller's).
    public init(_ name: String, in bundle: Bundle, sourceFile: String = #filePath) {
        self.name = name
        bundled = bundle.url(forResource: name, withExtension: nil)
        let target = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        source = target.appendingPathComponent(name)
        label = target.lastPathComponent + "/" + name
    }

    /// The bundled file `file`.
    public func url(_ file: String) throws -> URL {
        guard let url = bundled?.appendingPathComponent(file), FileManager.default.fileExists(atPath: url.path) else {
            throw Failure.missing("\(label)/\(file)")
        }
        return url
    }

    /// Every file name in the folder.
    public func fileNames() throws -> Set<String> {
        guard let bundled else { throw Failure.missing(label) }
        return Set(try FileManager.default.contentsOfDirectory(atPath: bundled.path))
    }

    /// The pixels of the PNG `file`.
    public func pixmap(_ file: String) throws -> Pixmap {
        try Pixmap(pngFile: url(file))
    }

    /// Expects the folder to hold exactly `used`: a file no test uses fails (a stale reference),
    /// as does a used file that is not there.
    public func expectInventory(_ used: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let present = try fileNames()
        let unused = present.subtracting(used), missing = used.subtracting(present)
        #expect(unused.isEmpty, "in \(label) but used by no test: \(unused.sorted())", sourceLocation: sourceLocation)
        #expect(missing.isEmpty, "missing from \(label): \(missing.sorted())", sourceLocation: sourceLocation)
    }

    /// Compares `ours` with an independent `reference` (never rewritten) within `tolerance`.
    @discardableResult
    public func expect(_ ours: Pixmap, matches reference: Pixmap, named name: String, within tolerance: GoldenTolerance,
                       sourceLocation: SourceLocation = #_sourceLocation) -> GoldenDifference? {
        let difference = GoldenDifference(ours, reference)
        let excesses = difference.map(tolerance.excesses) ?? []
        if difference == nil || !excesses.isEmpty || TestEnvironment.updatesGoldens {
            keep(ours, reference, difference, name)
        }
        guard let difference else {
            let message = "\(label)/\(name): Kinema drew \(ours.width)×\(ours.height), the reference is "
                + "\(reference.width)×\(reference.height)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return nil
        }
        for excess in excesses {
            let message = "\(label)/\(name): \(excess); \(difference); tolerance \(tolerance). "
                + "Pictures in \(TestEnvironment.outputFolder(label).path)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        return difference
    }

    /// Compares `ours` with the self-rendered golden PNG `file` within `tolerance`, or under
    /// KINEMA_UPDATE_GOLDEN=1 rewrites `file` in the source tree with `ours`.
    public func expect(_ ours: Pixmap, matchesFile file: String, within tolerance: GoldenTolerance = .exact,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        if TestEnvironment.updatesGoldens {
            try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
            try ours.pngData().write(to: source.appendingPathComponent(file))
            return
        }
        let reference = try pixmap(file)
        expect(ours, matches: reference, named: (file as NSString).deletingPathExtension, within: tolerance,
               sourceLocation: sourceLocation)
    }

    private func keep(_ ours: Pixmap, _ reference: Pixmap, _ difference: GoldenDifference?, _ name: String) {
        TestEnvironment.keep(try? ours.pngData(), as: name + ".ours.png", in: label)
        TestEnvironment.keep(try? reference.pngData(), as: name + ".reference.png", in: label)
        TestEnvironment.keep(try? difference?.image()?.pngData(), as: name + ".diff.png", in: label)
    }
}
