// UIScrollView after the finger lifts, against the closed forms of UIKIT_SEMANTICS §5.1–§5.2
// (written out here independently of ScrollPhysics): the release velocity, the deceleration
// x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d), the resting offset, the delegate's target, the
// bounce-back springs, paging, the delegate's call order, and the indicators drawn.

import Foundation
import Kinema
import KinemaRaster
import Testing

/// x(t) of a decay from x0 at v0 (pt/s) at rate d per ms.
private func decayed(_ x0: Double, _ v0: Double, _ d: Double, _ t: Double) -> Double {
    x0 + v0 * (pow(d, 1000 * t) - 1) / (1000 * log(d))
}

@Suite("UIScrollView physics")
@MainActor
struct UIScrollViewPhysicsTests {
    /// A flick up: 300 pt in 0.25 s (1200 pt/s), lifted while moving; released at offset 290.
    private func flick(_ stage: Stage) {
        stage.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.25)
    }

    @Test("the release velocity: points per millisecond, from the finger's last 100 ms")
    func releaseVelocity() {
        let (stage, _, log) = scrollStage()
        stage.withClock {
            flick(stage)
            stage.run(until: 0.3)
        }
        let velocity = log.releaseVelocity ?? .zero
        #expect(abs(velocity.y - 1.2) < 1e-6)
        #expect(velocity.x == 0)
        #expect(abs((log.releaseOffset?.y ?? 0) - 290) < 1e-9)
    }

    @Test("deceleration follows x0 + v0·(d^(1000t) − 1)/(1000·ln d) and rests where it said", arguments: [0.998, 0.99])
    func deceleration(rate: Double) {
        let (stage, scrollView, log) = scrollStage()
        scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: CGFloat(rate))
        var samples: [(Double, Double)] = []
        stage.withClock {
            flick(stage)
            stage.run(until: 0.3)
            let t0 = log.releaseTime ?? 0
            for dt in [0.1, 0.3, 0.7, 1.5] where rate == 0.998 || dt < 0.3 {
                stage.run(until: t0 + dt)
                #expect(scrollView.isDecelerating)
                samples.append((Double(scrollView.contentOffset.y), decayed(290, 1200, rate, dt)))
            }
            stage.run(until: 5)
        }
        for (actual, expected) in samples { #expect(abs(actual - expected) < 0.5) }
        // Resting offset: the decay stops at 10 pt/s, i.e. x0 + (v0 − 10)/(−1000·ln d).
        let resting = 290 + (1200 - 10) / (-1000 * Foundation.log(rate))
        #expect(abs(Double(log.proposedTarget?.y ?? 0) - resting) < 1e-6)
        #expect(abs(Double(scrollView.contentOffset.y) - resting) < 1e-6)
        #expect(log.count("didEndDecelerating") == 1)
        #expect(!scrollView.isDecelerating)
    }

    @Test("the same motion at 30 and 60 fps: positions depend on time, not on frames")
    func frameRateIndependent() {
        var results: [Double] = []
        for fps in [30.0, 60.0] {
            let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1, fps: fps, threads: 1)
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let log = ScrollLog()
            stage.withClock {
                scrollView.contentSize = CGSize(width: 320, height: 2000)
                scrollView.delegate = log
                stage.window.addSubview(scrollView)
                stage.turn(to: 0)
                flick(stage)
                stage.run(until: 0.3)
                stage.run(until: (log.releaseTime ?? 0) + 0.8)
            }
            results.append(Double(scrollView.contentOffset.y))
        }
        #expect(abs(results[0] - results[1]) < 1e-6)
        #expect(abs(results[1] - decayed(290, 1200, 0.998, 0.8)) < 1e-6)
    }

    @Test("a target the delegate changes is where the deceleration ends, monotonically")
    func delegateTarget() {
        let (stage, scrollView, log) = scrollStage()
        log.replacementTarget = CGPoint(x: 0, y: 500)
        stage.withClock {
            flick(stage)
            stage.run(until: 5)
        }
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 500))
        let ys = log.offsets.map(\.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(log.count("didEndDecelerating") == 1)
    }

    @Test("one drag and fling: the delegate's calls in UIKit's order")
    func callOrder() {
        let (stage, _, log) = scrollStage()
        stage.withClock {
            flick(stage)
            stage.run(until: 5)
        }
        #expect(log.sequence == ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                 "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test("flung past the top: critically damped bounce (ω = 11/s, peak v/(ω·e)) back to the edge, ended once")
    func bounceAfterFling() {
        let (stage, scrollView, log) = scrollStage()
        var minimum = CGFloat.infinity
        stage.withClock {
            scrollView.contentOffset = CGPoint(x: 0, y: 300)
            stage.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), duration: 0.25)
            while stage.time < 4 {
                stage.run(until: stage.time + 1.0 / 60)
                minimum = min(minimum, scrollView.contentOffset.y)
            }
        }
        // Released at 10 moving at −1200 pt/s; crosses 0 at tc with velocity vc.
        let k = -1000 * Foundation.log(0.998), x0 = 10.0, v0 = -1200.0
        let tc = -Foundation.log(1 - (0 - x0) * k / v0) / k
        let vc = v0 * exp(-k * tc)
        let peak = abs(vc) / (11 * M_E)
        #expect(abs(Double(-minimum) - peak) < 0.5)
        #expect(scrollView.contentOffset == .zero)
        #expect(log.count("didEndDecelerating") == 1)
        #expect(log.sequence.last == "didEndDecelerating")
    }

    @Test("released from a held overscroll: overdamped (9/s, 46/s) back to the edge without overshoot")
    func bounceFromHold() {
        let (stage, scrollView, log) = scrollStage()
        var sample: Double = 0
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 160, y: 100)).move(to: CGPoint(x: 160, y: 300), at: 0.4)
                .hold(until: 0.6).lift()]))
            stage.run(until: 0.7)
            stage.run(until: (log.releaseTime ?? 0) + 0.1)
            sample = Double(scrollView.contentOffset.y)
            stage.run(until: 3)
        }
        let a = -Double((1 - 1 / (CGFloat(190) * 0.55 / 480 + 1)) * 480)
        let c1 = 46 * a / 37, c2 = a - c1
        #expect(abs(sample - (c1 * exp(-0.9) + c2 * exp(-4.6))) < 1e-6)
        #expect(log.offsets.allSatisfy { $0.y <= 0 })
        #expect(scrollView.contentOffset == .zero)
        #expect(log.sequence.suffix(4) == ["didEndDragging(true)", "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    @Test("released past the top while pulling outwards: (A + (v0 + ωA)·t)·e^(−ωt), ω = 11/s, back to the edge")
    func bounceFromOutwardRelease() {
        let (stage, scrollView, log) = scrollStage()
        var start: CGFloat = 0, sample: Double = 0
        stage.withClock {
            // 300 pt down in 0.3 s (1000 pt/s), lifted while moving.
            stage.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), duration: 0.3)
            stage.run(until: 0.35)
            start = log.releaseOffset?.y ?? 0
            stage.run(until: (log.releaseTime ?? 0) + 0.1)
            sample = Double(scrollView.contentOffset.y)
            stage.run(until: 3)
        }
        let a = Double(start), v0 = -1000.0, omega = 11.0, t = 0.1
        #expect(abs(Double(log.releaseVelocity?.y ?? 0) * 1000 - v0) < 1e-6)
        #expect(abs(a + Double((1 - 1 / (CGFloat(290) * 0.55 / 480 + 1)) * 480)) < 1e-9)
        #expect(abs(sample - (a + (v0 + omega * a) * t) * exp(-omega * t)) < 1e-6)
        #expect(scrollView.contentOffset == .zero)
        #expect(log.count("didEndDecelerating") == 1)
    }

    @Test("paging: lands on a multiple of the width, at most one page per flick", arguments: [
        (CGPoint(x: 300, y: 240), CGPoint(x: 100, y: 240), 0.15, CGFloat(320)),   // a flick: next page
        (CGPoint(x: 310, y: 240), CGPoint(x: 10, y: 240), 0.05, CGFloat(320)),    // a hard flick: still one page
    ])
    func paging(from: CGPoint, to: CGPoint, duration: Double, page: CGFloat) {
        let (stage, scrollView, log) = scrollStage(content: CGSize(width: 1600, height: 480))
        scrollView.isPagingEnabled = true
        stage.withClock {
            stage.drag(from: from, to: to, duration: duration)
            stage.run(until: 3)
        }
        #expect(scrollView.contentOffset == CGPoint(x: page, y: 0))
        #expect(log.count("didEndDecelerating") == 1)
    }

    @Test("paging: a slow drag less than half a page settles back on its page")
    func pagingBack() {
        let (stage, scrollView, _) = scrollStage(content: CGSize(width: 1600, height: 480))
        scrollView.isPagingEnabled = true
        stage.withClock {
            scrollView.contentOffset = CGPoint(x: 640, y: 0)
            stage.perform(TouchScript([.init(at: CGPoint(x: 250, y: 240)).move(to: CGPoint(x: 150, y: 240), at: 0.5)
                .hold(until: 0.7).lift()]))
            stage.run(until: 0.65)
            #expect(scrollView.contentOffset.x == 730)
            stage.run(until: 3)
        }
        #expect(scrollView.contentOffset == CGPoint(x: 640, y: 0))
    }

    @Test("rows scrolled by a flick render with the indicator; it fades after the motion stops")
    func renderIndicator() throws {
        let (stage, scrollView, log) = scrollStage()
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemTeal, .systemBlue, .systemPurple]
        var frame = Pixmap.onePixel, faded = Pixmap.onePixel
        var indicator: CGRect = .zero
        try stage.withClock {
            for row in 0..<40 {
                let view = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 50, width: 320, height: 50))
                view.backgroundColor = colors[row % colors.count]
                scrollView.addSubview(view)
            }
            flick(stage)
            stage.run(until: 0.5)
            frame = stage.step(to: 0.5 + 1.0 / 60)
            try stage.writeFrame(at: stage.time, to: URL(fileURLWithPath: "/tmp/kinema-scroll-rows.png"))
            let bar = scrollView.subviews.last
            #expect(bar?.frame.width == 2.5)
            indicator = (bar?.frame ?? .zero).offsetBy(dx: 0, dy: -scrollView.contentOffset.y)
            stage.run(until: 5)
            faded = stage.step(to: 5.5)
        }
        #expect(log.count("didEndDecelerating") == 1)
        // 2.5 pt wide, 3 pt from the right edge; visible/content of the 474 pt track.
        #expect(indicator.minX == 320 - 3 - 2.5)
        #expect(abs(indicator.height - 474 * 480 / 2000) < 1e-9)
        let y = Int(indicator.midY)
        let row = try #require(frame.pixel(x: 200, y: y)), bar = try #require(frame.pixel(x: 315, y: y))
        // Black at 0.35 over the row: 65 % of each channel.
        for (r, b) in [(row.red, bar.red), (row.green, bar.green), (row.blue, bar.blue)] {
            #expect(abs(Double(b) - Double(r) * 0.65) <= 2)
        }
        #expect(row.red != bar.red || row.green != bar.green || row.blue != bar.blue)
        // After the 0.4 s fade the bar is gone.
        let restY = y
        let rowAfter = try #require(faded.pixel(x: 200, y: restY)), barAfter = try #require(faded.pixel(x: 315, y: restY))
        #expect(rowAfter == barAfter)
    }
}
