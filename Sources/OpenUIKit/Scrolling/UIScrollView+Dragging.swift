// UIScrollView+Dragging: the scroll view's pan gesture moving the content — 1:1 after the slop,
// rubber-banded past the edges — and the release: the target offset the delegate may change,
// then deceleration, bounce-back or a page snap.
//
// Audited against: UIScrollView docs (isTracking "whether the user has touched the content to
//   initiate scrolling", isDragging, isDecelerating, isDirectionalLockEnabled, isPagingEnabled);
//   UIScrollViewDelegate docs (scrollViewWillEndDragging velocity in points per millisecond, the
//   target the delegate may change); UIKIT_SEMANTICS §5.1–§5.2 (slop 10 pt, the content offset
//   = finger travel − 10 exactly, release velocity from the trailing ~100 ms, rubber band).
// Status: complete. Choices: a drag caught on moving content starts from where the content is
//   (an overscroll is turned back into finger travel through the rubber band's inverse); the
//   directional lock decides on the first movement (an axis is locked when the movement along it
//   is more than twice that along the other); a delegate's target outside the offsets the
//   content may rest on is moved inside them; `isDragging` turns false just before
//   scrollViewDidEndDragging.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

/// The scroll view's pan recognizer: a pan that also tells the scroll view when a finger
/// touches down and lifts (isTracking; a touch stops a deceleration).
final class ScrollPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?
    /// Where the first finger touched down (window coordinates).
    private(set) var touchDownLocation: CGPoint = .zero

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let first = activeTouches.allSatisfy { touches.contains($0) }
        super.touchesBegan(touches, with: event)
        if first { touchDownLocation = location(in: nil) }
        scrollView?.touchDown()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let lastFinger = activeTouches.allSatisfy { touches.contains($0) }
        super.touchesEnded(touches, with: event)
        if lastFinger { scrollView?.touchUp() }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        let lastFinger = activeTouches.allSatisfy { touches.contains($0) }
        super.touchesCancelled(touches, with: event)
        if lastFinger { scrollView?.touchUp() }
    }
}

extension UIScrollView {
    /// A finger touched the scroll view: tracking; a deceleration stops where it is.
    func touchDown() {
        isTracking = true
        if motion?.kind == .deceleration { stopMotion() }
    }

    /// The last finger lifted: if it never dragged and the content was left past an edge, it
    /// springs back.
    func touchUp() {
        isTracking = false
        bounceBackIfNeeded()
    }

    /// The pan recognizer's action.
    func panned(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began: beginDrag(pan)
        case .changed: drag(by: pan.translation(in: self))
        case .ended:
            // The lift's location is the drag's last point.
            drag(by: pan.translation(in: self))
            endDrag(velocity: pan.velocity(in: self))
        case .cancelled, .failed: endDrag(velocity: .zero)
        default: break
        }
    }

    private func beginDrag(_ pan: UIPanGestureRecognizer) {
        stopMotion()
        isDragging = true
        // The pan began some way past its slop (touches come once a frame): carry the excess.
        dragSlopCarry = .zero
        if let scrollPan = pan as? ScrollPanGestureRecognizer {
            let down = convert(scrollPan.touchDownLocation, from: nil), now = convert(pan.location(in: nil), from: nil)
            let travel = CGPoint(x: now.x - down.x, y: now.y - down.y)
            let distance = (travel.x * travel.x + travel.y * travel.y).squareRoot()
            if distance > ScrollPhysics.panSlop {
                let excess = 1 - ScrollPhysics.panSlop / distance
                dragSlopCarry = CGPoint(x: travel.x * excess, y: travel.y * excess)
            }
        }
        let offset = contentOffset, range = offsetRange, size = bounds.size
        func raw(_ x: Double, _ range: ClosedRange<Double>, _ length: CGFloat) -> CGFloat {
            if x < range.lowerBound {
                return CGFloat(range.lowerBound) - ScrollPhysics.rawOverscroll(displayed: CGFloat(range.lowerBound - x), length: length)
            }
            if x > range.upperBound {
                return CGFloat(range.upperBound) + ScrollPhysics.rawOverscroll(displayed: CGFloat(x - range.upperBound), length: length)
            }
            return CGFloat(x)
        }
        dragOrigin = CGPoint(x: raw(Double(offset.x), range.x, size.width), y: raw(Double(offset.y), range.y, size.height))
        dragAxes = scrollableAxes
        directionDecided = !isDirectionalLockEnabled
        dragStartPage = CGPoint(x: size.width > 0 ? (offset.x / size.width).rounded() : 0,
                                y: size.height > 0 ? (offset.y / size.height).rounded() : 0)
        delegate?.scrollViewWillBeginDragging(self)
        showIndicators()
        drag(by: pan.translation(in: self))
    }

    private func drag(by panTranslation: CGPoint) {
        guard isDragging else { return }
        let translation = CGPoint(x: panTranslation.x + dragSlopCarry.x, y: panTranslation.y + dragSlopCarry.y)
        if !directionDecided, translation != .zero {
            directionDecided = true
            if abs(translation.x) > 2 * abs(translation.y) { dragAxes.vertical = false }
            if abs(translation.y) > 2 * abs(translation.x) { dragAxes.horizontal = false }
        }
        let range = offsetRange, size = bounds.size, current = contentOffset
        func band(_ raw: CGFloat, _ range: ClosedRange<Double>, _ length: CGFloat) -> CGFloat {
            let low = CGFloat(range.lowerBound), high = CGFloat(range.upperBound)
            if raw < low { return bounces ? low - ScrollPhysics.rubberBand(low - raw, length: length) : low }
            if raw > high { return bounces ? high + ScrollPhysics.rubberBand(raw - high, length: length) : high }
            return raw
        }
        contentOffset = CGPoint(
            x: dragAxes.horizontal ? band(dragOrigin.x - translation.x, range.x, size.width) : current.x,
            y: dragAxes.vertical ? band(dragOrigin.y - translation.y, range.y, size.height) : current.y)
    }

    private func endDrag(velocity panVelocity: CGPoint) {
        guard isDragging else { return }
        // The content moves against the finger.
        let velocity = CGPoint(x: dragAxes.horizontal ? -panVelocity.x : 0,
                               y: dragAxes.vertical ? -panVelocity.y : 0)
        let offset = contentOffset, range = offsetRange
        var x: ScrollAxisMotion, y: ScrollAxisMotion
        if isPagingEnabled {
            x = pageMotion(from: Double(offset.x), velocity: Double(velocity.x), page: Double(bounds.width),
                           startPage: Double(dragStartPage.x), range: range.x)
            y = pageMotion(from: Double(offset.y), velocity: Double(velocity.y), page: Double(bounds.height),
                           startPage: Double(dragStartPage.y), range: range.y)
        } else {
            let k = ScrollPhysics.decayConstant(decelerationRate.rawValue)
            x = .release(from: Double(offset.x), velocity: Double(velocity.x), k: k, range: range.x, bounces: bounces)
            y = .release(from: Double(offset.y), velocity: Double(velocity.y), k: k, range: range.y, bounces: bounces)
        }
        let velocityPerMillisecond = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
        // First the scroll view's own say (a collection view's layout, an orthogonal section's
        // snapping), then the delegate's, each re-aiming the motion at a changed target.
        func reaim(at target: CGPoint, from natural: CGPoint, _ who: String) -> CGPoint {
            guard target != natural else { return natural }
            guard target.x.isFinite, target.y.isFinite else {
                KinemaDiagnostics.emit("UIScrollView", "\(who): the target content offset \(target) is not finite; kept \(natural)")
                return natural
            }
            let chosen = clampedOffset(target)
            let k = ScrollPhysics.decayConstant(isPagingEnabled ? ScrollPhysics.pagingRate : decelerationRate.rawValue)
            if chosen.x != natural.x { x = .decay(from: Double(offset.x), to: Double(chosen.x), k: k) }
            if chosen.y != natural.y { y = .decay(from: Double(offset.y), to: Double(chosen.y), k: k) }
            return CGPoint(x: x.position(at: .infinity), y: y.position(at: .infinity))
        }
        var natural = CGPoint(x: x.position(at: .infinity), y: y.position(at: .infinity))
        natural = reaim(at: restingOffset(forProposed: natural, velocity: velocityPerMillisecond), from: natural, "\(type(of: self))")
        var target = natural
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: velocityPerMillisecond, targetContentOffset: pointer)
        }
        _ = reaim(at: target, from: natural, "scrollViewWillEndDragging")
        let motion = ScrollMotion(kind: .deceleration, start: CACurrentMediaTime(), x: x, y: y)
        let willDecelerate = motion.duration > 0
        isDragging = false
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        if willDecelerate {
            delegate?.scrollViewWillBeginDecelerating(self)
            start(motion)
        } else {
            if motion.offset(at: .infinity) != contentOffset { contentOffset = motion.offset(at: .infinity) }
            fadeIndicators(after: 0)
        }
    }

    /// Paging on one axis (UNCONFIRMED rule, ScrollPhysics.pagingRate): the page nearest the
    /// release projected at the fast rate, at most one page from the drag's first page, reached
    /// by a fast-rate deceleration.
    private func pageMotion(from x0: Double, velocity v0: Double, page: Double, startPage: Double,
                            range: ClosedRange<Double>) -> ScrollAxisMotion {
        guard page > 0 else { return ScrollAxisMotion(restingAt: x0) }
        let k = ScrollPhysics.decayConstant(ScrollPhysics.pagingRate)
        let projected = ScrollPhysics.restingPosition(x0, v0, k: k)
        let index = min(max((projected / page).rounded(), startPage - 1), startPage + 1)
        let target = min(max(index * page, range.lowerBound), range.upperBound)
        return .decay(from: x0, to: target, k: k)
    }
}
