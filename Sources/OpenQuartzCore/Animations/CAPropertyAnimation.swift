// CAPropertyAnimation: an animation of one layer property, named by key path.
//
// Audited against: CAPropertyAnimation docs (init(keyPath:), keyPath, isAdditive — "the value
//   specified by the animation is added to the current render tree value", isCumulative — "the
//   value of the property is the value at the end of the previous repeat cycle, plus the value of
//   the current repeat cycle", valueFunction). Status: complete.

import Foundation
import KinemaRenderServer
import KinemaSupport

/// An abstract animation of the layer property at `keyPath`.
///
/// ```swift
/// let shake = CABasicAnimation(keyPath: "position.x")
/// shake.byValue = 10
/// shake.isAdditive = true       // stacks on whatever position.x shows
/// ```
open class CAPropertyAnimation: CAAnimation {
    /// The key path the receiver animates (`"position"`, `"transform.rotation.z"` …).
    @exclusivity(unchecked) open var keyPath: String?
    /// Whether the animated value is added to the value below it (the model value, or what
    /// earlier animations produced) instead of replacing it. Defaults to false.
    @exclusivity(unchecked) open var isAdditive: Bool = false
    /// Whether each repeat cycle starts where the previous one ended. Defaults to false.
    @exclusivity(unchecked) open var isCumulative: Bool = false
    /// An optional function applied to the interpolated value before it is set: it turns
    /// scalars or arrays into a `CATransform3D` (for example `.rotateZ`). Defaults to nil.
    @exclusivity(unchecked) open var valueFunction: CAValueFunction?

    public required init() {}

    /// Creates an animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }

    /// The pieces every property snapshot shares; nil (with a diagnostic) when there is no key
    /// path. `valueKind` is the kind values are unboxed as: the key's kind, or numbers when a
    /// value function maps them to a transform; nil for a key the layer does not have (its
    /// values are inferred from their types; evaluation skips it).
    func propertyHeader(for state: LayerState) -> PropertyAnimationSnapshot.Header? {
        guard let keyPath, !keyPath.isEmpty else {
            KinemaDiagnostics.emit(String(describing: type(of: self)), "no keyPath; the animation animates nothing")
            return nil
        }
        // A custom key (one the layer holds a value under) resolves to its custom entry; its
        // values are unboxed as the kind of the value the layer holds, or inferred from their
        // own types when it holds none (LayerKeyPath+Custom.swift).
        let entry = LayerKeyPath.lookup(keyPath, in: state)
        let kind = entry?.isCustom == true ? state.customValues[keyPath]?.customKind : entry?.kind
        return PropertyAnimationSnapshot.Header(
            keyPath: keyPath, keyKind: kind, isAdditive: isAdditive, isCumulative: isCumulative,
            valueFunction: valueFunction?.name, entry: entry)
    }

    /// `value` unboxed for this animation: nil stays nil; a value of the wrong kind is reported
    /// and gives `.failure`.
    func unbox(_ value: Any?, header: PropertyAnimationSnapshot.Header, role: String) -> UnboxResult {
        guard let value = flattenedAny(value) else { return .absent }
        if header.valueFunction != nil {
            if let number = AnimatableValue(boxing: value, as: .double, flattenedAlready: true) { return .value(number) }
            if let numbers = AnimatableValue(boxing: value, as: .numbers, flattenedAlready: true) { return .value(numbers) }
        } else if let kind = header.keyKind {
            if let unboxed = AnimatableValue(boxing: value, as: kind, flattenedAlready: true) { return .value(unboxed) }
        } else {
            return .value(AnimatableValue(inferring: value))
        }
        KinemaDiagnostics.emit(String(describing: type(of: self)),
                               "\(role) \(value) is not a \(header.valueFunction != nil ? "number or number array (valueFunction)" : header.keyKind?.description ?? "value") for \"\(header.keyPath)\"; the animation animates nothing")
        return .failure
    }

    enum UnboxResult {
        case absent, value(AnimatableValue), failure
        var value: AnimatableValue? { if case .value(let v) = self { v } else { nil } }
    }
}

/// An `Any?` with nested optionals removed.
func flattenedAny(_ value: Any?) -> Any? {
    flattened(value)
}
