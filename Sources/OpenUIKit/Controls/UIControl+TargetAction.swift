// UIControl+TargetAction: a control's targets, actions and UIActions.
//
// Audited against: UIControl docs — addTarget(_:action:for:) (the action may take the sender,
//   the sender and the event, or nothing; "the control does not retain the object in the target
//   parameter"), removeTarget(_:action:for:) (nil action: all of the target's), sendActions(for:),
//   sendAction(_:) for a UIAction, addAction(_:for:), removeAction(_:for:),
//   removeAction(identifiedBy:for:), allControlEvents, allTargets.
// Choices: as for gesture recognizers (UIGestureRecognizer+TargetAction.swift): the action is an
//   unapplied method reference (`ViewController.buttonTapped`) taking the sender (the control's
//   class, a superclass, `Any`) or nothing; removeTarget with a method removes the target's
//   actions of that method's type. Actions run in the order added; UIActions after targets.

import Foundation
import KinemaSupport

extension UIControl {
    /// Calls `action` on `target` with the control for `controlEvents`:
    /// `button.addTarget(self, action: ViewController.buttonTapped, for: .touchUpInside)` for
    /// `func buttonTapped(_ sender: UIButton)`. The target is held weakly.
    public func addTarget<T: AnyObject, Sender>(_ target: T, action: @escaping @MainActor (T) -> (Sender) -> Void,
                                                for controlEvents: Event) {
        if !(self is Sender) {
            KinemaDiagnostics.emit("UIControl", "addTarget(_:action:for:): the action takes a \(Sender.self), never a \(type(of: self)); it will not be called")
        }
        targetActions.append((.method(target, action, api: "UIControl"), controlEvents))
    }

    /// Calls `action`, a method taking no argument, on `target` for `controlEvents`.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping @MainActor (T) -> () -> Void, for controlEvents: Event) {
        targetActions.append((.method(target, action), controlEvents))
    }

    /// Removes `controlEvents` from `target`'s actions of `action`'s type (nil target: every
    /// target's); an action left with no events is removed.
    public func removeTarget<T: AnyObject, Sender>(_ target: T?, action: @escaping @MainActor (T) -> (Sender) -> Void,
                                                   for controlEvents: Event) {
        removeTargetActions(of: target, signature: ObjectIdentifier(((T) -> (Sender) -> Void).self), for: controlEvents)
    }

    /// Removes `controlEvents` from `target`'s no-argument actions of `action`'s type.
    public func removeTarget<T: AnyObject>(_ target: T?, action: @escaping @MainActor (T) -> () -> Void, for controlEvents: Event) {
        removeTargetActions(of: target, signature: ObjectIdentifier(((T) -> () -> Void).self), for: controlEvents)
    }

    /// `removeTarget(target, action: nil, for: events)`: removes `controlEvents` from every
    /// action of `target` (nil: of every target).
    public func removeTarget(_ target: AnyObject?, action: Never?, for controlEvents: Event) {
        removeTargetActions(of: target, signature: nil, for: controlEvents)
    }

    private func removeTargetActions(of target: AnyObject?, signature: ObjectIdentifier?, for controlEvents: Event) {
        for index in targetActions.indices {
            let entry = targetActions[index].action
            if (target == nil || entry.target === target) && (signature == nil || entry.signature == signature) {
                targetActions[index].events.subtract(controlEvents)
            }
        }
        targetActions.removeAll { $0.events.isEmpty || ($0.action.hasTarget && $0.action.target == nil) }
    }

    /// Runs `action` for `controlEvents`; an action with the same identifier is replaced.
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = actionEntries.firstIndex(where: { $0.action.identifier == action.identifier }) {
            actionEntries[index] = (action, actionEntries[index].events.union(controlEvents))
            return
        }
        actionEntries.append((action, controlEvents))
    }

    /// Stops running `action` for `controlEvents`.
    public func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Stops running the action identified by `actionIdentifier` for `controlEvents`.
    public func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for index in actionEntries.indices where actionEntries[index].action.identifier == actionIdentifier {
            actionEntries[index].events.subtract(controlEvents)
        }
        actionEntries.removeAll { $0.events.isEmpty }
    }

    /// The events some target or action is registered for.
    public var allControlEvents: Event {
        var events: Event = []
        for entry in targetActions where !entry.action.hasTarget || entry.action.target != nil { events.formUnion(entry.events) }
        for entry in actionEntries { events.formUnion(entry.events) }
        return events
    }

    /// The targets still alive.
    public var allTargets: [AnyObject] {
        var targets: [AnyObject] = []
        for entry in targetActions {
            if let target = entry.action.target, !targets.contains(where: { $0 === target }) { targets.append(target) }
        }
        return targets
    }

    /// Runs the targets and actions registered for any of `controlEvents`.
    public func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, event: nil)
    }

    /// Runs `action` with this control as its sender.
    public func sendAction(_ action: UIAction) {
        action.perform(from: self)
    }

    func sendActions(for controlEvents: Event, event: UIEvent?) {
        targetActions.removeAll { $0.action.hasTarget && $0.action.target == nil }
        let targets = targetActions.filter { !$0.events.isDisjoint(with: controlEvents) }
        let actions = actionEntries.filter { !$0.events.isDisjoint(with: controlEvents) }
        for entry in targets { entry.action.send(from: self) }
        for entry in actions { entry.action.perform(from: self) }
    }
}
