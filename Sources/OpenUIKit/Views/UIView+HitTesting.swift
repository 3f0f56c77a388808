// UIView+HitTesting: which view a point is in, and converting between views' coordinates.
//
// Audited against: UIView docs — hitTest(_:with:) ("ignores view objects that are hidden, that
//   have disabled user interactions, or have an alpha level less than 0.01"; "does not take the
//   view's content into account"; subviews are searched front to back; "points that lie outside
//   the receiver's bounds are never reported as hits, even if they lie within one of its
//   subviews"), point(inside:with:), convert(_:to:) / convert(_:from:) for points and
//   rectangles ("if view is nil, this method instead converts to window base coordinates").
// Status: complete. Hit-testing uses the model geometry, as UIKit does; a view animating in a
//   block without allowUserInteraction is passed by ("allow the user to interact with views while
//   they are being animated", UIView.AnimationOptions docs); a view an active property animator
//   moves is hit-tested where it is shown unless the animator's isManualHitTestingEnabled is set
//   (UIViewPropertyAnimator docs).

import Foundation
import OpenQuartzCore

extension UIView {
    /// The hit test UIView's `hitTest(_:with:)` runs.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, interactionBlockingAnimations == 0, !isHidden, alpha >= 0.01,
              point.x.isFinite, point.y.isFinite, self.point(inside: point, with: event) else { return nil }
        for view in subviews.reversed() {
            if let hit = view.hitTest(convertForHitTest(point, to: view), with: event) {
                return hit
            }
        }
        return self
    }

    /// `point` (this view's coordinates) in `subview`'s, through the model geometry — or through
    /// the presentation when an active property animator with automatic hit testing moves the
    /// subview (Apple: `isManualHitTestingEnabled` false hit-tests animated views at their
    /// current onscreen position). The presentation copy of this view's layer holds the shown
    /// sublayers, so both ends of the conversion are in one presentation tree.
    private func convertForHitTest(_ point: CGPoint, to subview: UIView) -> CGPoint {
        if UIViewPropertyAnimator.hitTestsShownPosition(of: subview.layer),
           let index = layer.sublayers?.firstIndex(where: { $0 === subview.layer }),
           let parentShown = layer.presentation(), let shownSublayers = parentShown.sublayers, index < shownSublayers.count {
            return shownSublayers[index].convert(point, from: parentShown)
        }
        return subview.convert(point, from: self)
    }

    /// `point` in this view's coordinates, converted to `view`'s (window coordinates when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? window)?.layer)
    }

    /// `point` in `view`'s coordinates (window coordinates when nil), converted to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? window)?.layer)
    }

    /// `rect` in this view's coordinates, converted to `view`'s (window coordinates when nil).
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? window)?.layer)
    }

    /// `rect` in `view`'s coordinates (window coordinates when nil), converted to this view's.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? window)?.layer)
    }
}
