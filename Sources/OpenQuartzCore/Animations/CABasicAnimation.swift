// CABasicAnimation: a single-keyframe animation from, by or to a value.
//
// Audited against: CABasicAnimation docs ("Setting Interpolation Values": the eight from/by/to
//   combinations; "at most two" should be set) and APPLE_SEMANTICS.md. Status: complete. When all
//   three are set (Apple: should not be) Kinema uses from and to, ignoring by, with a diagnostic.

import Foundation
import KinemaRenderServer
import KinemaSupport

/// An animation that interpolates one layer property between two values.
///
/// ```swift
/// let fade = CABasicAnimation(keyPath: "opacity")
/// fade.fromValue = 1
/// fade.toValue = 0
/// fade.duration = 0.3
/// ```
///
/// | set       | interpolates                    |
/// |-----------|---------------------------------|
/// | from + to | from → to                       |
/// | from + by | from → from + by                |
/// | by + to   | to − by → to                    |
/// | from      | from → current value            |
/// | to        | current value → to              |
/// | by        | current value → current + by    |
/// | none      | current value → current value   |
///
/// "Current value" is the layer's model value for the key, read when the animation is evaluated.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the receiver uses to start interpolation.
    @exclusivity(unchecked) open var fromValue: Any? { didSet { typedEnds = nil } }
    /// The value the receiver uses to end interpolation.
    @exclusivity(unchecked) open var toValue: Any? { didSet { typedEnds = nil } }
    /// The value the receiver uses to perform relative interpolation.
    @exclusivity(unchecked) open var byValue: Any? { didSet { typedEnds = nil } }

    /// `fromValue` and `toValue` as Kinema's values, when they were set together through
    /// `setEnds(from:to:kind:)` and not changed since: a snapshot then skips unboxing them
    /// (dynamic casts, about a fifth of what UIKit's view animations cost to add).
    @exclusivity(unchecked) private var typedEnds: (from: AnimatableValue, to: AnimatableValue, kind: AnimatableValueKind)?

    public required init() {}

    /// Sets `fromValue` and `toValue` to `from` and `to` boxed as `kind` (what UIKit's view
    /// animations and the property animator set), keeping the values for the snapshot.
    package final func setEnds(from: AnimatableValue, to: AnimatableValue, kind: AnimatableValueKind) {
        fromValue = from.boxed(as: kind)
        toValue = to.boxed(as: kind)
        // Kept only where unboxing the boxes gives exactly these values back (a Float property's
        // number comes back rounded to Float, as it is kept here): other kinds unbox as before.
        if let a = Self.roundTripped(from, kind), let b = Self.roundTripped(to, kind) {
            typedEnds = (a, b, kind)
        }
    }

    /// What `value` boxed as `kind` unboxes to, for the kinds whose round trip is known here.
    private static func roundTripped(_ value: AnimatableValue, _ kind: AnimatableValueKind) -> AnimatableValue? {
        switch (value, kind) {
        case (.number(let n), .cgFloat), (.number(let n), .double): .number(Double(CGFloat(n)))
        case (.number(let n), .float): .number(Double(Float(n)))
        case (.point, .point), (.size, .size), (.rect, .rect), (.transform, .transform): value
        default: nil
        }
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
        typedEnds = other.typedEnds
    }

    override package func snapshot(for state: LayerState) -> AnimationSnapshot {
        var result = super.snapshot(for: state)
        guard let header = propertyHeader(for: state), let values = basicValues(header) else { return result }
        result.content = .property(PropertyAnimationSnapshot(header: header, motion: .basic(values)))
        return result
    }

    func basicValues(_ header: PropertyAnimationSnapshot.Header) -> BasicValues? {
        if let typed = typedEnds, byValue == nil, header.valueFunction == nil, header.keyKind == typed.kind {
            return BasicValues(from: typed.from, to: typed.to, by: nil)
        }
        let from = unbox(fromValue, header: header, role: "fromValue")
        let to = unbox(toValue, header: header, role: "toValue")
        let by = unbox(byValue, header: header, role: "byValue")
        if case .failure = from { return nil }
        if case .failure = to { return nil }
        if case .failure = by { return nil }
        var byValue = by.value
        if from.value != nil, to.value != nil, byValue != nil {
            KinemaDiagnostics.emit(String(describing: type(of: self)),
                                   "fromValue, byValue and toValue are all set (Apple: at most two); byValue is ignored")
            byValue = nil
        }
        return BasicValues(from: from.value, to: to.value, by: byValue)
    }
}
