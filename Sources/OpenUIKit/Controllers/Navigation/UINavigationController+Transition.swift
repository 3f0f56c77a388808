// UINavigationController's stack changes: push, pop, pop-to, set — the checks on what is asked,
// and the one path every change takes: a view-controller transition of kind navigation.
//
// Audited against: UINavigationController docs (see UINavigationController.swift);
//   UIViewController containment docs (addChild "calls willMove(toParent:)"; a container "must
//   call didMove(toParent:)" after the transition; before removal "willMove(toParent: nil)", then
//   removeFromParent, which calls didMove(toParent: nil)); isMovingToParent / isMovingFromParent
//   ("only when called from inside … viewWillAppear/viewDidAppear … viewWillDisappear/
//   viewDidDisappear"); UIViewControllerContextTransitioning docs (frames may be .zero);
//   UIKIT_SEMANTICS §4.1; seed 002 (the delegate's animator adds the arriving view itself: "insert
//   toView vào trong containerView").
// Choices (UNCONFIRMED on iOS, kept here):
//   - The order of one change: the delegate's animator (animated only), its interaction controller
//     (only for the delegate's own animator); `viewControllers` changes; addChild (willMove(toParent:
//     self)) for arriving controllers, willMove(toParent: nil) for leaving ones; the transition
//     begins (transitionCoordinator set); delegate willShow; from viewWillDisappear; to
//     viewWillAppear; the animator (or interaction controller) starts. At completeTransition(true):
//     from viewDidDisappear, to viewDidAppear, didMove(toParent: self) for arriving controllers,
//     removeFromParent (didMove(toParent: nil)) for leaving ones, the animator's animationEnded,
//     delegate didShow. Cancelled (an interactive pop let go): `viewControllers` is put back; the
//     arriving controller gets viewWillDisappear, viewDidDisappear, then the leaving one
//     viewWillAppear, viewDidAppear; removeFromParent for the arriving ones, didMove(toParent: self)
//     for the ones that stayed; no didShow.
//   - Appearance callbacks are sent only while the navigation controller itself is shown (in a
//     window, appeared); otherwise the stack changes without them and the top controller hears
//     of the navigation controller's own appearance later.
//   - Not in a window (or not loaded): the change is made without animation (the view, when
//     loaded, shows the new top at once).
//   - Controllers between the old and new top that are removed (pop-to, set) leave without
//     appearance callbacks and without being shown; only the two tops take part in the transition.
//   - setViewControllers with the same top: no transition; the rest of the stack changes at once.
//   - Bad input (iOS raises for most): pushing a controller already in the stack, pushing a
//     navigation controller, a stack with duplicates or navigation controllers, an empty stack,
//     popToViewController with one not in the stack, any change while a transition runs — a
//     diagnostic and nothing changes (pop-to returns nil). Popping the root: nil, nothing happens
//     (as iOS, silently). popToRootViewController with only the root: [] (nothing popped).

import Foundation
import KinemaSupport
import OpenQuartzCore

extension UINavigationController {
    // MARK: The public API's work (the open methods are in the class body, so subclasses can
    // override them)

    func performPush(_ viewController: UIViewController, animated: Bool) {
        let api = "UINavigationController.pushViewController(_:animated:)"
        if stack.contains(where: { $0 === viewController }) {
            KinemaDiagnostics.emit(api, "pushing the same view controller instance (\(type(of: viewController))) more than once is not supported; ignored")
            return
        }
        if viewController is UINavigationController {
            KinemaDiagnostics.emit(api, "pushing a navigation controller is not supported; ignored")
            return
        }
        guard checkIdle(api) else { return }
        if let parent = viewController.parent {
            KinemaDiagnostics.emit(api, "\(type(of: viewController)) is a child of \(type(of: parent)); it was moved to this navigation controller")
        }
        change(to: stack + [viewController], animated: animated, operation: .push)
    }

    func performPopToRoot(animated: Bool) -> [UIViewController]? {
        let api = "UINavigationController.popToRootViewController(animated:)"
        guard let root = stack.first else { return nil }
        guard stack.count > 1 else { return [] }
        guard checkIdle(api) else { return nil }
        let popped = Array(stack.dropFirst())
        change(to: [root], animated: animated, operation: .pop)
        return popped
    }

    func performPop(to viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        let api = "UINavigationController.popToViewController(_:animated:)"
        guard let index = stack.firstIndex(where: { $0 === viewController }) else {
            KinemaDiagnostics.emit(api, "\(type(of: viewController)) is not in the navigation stack; nothing was popped")
            return nil
        }
        guard checkIdle(api) else { return nil }
        let popped = Array(stack[(index + 1)...])
        guard !popped.isEmpty else { return [] }
        change(to: Array(stack[...index]), animated: animated, operation: .pop)
        return popped
    }

    func performSet(_ viewControllers: [UIViewController], animated: Bool) {
        let api = "UINavigationController.setViewControllers(_:animated:)"
        guard let newTop = viewControllers.last else {
            KinemaDiagnostics.emit(api, "an empty stack is not supported (a navigation controller needs a root); ignored")
            return
        }
        for (index, controller) in viewControllers.enumerated() {
            if controller is UINavigationController {
                KinemaDiagnostics.emit(api, "a navigation controller cannot be in the stack; ignored")
                return
            }
            if controller === self || viewControllers[..<index].contains(where: { $0 === controller }) {
                KinemaDiagnostics.emit(api, "\(type(of: controller)) appears more than once (or is the navigation controller); ignored")
                return
            }
        }
        guard checkIdle(api) else { return }
        let operation: Operation
        if newTop === topViewController {
            operation = .none
        } else if stack.contains(where: { $0 === newTop }) {
            operation = .pop
        } else {
            operation = .push
        }
        change(to: viewControllers, animated: animated, operation: operation)
    }

    // MARK: Internals

    /// Pops the top controller (interactively when an edge swipe started it).
    func performPop(animated: Bool) -> UIViewController? {
        let api = "UINavigationController.popViewController(animated:)"
        guard stack.count > 1, let top = stack.last else { return nil }
        guard checkIdle(api) else { return nil }
        change(to: Array(stack.dropLast()), animated: animated, operation: .pop)
        return top
    }

    /// Whether no transition runs (else a diagnostic naming `api`).
    private func checkIdle(_ api: String) -> Bool {
        guard let running = activeTransition else { return true }
        KinemaDiagnostics.emit(api, "a navigation transition (\(type(of: running.animator))) is in progress; ignored")
        return false
    }

    /// Makes `newStack` the stack, through a transition from the current top to the new one.
    func change(to newStack: [UIViewController], animated requested: Bool, operation: Operation) {
        let oldStack = stack
        guard let to = newStack.last else { return }
        let arriving = newStack.filter { new in !oldStack.contains { $0 === new } }
        let leaving = oldStack.filter { old in !newStack.contains { $0 === old } }
        guard let from = oldStack.last, from !== to, let contentView, isViewLoaded else {
            // Nothing shown yet, or the same top: the stack and containment change at once.
            stack = newStack
            for controller in leaving {
                controller.willMove(toParent: nil)
                if let view = controller.viewIfLoaded, view.superview === contentView { view.removeFromSuperview() }
                controller.removeFromParent()
            }
            for controller in arriving {
                addChild(controller)
                controller.didMove(toParent: self)
            }
            if let contentView, let top = newStack.last { install(top.view, in: contentView) }
            navigationBar.setItems(newStack.map(\.navigationItem), animated: false)
            return
        }
        let animated = requested && view.window != nil
        let showing = isShowing

        // The animator and interaction controller.
        let custom = animated ? delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to) : nil
        let animator: any UIViewControllerAnimatedTransitioning = if let custom {
            custom
        } else if animated {
            NavigationTransitionAnimator(operation: operation)
        } else {
            ImmediateTransitionAnimator()
        }
        var interactor: (any UIViewControllerInteractiveTransitioning)?
        if let custom { interactor = delegate?.navigationController(self, interactionControllerFor: custom) }
        if interactor == nil, animated, operation == .pop, let swipe = popInteraction { interactor = swipe.driver }

        // The stack and containment begin to change.
        stack = newStack
        for controller in arriving {
            addChild(controller)
            controller.transitionRole.movingToParent = true
        }
        for controller in leaving {
            controller.willMove(toParent: nil)
            controller.transitionRole.movingFromParent = true
        }
        let fromView: UIView = from.view
        let toView: UIView = to.view
        if toView.superview !== contentView {
            UIView.performWithoutAnimation {
                toView.frame = contentView.bounds
                toView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            }
        }
        // Controllers in between that leave (pop-to, set) were never shown: they go at once.
        for controller in leaving where controller !== from {
            if let view = controller.viewIfLoaded, view.superview === contentView {
                UIView.performWithoutAnimation { view.removeFromSuperview() }
            }
        }

        let transition = ViewControllerTransition(
            kind: .navigation, container: contentView, from: from, to: to, fromView: fromView, toView: toView,
            animator: animator, interactor: interactor, animated: animated, presentationStyle: .none)
        transition.setFrames(for: from, initial: contentView.bounds, final: .zero)
        transition.setFrames(for: to, initial: .zero, final: contentView.bounds)
        activeTransition = transition
        // The bar moves with the screens: its steps join the transition's animations (and are
        // scrubbed with them in an interactive pop).
        let barOperation: NavigationBarOperation = switch operation {
        case .push: .push
        case .pop: .pop
        case .none: .set
        }
        let barTransition = navigationBar.makeTransition(to: newStack.map(\.navigationItem), operation: barOperation)
        barTransition.prepare()
        transition.animate(alongsideTransition: { _ in barTransition.animate() }, completion: nil)
        transition.onEnd = { [weak self] completed in
            guard let self else { return }
            self.activeTransition = nil
            barTransition.finish(completed: completed)
            if completed {
                UIView.performWithoutAnimation {
                    if fromView.superview === contentView { fromView.removeFromSuperview() }
                    self.install(toView, in: contentView)
                }
                if showing {
                    from.endAppearanceTransition()
                    to.endAppearanceTransition()
                }
                for controller in arriving {
                    controller.transitionRole.movingToParent = false
                    controller.didMove(toParent: self)
                }
                for controller in leaving {
                    controller.transitionRole.movingFromParent = false
                    controller.removeFromParent()
                }
            } else {
                self.stack = oldStack
                UIView.performWithoutAnimation {
                    if toView.superview === contentView { toView.removeFromSuperview() }
                    self.install(fromView, in: contentView)
                }
                // Nothing moves to or from the parent any more: the flags are down before the
                // reversed callbacks.
                for controller in arriving { controller.transitionRole.movingToParent = false }
                for controller in leaving { controller.transitionRole.movingFromParent = false }
                if showing { UIViewController.reverseAppearance(arriving: to, leaving: from) }
                for controller in arriving { controller.removeFromParent() }
                for controller in leaving { controller.didMove(toParent: self) }
            }
        }
        transition.afterEnd = { [weak self] completed in
            guard let self else { return }
            self.popInteraction = nil
            if completed { self.delegate?.navigationController(self, didShow: to, animated: animated) }
        }
        transition.begin()
        delegate?.navigationController(self, willShow: to, animated: animated)
        if showing {
            from.beginAppearanceTransition(false, animated: animated)
            to.beginAppearanceTransition(true, animated: animated)
        }
        transition.run()
    }
}
