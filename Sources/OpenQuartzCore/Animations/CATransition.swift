// CATransition: a transition of a layer's whole content, drawn by the compositor.
//
// Audited against: CATransition docs (type default fade; types fade, moveIn, push, reveal;
//   subtypes fromRight, fromLeft, fromTop, fromBottom; startProgress default 0, endProgress
//   default 1, "must be ≥ startProgress") and APPLE_SEMANTICS.md. Status: the model and its
//   progress are complete; drawing it is the compositor's work, including the private types
//   UIKit's view transitions use ("oglFlip", "pageCurl", "pageUnCurl"; docs/ANIMATIONS.md,
//   "Transition types"). `filter` (macOS) is not provided.

import Foundation
import KinemaRenderServer
import KinemaSupport

/// The kind of a transition (Apple's string constants).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer's content fades as it becomes visible or hidden. The default.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The layer's content slides into place over any existing content.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The layer's content pushes any existing content as it slides into place.
    public static let push = CATransitionType(rawValue: "push")
    /// The layer's content is revealed gradually.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a transition (Apple's string constants); fade ignores it.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content comes in from the right edge.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new content comes in from the left edge.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new content comes in from the top edge.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new content comes in from the bottom edge.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animation that transitions a layer between two states of its content.
///
/// ```swift
/// let push = CATransition()
/// push.type = .push
/// push.subtype = .fromRight
/// push.duration = 0.3
/// ```
///
/// Besides Apple's public types the compositor draws Core Animation's private "oglFlip",
/// "pageCurl" and "pageUnCurl", which UIKit's flip and curl view transitions are made of (no
/// constants: Apple publishes none; set `CATransitionType(rawValue: "oglFlip")`):
///
/// ```swift
/// let flip = CATransition()
/// flip.type = CATransitionType(rawValue: "oglFlip")
/// flip.subtype = .fromLeft             // the left side comes toward the viewer
/// layer.add(flip, forKey: nil)
/// ```
///
/// It animates no property: evaluation leaves the state unchanged, and the compositor reads
/// `transitionProgress(_:at:)` (startProgress … endProgress, after the timing function).
/// Progress values are clamped to [0, 1], and an endProgress below startProgress is raised to
/// it, with a diagnostic when the snapshot is made.
open class CATransition: CAAnimation {
    /// The transition's kind. Defaults to `.fade`.
    open var type: CATransitionType = .fade
    /// The direction of motion; nil by default.
    open var subtype: CATransitionSubtype?
    /// The start point of the transition, a fraction of the whole. Defaults to 0.
    open var startProgress: Float = 0
    /// The end point of the transition. Defaults to 1.
    open var endProgress: Float = 1

    public required init() {}

    override func copyAttributes(from other: CAAnimation) {
        super.copyAttributes(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
    }

    override package func snapshot(for state: LayerState) -> AnimationSnapshot {
        var result = super.snapshot(for: state)
        var start = Double(startProgress), end = Double(endProgress)
        if !(start >= 0 && start <= 1) || !(end >= 0 && end <= 1) || end < start {
            KinemaDiagnostics.emit("CATransition",
                                   "startProgress \(startProgress), endProgress \(endProgress) are not 0 ≤ start ≤ end ≤ 1; clamped")
            start = start.isNaN ? 0 : min(max(start, 0), 1)
            end = end.isNaN ? 1 : max(min(max(end, 0), 1), start)
        }
        result.content = .transition(TransitionSnapshot(type: type.rawValue, subtype: subtype?.rawValue,
                                                        startProgress: start, endProgress: end))
        return result
    }
}
