// UIView+Hierarchy: the tree of views, kept in step with the tree of their layers.
//
// Audited against: UIView docs — addSubview(_:) ("views can have only one superview; if the view
//   already has a superview and that view is not the receiver, this method removes the previous
//   superview"; re-adding a subview brings it to the front), insertSubview(_:at:/aboveSubview:/
//   belowSubview:), bringSubviewToFront(_:), sendSubviewToBack(_:), exchangeSubview(at:withSubviewAt:),
//   removeFromSuperview(), isDescendant(of:), viewWithTag(_:) ("searches the current view and all
//   of its subviews"), window, and the observing hooks didAddSubview(_:), willRemoveSubview(_:),
//   willMove(toSuperview:), didMoveToSuperview(), willMove(toWindow:), didMoveToWindow().
// Status: complete. Adding a view to its own subtree (a cycle) is refused with a diagnostic.
//   A view leaving its window has its running animations removed (their completions get
//   finished = false), as UIKit's do (UIKIT_SEMANTICS §1.3).

import Foundation
import KinemaSupport
import OpenQuartzCore

extension UIView {
    /// The window the view is in, if any.
    public var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    /// Adds `view` on top of the subviews (moving it from its old superview; a subview already
    /// here comes to the front).
    public func addSubview(_ view: UIView) {
        insert(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews (clamped to 0…count).
    public func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts `view` just above `siblingSubview` (on top when it is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else {
            KinemaDiagnostics.emit("UIView", "insertSubview(_:aboveSubview:): the sibling is not a subview; added on top")
            return insert(view, at: subviews.count)
        }
        insert(view, at: index + 1)
    }

    /// Inserts `view` just below `siblingSubview` (at the back when it is not a subview).
    public func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === siblingSubview }) else {
            KinemaDiagnostics.emit("UIView", "insertSubview(_:belowSubview:): the sibling is not a subview; added at the back")
            return insert(view, at: 0)
        }
        insert(view, at: index)
    }

    /// Moves `view` (a subview) to the front.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: subviews.count)
    }

    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insert(view, at: 0)
    }

    /// Swaps the subviews at two indices (out-of-range indices: a diagnostic, nothing changes).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2) else {
            KinemaDiagnostics.emit("UIView", "exchangeSubview(at: \(index1), withSubviewAt: \(index2)): an index is out of 0..<\(subviews.count); nothing changed")
            return
        }
        guard index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        restackLayers()
    }

    /// Removes the view from its superview (and its layer from the superview's layer).
    public func removeFromSuperview() {
        guard let superview else { return }
        let oldWindow = window
        superview.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { propagateWillMove(toWindow: nil) }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        layer.removeFromSuperlayer()
        if oldWindow != nil {
            // Animations stop when a view leaves the window; their completions see finished = false.
            removeAnimationsInSubtree()
        }
        didMoveToSuperview()
        if oldWindow != nil { propagateDidMoveToWindow() }
    }

    /// Whether the view is `view` or inside it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view with `tag` in a depth-first search from this view (itself included).
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews {
            if let found = view.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: Internals

    private func insert(_ view: UIView, at requested: Int) {
        guard view !== self, !isDescendant(of: view) else {
            KinemaDiagnostics.emit("UIView", "cannot add \(type(of: view)) to its own subtree (a view cannot contain itself); nothing changed")
            return
        }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            // A move among the same superview's subviews: no hooks, as UIKit.
            subviews.remove(at: current)
            let index = min(max(requested > current ? requested - 1 : requested, 0), subviews.count)
            subviews.insert(view, at: index)
            restackLayers()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        let windowChanges = oldWindow !== newWindow
        view.willMove(toSuperview: self)
        if windowChanges { view.propagateWillMove(toWindow: newWindow) }
        if let old = view.superview {
            old.willRemoveSubview(view)
            old.subviews.removeAll { $0 === view }
            view.layer.removeFromSuperlayer()
        }
        let index = min(max(requested, 0), subviews.count)
        subviews.insert(view, at: index)
        view.superview = self
        placeLayer(of: view, at: index)
        if let newWindow, windowChanges {
            view.adoptScale(newWindow.screen.scale)
        }
        view.didMoveToSuperview()
        if windowChanges { view.propagateDidMoveToWindow() }
        didAddSubview(view)
        view.inheritedTintColorDidChange()
    }

    /// Puts the subview's layer just above the layer of the subview below it (or at the bottom
    /// of the view layers), so the layers' order follows the subviews'.
    private func placeLayer(of view: UIView, at index: Int) {
        if index > 0 {
            layer.insertSublayer(view.layer, above: subviews[index - 1].layer)
        } else if subviews.count > 1 {
            layer.insertSublayer(view.layer, below: subviews[1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    private func restackLayers() {
        for (index, view) in subviews.enumerated() where index > 0 {
            layer.insertSublayer(view.layer, above: subviews[index - 1].layer)
        }
        if let first = subviews.first, subviews.count > 1 {
            layer.insertSublayer(first.layer, below: subviews[1].layer)
        }
    }

    private func propagateWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for view in subviews { view.propagateWillMove(toWindow: newWindow) }
    }

    private func propagateDidMoveToWindow() {
        didMoveToWindow()
        for view in subviews { view.propagateDidMoveToWindow() }
    }

    /// Takes the window's screen scale for drawing, down the subtree.
    func adoptScale(_ scale: CGFloat) {
        if layer.contentsScale != scale {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.contentsScale = scale
            CATransaction.commit()
            if !drawsNothing { layer.setNeedsDisplay() }
        }
        for view in subviews { view.adoptScale(scale) }
    }

    private func removeAnimationsInSubtree() {
        layer.removeAllAnimations()
        for view in subviews { view.removeAnimationsInSubtree() }
    }
}
