// CAAnimationGroup: animations run together in the group's time.
//
// Audited against: CAAnimationGroup docs (animations: "The animations … run concurrently in the time
//   space of the animation group"; the group's duration clips them; their delegates and
//   isRemovedOnCompletion are ignored). Status: complete. Apple does not say whether the group's
//   timing function reshapes its children's time: Kinema applies it to the group's progress, so
//   children see eased time (docs/ANIMATIONS.md).

import Foundation
import KinemaRenderServer

/// Runs several animations at once, timed in the group's local time.
///
/// ```swift
/// let group = CAAnimationGroup()
/// group.animations = [fade, slide]      // slide.beginTime = 0.5: half a second into the group
/// group.duration = 1
/// ```
///
/// A child's `beginTime` is relative to the group's start; a child is shown only while the group
/// is (the group's fill mode decides what happens outside it); the group's duration (0 → the
/// transaction's, 0.25 s by default) cuts children short, and a child with duration 0 runs for
/// the group's duration (the documentation's fade-and-scale example).
open class CAAnimationGroup: CAAnimation {
    /// The animations to run; nil or empty runs nothing.
    open var animations: [CAAnimation]?

    public required init() {}

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.compactMap { $0.copy() as? CAAnimation }
    }

    override package func snapshot(for state: LayerState) -> AnimationSnapshot {
        var result = super.snapshot(for: state)
        result.content = .group((animations ?? []).map { $0.snapshot(for: state) })
        return result
    }
}
