// UIScrollView on the stage: drags from scripted touches (1:1 after the 10 pt slop, the rubber
// band past an edge), scrolling by code, isScrollEnabled, bad input, the indicators drawn.
// The physics after a release: UIScrollViewPhysicsTests.swift.

import Foundation
import Kinema
import KinemaRaster
import Testing

/// A delegate recording every message (repeated didScroll collapsed in `sequence`).
@MainActor
final class ScrollLog: UIScrollViewDelegate {
    var calls: [String] = []
    var offsets: [CGPoint] = []
    var releaseVelocity: CGPoint?
    var releaseOffset: CGPoint?
    var releaseTime: Double?
    var proposedTarget: CGPoint?
    /// When set, replaces the target in scrollViewWillEndDragging.
    var replacementTarget: CGPoint?

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        calls.append("didScroll")
        offsets.append(scrollView.contentOffset)
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        calls.append("willEndDragging")
        releaseVelocity = velocity
        releaseOffset = scrollView.contentOffset
        releaseTime = CACurrentMediaTime()
        proposedTarget = targetContentOffset.pointee
        if let replacementTarget { targetContentOffset.pointee = replacementTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        calls.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }

    var sequence: [String] {
        var result: [String] = []
        for call in calls where !(call == "didScroll" && result.last == "didScroll") { result.append(call) }
        return result
    }
    func count(_ name: String) -> Int { calls.filter { $0 == name }.count }
}

/// A 320 × 480 stage whose window is filled by a scroll view over `content` (default 320 × 2000).
@MainActor
func scrollStage(content: CGSize = CGSize(width: 320, height: 2000)) -> (Stage, UIScrollView, ScrollLog) {
    let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1, threads: 1)
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let log = ScrollLog()
    stage.withClock {
        scrollView.contentSize = content
        scrollView.delegate = log
        stage.window.addSubview(scrollView)
        stage.turn(to: 0)
    }
    return (stage, scrollView, log)
}

@Suite("UIScrollView")
@MainActor
struct UIScrollViewTests {
    @Test("a drag moves the content 1:1 with the finger's travel minus the 10 pt slop")
    func dragFollowsFinger() {
        let (stage, scrollView, log) = scrollStage()
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 160, y: 400))
                .move(to: CGPoint(x: 160, y: 200), at: 0.5).hold(until: 0.8).lift()]))
            stage.run(until: 0.25)
            // 0.25 s into a 0.5 s move: 100 pt of travel.
            #expect(abs(scrollView.contentOffset.y - 90) < 1e-9)
            #expect(scrollView.isDragging && scrollView.isTracking)
            stage.run(until: 0.6)
            #expect(abs(scrollView.contentOffset.y - 190) < 1e-9)
            #expect(scrollView.contentOffset.x == 0)
            stage.run(until: 1.2)
        }
        // Held still before lifting: no velocity, so no deceleration.
        #expect(abs(scrollView.contentOffset.y - 190) < 1e-9)
        #expect(!scrollView.isDragging && !scrollView.isTracking && !scrollView.isDecelerating)
        #expect(log.sequence == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        #expect(log.releaseVelocity == .zero)
    }

    @Test("past the top the displayed offset is the rubber band f(x) = (1 − 1/(x·0.55/d + 1))·d")
    func rubberBand() {
        let (stage, scrollView, _) = scrollStage()
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 160, y: 100)).move(to: CGPoint(x: 160, y: 300), at: 0.4).hold(until: 2)]))
            stage.run(until: 0.5)
        }
        // 200 pt of travel − 10 slop = 190 pt of raw overscroll over a 480 pt axis.
        func band(_ x: CGFloat, _ d: CGFloat) -> CGFloat { (1 - 1 / (x * 0.55 / d + 1)) * d }
        #expect(abs(band(100, 960) - 52.0) < 0.05)   // the formula's published example
        #expect(abs(scrollView.contentOffset.y + band(190, 480)) < 1e-9)
    }

    @Test("without bounces a drag past the edge stops at the edge")
    func noBounceClamps() {
        let (stage, scrollView, log) = scrollStage()
        scrollView.bounces = false
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 160, y: 100)).move(to: CGPoint(x: 160, y: 300), at: 0.4).lift()]))
            stage.run(until: 1.5)
        }
        #expect(scrollView.contentOffset == .zero)
        #expect(log.offsets.allSatisfy { $0 == .zero })
    }

    @Test("content no larger than the bounds does not scroll unless alwaysBounceVertical")
    func smallContent() {
        let (stage, scrollView, _) = scrollStage(content: CGSize(width: 320, height: 300))
        stage.withClock {
            stage.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), duration: 0.3)
            stage.run(until: 1)
            #expect(scrollView.contentOffset == .zero)
            scrollView.alwaysBounceVertical = true
            stage.perform(TouchScript([.init(at: CGPoint(x: 160, y: 400)).move(to: CGPoint(x: 160, y: 200), at: 0.3).hold(until: 2)]))
            stage.run(until: 1.5)
        }
        let expected = (1 - 1 / (CGFloat(190) * 0.55 / 480 + 1)) * 480
        #expect(abs(scrollView.contentOffset.y - expected) < 1e-9)
    }

    @Test("isScrollEnabled false: drags are ignored")
    func scrollDisabled() {
        let (stage, scrollView, log) = scrollStage()
        scrollView.isScrollEnabled = false
        #expect(!scrollView.panGestureRecognizer.isEnabled)
        stage.withClock {
            stage.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.2)
            stage.run(until: 2)
        }
        #expect(scrollView.contentOffset == .zero)
        #expect(log.calls.isEmpty)
        #expect(!scrollView.isTracking)
    }

    @Test("setContentOffset animated: eases over 0.25 s and ends with didEndScrollingAnimation once")
    func animatedOffset() {
        let (stage, scrollView, log) = scrollStage()
        stage.withClock {
            scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
            #expect(scrollView.contentOffset == .zero)
            stage.run(until: 0.125)
            // Half-way in time on the symmetric ease-in-ease-out curve: half-way in distance.
            // (The curve is solved to about 1e-5 of its span.)
            #expect(abs(scrollView.contentOffset.y - 150) < 0.01)
            stage.run(until: 0.6)
        }
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 300))
        #expect(log.count("didEndScrollingAnimation") == 1)
        #expect(log.count("didEndDecelerating") == 0)
        #expect(log.count("didScroll") > 5)
        // The eased motion is monotonic.
        let ys = log.offsets.map(\.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test("setContentOffset not animated: at once; it stops a deceleration without an end message")
    func setOffsetStopsMotion() {
        let (stage, scrollView, log) = scrollStage()
        stage.withClock {
            stage.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.25)
            stage.run(until: 0.5)
            #expect(scrollView.isDecelerating)
            let here = scrollView.contentOffset
            scrollView.setContentOffset(here, animated: false)
            #expect(!scrollView.isDecelerating)
            stage.run(until: 2)
            #expect(scrollView.contentOffset == here)
        }
        #expect(log.count("didEndDecelerating") == 0)
    }

    @Test("scrollRectToVisible scrolls the least distance, not at all when visible, within the range")
    func scrollRect() {
        let (stage, scrollView, log) = scrollStage()
        stage.withClock {
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 100, height: 50), animated: false)
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: 1050 - 480))
            let calls = log.calls.count
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 600, width: 10, height: 10), animated: false)
            #expect(log.calls.count == calls)
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 10), animated: false)
            #expect(scrollView.contentOffset.y == 100)
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 1990, width: 10, height: 100), animated: true)
            stage.run(until: 0.5)
        }
        #expect(abs(scrollView.contentOffset.y - (2000 - 480)) < 1e-9)
        #expect(log.count("didEndScrollingAnimation") == 1)
    }

    @Test("contentInset widens the range: the rest offsets run from −top to content + bottom − height")
    func insets() {
        let (stage, scrollView, _) = scrollStage()
        scrollView.contentInset = UIEdgeInsets(top: 40, left: 0, bottom: 60, right: 0)
        #expect(scrollView.adjustedContentInset == scrollView.contentInset)
        stage.withClock {
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 1990, width: 10, height: 10), animated: false)
        }
        #expect(abs(scrollView.contentOffset.y - (2000 + 60 - 480)) < 1e-9)
    }

    @Test("bad input: non-finite sizes, offsets and insets are diagnostics and ignored; negative size is 0")
    func badInput() {
        let (stage, scrollView, _) = scrollStage()
        let (_, reports) = KinemaDiagnostics.collecting {
            stage.withClock {
                scrollView.contentSize = CGSize(width: CGFloat.nan, height: 100)
                scrollView.contentOffset = CGPoint(x: 0, y: CGFloat.infinity)
                scrollView.setContentOffset(CGPoint(x: CGFloat.nan, y: 0), animated: true)
                scrollView.contentInset = UIEdgeInsets(top: CGFloat.infinity, left: 0, bottom: 0, right: 0)
                scrollView.scrollIndicatorInsets = UIEdgeInsets(top: CGFloat.nan, left: 0, bottom: 0, right: 0)
                scrollView.scrollRectToVisible(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), animated: false)
                scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: 1.5)
                stage.run(until: 0.5)
            }
        }
        #expect(reports.count == 7)
        #expect(reports.allSatisfy { $0.domain == "UIScrollView" })
        #expect(scrollView.contentSize == CGSize(width: 320, height: 2000))
        #expect(scrollView.contentOffset == .zero)
        #expect(scrollView.contentInset == .zero)
        #expect(scrollView.decelerationRate == .normal)
        let (_, negative) = KinemaDiagnostics.collecting {
            stage.withClock {
                scrollView.contentSize = CGSize(width: -50, height: -10)
                stage.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.1)
                stage.run(until: 2)
            }
        }
        #expect(negative.count == 1)
        #expect(scrollView.contentSize == .zero)
        #expect(scrollView.contentOffset == .zero)
    }

    @Test("API values: deceleration rates, defaults")
    func apiValues() {
        #expect(UIScrollView.DecelerationRate.normal.rawValue == 0.998)
        #expect(UIScrollView.DecelerationRate.fast.rawValue == 0.99)
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(scrollView.bounces && scrollView.isScrollEnabled && scrollView.clipsToBounds)
        #expect(!scrollView.isPagingEnabled && scrollView.showsVerticalScrollIndicator)
        #expect(scrollView.panGestureRecognizer.view === scrollView)
        #expect(scrollView.contentInsetAdjustmentBehavior == .automatic)
    }
}
