// The page curl's C row kernels (CKinemaCurlRow.c) against the Swift loops they replace on the
// device grid (CompositorPainter+CurlWarp.swift): the same frames byte for byte, for the AVX2 and
// the baseline path, over textures of random premultiplied texels (opaque, translucent and clear
// regions, a row stride wider than the texture), curl up and down from every edge, progresses
// from the first corner to the end, scales 1 and 2, stored and composited over a background.
import Foundation
import KinemaGeometry
import KinemaRaster
@testable import KinemaRenderServer
import KinemaSupport
import Testing

@Suite("Curl row kernels (C) against the Swift loops")
struct CurlKernelTests {
    struct Case: CustomStringConvertible, Sendable {
        var type: String
        var subtype: String?
        var progress: Double
        var scale: Int
        var blend: Bool
        var translucent: Bool

        var description: String {
            "\(type) \(subtype ?? "nil") at \(progress), scale \(scale)\(blend ? ", blended" : "")\(translucent ? ", translucent" : "")"
        }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        let subtypes: [String?] = [nil, "fromTop", "fromLeft", "fromRight"]
        for (index, subtype) in subtypes.enumerated() {
            for progress in [0.02, 0.3, 0.5, 0.85] {
                let type = index % 2 == 0 ? "pageCurl" : "pageUnCurl"
                cases.append(Case(type: type, subtype: subtype, progress: progress, scale: 1 + index % 2,
                                  blend: progress == 0.3 || progress == 0.85, translucent: progress != 0.5))
            }
        }
        return cases
    }()

    /// Random premultiplied texels: opaque, or (translucent) a band of random alphas and a clear
    /// block; the image is 3 texels wider than the texture (its stride), the extra texels garbage.
    static func texture(width: Int, height: Int, bounds: CGRect, scale: Int, seed: UInt64, translucent: Bool) throws -> TransitionTexture {
        var random = SplitMix64(state: seed)
        var image = try Pixmap(width: width + 3, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width + 3 {
                let bits = random.next()
                var alpha = UInt32(255)
                if translucent, y % 40 < 12 { alpha = UInt32(bits & 0xFF) }
                if translucent, x % 50 < 6, y % 30 < 9 { alpha = 0 }
                func channel(_ shift: UInt64) -> UInt32 { alpha == 0 ? 0 : UInt32((bits >> shift) & 0xFF) % (alpha + 1) }
                image.storage[y * (width + 3) + x] = channel(8) | channel(16) << 8 | channel(24) << 16 | alpha << 24
            }
        }
        return TransitionTexture(image: image, width: width, height: height, bounds: bounds, scaleX: Double(scale),
                                 scaleY: Double(scale), drawn: PixelRect(width: width, height: height))
    }

    @Test("the C kernels draw the Swift loops' bytes", arguments: cases)
    func sameBytes(_ c: Case) throws {
        // Layer bounds at (7, 5) 150 × 110 points; device = layer × scale + (3, 4).
        let bounds = CGRect(x: 7, y: 5, width: 150, height: 110)
        let s = Double(c.scale)
        let width = 150 * c.scale, height = 110 * c.scale
        let page = try Self.texture(width: width, height: height, bounds: bounds, scale: c.scale, seed: 11, translucent: c.translucent)
        let under = try Self.texture(width: width, height: height, bounds: bounds, scale: c.scale, seed: 23, translucent: c.translucent)
        let curl = try #require(CurlTransition.geometry(bounds: bounds, type: c.type, subtype: c.subtype, progress: c.progress))
        let deviceToLayer = PathTransform(a: 1 / s, b: 0, c: 0, d: 1 / s, tx: -3 / s, ty: -4 / s)
        // The device box of the bounds and two pixels around it (outside, the reads are clear).
        let area = PixelRect(x: 3 + 7 * c.scale - 2, y: 4 + 5 * c.scale - 2, width: width + 4, height: height + 4)
        var background = SplitMix64(state: 5)
        let start = (0 ..< area.width * area.height).map { _ in
            c.blend ? UInt32(truncatingIfNeeded: background.next()) | 0xFF00_0000 : 0
        }
        var frames: [CurlRowPath: [UInt32]] = [:]
        for path in CurlRowPath.allCases {
            var target = try Pixmap(width: area.width, height: area.height)
            target.storage = start
            target.withMutableRegion { region in
                CompositorPainter.curlPixels(curl, page: page, under: under, deviceToLayer: deviceToLayer, area: area,
                                             into: &region, at: (0, 0), blend: c.blend, path: path)
            }
            frames[path] = target.storage
        }
        let reference = try #require(frames[.swift])
        // The frame is not trivial: the curl changed most pixels.
        #expect(zip(reference, start).filter { $0 != $1 }.count > area.width * area.height / 2)
        for path in [CurlRowPath.fastest, .portable] {
            let frame = try #require(frames[path])
            let differing = zip(frame, reference).enumerated().filter { $0.element.0 != $0.element.1 }
            #expect(differing.isEmpty, "\(path): \(differing.count) pixels differ, first at \(differing.first.map { ($0.offset % area.width, $0.offset / area.width) }.map { "\($0)" } ?? "")")
        }
    }
}
