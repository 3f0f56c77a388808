// Support for the golden-image tests: contexts, references, differences, and writing what was
// drawn for looking at.
import Foundation
import KinemaImageIO
import KinemaRaster
@testable import OpenCoreGraphics

enum Golden {
    enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case context
        case size(String)
        var description: String {
            switch self {
            case .missing(let name): "Golden/\(name) is missing from the test bundle"
            case .context: "could not make the test context"
            case .size(let name): "Golden/\(name) has a different size from the rendering"
            }
        }
    }

    static var directory: URL? { Bundle.module.url(forResource: "Golden", withExtension: nil) }

    /// Every file name in the Golden folder.
    static func fileNames() throws -> Set<String> {
        guard let directory else { throw Failure.missing("") }
        return Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    /// The pixels of Golden/`file` (a PNG), premultiplied.
    static func load(_ file: String) throws -> Pixmap {
        guard let url = directory?.appendingPathComponent(file), FileManager.default.fileExists(atPath: url.path) else {
            throw Failure.missing(file)
        }
        let image = try PNGDecoder.decode(Data(contentsOf: url))
        return try Pixmap(width: image.width, height: image.height, premultipliedBytes: image.pixels)
    }

    /// A 128 × 128 premultiplied-RGBA bitmap context, white, in Core Graphics' default orientation.
    static func whiteContext(width: Int = 128, height: Int = 128) throws -> CGContext {
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { throw Failure.context }
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }

    /// PNG bytes of `pixmap`.
    static func png(_ pixmap: Pixmap) throws -> Data {
        try PNGEncoder.encode(DecodedImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.premultipliedBytes))
    }

    /// Writes `pixmap` as `<name>.png` into $KINEMA_TEST_OUTPUT, when that is set (for looking at).
    static func writeIfRequested(_ pixmap: Pixmap, name: String) {
        guard let folder = ProcessInfo.processInfo.environment["KINEMA_TEST_OUTPUT"], let data = try? png(pixmap) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
    }
}

/// Per-channel differences between two pixmaps of one size.
struct PixelDifference: CustomStringConvertible {
    var maximum = 0
    var mean = 0.0
    /// Each pixel's largest channel difference, largest first.
    var pixelMaxima: [Int] = []

    init(_ a: Pixmap, _ b: Pixmap) {
        let x = a.premultipliedBytes, y = b.premultipliedBytes
        var total = 0
        var maxima: [Int] = []
        maxima.reserveCapacity(x.count / 4)
        for i in stride(from: 0, to: min(x.count, y.count), by: 4) {
            var worst = 0
            for k in 0 ..< 4 {
                let d = abs(Int(x[i + k]) - Int(y[i + k]))
                total += d
                worst = max(worst, d)
            }
            maxima.append(worst)
        }
        pixelMaxima = maxima.sorted(by: >)
        maximum = pixelMaxima.first ?? 0
        mean = Double(total) / Double(max(x.count, 1))
    }

    /// How many pixels differ by more than `level` in some channel.
    func pixels(over level: Int) -> Int { pixelMaxima.prefix { $0 > level }.count }

    var description: String {
        "max \(maximum), mean \(String(format: "%.4f", mean)), worst pixels \(pixelMaxima.prefix(8).map(String.init).joined(separator: " "))"
    }
}

extension CGColor {
    /// A colour from whole 8-bit levels (the references use the same levels).
    static func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> CGColor {
        CGColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: CGFloat(a) / 255)
    }
}
