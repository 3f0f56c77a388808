// CAKeyframeAnimation: an animation through a sequence of values, or along a path.
//
// Audited against: CAKeyframeAnimation docs (values, path — "for properties of type CGPoint";
//   keyTimes — each "a floating point number between 0.0 and 1.0", non-decreasing, and "for the
//   discrete calculation mode the first value must be 0 and the array should have one more entry
//   than values"; timingFunctions — one fewer than values; calculationMode and its constants;
//   rotationMode; tensionValues, continuityValues, biasValues) and APPLE_SEMANTICS.md.
// Status: complete. Invalid keyTimes (Apple: ignored) are replaced by evenly spaced ones with a
//   diagnostic; an unknown calculationMode is linear with a diagnostic.

import Foundation
import KinemaRenderServer
import KinemaSupport
import KinemaTiming

/// How a keyframe animation computes values between keyframes (Apple's string constants).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Linear interpolation between keyframes. The default.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value holds until the next key time; no interpolation.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Constant speed through the values; keyTimes and timingFunctions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth spline through the values (Kochanek–Bartels).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// Cubic, with key times spaced for constant speed.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a path animation turns the layer along the path's tangent (Apple's constants).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer's rotation follows the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// As rotateAuto, turned a further half turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a list of values (or along a path) with optional key times.
///
/// ```swift
/// let wobble = CAKeyframeAnimation(keyPath: "position.x")
/// wobble.values = [0, 10, -10, 0]
/// wobble.keyTimes = [0, 0.25, 0.75, 1]
/// wobble.duration = 0.4
/// ```
///
/// **Semantics.** Progress (after the animation's timing function) picks the segment between
/// the key times around it; the segment's timing function shapes the fraction through it; the
/// mode interpolates. `keyTimes` default to even spacing; the paced modes space them by the
/// distance between values (|Δ| for numbers, Euclidean for points, sizes, rectangles, colours).
/// With `path` (point properties only; ignored with a diagnostic otherwise), each element after a
/// move is one segment; the paced modes move at constant speed by arc length; `rotationMode` sets
/// `transform.rotation.z` to the tangent's angle (+π for `.rotateAutoReverse`).
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values, one per key time (ignored when `path` is set for a point property).
    open var values: [Any]?
    /// A path a point property follows instead of `values`; each element after a move is a segment.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions of the duration from 0 to 1; nil spaces them
    /// evenly (the paced modes space them by distance and ignore these).
    open var keyTimes: [NSNumber]?
    /// The timing function of each segment between keyframes (one fewer than the values).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are worked out: linear, discrete, paced, cubic or cubic paced.
    /// Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Whether a layer moving along `path` turns to follow its tangent (`.rotateAuto`, or
    /// `.rotateAutoReverse` for the tangent plus π). Default nil: no rotation.
    open var rotationMode: CAAnimationRotationMode?
    /// Per-keyframe tension of the cubic modes' curve (Kochanek–Bartels); nil is 0.
    open var tensionValues: [NSNumber]?
    /// Per-keyframe continuity of the cubic modes' curve (Kochanek–Bartels); nil is 0.
    open var continuityValues: [NSNumber]?
    /// Per-keyframe bias of the cubic modes' curve (Kochanek–Bartels); nil is 0.
    open var biasValues: [NSNumber]?

    public required init() {}

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path?.copy()
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        rotationMode = other.rotationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
    }

    override package func snapshot(for state: LayerState) -> AnimationSnapshot {
        var result = super.snapshot(for: state)
        guard let header = propertyHeader(for: state), let keyframes = keyframes(header) else { return result }
        result.content = .property(PropertyAnimationSnapshot(header: header, motion: .keyframes(keyframes)))
        return result
    }

    private var domain: String { String(describing: type(of: self)) }

    private func keyframes(_ header: PropertyAnimationSnapshot.Header) -> KeyframeSnapshot? {
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        let mode: KeyframeSnapshot.Mode
        switch calculationMode {
        case .linear, .paced: mode = .linear
        case .discrete: mode = .discrete
        case .cubic, .cubicPaced: mode = .cubic
        default:
            KinemaDiagnostics.emit(domain, "unknown calculationMode \"\(calculationMode.rawValue)\"; using linear")
            mode = .linear
        }
        var keyframePath: KeyframePath?
        if let path {
            if header.keyKind == .point, header.valueFunction == nil {
                keyframePath = KeyframePath(path.kinemaPath, paced: paced)
                if keyframePath == nil { KinemaDiagnostics.emit(domain, "path has no segments; using values") }
            } else {
                KinemaDiagnostics.emit(domain, "path is only for point properties; \"\(header.keyPath)\" uses values")
            }
        }
        var unboxed = [AnimatableValue]()
        if keyframePath == nil {
            for (i, value) in (values ?? []).enumerated() {
                switch unbox(value, header: header, role: "values[\(i)]") {
                case .failure: return nil
                case .absent: unboxed.append(.none)
                case .value(let v): unboxed.append(v)
                }
            }
        }
        let count = keyframePath.map { $0.segments.count + 1 } ?? unboxed.count
        let times: [Double]
        if paced && mode != .discrete {
            times = keyframePath != nil ? Self.even(count, discrete: false) : Self.paced(unboxed)
        } else {
            times = resolvedKeyTimes(count: count, discrete: mode == .discrete)
        }
        func doubles(_ numbers: [NSNumber]?) -> [Double] { (numbers ?? []).map(\.doubleValue) }
        let rotation: KeyframeSnapshot.RotationFollow
        switch rotationMode {
        case .rotateAuto?: rotation = .auto
        case .rotateAutoReverse?: rotation = .autoReverse
        default: rotation = .none
        }
        return KeyframeSnapshot(
            values: unboxed, keyTimes: times,
            segmentCurves: paced ? [] : (timingFunctions ?? []).map { Optional($0.curve) },
            mode: mode, tension: doubles(tensionValues), continuity: doubles(continuityValues), bias: doubles(biasValues),
            path: keyframePath, rotation: keyframePath == nil ? .none : rotation)
    }

    /// The given keyTimes when valid (count n, or n + 1 in discrete mode; non-decreasing in
    /// [0, 1]); else evenly spaced ones, with a diagnostic when some were given.
    private func resolvedKeyTimes(count n: Int, discrete: Bool) -> [Double] {
        guard let given = keyTimes?.map(\.doubleValue) else { return Self.even(n, discrete: discrete) }
        let ordered = zip(given, given.dropFirst()).allSatisfy { $0 <= $1 }
        let inRange = given.allSatisfy { $0 >= 0 && $0 <= 1 }
        if ordered, inRange, given.count == (discrete ? n + 1 : n) || (discrete && given.count == n) {
            return given
        }
        KinemaDiagnostics.emit(domain, "keyTimes \(given) do not fit \(n) values (\(discrete ? "n + 1" : "n") non-decreasing times in 0…1); using even spacing")
        return Self.even(n, discrete: discrete)
    }

    static func even(_ n: Int, discrete: Bool) -> [Double] {
        let steps = discrete ? n : n - 1
        guard steps > 0 else { return Array(repeating: 0, count: max(n, 1)) + (discrete ? [1] : []) }
        return (0 ... steps).map { Double($0) / Double(steps) }
    }

    /// Key times proportional to the cumulative distance between values; even when all equal.
    static func paced(_ values: [AnimatableValue]) -> [Double] {
        guard values.count > 1 else { return [0] }
        var cumulative = [0.0]
        for (a, b) in zip(values, values.dropFirst()) {
            cumulative.append(cumulative[cumulative.count - 1] + AnimatableValue.distance(a, b))
        }
        let total = cumulative[cumulative.count - 1]
        guard total > 0, total.isFinite else { return even(values.count, discrete: false) }
        return cumulative.map { $0 / total }
    }
}
