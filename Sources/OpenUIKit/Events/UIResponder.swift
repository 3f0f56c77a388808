// UIResponder: the responder chain that touches travel along.
//
// Audited against: UIResponder docs (next, touchesBegan/Moved/Ended/Cancelled(_:with:) — "the
//   default implementation forwards the message up the responder chain", canBecomeFirstResponder
//   default false, becomeFirstResponder/resignFirstResponder, isFirstResponder).
// Status: the chain and the touch methods; no keyboard, no menus, no undo manager.

import Foundation

/// An object that can respond to touches, and the next one along the chain when it does not.
@MainActor
open class UIResponder {
    /// A new responder; subclasses decide which responder comes next.
    public init() {}

    /// The next responder: a view's view controller if it has one, else its superview; a view
    /// controller's view's superview; nil for a window and for objects outside a hierarchy.
    open var next: UIResponder? { nil }

    /// Touches began in a view. Default: forwards the message to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved. Default: forwards the message to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches ended. Default: forwards the message to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled (a gesture recognizer took them, or the view left the window).
    /// Default: forwards the message to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// Whether this object can become first responder. Default false.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether this object may give up first-responder status. Default true.
    open var canResignFirstResponder: Bool { true }

    /// Whether this object is the first responder.
    open var isFirstResponder: Bool { UIResponder.firstResponder === self }

    /// Makes this object the first responder when it can; returns whether it is.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIResponder.firstResponder, current !== self, !current.resignFirstResponder() {
            return false
        }
        UIResponder.firstResponder = self
        return true
    }

    /// Gives up first-responder status when allowed; returns whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIResponder.firstResponder === self { UIResponder.firstResponder = nil }
        return true
    }

    private static weak var firstResponder: UIResponder?
}
