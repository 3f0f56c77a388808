// Quaternion: the rotation convention (tied to CATransform3DMakeRotation), slerp, and properties.

import KinemaSupport
import Foundation
import Testing
import KinemaTestSupport
import KinemaGeometry

@Suite("Quaternion")
struct QuaternionTests {
    @Test("init(angle:axis:) is the same rotation as CATransform3DMakeRotation(angle, axis)")
    func matchesCoreAnimationRotation() {
        var random = GeometryRandom(seed: 0x0A01)
        for _ in 0..<3000 {
            let angle = random.uniform(-7...7)
            let axis = random.axis()
            let q = Quaternion(angle: angle, axis: SIMD3(axis.0, axis.1, axis.2))
            let expected = CATransform3DMakeRotation(CGFloat(angle), CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2))
            // Two routes to the same orthonormal matrix, each a few roundings of values ≤ 1.
            #expect(matrixError(q.rotationTransform, expected) < 4e-15)
            #expect(abs(q.length - 1) < 1e-15)
        }
    }

    @Test("angle and axis read back what built the quaternion")
    func angleAndAxis() {
        let q = Quaternion(angle: 2, axis: SIMD3(0, 3, 4))
        #expect(abs(q.angle - 2) < 1e-15)
        #expect(abs(q.axis.y - 0.6) < 1e-15 && abs(q.axis.z - 0.8) < 1e-15)
        #expect(Quaternion.identity.axis == SIMD3(0, 0, 1) && Quaternion.identity.angle == 0)
    }

    @Test("zero axis gives the identity with a diagnostic (unless the angle is 0)")
    func zeroAxis() {
        let (q, diagnostics) = KinemaDiagnostics.collecting { Quaternion(angle: 1, axis: .zero) }
        #expect(q == .identity && diagnostics.count == 1)
        let (_, quiet) = KinemaDiagnostics.collecting { Quaternion(angle: 0, axis: .zero) }
        #expect(quiet.isEmpty)
        #expect(Quaternion(x: 0, y: 0, z: 0, w: 0).normalized() == .identity)
    }

    @Test("slerp has constant angular speed along the shorter arc, extrapolating outside [0, 1]")
    func slerpProperties() {
        var random = GeometryRandom(seed: 0x0A02)
        for _ in 0..<3000 {
            let a = random.quaternion()
            var b = random.quaternion()
            if Bool.random(using: &random) { b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w) }  // same rotation
            // Half the rotation angle between a and b along the shorter arc, in [0, π/2], measured
            // as the angle between unit vectors by 2·atan2(|p − q|, |p + q|) (accurate at all sizes).
            let near = a.dot(b) < 0 ? negated(b) : b
            let omega = angleBetween(a, near)
            for f in [-0.5, 0, 0.2, 0.5, 0.9, 1, 1.3] {
                let q = a.slerp(to: b, fraction: f)
                #expect(abs(q.length - 1) < 1e-14)
                // The arc from a to q is |f|·Ω long: slerp moves at constant speed, also beyond.
                // Angles ≤ 2.1 rad computed from unit vectors with ~1e-16 error each: 1e-14.
                #expect(abs(angleBetween(q, a) - abs(f) * omega) < 1e-14, "f \(f) omega \(omega)")
            }
            let end = a.slerp(to: b, fraction: 1)
            #expect(abs(abs(end.dot(b)) - 1) < 1e-14)  // reaches b's rotation (possibly as −b)
        }
    }

    @Test("slerp between nearly equal rotations falls back to the normalized blend smoothly")
    func slerpTinyArc() {
        let a = Quaternion(angle: 0.3, axis: SIMD3(0, 0, 1))
        let b = Quaternion(angle: 0.3 + 1e-12, axis: SIMD3(0, 0, 1))
        let mid = a.slerp(to: b, fraction: 0.5)
        #expect(abs(mid.angle - (0.3 + 0.5e-12)) < 1e-15)
        let same = a.slerp(to: a, fraction: 0.7)
        #expect(matrixError([same.x, same.y, same.z, same.w], [a.x, a.y, a.z, a.w]) < 4.5e-16)
    }

    @Test("Half-turn apart: slerp still moves at constant speed and stays unit")
    func slerpHalfTurn() {
        let a = Quaternion.identity
        let b = Quaternion(angle: .pi, axis: SIMD3(1, 0, 0))
        let mid = a.slerp(to: b, fraction: 0.5)
        #expect(abs(mid.angle - .pi / 2) < 1e-15)
        #expect(abs(mid.length - 1) < 1e-15)
    }

    @Test("Codable round trip")
    func codable() throws {
        let q = Quaternion(x: 0.1, y: -0.2, z: 0.3, w: 0.9)
        #expect(try JSONDecoder().decode(Quaternion.self, from: JSONEncoder().encode(q)) == q)
    }

    private func negated(_ q: Quaternion) -> Quaternion {
        Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w)
    }

    private func angleBetween(_ p: Quaternion, _ q: Quaternion) -> Double {
        let difference = Quaternion(x: p.x - q.x, y: p.y - q.y, z: p.z - q.z, w: p.w - q.w).length
        let sum = Quaternion(x: p.x + q.x, y: p.y + q.y, z: p.z + q.z, w: p.w + q.w).length
        return 2 * atan2(difference, sum)
    }
}
