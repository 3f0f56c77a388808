// Conic (sweep) gradients: the paint behind CAGradientLayer's `.conic` type.
//
// Audited against: CAGradientLayerType.conic docs ("a conic gradient: the colors sweep around the
// start point, starting at the direction of the end point"); checked against skia-python's
// sweep gradient (Scripts/references/raster_references.py, case `conic_*`). Status: complete.

import Foundation

/// A gradient that sweeps once around `center`: t is the angle of a pixel's centre, measured from
/// `startAngle` in the direction of increasing angle in device space (y down, so clockwise on
/// screen), divided by 2π; t runs over [0, 1) and wraps, so the stop at 1 meets the stop at 0 along
/// the start ray. The centre pixel itself takes t = 0.
///
/// ```swift
/// let conic = ConicGradient(Gradient(stops: [GradientStop(location: 0, color: red),
///                                            GradientStop(location: 1, color: blue)]),
///                           center: DevicePoint(x: 64, y: 64), startAngle: -.pi / 2)  // starts at 12 o'clock
/// ```
///
/// Cost: one `atan2` per painted pixel, then a table look-up (the table of `Gradient`).
public struct ConicGradient: Hashable, Sendable {
    public var gradient: Gradient
    public var center: DevicePoint
    /// Radians in device space (y down): 0 points along +x, π/2 along +y (down).
    public var startAngle: Double

    public init(_ gradient: Gradient, center: DevicePoint, startAngle: Double = 0) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
    }
}

struct ConicGradientShader: Shader {
    let table: GradientTable
    let center: DevicePoint
    let startAngle: Double

    init?(_ conic: ConicGradient) {
        guard conic.center.x.isFinite, conic.center.y.isFinite, conic.startAngle.isFinite else { return nil }
        table = GradientTable(conic.gradient, extends: [])
        center = conic.center
        startAngle = conic.startAngle
    }

    /// The sweep fraction of `(px, py)` in [0, 1).
    @inline(__always)
    func parameter(_ px: Double, _ py: Double) -> Double {
        let dx = px - center.x, dy = py - center.y
        guard dx != 0 || dy != 0 else { return 0 }
        let turns = (atan2(dy, dx) - startAngle) / (2 * Double.pi)
        let t = turns - turns.rounded(.down)
        return t < 1 ? t : 0  // rounding can land exactly on 1
    }

    func shade(y: Int, x: Int, count: Int, colors: UnsafeMutablePointer<SIMD4<Float>>, weights: UnsafeMutablePointer<Float>) {
        let py = Double(y) + 0.5
        for i in 0 ..< count {
            if let color = table.color(at: parameter(Double(x + i) + 0.5, py)) {
                colors[i] = color
                weights[i] = 1
            } else {
                colors[i] = .zero
                weights[i] = 0
            }
        }
    }
}
