// Helpers for the compositor tests: build a layer tree, composite it, read pixels.
//
// Under KINEMA_UPDATE_GOLDEN=1 every named rendered frame is also written as a PNG to
// $TMPDIR/kinema-tests/OpenQuartzCoreTests/compositor/ for looking at (docs/TESTING.md); the
// tests' checks do not depend on it.

import Foundation
import KinemaRaster
import KinemaRenderServer
import KinemaTestSupport
import OpenQuartzCore

/// A premultiplied pixel as four integers 0…255.
struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: Int

    var description: String { "(\(r), \(g), \(b), \(a))" }

    /// Whether every channel is within `tolerance` of `other`'s.
    func near(_ other: RGBA, _ tolerance: Int) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }
}

/// Composites `layer`'s tree into a new `width` × `height` pixmap (pixels) at `scale`.
@MainActor
func composite(_ layer: CALayer, width: Int, height: Int, scale: CGFloat = 1, threads: Int = 1,
               name: String? = nil) throws -> Pixmap {
    var pixmap = try Pixmap(width: width, height: height)
    let compositor = Compositor(threads: threads)
    compositor.render(CompositeLayer(modelTree: layer), into: &pixmap, scale: scale)
    if let name { dump(pixmap, name) }
    return pixmap
}

/// Writes `pixmap` as `<name>.png` for looking at, under KINEMA_UPDATE_GOLDEN=1.
func dump(_ pixmap: Pixmap, _ name: String) {
    guard TestEnvironment.updatesGoldens else { return }
    TestEnvironment.keep(try? pixmap.pngData(), as: name + ".png", in: "OpenQuartzCoreTests/compositor")
}

extension Pixmap {
    /// The premultiplied pixel at (x, y), transparent outside.
    func rgba(_ x: Int, _ y: Int) -> RGBA {
        guard let p = pixel(x: x, y: y) else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        return RGBA(r: Int(p.red), g: Int(p.green), b: Int(p.blue), a: Int(p.alpha))
    }
}

/// Premultiplied expectation from straight components 0…1.
func premul(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> RGBA {
    func level(_ v: Double) -> Int { Int((v * a * 255).rounded()) }
    return RGBA(r: level(r), g: level(g), b: level(b), a: Int((a * 255).rounded()))
}

/// Opaque test colours.
enum Ink {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
}

/// A plain layer with `frame` and a background colour.
@MainActor
func box(_ frame: CGRect, _ color: CGColor?) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}

/// A 2×2 image: red, green (top row), blue, white (bottom row), opaque.
func quadImage() -> CGImage? {
    let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
    guard let pixmap = try? Pixmap(width: 2, height: 2, premultipliedBytes: bytes) else { return nil }
    return CGImage(pixmap: pixmap)
}

/// The largest difference of any channel of any pixel between two same-sized pixmaps (256 when
/// the sizes differ), and how many pixels differ at all.
func difference(_ a: Pixmap, _ b: Pixmap) -> (maximum: Int, pixels: Int) {
    guard a.width == b.width, a.height == b.height else { return (256, a.width * a.height) }
    var maximum = 0, pixels = 0
    for y in 0 ..< a.height {
        for x in 0 ..< a.width {
            let p = a.rgba(x, y), q = b.rgba(x, y)
            let d = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b), abs(p.a - q.a))
            if d > 0 { pixels += 1 }
            maximum = max(maximum, d)
        }
    }
    return (maximum, pixels)
}
