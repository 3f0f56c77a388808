// UIGestureRecognizer+TargetAction: targets and actions without an Objective-C runtime.
//
// Audited against: UIGestureRecognizer docs — init(target:action:), addTarget(_:action:),
//   removeTarget(_:action:) ("nil … to remove all actions"); the action method's two forms
//   ("a method that takes the gesture recognizer" or no argument).
// Choices: Linux has no selectors, so an action is an unapplied method reference — the one edit
//   iOS code needs: `#selector(handleCardPan(_:))` → `MainViewController.handleCardPan`. Its
//   type is `(Target) -> (Sender) -> Void` or `(Target) -> () -> Void`; `Sender` may be this
//   recognizer's class, a superclass, `Any` or `AnyObject`. The target is held weakly: once it
//   is gone its actions are skipped. Swift cannot compare functions, so
//   `removeTarget(_:action:)` with a method removes the target's actions of that method's type.

import Foundation
import KinemaSupport

/// One target and action of a gesture recognizer or a control.
@MainActor
struct TargetAction {
    /// The target (weak); nil for a closure action.
    weak var target: AnyObject?
    /// Whether the action has a target (a closure action has none and is never skipped).
    let hasTarget: Bool
    /// The action's type, to match `removeTarget(_:action:)` against.
    let signature: ObjectIdentifier?
    /// Calls the action with the sender; false when the target is gone.
    let perform: @MainActor (AnyObject?, Any) -> Void

    /// `action` of `target`, called with the sender when it is a `Sender`.
    static func method<T: AnyObject, Sender>(_ target: T, _ action: @escaping @MainActor (T) -> (Sender) -> Void,
                                             api: String) -> TargetAction {
        TargetAction(target: target, hasTarget: true, signature: ObjectIdentifier(((T) -> (Sender) -> Void).self)) { target, sender in
            guard let target = target as? T else { return }
            guard let sender = sender as? Sender else {
                KinemaDiagnostics.emit(api, "the action takes a \(Sender.self); the sender is a \(type(of: sender)); not called")
                return
            }
            action(target)(sender)
        }
    }

    /// `action` of `target`, taking no argument.
    static func method<T: AnyObject>(_ target: T, _ action: @escaping @MainActor (T) -> () -> Void) -> TargetAction {
        TargetAction(target: target, hasTarget: true, signature: ObjectIdentifier(((T) -> () -> Void).self)) { target, _ in
            guard let target = target as? T else { return }
            action(target)()
        }
    }

    /// Calls the action (skipped when the target is gone).
    func send(from sender: Any) {
        if hasTarget {
            guard let target else { return }
            perform(target, sender)
        } else {
            perform(nil, sender)
        }
    }
}

extension UIGestureRecognizer {
    /// A recognizer that calls `action` on `target` with itself:
    /// `UIPanGestureRecognizer(target: self, action: MainViewController.handleCardPan)` for
    /// `func handleCardPan(_ recognizer: UIPanGestureRecognizer)`. The target is held weakly.
    public convenience init<T: AnyObject, Sender>(target: T, action: @escaping @MainActor (T) -> (Sender) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `action`, a method taking no argument, on `target` (held weakly).
    public convenience init<T: AnyObject>(target: T, action: @escaping @MainActor (T) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `handler` with itself (Kinema's closure form; not in UIKit).
    public convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        actions.append(TargetAction(target: nil, hasTarget: false, signature: nil) { _, sender in
            if let recognizer = sender as? UIGestureRecognizer { handler(recognizer) }
        })
    }

    /// Adds `action`, a method of `target` taking the recognizer (its class, a superclass, `Any`),
    /// called at every state change the targets hear of. The target is held weakly.
    public func addTarget<T: AnyObject, Sender>(_ target: T, action: @escaping @MainActor (T) -> (Sender) -> Void) {
        if !(self is Sender) {
            KinemaDiagnostics.emit("UIGestureRecognizer", "addTarget(_:action:): the action takes a \(Sender.self), never a \(type(of: self)); it will not be called")
        }
        actions.append(.method(target, action, api: "UIGestureRecognizer"))
    }

    /// Adds `action`, a method of `target` taking no argument. The target is held weakly.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping @MainActor (T) -> () -> Void) {
        actions.append(.method(target, action))
    }

    /// Removes `target`'s actions of `action`'s type (Swift cannot tell two methods of one type
    /// apart); a nil target: every target's actions of that type.
    public func removeTarget<T: AnyObject, Sender>(_ target: T?, action: @escaping @MainActor (T) -> (Sender) -> Void) {
        removeActions(of: target, signature: ObjectIdentifier(((T) -> (Sender) -> Void).self))
    }

    /// Removes `target`'s actions taking no argument of `action`'s type.
    public func removeTarget<T: AnyObject>(_ target: T?, action: @escaping @MainActor (T) -> () -> Void) {
        removeActions(of: target, signature: ObjectIdentifier(((T) -> () -> Void).self))
    }

    /// `removeTarget(target, action: nil)`: removes every action of `target`; a nil target,
    /// every action.
    public func removeTarget(_ target: AnyObject?, action: Never?) {
        removeActions(of: target, signature: nil)
    }

    private func removeActions(of target: AnyObject?, signature: ObjectIdentifier?) {
        actions.removeAll { entry in
            (target == nil || entry.target === target) && (signature == nil || entry.signature == signature)
        }
    }

    /// Tells every target of the current state (targets that are gone are dropped).
    func sendActions() {
        actions.removeAll { $0.hasTarget && $0.target == nil }
        for action in actions { action.send(from: self) }
    }
}
