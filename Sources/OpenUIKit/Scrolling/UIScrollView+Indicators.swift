// UIScrollView+Indicators: the thin bars showing where the visible part lies in the content,
// shown while the content moves and faded out after.
//
// Audited against: UIScrollView docs — showsVerticalScrollIndicator, showsHorizontalScrollIndicator,
//   scrollIndicatorInsets (setting it sets both axes' insets), verticalScrollIndicatorInsets,
//   horizontalScrollIndicatorInsets, indicatorStyle, flashScrollIndicators(); UIKIT_SEMANTICS §5.1
//   (2.5 pt thick, 3 pt from the edges, fade 0.4 s; black at 0.35 opacity).
// Status: complete. Choices (UNCONFIRMED, ScrollPhysics): a 36 pt shortest indicator; past an
//   edge an indicator shortens by the overscroll, down to its thickness; the fade starts when the
//   motion stops. The indicators are subviews of the scroll view (as UIKit's are), made the first
//   time they show and brought to the front each time they show again; `indicatorStyle` .white
//   is white at 0.35 opacity.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

extension UIScrollView {
    /// The insets of both indicators from the scroll view's edges (reading it gives the vertical
    /// indicator's). Non-finite insets are ignored with a diagnostic.
    public var scrollIndicatorInsets: UIEdgeInsets {
        get { storedVerticalIndicatorInsets }
        set {
            guard Self.isFinite(newValue) else {
                KinemaDiagnostics.emit("UIScrollView", "scrollIndicatorInsets \(newValue) is not finite; ignored")
                return
            }
            storedVerticalIndicatorInsets = newValue
            storedHorizontalIndicatorInsets = newValue
            updateIndicators()
        }
    }

    /// The vertical indicator's insets from the scroll view's edges.
    public var verticalScrollIndicatorInsets: UIEdgeInsets {
        get { storedVerticalIndicatorInsets }
        set {
            guard Self.isFinite(newValue) else {
                KinemaDiagnostics.emit("UIScrollView", "verticalScrollIndicatorInsets \(newValue) is not finite; ignored")
                return
            }
            storedVerticalIndicatorInsets = newValue
            updateIndicators()
        }
    }

    /// The horizontal indicator's insets from the scroll view's edges.
    public var horizontalScrollIndicatorInsets: UIEdgeInsets {
        get { storedHorizontalIndicatorInsets }
        set {
            guard Self.isFinite(newValue) else {
                KinemaDiagnostics.emit("UIScrollView", "horizontalScrollIndicatorInsets \(newValue) is not finite; ignored")
                return
            }
            storedHorizontalIndicatorInsets = newValue
            updateIndicators()
        }
    }

    /// Shows the indicators of the axes that scroll, at full opacity, in front of the content.
    func showIndicators() {
        let axes = scrollableAxes
        UIView.performWithoutAnimation {
            if showsVerticalScrollIndicator, axes.vertical {
                let view = verticalIndicator ?? makeIndicator()
                verticalIndicator = view
                reveal(view)
            }
            if showsHorizontalScrollIndicator, axes.horizontal {
                let view = horizontalIndicator ?? makeIndicator()
                horizontalIndicator = view
                reveal(view)
            }
        }
        indicatorsVisible = true
        updateIndicators()
    }

    private func makeIndicator() -> UIView {
        let view = UIView(frame: .zero)
        view.isUserInteractionEnabled = false
        view.layer.cornerRadius = ScrollPhysics.indicatorThickness / 2
        view.alpha = 0
        addSubview(view)
        return view
    }

    private func reveal(_ view: UIView) {
        view.layer.removeAllAnimations()
        view.alpha = 1
        view.backgroundColor = UIColor(white: indicatorStyle == .white ? 1 : 0, alpha: ScrollPhysics.indicatorAlpha)
        // In front of every content view (the other indicator may stay in front of it).
        if let content = subviews.lastIndex(where: { $0 !== verticalIndicator && $0 !== horizontalIndicator }),
           let own = subviews.firstIndex(where: { $0 === view }), own < content {
            bringSubviewToFront(view)
        }
    }

    /// Fades the indicators out over `indicatorFadeDuration`, after `delay` seconds.
    func fadeIndicators(after delay: Double) {
        guard indicatorsVisible else { return }
        indicatorsVisible = false
        let views = [verticalIndicator, horizontalIndicator].compactMap { $0 }
        guard !views.isEmpty else { return }
        UIView.animate(withDuration: ScrollPhysics.indicatorFadeDuration, delay: delay, options: [.allowUserInteraction],
                       animations: { for view in views { view.alpha = 0 } })
    }

    /// Places the indicators for the current offset, content and insets.
    func updateIndicators() {
        guard verticalIndicator != nil || horizontalIndicator != nil else { return }
        let axes = scrollableAxes, range = offsetRange, inset = adjustedContentInset
        let box = bounds, thickness = ScrollPhysics.indicatorThickness, gap = ScrollPhysics.indicatorInset
        UIView.performWithoutAnimation {
            if let view = verticalIndicator {
                view.isHidden = !(showsVerticalScrollIndicator && axes.vertical)
                let insets = storedVerticalIndicatorInsets
                let track = (start: box.minY + insets.top + gap, length: box.height - insets.top - insets.bottom - 2 * gap)
                let (y, length) = Self.indicatorSpan(offset: Double(box.minY), range: range.y, visible: box.height,
                                                     content: contentSize.height + inset.top + inset.bottom, track: track)
                view.frame = CGRect(x: box.maxX - insets.right - gap - thickness, y: y, width: thickness, height: length)
            }
            if let view = horizontalIndicator {
                view.isHidden = !(showsHorizontalScrollIndicator && axes.horizontal)
                let insets = storedHorizontalIndicatorInsets
                let track = (start: box.minX + insets.left + gap, length: box.width - insets.left - insets.right - 2 * gap)
                let (x, length) = Self.indicatorSpan(offset: Double(box.minX), range: range.x, visible: box.width,
                                                     content: contentSize.width + inset.left + inset.right, track: track)
                view.frame = CGRect(x: x, y: box.maxY - insets.bottom - gap - thickness, width: length, height: thickness)
            }
        }
    }

    /// Where along its track an indicator starts, and how long it is: visible/content of the
    /// track (at least `indicatorMinimumLength`), shortened by any overscroll (down to the
    /// thickness), placed by the offset's fraction of the range.
    static func indicatorSpan(offset: Double, range: ClosedRange<Double>, visible: CGFloat, content: CGFloat,
                              track: (start: CGFloat, length: CGFloat)) -> (CGFloat, CGFloat) {
        let thickness = ScrollPhysics.indicatorThickness
        let trackLength = max(track.length, thickness)
        var length = content > 0 ? trackLength * min(visible / content, 1) : trackLength
        length = min(max(length, ScrollPhysics.indicatorMinimumLength), trackLength)
        let over = offset < range.lowerBound ? range.lowerBound - offset : max(offset - range.upperBound, 0)
        length = max(length - CGFloat(over), thickness)
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? min(max((offset - range.lowerBound) / span, 0), 1) : 0
        return (track.start + (trackLength - length) * CGFloat(fraction), length)
    }
}
