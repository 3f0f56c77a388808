// UIScrollView+Motion: the content moving on its own — deceleration and bounce-back after a
// drag, animated scrolls — evaluated each frame on a CADisplayLink; the offsets it may rest on;
// setContentOffset(_:animated:) and scrollRectToVisible(_:animated:).
//
// Audited against: UIScrollView docs — setContentOffset(_:animated:), scrollRectToVisible(_:
//   animated:) ("scrolls … so that the area is just visible … if the area is already visible,
//   the method does nothing"); UIScrollViewDelegate docs for scrollViewDidEndDecelerating and
//   scrollViewDidEndScrollingAnimation; UIKIT_SEMANTICS §5.1–§5.2.
// Status: complete. Choices: `setContentOffset(_:animated: false)` stops a running motion
//   without an end message (the iOS idiom for stopping a deceleration); a touch on moving content
//   stops it the same way. Without a host run loop (no Stage) an animated scroll jumps to its end
//   and reports it at once. scrollRectToVisible measures "visible" inside adjustedContentInset.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

/// A motion of the content: both axes, from the time it began.
struct ScrollMotion {
    enum Kind {
        /// After a drag: ends with scrollViewDidEndDecelerating.
        case deceleration
        /// setContentOffset / scrollRectToVisible animated: ends with
        /// scrollViewDidEndScrollingAnimation.
        case animation
    }
    var kind: Kind
    var start: Double
    var x: ScrollAxisMotion
    var y: ScrollAxisMotion

    var duration: Double { max(x.duration, y.duration) }

    func offset(at time: Double) -> CGPoint {
        let t = time - start
        return CGPoint(x: x.position(at: t), y: y.position(at: t))
    }
}

extension UIScrollView {
    /// The content offsets the content rests within, per axis: from −inset to
    /// content + inset − bounds (never below the first).
    var offsetRange: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let inset = adjustedContentInset, size = bounds.size, content = contentSize
        let minX = Double(-inset.left), minY = Double(-inset.top)
        let maxX = max(minX, Double(content.width + inset.right - size.width))
        let maxY = max(minY, Double(content.height + inset.bottom - size.height))
        return (minX...maxX, minY...maxY)
    }

    /// Whether a drag moves the content along each axis: the content (with insets) is larger
    /// than the bounds, or `bounces` with `alwaysBounce…`.
    var scrollableAxes: (horizontal: Bool, vertical: Bool) {
        let range = offsetRange
        return (range.x.upperBound > range.x.lowerBound || (bounces && alwaysBounceHorizontal),
                range.y.upperBound > range.y.lowerBound || (bounces && alwaysBounceVertical))
    }

    /// `offset` moved into `offsetRange`.
    func clampedOffset(_ offset: CGPoint) -> CGPoint {
        let range = offsetRange
        return CGPoint(x: min(max(Double(offset.x), range.x.lowerBound), range.x.upperBound),
                       y: min(max(Double(offset.y), range.y.lowerBound), range.y.upperBound))
    }

    /// `setContentOffset(_:animated:)`.
    func moveContent(to contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            KinemaDiagnostics.emit("UIScrollView", "setContentOffset(\(contentOffset), animated:): not finite; ignored")
            return
        }
        stopMotion()
        guard animated, contentOffset != self.contentOffset else {
            self.contentOffset = contentOffset
            return
        }
        let from = self.contentOffset, duration = ScrollPhysics.animatedScrollDuration
        start(ScrollMotion(kind: .animation, start: CACurrentMediaTime(),
                           x: .eased(from: Double(from.x), to: Double(contentOffset.x), duration: duration),
                           y: .eased(from: Double(from.y), to: Double(contentOffset.y), duration: duration)))
    }

    /// `scrollRectToVisible(_:animated:)`.
    func scrollToReveal(_ rect: CGRect, animated: Bool) {
        guard Self.isFinite(rect) else {
            KinemaDiagnostics.emit("UIScrollView", "scrollRectToVisible(\(rect), animated:): not finite; ignored")
            return
        }
        let rect = rect.standardized, inset = adjustedContentInset, offset = contentOffset
        let visible = CGRect(x: offset.x + inset.left, y: offset.y + inset.top,
                             width: max(bounds.width - inset.left - inset.right, 0),
                             height: max(bounds.height - inset.top - inset.bottom, 0))
        func shift(_ low: CGFloat, _ high: CGFloat, _ visibleLow: CGFloat, _ visibleHigh: CGFloat) -> CGFloat {
            if high - low > visibleHigh - visibleLow { return low - visibleLow }
            if low < visibleLow { return low - visibleLow }
            if high > visibleHigh { return high - visibleHigh }
            return 0
        }
        let dx = shift(rect.minX, rect.maxX, visible.minX, visible.maxX)
        let dy = shift(rect.minY, rect.maxY, visible.minY, visible.maxY)
        guard dx != 0 || dy != 0 else { return }
        let target = clampedOffset(CGPoint(x: offset.x + dx, y: offset.y + dy))
        guard target != offset else { return }
        setContentOffset(target, animated: animated)
    }

    // MARK: Running a motion

    /// Runs `motion` from the next frame (at once when it is already over, or with no host).
    func start(_ motion: ScrollMotion) {
        self.motion = motion
        if motion.kind == .deceleration { isDecelerating = true }
        showIndicators()
        guard motion.duration > 0, HostRunLoop.current != nil else {
            finishMotion()
            return
        }
        if displayLink == nil {
            // A link whose scroll view is gone takes itself off the run loop.
            let link = CADisplayLink { [weak self] link in
                guard let self else { return link.invalidate() }
                self.motionFrame(link)
            }
            link.add(to: .main, forMode: .common)
            displayLink = link
        }
    }

    /// One frame: the content goes where the motion puts it at the link's timestamp.
    func motionFrame(_ link: CADisplayLink) {
        guard let motion else {
            stopDisplayLink()
            return
        }
        if link.timestamp - motion.start >= motion.duration {
            finishMotion()
        } else {
            contentOffset = motion.offset(at: link.timestamp)
        }
    }

    /// The motion is over: rest on its end, tell the delegate, fade the indicators.
    func finishMotion() {
        guard let motion else { return }
        contentOffset = motion.offset(at: .infinity)
        self.motion = nil
        stopDisplayLink()
        fadeIndicators(after: 0)
        switch motion.kind {
        case .deceleration:
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .animation:
            delegate?.scrollViewDidEndScrollingAnimation(self)
        }
    }

    /// Stops a motion where it is, without an end message.
    func stopMotion() {
        guard motion != nil else { return }
        motion = nil
        isDecelerating = false
        stopDisplayLink()
    }

    private func stopDisplayLink() {
        displayLink?.invalidate()
        displayLink = nil
    }

    /// A finger lifted without dragging, or a motion was stopped, with the content past an
    /// edge: it springs back.
    func bounceBackIfNeeded() {
        guard motion == nil, !isDragging else { return }
        let offset = contentOffset, range = offsetRange
        guard !range.x.contains(Double(offset.x)) || !range.y.contains(Double(offset.y)) else { return }
        func axis(_ x: Double, _ range: ClosedRange<Double>) -> ScrollAxisMotion {
            range.contains(x) ? ScrollAxisMotion(restingAt: x)
                : .spring(from: x, velocity: 0, edge: x < range.lowerBound ? range.lowerBound : range.upperBound)
        }
        start(ScrollMotion(kind: .deceleration, start: CACurrentMediaTime(),
                           x: axis(Double(offset.x), range.x), y: axis(Double(offset.y), range.y)))
    }
}
