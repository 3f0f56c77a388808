// UIScrollView: a view whose bounds' origin — the content offset — moves over a larger content,
// by the user's drags with iOS's deceleration, rubber band and bounce, or by code.
//
// Audited against: UIScrollView docs — contentOffset ("the point at which the origin of the
//   content view is offset from the origin of the scroll view"), setContentOffset(_:animated:)
//   ("animate at a constant velocity to the new offset" — Kinema eases, see ScrollPhysics),
//   contentSize, contentInset, adjustedContentInset, contentInsetAdjustmentBehavior, bounces,
//   alwaysBounceVertical/Horizontal ("if … YES and bounces is YES, vertical dragging is allowed
//   even if the content is smaller than the bounds"), isPagingEnabled ("stops on multiples of the
//   scroll view's bounds"), isScrollEnabled, isDirectionalLockEnabled, decelerationRate (.normal,
//   .fast), isTracking, isDragging, isDecelerating, panGestureRecognizer,
//   scrollRectToVisible(_:animated:), the indicator properties, flashScrollIndicators();
//   UIKIT_SEMANTICS §5.1–§5.2 for the physics (ScrollPhysics.swift).
// Status: scrolling complete. Missing: zooming (the zoom properties are stored and have no
//   effect), safe areas (adjustedContentInset is contentInset: Kinema has no safe area), the
//   keyboard, refresh control, scroll-to-top (no status bar), delaysContentTouches (stored).
//   Split: nested types UIScrollView+Types.swift, dragging UIScrollView+Dragging.swift, motion
//   UIScrollView+Motion.swift, indicators UIScrollView+Indicators.swift, the physics
//   ScrollPhysics.swift and ScrollAxisMotion.swift.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

/// A view that scrolls its content: the content offset is its bounds' origin.
///
/// ```swift
/// let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
/// scrollView.contentSize = CGSize(width: 320, height: 2000)
/// for row in 0..<40 {
///     let cell = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 50, width: 320, height: 49))
///     cell.backgroundColor = row.isMultiple(of: 2) ? .systemTeal : .systemIndigo
///     scrollView.addSubview(cell)
/// }
/// scrollView.delegate = self
/// stage.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.2)
/// ```
///
/// **Semantics.** Setting `contentOffset` sets `bounds.origin`, marks the view for layout (so a
/// subclass lays out in `layoutSubviews` as the content moves) and calls the delegate's
/// `scrollViewDidScroll` when the offset changed. The scroll view's own `panGestureRecognizer`
/// drags the content: after the pan's 10 pt slop the content follows the finger 1:1,
/// rubber-banded past the edges when `bounces`; on release it decelerates at `decelerationRate`
/// per millisecond, and springs back from past an edge. All motion is evaluated each frame on a
/// `CADisplayLink` from closed forms of the time since it began, so the positions do not depend
/// on the frame rate. The offsets the content may rest on run from `−adjustedContentInset.top`
/// to `contentSize.height + adjustedContentInset.bottom − bounds.height` (likewise across).
///
/// **Cost.** A display link only while the content moves; nothing per frame otherwise.
@MainActor
open class UIScrollView: UIView {
    // MARK: Stored state

    /// The pan gesture recognizer that drags the content (the scroll view owns it; attached to
    /// the scroll view). Disabled while `isScrollEnabled` is false.
    public let panGestureRecognizer: UIPanGestureRecognizer
    /// The delegate, held weakly.
    open weak var delegate: (any UIScrollViewDelegate)?

    var storedContentSize: CGSize = .zero
    var storedContentInset: UIEdgeInsets = .zero
    var storedDecelerationRate: DecelerationRate = .normal
    /// The motion running (a deceleration or an animated scroll), evaluated by `displayLink`.
    var motion: ScrollMotion?
    var displayLink: CADisplayLink?
    /// While dragging: the content offset the finger's translation counts from, in "raw" terms
    /// (before the rubber band), and the axes the drag may move.
    var dragOrigin: CGPoint = .zero
    var dragAxes: (horizontal: Bool, vertical: Bool) = (true, true)
    var directionDecided = false
    /// The finger travel past the 10 pt slop that the pan's translation (counted from where the
    /// pan began) leaves out, so the content follows travel − 10 exactly.
    var dragSlopCarry: CGPoint = .zero
    /// The page the drag began on (for paging), per axis.
    var dragStartPage: CGPoint = .zero
    /// The indicator views, made the first time they show.
    var horizontalIndicator: UIView?
    var verticalIndicator: UIView?
    /// Whether the indicators are shown (not faded out).
    var indicatorsVisible = false
    var storedVerticalIndicatorInsets: UIEdgeInsets = .zero
    var storedHorizontalIndicatorInsets: UIEdgeInsets = .zero

    /// Whether the vertical indicator shows while the content scrolls vertically. Default true.
    open var showsVerticalScrollIndicator = true {
        didSet { updateIndicators() }
    }
    /// Whether the horizontal indicator shows while the content scrolls across. Default true.
    open var showsHorizontalScrollIndicator = true {
        didSet { updateIndicators() }
    }
    /// The indicators' colour scheme. Default `.default`.
    open var indicatorStyle: IndicatorStyle = .default {
        didSet { updateIndicators() }
    }

    // MARK: Init

    /// A scroll view with `frame`, its content size zero.
    public override init(frame: CGRect) {
        panGestureRecognizer = ScrollPanGestureRecognizer()
        super.init(frame: frame)
        setUpScrolling()
    }

    /// No archives in Kinema: a scroll view with a zero frame and a diagnostic (UIView's).
    public required init?(coder: NSCoder) {
        panGestureRecognizer = ScrollPanGestureRecognizer()
        super.init(coder: coder)
        setUpScrolling()
    }

    // MARK: Hooks for subclasses inside the module (class body, so they can be overridden)

    /// Where a released drag comes to rest, given where it would (`proposed`, already in the
    /// offset range or at its edge) and the release velocity in points per millisecond. Asked
    /// before the delegate's `scrollViewWillEndDragging`, which sees the answer as its target.
    /// The collection view asks its layout here; an orthogonal section snaps to its groups.
    func restingOffset(forProposed proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    /// Whether the scroll view's pan may begin for a movement of `translation`: not when the
    /// movement runs mostly along an axis the content cannot scroll (so a nested scroll view
    /// that scrolls across lets an up-and-down drag reach the one around it).
    func panMayBegin(translation: CGPoint) -> Bool {
        let axes = scrollableAxes
        if axes.horizontal == axes.vertical { return axes.horizontal }
        let across = abs(translation.x), along = abs(translation.y)
        return axes.horizontal ? across >= along : along >= across
    }

    /// The scroll view's own pan begins only for movements it can scroll (`panMayBegin`).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer, let pan = gestureRecognizer as? UIPanGestureRecognizer else {
            return super.gestureRecognizerShouldBegin(gestureRecognizer)
        }
        // The movement since the finger touched down (the pan's translation counts from where it
        // begins, which is now).
        let now = convert(pan.location(in: nil), from: nil)
        let down = (pan as? ScrollPanGestureRecognizer).map { convert($0.touchDownLocation, from: nil) } ?? now
        return panMayBegin(translation: CGPoint(x: now.x - down.x, y: now.y - down.y))
    }

    private func setUpScrolling() {
        clipsToBounds = true
        panGestureRecognizer.addTarget(self, action: UIScrollView.panned)
        (panGestureRecognizer as? ScrollPanGestureRecognizer)?.scrollView = self
        addGestureRecognizer(panGestureRecognizer)
    }

    // MARK: Content geometry

    /// The size of the content, in points. Negative sizes are taken as zero (diagnostic);
    /// non-finite sizes are ignored (diagnostic). Default zero.
    open var contentSize: CGSize {
        get { storedContentSize }
        set {
            guard newValue.width.isFinite, newValue.height.isFinite else {
                KinemaDiagnostics.emit("UIScrollView", "contentSize \(newValue) is not finite; kept \(storedContentSize)")
                return
            }
            if newValue.width < 0 || newValue.height < 0 {
                KinemaDiagnostics.emit("UIScrollView", "contentSize \(newValue) is negative; took the negative sides as 0")
            }
            storedContentSize = CGSize(width: max(newValue.width, 0), height: max(newValue.height, 0))
            updateIndicators()
        }
    }

    /// The point of the content at the scroll view's top-left corner: `bounds.origin`. Setting
    /// it moves the content (not animated; a running deceleration carries on from its own
    /// closed form — use `setContentOffset(_:animated: false)` to stop it). Non-finite offsets
    /// are ignored with a diagnostic.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                KinemaDiagnostics.emit("UIScrollView", "contentOffset \(newValue) is not finite; kept \(bounds.origin)")
                return
            }
            var rect = bounds
            rect.origin = newValue
            bounds = rect
        }
    }

    /// The bounds; a change of origin is a scroll (layout, indicators, `scrollViewDidScroll`).
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            super.bounds = newValue
            let new = super.bounds
            if new.size != old.size {
                setNeedsLayout()
                if new.origin == old.origin { updateIndicators() }
            }
            if new.origin != old.origin { didChangeContentOffset() }
        }
    }

    /// The frame; a change of size lays out and moves the indicators.
    open override var frame: CGRect {
        get { super.frame }
        set {
            let old = super.bounds.size
            super.frame = newValue
            if super.bounds.size != old {
                setNeedsLayout()
                updateIndicators()
            }
        }
    }

    /// After the offset changed: lay out (subclasses place content in `layoutSubviews`), move
    /// the indicators, tell the delegate.
    func didChangeContentOffset() {
        setNeedsLayout()
        updateIndicators()
        delegate?.scrollViewDidScroll(self)
    }

    /// Extra space around the content, inside which the content may scroll. Non-finite insets
    /// are ignored with a diagnostic. Default zero.
    open var contentInset: UIEdgeInsets {
        get { storedContentInset }
        set {
            guard Self.isFinite(newValue) else {
                KinemaDiagnostics.emit("UIScrollView", "contentInset \(newValue) is not finite; kept \(storedContentInset)")
                return
            }
            guard newValue != storedContentInset else { return }
            storedContentInset = newValue
            updateIndicators()
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
        }
    }

    /// The inset the scroll view uses: `contentInset` plus safe-area insets on iOS. Kinema has no
    /// safe area, so it is `contentInset`.
    open var adjustedContentInset: UIEdgeInsets { storedContentInset }

    /// How the safe area adjusts the content inset (stored; no effect without a safe area).
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    /// Tells the scroll view `adjustedContentInset` changed. Default: nothing.
    open func adjustedContentInsetDidChange() {}

    // MARK: Behaviour

    /// Whether the content bounces (rubber-bands) past its edges. Default true.
    open var bounces = true
    /// Whether a vertical drag bounces even when the content is not taller than the bounds
    /// (with `bounces`). Default false.
    open var alwaysBounceVertical = false
    /// Whether a horizontal drag bounces even when the content is not wider than the bounds
    /// (with `bounces`). Default false.
    open var alwaysBounceHorizontal = false
    /// Whether scrolling stops on multiples of the bounds' size. Default false.
    open var isPagingEnabled = false
    /// Whether the user can scroll (it enables `panGestureRecognizer`). Default true.
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether a drag that starts mostly along one axis stays on it. Default false.
    open var isDirectionalLockEnabled = false
    /// Whether touches in the content wait to see if they scroll (stored). Default true.
    open var delaysContentTouches = true
    /// Whether touches in the content are cancelled when dragging starts (stored). Default true.
    open var canCancelContentTouches = true
    /// Whether a tap on the status bar scrolls to the top (stored; no status bar). Default true.
    open var scrollsToTop = true

    /// How fast the content decelerates after a flick (`.normal` 0.998 or `.fast` 0.99 per ms,
    /// or a raw value). A value outside (0, 1) is a diagnostic and is taken as `.normal`.
    open var decelerationRate: DecelerationRate {
        get { storedDecelerationRate }
        set {
            guard newValue.rawValue.isFinite, newValue.rawValue > 0, newValue.rawValue < 1 else {
                KinemaDiagnostics.emit("UIScrollView", "decelerationRate \(newValue.rawValue) must be in (0, 1); used .normal (0.998)")
                storedDecelerationRate = .normal
                return
            }
            storedDecelerationRate = newValue
        }
    }

    // MARK: State

    /// Whether a finger is down on the scroll view (it may not have started dragging yet).
    public internal(set) var isTracking = false
    /// Whether the user is dragging the content.
    public internal(set) var isDragging = false
    /// Whether the content is moving on after the finger lifted (decelerating or bouncing back).
    public internal(set) var isDecelerating = false

    // MARK: Scrolling by code (UIScrollView+Motion.swift)

    /// Moves the content to `contentOffset`: at once, or animated (0.25 s, ease in-out, then
    /// `scrollViewDidEndScrollingAnimation`). Either way a deceleration or animation under way
    /// stops (without its end message). A non-finite offset is ignored with a diagnostic.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        moveContent(to: contentOffset, animated: animated)
    }

    /// Scrolls the least distance that makes `rect` (content coordinates) visible inside the
    /// content insets, within the offsets the content may rest on; nothing when it already is.
    /// A rect larger than the visible area shows its top-left part. Non-finite rects are ignored
    /// with a diagnostic.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        scrollToReveal(rect, animated: animated)
    }

    /// Shows the indicators for a moment (held 0.5 s, then faded over 0.4 s).
    open func flashScrollIndicators() {
        showIndicators()
        fadeIndicators(after: ScrollPhysics.indicatorFlashHold)
    }

    // MARK: Zooming (stored only)

    /// The smallest zoom scale (stored; zooming is not implemented). Default 1.
    open var minimumZoomScale: CGFloat = 1
    /// The largest zoom scale (stored; zooming is not implemented). Default 1.
    open var maximumZoomScale: CGFloat = 1
    /// The zoom scale (stored; zooming is not implemented). Default 1.
    open var zoomScale: CGFloat = 1
    /// Whether zooming bounces past its limits (stored). Default true.
    open var bouncesZoom = true
    /// Whether the content is zooming (always false).
    public var isZooming: Bool { false }

    static func isFinite(_ insets: UIEdgeInsets) -> Bool {
        insets.top.isFinite && insets.left.isFinite && insets.bottom.isFinite && insets.right.isFinite
    }
}
