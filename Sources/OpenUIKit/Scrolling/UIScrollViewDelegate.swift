// UIScrollViewDelegate: what a scroll view tells its delegate while it scrolls.
//
// Audited against: UIScrollViewDelegate docs — scrollViewDidScroll(_:),
//   scrollViewWillBeginDragging(_:), scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)
//   ("velocity … in points per millisecond"; "your application can change the value of the
//   targetContentOffset parameter to adjust where the scrollview finishes its scrolling
//   animation"), scrollViewDidEndDragging(_:willDecelerate:), scrollViewWillBeginDecelerating(_:),
//   scrollViewDidEndDecelerating(_:), scrollViewDidEndScrollingAnimation(_:) ("called … at the
//   end of a scrolling animation … setContentOffset(_:animated:) and
//   scrollRectToVisible(_:animated:) … if animated"), scrollViewShouldScrollToTop(_:),
//   scrollViewDidScrollToTop(_:), the zooming methods, scrollViewDidChangeAdjustedContentInset(_:).
// Status: every method declared. Kinema has no status bar to tap, so the scroll-to-top pair is
//   never called by Kinema; no zooming, so the zooming methods are never called either.

import Foundation

/// The messages a `UIScrollView` sends while it scrolls. Every method is optional (an empty
/// default implementation), as with UIKit's `@objc optional` requirements.
///
/// ```swift
/// final class Snapper: UIScrollViewDelegate {
///     func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
///                                    targetContentOffset: UnsafeMutablePointer<CGPoint>) {
///         targetContentOffset.pointee.y = (targetContentOffset.pointee.y / 100).rounded() * 100
///     }
/// }
/// ```
///
/// For one drag and fling the calls come in this order: `scrollViewWillBeginDragging`,
/// `scrollViewDidScroll` (each frame the finger moves the content), `scrollViewWillEndDragging`,
/// `scrollViewDidEndDragging(willDecelerate: true)`, `scrollViewWillBeginDecelerating`,
/// `scrollViewDidScroll` (each frame), `scrollViewDidEndDecelerating`.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, a deceleration, an animation or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The user's drag began moving the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted: `velocity` in points per millisecond (content-offset direction);
    /// `targetContentOffset` is where the scroll view will come to rest — change its `pointee`
    /// to make the deceleration end elsewhere.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` tells whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts decelerating after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The deceleration (and any bounce-back) ended; the content is at rest.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset` or `scrollRectToVisible` reached its offset.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// Whether a tap on the status bar may scroll to the top (never asked in Kinema).
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The scroll to the top ended (never called in Kinema).
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// The view to scale when zooming (zooming is not implemented; never asked).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// Zooming began (never called in Kinema).
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Zooming ended (never called in Kinema).
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// The zoom scale changed (never called in Kinema).
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed (here: whenever `contentInset` does).
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
