// AnimationProgram: a layer's committed animations compiled, at commit, into plain typed steps
// that the render server runs at every frame instead of the general evaluation.
//
// Audited against: the same documents as AnimationEvaluation.swift (CABasicAnimation from/to,
//   CAKeyframeAnimation linear mode with keyTimes and timingFunctions, CASpringAnimation,
//   CAMediaTiming). Status: a fast path only. It covers the animations most trees run — basic,
//   spring and linear keyframe animations of position, anchorPoint, bounds, zPosition,
//   anchorPointZ, opacity and transform, neither additive nor cumulative, without a value
//   function — and gives the same bits as `applyAnimations` for them (a test compares both over
//   every case). A layer with any other animation is evaluated by `applyAnimations` as before.

import CKinemaRasterSupport
import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

/// One layer's animations, compiled: `apply` gives the same state as
/// `applyAnimations(snapshots, model:at:into:)` for the snapshots it was made from.
///
/// ```swift
/// if let program = AnimationProgram(snapshots) {
///     program.apply(at: localTime, into: &state)   // same as applyAnimations(snapshots, …)
/// }
/// ```
///
/// **Why.** The general evaluation reads each animation through four shared boxes (snapshot,
/// content, property data, boxed values), interpolates `AnimatableValue`s and writes through the
/// key-path table's closures. For 10,000 layers that is most of a frame's evaluation time. A
/// program keeps each animation as one plain record (timing, target field, end values inline)
/// in a buffer of its own, with transforms and keyframe tables in side buffers and timing curves
/// and springs shared by value between programs; it reads them in place and writes the field
/// directly.
///
/// **Cost.** Made once per commit of the layer's animations (and reused while they do not
/// change); `apply` allocates and retains nothing.
package final class AnimationProgram: @unchecked Sendable {
    /// One record per animation, in order of addition.
    ///
    /// Held in memory the program allocates (not arrays): reading an array kept in a class
    /// retains its buffer, an atomic write to a line the frame has not touched yet. Written once
    /// in `init` and never again, so sharing the program between threads is safe — the reason
    /// for `@unchecked Sendable`.
    private let steps: UnsafeMutableBufferPointer<Step>
    /// The timing curves of the steps that have one; they keep the steps' unmanaged references
    /// alive.
    private let curves: [TimingCurveBox]
    /// The springs of the steps that have one; they keep the steps' unmanaged references alive.
    private let springs: [SpringBox]
    /// Decomposed transform pairs: one per basic transform animation, one per segment of a
    /// keyframe transform animation. They live in `transformTable`, which programs with the same
    /// pairs share.
    private let transforms: UnsafeMutableBufferPointer<TransformInterpolation>
    /// The owner of `transforms`.
    private let transformTable: TransformTable
    /// Keyframe values of number (x) and point (x, y) keyframe animations.
    private let values: UnsafeMutableBufferPointer<SIMD2<Double>>
    /// Keyframe animations' key times, one run per animation.
    private let keyTimes: UnsafeMutableBufferPointer<Double>
    /// Keyframe animations' segment curves (unretained boxes kept alive by `curves`), one run per
    /// animation; nil for a linear segment.
    private let segmentCurves: UnsafeMutableBufferPointer<Unmanaged<TimingCurveBox>?>
    /// The properties written: bit `1 << target.rawValue` for each (a mask, not an array, which
    /// the frame loop would retain).
    private let targets: UInt8

    /// A program's transform pairs in memory of their own, immutable once made: shared by every
    /// program whose pairs are the same (SharedAnimationData). A pair is about 600 bytes; ten
    /// thousand layers running the same keyframe transform animation read one table from the
    /// cache instead of ten thousand.
    fileprivate final class TransformTable: @unchecked Sendable {
        /// Written once in `init`, never again: safe to share between threads.
        let pairs: UnsafeMutableBufferPointer<TransformInterpolation>

        init(_ pairs: [TransformInterpolation]) {
            self.pairs = AnimationProgram.copy(pairs)
        }

        deinit {
            pairs.deallocate()
        }
    }

    /// A spring in a box, reached by an unretained reference from its step (see TimingCurveBox).
    fileprivate final class SpringBox: Sendable {
        let spring: Spring

        init(_ spring: Spring) {
            self.spring = spring
        }
    }

    /// A timing curve in a box, so that a step can reach it by an unretained reference: the
    /// curve holds an array, and reading it out of an array or through a pointer made Swift copy
    /// it (a retain and a release per evaluation, a fifth of the frame's time).
    fileprivate final class TimingCurveBox: Sendable {
        let curve: CubicBezierTimingCurve

        init(_ curve: CubicBezierTimingCurve) {
            self.curve = curve
        }
    }

    /// What an animation interpolates.
    private enum Kind: UInt8 {
        case number, point, rect, transform, numberKeyframes, pointKeyframes, transformKeyframes
    }

    /// One compiled animation. Plain data (no references), so reading it in place costs nothing.
    ///
    /// Laid out for size (160 bytes; a frame reads every step of every animated layer): the
    /// 32-byte-aligned ends first, the one-byte fields and the key-time count in the timing's
    /// tail, indices as 32-bit numbers. `init` refuses tables too large for them (the general
    /// evaluation takes those).
    private struct Step {
        /// The ends of a number (x), point (x, y) or rectangle (x, y, width, height) animation.
        var from: SIMD4<Double> = .zero
        var to: SIMD4<Double> = .zero
        var timing: MediaTiming
        var isRemovedOnCompletion: Bool
        var target: CompiledTarget
        var kind: Kind = .number
        /// How many key times (= the number of values), from `firstKeyTime` on.
        @Narrow<UInt16> var keyTimeCount = 0
        var endTime: Double
        /// A spring's closed form, which replaces the timing curve (a box in `springs`, unretained;
        /// inline it would make every step 150 bytes longer).
        var spring: Unmanaged<SpringBox>?
        /// The timing curve (a box in `curves`, unretained); nil for none (linear).
        var curve: Unmanaged<TimingCurveBox>?
        /// The first transform in `transforms`, or the first value in `values`.
        @Narrow<Int32> var first = 0
        /// The first key time in `keyTimes`.
        @Narrow<Int32> var firstKeyTime = 0
        /// The first segment curve in `segmentCurves`, and how many.
        @Narrow<Int32> var firstSegmentCurve = 0
        @Narrow<UInt16> var segmentCurveCount = 0

        init(timing: MediaTiming, endTime: Double, isRemovedOnCompletion: Bool, target: CompiledTarget) {
            self.timing = timing
            self.isRemovedOnCompletion = isRemovedOnCompletion
            self.target = target
            self.endTime = endTime
        }

        /// The largest index or count a step holds (`init` checks against it).
        static let maximumCount = Int(UInt16.max)
        static let maximumIndex = Int(Int32.max)
    }

    /// An index or count read and written as an `Int` but stored in `Stored`'s width (a step's
    /// narrow fields); values out of range are refused before they are stored (`init` checks
    /// against `Step.maximumCount` / `maximumIndex`).
    @propertyWrapper
    private struct Narrow<Stored: FixedWidthInteger> {
        private var stored: Stored

        init(wrappedValue: Int) {
            stored = Stored(truncatingIfNeeded: wrappedValue)
        }

        var wrappedValue: Int {
            get { Int(stored) }
            set { stored = Stored(truncatingIfNeeded: newValue) }
        }
    }

    /// The program for `snapshots` (already resolved against the model state, so that basic
    /// animations have both ends), or nil when one of them is outside the fast path.
    package init?(_ snapshots: [AnimationSnapshot]) {
        // Refused before anything is allocated when an animation is one the program never takes
        // (additive, cumulative, with a value function, or not a property animation): a layer
        // whose additive animations change at every frame (a scrubbed property animator) made
        // and dropped the steps' buffer at each commit.
        for snapshot in snapshots {
            guard case .property(let p) = snapshot.content, !p.header.isAdditive, !p.header.isCumulative,
                  p.header.valueFunction == nil else { return nil }
        }
        var steps: [Step] = []
        var transforms: [TransformInterpolation] = []
        var values: [SIMD2<Double>] = []
        var keyTimes: [Double] = []
        var segmentCurves: [Unmanaged<TimingCurveBox>?] = []
        var curves: [TimingCurveBox] = []
        var springs: [SpringBox] = []
        steps.reserveCapacity(snapshots.count)
        for snapshot in snapshots {
            guard case .property(let p) = snapshot.content, !p.header.isAdditive, !p.header.isCumulative,
                  p.header.valueFunction == nil, let entry = p.header.entry,
                  let target = CompiledTarget(keyPath: entry.keyPath) else { return nil }
            var step = Step(timing: snapshot.timing, endTime: snapshot.endTime,
                            isRemovedOnCompletion: snapshot.isRemovedOnCompletion, target: target)
            if let curve = snapshot.timingCurve {
                let box = SharedAnimationData.curve(curve)
                curves.append(box)
                step.curve = Unmanaged.passUnretained(box)
            }
            switch p.motion {
            case .basic(let ends), .spring(let ends, _):
                if case .spring(_, let spring) = p.motion {
                    let box = SharedAnimationData.spring(spring)
                    springs.append(box)
                    step.spring = Unmanaged.passUnretained(box)
                }
                if let lerp = p.transformInterpolation {
                    guard target == .transform else { return nil }
                    step.kind = .transform
                    step.first = transforms.count
                    transforms.append(lerp)
                } else {
                    guard let from = ends.from, let to = ends.to,
                          let (kind, a, b) = Self.pair(from, to, for: target) else { return nil }
                    step.kind = kind
                    step.from = a
                    step.to = b
                }
            case .frozen:
                // Read from the committed table at each frame: the general evaluation's.
                return nil
            case .keyframes(let table):
                guard table.path == nil, table.mode == .linear, table.values.count >= 2,
                      table.keyTimes.count == table.values.count,
                      table.keyTimes.count <= Step.maximumCount, table.segmentCurves.count <= Step.maximumCount
                else { return nil }
                step.firstKeyTime = keyTimes.count
                step.keyTimeCount = table.keyTimes.count
                keyTimes.append(contentsOf: table.keyTimes)
                step.firstSegmentCurve = segmentCurves.count
                step.segmentCurveCount = table.segmentCurves.count
                for curve in table.segmentCurves {
                    guard let curve else {
                        segmentCurves.append(nil)
                        continue
                    }
                    let box = SharedAnimationData.curve(curve)
                    curves.append(box)
                    segmentCurves.append(Unmanaged.passUnretained(box))
                }
                switch target {
                case .transform:
                    // One segment between each two values: `keyTimeCount − 1` from `first`.
                    guard let segments = p.keyframeTransformSegments, segments.count == table.keyTimes.count - 1 else {
                        return nil
                    }
                    step.kind = .transformKeyframes
                    step.first = transforms.count
                    transforms.append(contentsOf: segments)
                case .position, .anchorPoint:
                    step.kind = .pointKeyframes
                    step.first = values.count
                    for value in table.values {
                        guard case .point(let point) = value else { return nil }
                        values.append(SIMD2(point.x, point.y))
                    }
                case .zPosition, .anchorPointZ, .opacity:
                    step.kind = .numberKeyframes
                    step.first = values.count
                    for value in table.values {
                        guard case .number(let number) = value else { return nil }
                        values.append(SIMD2(number, 0))
                    }
                case .bounds:
                    return nil
                }
            }
            steps.append(step)
        }
        // Every index a step holds fits its 32 bits.
        guard [transforms.count, values.count, keyTimes.count, segmentCurves.count].allSatisfy({ $0 <= Step.maximumIndex })
        else { return nil }
        self.steps = Self.copy(steps)
        self.curves = curves
        self.springs = springs
        transformTable = SharedAnimationData.transforms(transforms)
        self.transforms = transformTable.pairs
        self.values = Self.copy(values)
        self.keyTimes = Self.copy(keyTimes)
        self.segmentCurves = Self.copy(segmentCurves)
        var targets: UInt8 = 0
        for step in steps { targets |= 1 << step.target.rawValue }
        self.targets = targets
    }

    deinit {
        steps.deallocate()
        values.deallocate()
        keyTimes.deallocate()
        segmentCurves.deallocate()
    }

    /// `values` in memory of their own (plain data: nothing to deinitialize).
    fileprivate static func copy<Element>(_ values: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(values.count, 1))
        _ = buffer.initialize(from: values)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<values.count])
    }

    /// The kind and ends of a two-value animation of `target`, or nil when the values are not
    /// of the kind `target` holds.
    private static func pair(_ from: AnimatableValue, _ to: AnimatableValue,
                             for target: CompiledTarget) -> (Kind, SIMD4<Double>, SIMD4<Double>)? {
        switch (target, from, to) {
        case (.position, .point(let a), .point(let b)), (.anchorPoint, .point(let a), .point(let b)):
            return (.point, SIMD4(a.x, a.y, 0, 0), SIMD4(b.x, b.y, 0, 0))
        case (.bounds, .rect(let a), .rect(let b)):
            return (.rect, SIMD4(a.origin.x, a.origin.y, a.size.width, a.size.height),
                    SIMD4(b.origin.x, b.origin.y, b.size.width, b.size.height))
        case (.zPosition, .number(let a), .number(let b)), (.anchorPointZ, .number(let a), .number(let b)),
             (.opacity, .number(let a), .number(let b)):
            return (.number, SIMD4(a, 0, 0, 0), SIMD4(b, 0, 0, 0))
        default:
            return nil
        }
    }

    /// Sets the properties the program writes back to their model values (`node`'s state): a
    /// picture of `node` evaluated with this program shows `node`'s model state again. Reads and
    /// writes the fields in place. Targets in `written` (what `apply` returned for this picture
    /// this frame) are left alone: an animation replaced them whole.
    func restoreTargets(from node: RenderNode, into layer: CompositeLayer, except written: UInt8 = 0) {
        let pending = targets & ~written
        guard pending != 0 else { return }
        for raw in 0..<UInt8(8) where pending & (1 << raw) != 0 {
            switch CompiledTarget(rawValue: raw) {
            case nil: break
            case .position?: layer.state.position = node.state.position
            case .anchorPoint?: layer.state.anchorPoint = node.state.anchorPoint
            case .bounds?: layer.state.bounds = node.state.bounds
            case .zPosition?: layer.state.zPosition = node.state.zPosition
            case .anchorPointZ?: layer.state.anchorPointZ = node.state.anchorPointZ
            case .opacity?: layer.state.opacity = node.state.opacity
            case .transform?: layer.state.transform = node.state.transform
            }
        }
    }

    /// The bytes one compiled animation takes (a frame reads every step of every animated layer).
    static var stepStride: Int { MemoryLayout<Step>.stride }

    /// The most transform tables kept for sharing at once.
    static var sharedTransformCapacity: Int { SharedAnimationData.capacity }

    /// Whether some program now alive shares the transform table of `pairs`.
    static func sharesTransforms(_ pairs: [TransformInterpolation]) -> Bool {
        SharedAnimationData.hasLiveTransforms(pairs)
    }

    /// Whether this program reads its transform pairs from the same table as `other` (shared
    /// because the pairs are the same).
    func sharesTransforms(with other: AnimationProgram) -> Bool {
        transformTable === other.transformTable
    }

    /// Asks the cache for what `apply` reads first (a hint): the steps, the first lines of the
    /// transform pairs (often shared between programs, so already cached; a frame reads one pair
    /// of a keyframe table, which cannot be told before the step runs), the key times and
    /// values when there are any.
    func prefetchData() {
        let stepBytes = steps.count * MemoryLayout<Step>.stride
        kinema_prefetch_lines(UnsafeRawPointer(steps.baseAddress), Int32(min(stepBytes / 64 + 1, 24)))
        if !transforms.isEmpty { kinema_prefetch_lines(UnsafeRawPointer(transforms.baseAddress), 2) }
        if !keyTimes.isEmpty { kinema_prefetch_lines(UnsafeRawPointer(keyTimes.baseAddress), 1) }
        if !values.isEmpty { kinema_prefetch_lines(UnsafeRawPointer(values.baseAddress), 1) }
    }

    /// Applies the animations at `time` (the layer's local time) to `state`, in order. Returns
    /// the targets written (bit `1 << target.rawValue` each): the others keep what `state` had.
    @discardableResult
    package func apply(at time: Double, into state: inout LayerState) -> UInt8 {
        var written: UInt8 = 0
        guard var step = UnsafePointer(steps.baseAddress) else { return 0 }
        for _ in 0..<steps.count {
            defer { step += 1 }
            // Removed on completion: gone from its end on (as `applyAnimations`).
            if step.pointee.isRemovedOnCompletion, time >= step.pointee.endTime { continue }
            let timing = step.pointee.timing.resolve(parentTime: time, defaultDuration: MediaTiming.defaultAnimationDuration)
            guard timing.isActive else { continue }
            // The timing function's curve (linear without one), read in place: `curves`
            // (a field of self) keeps the box alive.
            let shaped = step.pointee.curve.map { box in
                box._withUnsafeGuaranteedRef { $0.curve.value(at: timing.progress) }
            } ?? timing.progress
            if run(step, shaped: shaped, localTime: timing.localTime, into: &state) {
                written |= 1 << step.pointee.target.rawValue
            }
        }
        return written
    }

    /// Evaluates one step into `state`; whether it wrote its target.
    private func run(_ step: UnsafePointer<Step>, shaped: Double, localTime: Double, into state: inout LayerState) -> Bool {
        let target = step.pointee.target
        switch step.pointee.kind {
        case .number, .point, .rect:
            let f = step.pointee.spring.map { box in box._withUnsafeGuaranteedRef { $0.spring.value(at: localTime) } } ?? shaped
            let a = step.pointee.from, b = step.pointee.to
            // `AnimatableValue.interpolate`: the ends exact, else a + (b − a)·f per component.
            let v = f == 0 ? a : f == 1 ? b : a + (b - a) * f
            return write(v, target: target, into: &state)
        case .transform:
            let f = step.pointee.spring.map { box in box._withUnsafeGuaranteedRef { $0.spring.value(at: localTime) } } ?? shaped
            return write(transform(step.pointee.first, at: f), into: &state)
        case .numberKeyframes, .pointKeyframes:
            let (i, g) = segment(step, at: shaped)
            let a = values[step.pointee.first + i], b = values[step.pointee.first + i + 1]
            let v = g == 0 ? a : g == 1 ? b : a + (b - a) * g
            return write(SIMD4(v.x, v.y, 0, 0), target: target, into: &state)
        case .transformKeyframes:
            let (i, g) = segment(step, at: shaped)
            return write(transform(step.pointee.first + min(i, step.pointee.keyTimeCount - 2), at: g), into: &state)
        }
    }

    /// Transform pair `index` at `fraction`, read in place (an array read would copy its
    /// 500 bytes first).
    private func transform(_ index: Int, at fraction: Double) -> CATransform3D {
        guard let base = transforms.baseAddress, index >= 0, index < transforms.count else { return CATransform3DIdentity }
        return TransformInterpolation.value(of: base + index, at: fraction)
    }

    /// A keyframe animation's segment at `progress` and the fraction through it after the
    /// segment's curve: `KeyframeSnapshot.linearSegment`, on the flattened tables.
    private func segment(_ step: UnsafePointer<Step>, at progress: Double) -> (index: Int, fraction: Double) {
        let p = min(max(progress, 0), 1)
        let first = step.pointee.firstKeyTime, count = step.pointee.keyTimeCount
        let times = keyTimes
        guard count >= 2, first >= 0, first + count <= times.count else { return (0, p) }
        // The last segment whose start is at or before p (segments of zero length end at 1).
        let last = count - 2
        var i = 0
        while i < last, times[first + i + 1] <= p { i += 1 }
        let width = times[first + i + 1] - times[first + i]
        let f = width > 0 ? min(max((p - times[first + i]) / width, 0), 1) : 1
        guard i < step.pointee.segmentCurveCount,
              step.pointee.firstSegmentCurve + i < segmentCurves.count,
              let curve = segmentCurves[step.pointee.firstSegmentCurve + i] else {
            return (i, f)
        }
        return (i, curve._withUnsafeGuaranteedRef { $0.curve.value(at: f) })
    }

    /// Writes an interpolated number (x), point (x, y) or rectangle, refusing what the key-path
    /// table's codecs refuse (non-finite geometry).
    private func write(_ v: SIMD4<Double>, target: CompiledTarget, into state: inout LayerState) -> Bool {
        switch target {
        case .opacity:
            state.opacity = Float(v.x)
        case .zPosition:
            guard v.x.isFinite else { return false }
            state.zPosition = CGFloat(v.x)
        case .anchorPointZ:
            guard v.x.isFinite else { return false }
            state.anchorPointZ = CGFloat(v.x)
        case .position:
            guard v.x.isFinite, v.y.isFinite else { return false }
            state.position = CGPoint(x: v.x, y: v.y)
        case .anchorPoint:
            guard v.x.isFinite, v.y.isFinite else { return false }
            state.anchorPoint = CGPoint(x: v.x, y: v.y)
        case .bounds:
            let rect = CGRect(x: v.x, y: v.y, width: v.z, height: v.w)
            guard rect.isFiniteRect else { return false }
            state.bounds = rect
        case .transform:
            return false
        }
        return true
    }

    private func write(_ transform: CATransform3D, into state: inout LayerState) -> Bool {
        guard transform.hasFiniteEntries else { return false }
        state.transform = transform
        return true
    }
}

/// The layer properties a compiled animation can write.
package enum CompiledTarget: UInt8, Sendable {
    case position, anchorPoint, bounds, zPosition, anchorPointZ, opacity, transform

    init?(keyPath: String) {
        switch keyPath {
        case "position": self = .position
        case "anchorPoint": self = .anchorPoint
        case "bounds": self = .bounds
        case "zPosition": self = .zPosition
        case "anchorPointZ": self = .anchorPointZ
        case "opacity": self = .opacity
        case "transform": self = .transform
        default: return nil
        }
    }
}

/// Timing curves, springs and transform tables shared by every program that uses the same one: a
/// curve or a spring is a pure function of its four parameters, a transform pair of its two
/// matrices, and most animations use a handful of them (the named timing functions, the default
/// spring, one keyframe animation added to many layers), so ten thousand layers' programs read
/// one box from the cache instead of ten thousand scattered copies. Bounded: past `capacity`
/// distinct entries of a kind, new ones are not shared. Curves and springs (a few dozen bytes
/// each) stay once made; transform tables are held weakly and leave with their last program.
private enum SharedAnimationData {
    static let capacity = 512

    /// A curve's or a spring's four parameters, bit for bit.
    private typealias Key = SIMD4<UInt64>

    private static func key(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Key {
        Key(a.bitPattern, b.bitPattern, c.bitPattern, d.bitPattern)
    }

    private struct Tables {
        var curves: [Key: AnimationProgram.TimingCurveBox] = [:]
        var springs: [Key: AnimationProgram.SpringBox] = [:]
        /// Keyed by every pair's two matrices, bit for bit, in order. Held weakly: a table can be
        /// large (a keyframe animation with many values), and one no program uses any more must
        /// not stay.
        var transforms: [[UInt64]: WeakTransformTable] = [:]
        /// Tables made since `transforms` was last swept for dead entries. A full dictionary is
        /// swept only once this reaches `capacity`: sweeping at every new table cost O(capacity)
        /// each while all entries lived (10,000 layers with distinct keyframes spent a seventh of
        /// their setup in it).
        var madeSinceSweep = capacity
    }

    private struct WeakTransformTable {
        weak var table: AnimationProgram.TransformTable?
    }

    private static let tables = LockedValue(Tables())

    static func transforms(_ pairs: [TransformInterpolation]) -> AnimationProgram.TransformTable {
        let key = transformKey(pairs)
        return tables.withLock { tables in
            if let table = tables.transforms[key]?.table { return table }
            let table = AnimationProgram.TransformTable(pairs)
            tables.madeSinceSweep += 1
            if tables.transforms.count >= capacity, tables.madeSinceSweep >= capacity {
                tables.transforms = tables.transforms.filter { $0.value.table != nil }
                tables.madeSinceSweep = 0
            }
            if tables.transforms.count < capacity { tables.transforms[key] = WeakTransformTable(table: table) }
            return table
        }
    }

    /// Whether a program now alive holds the shared table of `pairs`.
    static func hasLiveTransforms(_ pairs: [TransformInterpolation]) -> Bool {
        let key = transformKey(pairs)
        return tables.withLock { $0.transforms[key]?.table != nil }
    }

    /// Every pair's two matrices, bit for bit, in order.
    private static func transformKey(_ pairs: [TransformInterpolation]) -> [UInt64] {
        var key: [UInt64] = []
        key.reserveCapacity(pairs.count * 32)
        for pair in pairs {
            for m in [pair.from, pair.to] {
                key += [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                        m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map { Double($0).bitPattern }
            }
        }
        return key
    }

    static func curve(_ curve: CubicBezierTimingCurve) -> AnimationProgram.TimingCurveBox {
        shared(key(curve.x1, curve.y1, curve.x2, curve.y2), in: \.curves) { AnimationProgram.TimingCurveBox(curve) }
    }

    static func spring(_ spring: Spring) -> AnimationProgram.SpringBox {
        shared(key(spring.mass, spring.stiffness, spring.damping, spring.initialVelocity), in: \.springs) {
            AnimationProgram.SpringBox(spring)
        }
    }

    /// The box under `key` in `table`, made with `make` (and kept, below `capacity`) when absent.
    private static func shared<Box>(_ key: Key, in table: WritableKeyPath<Tables, [Key: Box]>,
                                    make: () -> Box) -> Box {
        tables.withLock { tables in
            if let box = tables[keyPath: table][key] { return box }
            let box = make()
            if tables[keyPath: table].count < capacity { tables[keyPath: table][key] = box }
            return box
        }
    }
}
