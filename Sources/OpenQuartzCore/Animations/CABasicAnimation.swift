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
    @exclusivity(unchecked) open var fromValue: Any?
    /// The value the receiver uses to end interpolation.
    @exclusivity(unchecked) open var toValue: Any?
    /// The value the receiver uses to perform relative interpolation.
    @exclusivity(unchecked) open var byValue: Any?

    public required init() {}

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    override package func snapshot(for state: LayerState) -> AnimationSnapshot {
        var result = super.snapshot(for: state)
        guard let header = propertyHeader(for: state), let values = basicValues(header) else { return result }
        result.content = .property(PropertyAnimationSnapshot(header: header, motion: .basic(values)))
        return result
    }

    func basicValues(_ header: PropertyAnimationSnapshot.Header) -> BasicValues? {
        let from = unbox(fromValue, header: header, role: "fromValue")
        let to = unbox(toValue, header: header, role: "toValue")
        let by = unbox(byValue, header: header, role: "byValue")
        for r in [from, to, by] { if case .failure = r { return nil } }
        var byValue = by.value
        if from.value != nil, to.value != nil, byValue != nil {
            KinemaDiagnostics.emit(String(describing: type(of: self)),
                                   "fromValue, byValue and toValue are all set (Apple: at most two); byValue is ignored")
            byValue = nil
        }
        return BasicValues(from: from.value, to: to.value, by: byValue)
    }
}
