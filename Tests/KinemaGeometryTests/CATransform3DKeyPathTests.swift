// Transform field key paths (Core Animation Programming Guide → Key-Value Coding Extensions →
// "Transform field value key paths"): reading and writing rotation, scale and translation.

import KinemaSupport
import Foundation
import Testing
import KinemaTestSupport
import KinemaGeometry

@Suite("CATransform3D key-path components")
struct CATransform3DKeyPathTests {
    @Test("The twelve fields of Apple's table, without the transform. prefix")
    func fieldNames() {
        #expect(CATransform3DComponent.allCases.map(\.rawValue) == [
            "rotation.x", "rotation.y", "rotation.z", "rotation",
            "scale.x", "scale.y", "scale.z", "scale",
            "translation.x", "translation.y", "translation.z", "translation",
        ])
        #expect(CATransform3DComponent(rawValue: "rotation.z") == .rotationZ)
    }

    @Test("Rotate about x, then y, then z (Apple: Rotate(t) = rotation · t) matches mpmath and reads back")
    func eulerReferences() throws {
        let refs = try loadReference("transform3d_functions", as: Transform3DReferences.self, in: .module)
        #expect(refs.euler.count == 60)
        for c in refs.euler {
            var t = CATransform3DMakeTranslation(CGFloat(c.translation[0]), CGFloat(c.translation[1]), CGFloat(c.translation[2]))
            t = CATransform3DRotate(t, CGFloat(c.angles[0]), 1, 0, 0)
            t = CATransform3DRotate(t, CGFloat(c.angles[1]), 0, 1, 0)
            t = CATransform3DRotate(t, CGFloat(c.angles[2]), 0, 0, 1)
            t = CATransform3DScale(t, CGFloat(c.scale[0]), CGFloat(c.scale[1]), CGFloat(c.scale[2]))
            // Four chained products of entries ≤ ~1e3: 1e-13 of the magnitude.
            #expect(matrixError(t, c.matrix) < 1e-13)
            // Reading back: angles are in (−π, π] × [−π/2, π/2] × (−π, π] by construction of the
            // script (|x|, |z| ≤ 3.1, |y| ≤ 1.5), away from gimbal lock; 1e-12 rad covers the
            // decomposition's rounding.
            #expect(abs(scalar(t, .rotationX) - c.angles[0]) < 1e-12)
            #expect(abs(scalar(t, .rotationY) - c.angles[1]) < 1e-12)
            #expect(abs(scalar(t, .rotationZ) - c.angles[2]) < 1e-12)
            #expect(scalar(t, .rotation) == scalar(t, .rotationZ))
            #expect(relativeError(scalar(t, .scaleX), c.scale[0]) < 1e-12)
            #expect(relativeError(scalar(t, .scaleY), c.scale[1]) < 1e-12)
            #expect(relativeError(scalar(t, .scaleZ), c.scale[2]) < 1e-12)
            #expect(relativeError(scalar(t, .scale), (c.scale[0] + c.scale[1] + c.scale[2]) / 3) < 1e-12)
            #expect(scalar(t, .translationX) == Double(t.m41) && scalar(t, .translationZ) == Double(t.m43))
            #expect(t.value(for: .translation) == .size(CGSize(width: t.m41, height: t.m42)))
        }
    }

    @Test("Setting rotation.x, then .y, then .z on the identity builds the Rotate(x) → Rotate(y) → Rotate(z) chain")
    func settingComposesLikeRotate() {
        var random = GeometryRandom(seed: 0x4B02)
        for _ in 0..<1000 {
            let (x, y, z) = (random.uniform(-3...3), random.uniform(-1.5...1.5), random.uniform(-3...3))
            let set = CATransform3DIdentity
                .setting(.scalar(CGFloat(x)), for: .rotationX)
                .setting(.scalar(CGFloat(y)), for: .rotationY)
                .setting(.scalar(CGFloat(z)), for: .rotationZ)
            var chain = CATransform3DMakeRotation(CGFloat(x), 1, 0, 0)
            chain = CATransform3DRotate(chain, CGFloat(y), 0, 1, 0)
            chain = CATransform3DRotate(chain, CGFloat(z), 0, 0, 1)
            // Entries ≤ 1, each a product of three sines/cosines either way: 1e-14.
            #expect(matrixError(set, chain) < 1e-14)
        }
    }

    @Test("rotation.z of a z rotation is its angle in (−π, π]; rotation is the same as rotation.z (Apple's table)")
    func zRotation() {
        for angle in stride(from: -3.0, through: 3.0, by: 0.25) {
            let t = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            #expect(abs(scalar(t, .rotationZ) - angle) < 1e-15)
            #expect(scalar(t, .rotation) == scalar(t, .rotationZ))
            #expect(abs(scalar(t, .rotationX)) < 1e-15 && abs(scalar(t, .rotationY)) < 1e-15)
        }
        let threeQuarters = CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)
        #expect(abs(scalar(threeQuarters, .rotationZ) - -0.5 * .pi) < 1e-15)
    }

    @Test("Setting rotation.z on a scaled, translated transform keeps the scale and the translation")
    func setRotationKeepsOthers() {
        let t = CATransform3DScale(CATransform3DMakeTranslation(30, -40, 5), 2, 3, 1)
        let turned = t.setting(.scalar(0.6), for: .rotationZ)
        #expect(abs(scalar(turned, .rotationZ) - 0.6) < 1e-15)
        #expect(abs(scalar(turned, .scaleX) - 2) < 1e-14 && abs(scalar(turned, .scaleY) - 3) < 1e-14)
        #expect(turned.m41 == 30 && turned.m42 == -40 && turned.m43 == 5)
        // …and it is exactly "scale, then rotate, then translate":
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 3, 1), CATransform3DMakeRotation(0.6, 0, 0, 1)), CATransform3DMakeTranslation(30, -40, 5))
        #expect(matrixError(turned, expected) < 1e-15)
    }

    @Test("Setting scale sets all three factors; reading scale is their average (Apple's table)")
    func setScale() {
        let t = CATransform3DScale(CATransform3DMakeRotation(0.4, 1, 1, 0), 1, 2, 3)  // scale, then rotate
        #expect(abs(scalar(t, .scale) - 2) < 1e-14)
        let scaled = t.setting(.scalar(5), for: .scale)
        for component in [CATransform3DComponent.scaleX, .scaleY, .scaleZ, .scale] {
            #expect(abs(scalar(scaled, component) - 5) < 1e-13)
        }
        #expect(abs(scalar(scaled, .rotationX) - scalar(t, .rotationX)) < 1e-14)
    }

    @Test("Setting translation takes a CGSize of x and y (Apple's table) and keeps z")
    func setTranslation() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        let moved = t.setting(.size(CGSize(width: 10, height: 20)), for: .translation)
        #expect(moved == CATransform3DMakeTranslation(10, 20, 3))
        #expect(t.setting(.scalar(-7), for: .translationZ) == CATransform3DMakeTranslation(1, 2, -7))
    }

    @Test("Every field round-trips: setting(v, for: c).value(for: c) == v over 3000 seeded transforms")
    func roundTrips() {
        var random = GeometryRandom(seed: 0x4B01)
        for _ in 0..<3000 {
            let t = random.transform(reflections: false)
            for component in CATransform3DComponent.allCases {
                let value: CATransform3DComponentValue
                switch component {
                case .rotationX, .rotationZ, .rotation: value = .scalar(CGFloat(random.uniform(-3.1...3.1)))
                case .rotationY: value = .scalar(CGFloat(random.uniform(-1.5...1.5)))
                case .scaleX, .scaleY, .scaleZ, .scale: value = .scalar(CGFloat(random.uniform(0.2...4)))
                case .translationX, .translationY, .translationZ: value = .scalar(CGFloat(random.uniform(-300...300)))
                case .translation: value = .size(CGSize(width: random.uniform(-300...300), height: random.uniform(-300...300)))
                }
                let set = t.setting(value, for: component)
                switch (set.value(for: component), value) {
                case (.scalar(let got), .scalar(let wanted)):
                    // Recomposition then decomposition: ~1e-14 for these well-conditioned recipes.
                    #expect(relativeError(Double(got), Double(wanted)) < 1e-11, "\(component)")
                case (.size(let got), .size(let wanted)):
                    #expect(got == wanted)
                default:
                    Issue.record("value kind changed for \(component)")
                }
                // The perspective part is kept (for an invertible linear part).
                if let before = DecomposedTransform3D(t), let after = DecomposedTransform3D(set) {
                    let a = before.perspective, b = after.perspective
                    #expect(abs(a.x - b.x) + abs(a.y - b.y) + abs(a.z - b.z) < 1e-13, "\(component)")
                }
            }
        }
    }

    @Test("A collapsed transform (scale 0) still reads and writes: scale reads 0, setting scale restores it")
    func singularTransforms() {
        let collapsed = CATransform3DConcat(CATransform3DMakeScale(0, 0, 1), CATransform3DMakeTranslation(5, 6, 0))
        #expect(scalar(collapsed, .scaleX) == 0 && scalar(collapsed, .scaleY) == 0 && scalar(collapsed, .scaleZ) == 1)
        #expect(scalar(collapsed, .rotationZ) == 0)
        #expect(collapsed.value(for: .translation) == .size(CGSize(width: 5, height: 6)))
        #expect(collapsed.setting(.scalar(1), for: .scale) == CATransform3DMakeTranslation(5, 6, 0))
        // The zero matrix: no axis survives, so the rotation is the identity; m44 = 0 is kept.
        var doubled = CATransform3DMakeScale(2, 2, 2)
        doubled.m44 = 0
        #expect(CATransform3D().setting(.scalar(2), for: .scale) == doubled)
        // A zero x scale on a z rotation keeps the rotation it can still see.
        let squashed = CATransform3DScale(CATransform3DMakeRotation(0.5, 0, 0, 1), 0, 1, 1)
        #expect(abs(scalar(squashed, .rotationZ) - 0.5) < 1e-15 && scalar(squashed, .scaleX) == 0)
    }

    @Test("Gimbal lock: rotation.y = ±π/2 reads x as 0 and folds it into z")
    func gimbalLock() {
        var t = CATransform3DMakeRotation(0.3, 1, 0, 0)
        t = CATransform3DRotate(t, .pi / 2, 0, 1, 0)
        t = CATransform3DRotate(t, 0.2, 0, 0, 1)
        #expect(abs(scalar(t, .rotationY) - .pi / 2) < 1e-7)
        let x = scalar(t, .rotationX), z = scalar(t, .rotationZ)
        // Only x + z is defined at y = π/2 (both turn about the same axis in this order).
        #expect(abs((x + z) - 0.5) < 1e-7)
    }

    @Test("Wrong value kinds and non-finite values leave the transform unchanged, with a diagnostic")
    func badInput() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        for (value, component) in [
            (CATransform3DComponentValue.scalar(1), CATransform3DComponent.translation),
            (.size(CGSize(width: 1, height: 1)), .scale),
            (.scalar(.nan), .rotationZ),
            (.size(CGSize(width: CGFloat.infinity, height: 0)), .translation),
        ] {
            let (result, diagnostics) = KinemaDiagnostics.collecting { t.setting(value, for: component) }
            #expect(result == t && diagnostics.count == 1, "\(value) for \(component)")
        }
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        let (read, readDiagnostics) = KinemaDiagnostics.collecting { nan.value(for: .scaleX) }
        #expect(read == .scalar(0) && readDiagnostics.count == 1)
        let (written, writeDiagnostics) = KinemaDiagnostics.collecting { nan.setting(.scalar(1), for: .scaleX) }
        #expect(written.m11.isNaN && writeDiagnostics.count == 1)
        #expect(CATransform3DComponentValue.scalar(2).scalarValue == 2 && CATransform3DComponentValue.scalar(2).sizeValue == nil)
    }

    private func scalar(_ t: CATransform3D, _ component: CATransform3DComponent) -> Double {
        Double(t.value(for: component).scalarValue ?? .nan)
    }
}
