// Damage hints (DamageHintedFrameSink): a GIF or APNG writer told where each frame changed
// writes the same bytes as one that compares whole frames, across the timing paths (frames
// merged, replaced, shown late, delays split) and the GIF's clearing of vanishing pixels.
import Foundation
@testable import KinemaImageIO
import KinemaRaster
import Testing

@Suite("Damage hints")
struct DamageHintTests {
    /// A seeded sequence of frames, each the one before with a few rectangles repainted (opaque,
    /// translucent or transparent colours from a small set, so GIF palettes stay exact and
    /// pixels vanish), some frames unchanged; durations short (< 2 cs), usual, and past GIF's
    /// 655.35 s delay limit. `rects[i]` covers every pixel frame i changed.
    struct Sequence {
        var frames: [Pixmap] = []
        var rects: [[PixelRect]] = []
        var durations: [Double] = []

        init(seed: UInt64, count: Int, width: Int = 40, height: Int = 30) throws {
            var state = seed
            func next(_ bound: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(bound))
            }
            let colors: [PremultipliedColor] = [
                .transparent, .white, .black,
                PremultipliedColor(red: 200, green: 30, blue: 40, alpha: 255),
                PremultipliedColor(red: 20, green: 60, blue: 100, alpha: 128),
                PremultipliedColor(red: 10, green: 10, blue: 10, alpha: 40),
            ]
            var frame = try Pixmap(width: width, height: height)
            frame.fill(PremultipliedColor(red: 30, green: 90, blue: 200, alpha: 255))
            for _ in 0..<count {
                var changed: [PixelRect] = []
                for _ in 0..<next(4) {
                    let rect = PixelRect(x: next(width + 6) - 3, y: next(height + 6) - 3,
                                         width: 1 + next(14), height: 1 + next(10))
                    let color = colors[next(colors.count)]
                    let inside = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
                    if !inside.isEmpty {
                        for y in inside.minY..<inside.maxY {
                            for x in inside.minX..<inside.maxX { frame.setPixel(x: x, y: y, to: color) }
                        }
                    }
                    changed.append(rect)   // may reach outside the frame, as damage may
                }
                frames.append(frame)
                rects.append(changed)
                durations.append([0.004, 0.011, 1.0 / 30, 0.1, 700][next(5)])
            }
        }
    }

    enum Hints { case none, exact, coarse, mixed }

    static func record(_ sequence: Sequence, into writer: some DamageHintedFrameSink, hints: Hints) throws {
        for (index, frame) in sequence.frames.enumerated() {
            let rects = sequence.rects[index]
            switch hints {
            case .none:
                try writer.append(frame, duration: sequence.durations[index])
            case .exact:
                try writer.append(frame, duration: sequence.durations[index], changed: rects)
            case .coarse:
                let box = rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
                try writer.append(frame, duration: sequence.durations[index], changed: [box])
            case .mixed:
                try writer.append(frame, duration: sequence.durations[index], changed: index % 3 == 0 ? nil : rects)
            }
        }
        try writer.finish()
    }

    enum Format: CaseIterable { case gif, apng }

    static func writer(_ format: Format) throws -> any DamageHintedFrameSink {
        switch format {
        case .gif: try GIFWriter()
        case .apng: try APNGWriter()
        }
    }

    @Test("a GIF or APNG written with hints is the same file as one written by comparing frames",
          arguments: Format.allCases, 0..<12)
    func sameFile(format: Format, seed: Int) throws {
        let sequence = try Sequence(seed: UInt64(seed), count: 40)
        var files: [Hints: Data] = [:]
        for hints in [Hints.none, .exact, .coarse, .mixed] {
            let writer = try Self.writer(format)
            try Self.record(sequence, into: writer, hints: hints)
            let data = try #require(writer.data)
            files[hints] = data
        }
        #expect(files[.exact] == files[.none])
        #expect(files[.coarse] == files[.none])
        #expect(files[.mixed] == files[.none])
    }

    @Test("the writers use the hints: claiming no change where there was one changes the file")
    func hintsAreUsed() throws {
        let sequence = try Sequence(seed: 7, count: 20)
        let lying = Sequence.lying(sequence)
        for format in Format.allCases {
            let honest = try Self.writer(format), liar = try Self.writer(format)
            try Self.record(sequence, into: honest, hints: .exact)
            try Self.record(lying, into: liar, hints: .exact)
            #expect(honest.data != liar.data, "\(format)")
        }
    }
}

extension DamageHintTests.Sequence {
    /// The same frames, each claiming it changed nothing.
    static func lying(_ sequence: Self) -> Self {
        var copy = sequence
        copy.rects = sequence.rects.map { _ in [] }
        return copy
    }
}
