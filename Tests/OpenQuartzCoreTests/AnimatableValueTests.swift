// AnimatableValue: what boxed values each kind accepts (Core Animation Programming Guide → Key-Value
// Coding Extensions → Wrapping Conventions) and what boxing returns.

import Foundation
import KinemaRenderServer
import OpenQuartzCore
import Testing

@Suite("AnimatableValue boxing")
struct AnimatableValueTests {
    @Test("scalars accept every numeric type, NSNumber and Bool (NSNumber semantics)")
    func numbers() {
        let inputs: [Any] = [0.5 as Double, 0.5 as Float, 0.5 as CGFloat, NSNumber(value: 0.5)]
        for input in inputs {
            #expect(AnimatableValue(boxing: input, as: .float) == .number(0.5), "\(type(of: input))")
        }
        let integers: [Any] = [3 as Int, 3 as Int8, 3 as Int16, 3 as Int32, 3 as Int64, 3 as UInt, 3 as UInt8, 3 as UInt16, 3 as UInt32, 3 as UInt64]
        for input in integers {
            #expect(AnimatableValue(boxing: input, as: .cgFloat) == .number(3), "\(type(of: input))")
        }
        #expect(AnimatableValue(boxing: true, as: .double) == .number(1))
    }

    @Test("wrong types are refused (nil), so the caller can report them")
    func wrongTypes() {
        #expect(AnimatableValue(boxing: "0.5", as: .float) == nil)
        #expect(AnimatableValue(boxing: CGPoint.zero, as: .rect) == nil)
        #expect(AnimatableValue(boxing: CGSize.zero, as: .point) == nil)
        #expect(AnimatableValue(boxing: 1.0, as: .color) == nil)
        #expect(AnimatableValue(boxing: [1, 2], as: .colors) == nil)
        #expect(AnimatableValue(boxing: [CGColor.black], as: .numbers) == nil)
        #expect(AnimatableValue(boxing: ["a"], as: .numbers) == nil)
        #expect(AnimatableValue(boxing: 3, as: .string) == nil)
        #expect(AnimatableValue(boxing: CGColor.black, as: .path) == nil)
    }

    @Test("nil is accepted only where Apple's property is optional")
    func nilValues() {
        for kind: AnimatableValueKind in [.color, .path, .image, .numbers, .colors, .optionalString] {
            #expect(AnimatableValue(boxing: nil, as: kind) == AnimatableValue.none, "\(kind)")
        }
        for kind: AnimatableValueKind in [.cgFloat, .float, .double, .int, .bool, .point, .size, .rect, .transform, .string] {
            #expect(AnimatableValue(boxing: nil, as: kind) == nil, "\(kind)")
        }
        let nestedNil: CGColor?? = .some(nil)
        #expect(AnimatableValue(boxing: nestedNil as Any, as: .color) == AnimatableValue.none, "an Optional holding nil is nil")
        let wrapped: CGColor? = .black
        #expect(AnimatableValue(boxing: wrapped as Any, as: .color) == .color(.black))
    }

    @Test("CGAffineTransform is accepted where a transform is expected (CATransform3DMakeAffineTransform)")
    func affineTransforms() {
        let affine = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        #expect(AnimatableValue(boxing: affine, as: .transform) == .transform(CATransform3DMakeAffineTransform(affine)))
        let t = CATransform3DMakeScale(2, 3, 4)
        #expect(AnimatableValue(boxing: t, as: .transform) == .transform(t))
    }

    @Test("Bool kinds take Bool or a number (non-zero is true)")
    func bools() {
        #expect(AnimatableValue(boxing: true, as: .bool) == .bool(true))
        #expect(AnimatableValue(boxing: 0, as: .bool) == .bool(false))
        #expect(AnimatableValue(boxing: NSNumber(value: 2), as: .bool) == .bool(true))
        #expect(AnimatableValue(boxing: "yes", as: .bool) == nil)
    }

    @Test("arrays: every element a number, or every element a CGColor")
    func arrays() {
        #expect(AnimatableValue(boxing: [NSNumber(value: 0), NSNumber(value: 1)], as: .numbers) == .numbers([0, 1]))
        #expect(AnimatableValue(boxing: [0.25 as CGFloat, 1], as: .numbers) == .numbers([0.25, 1]))
        #expect(AnimatableValue(boxing: [1, 2.5] as [Any], as: .numbers) == .numbers([1, 2.5]))
        let colors: [Any] = [CGColor.black, CGColor.white]
        #expect(AnimatableValue(boxing: colors, as: .colors) == .colors([.black, .white]))
        #expect(AnimatableValue(boxing: [Any](), as: .colors) == .colors([]))
    }

    @Test("strings: String, NSString, and String-backed constants")
    func strings() {
        #expect(AnimatableValue(boxing: "resize", as: .string) == .string("resize"))
        #expect(AnimatableValue(boxing: NSString(string: "top"), as: .string) == .string("top"))
        #expect(AnimatableValue(boxing: CAShapeLayerFillRule.evenOdd, as: .string) == .string("even-odd"))
    }

    @Test("boxed(as:) returns the property's Swift type: CGFloat, Float, Double, Int, [NSNumber], [CGColor]")
    func boxing() {
        #expect(AnimatableValue.number(0.5).boxed(as: .cgFloat) as? CGFloat == 0.5)
        #expect(AnimatableValue.number(0.5).boxed(as: .float) as? Float == 0.5)
        #expect(AnimatableValue.number(0.5).boxed(as: .double) as? Double == 0.5)
        #expect(AnimatableValue.number(7).boxed(as: .int) as? Int == 7)
        #expect((AnimatableValue.numbers([0, 1]).boxed(as: .numbers) as? [NSNumber])?.map(\.doubleValue) == [0, 1])
        #expect(AnimatableValue.colors([.black]).boxed(as: .colors) as? [CGColor] == [.black])
        #expect(AnimatableValue.none.boxed(as: .color) == nil)
        #expect(AnimatableValue.point(CGPoint(x: 1, y: 2)).boxed(as: .point) as? CGPoint == CGPoint(x: 1, y: 2))
    }

    @Test("values of keys that are not properties are inferred from their type")
    func inferring() {
        #expect(AnimatableValue(inferring: true) == .bool(true))
        #expect(AnimatableValue(inferring: 5) == .number(5))
        #expect(AnimatableValue(inferring: CGRect(x: 1, y: 2, width: 3, height: 4)) == .rect(CGRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(AnimatableValue(inferring: "label") == .string("label"))
        #expect(AnimatableValue(inferring: [1.0, 2.0]) == .numbers([1, 2]))
        #expect(AnimatableValue(inferring: nil) == AnimatableValue.none)
        #expect(AnimatableValue(inferring: Date()) == AnimatableValue.none)
    }

    @Test("images compare by identity")
    func imageIdentity() throws {
        let a = try #require(makeImage()), b = try #require(makeImage())
        #expect(AnimatableValue.image(a) == .image(a))
        #expect(AnimatableValue.image(a) != .image(b))
    }
}
