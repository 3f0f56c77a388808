// Two Stages in one process keep to themselves (issue 19, "two Stages interfere"): one Stage's
// turn neither stamps the other's animations on its own clock nor lays out, draws or commits the
// other's tree; each tree is served by its own turns.
//
// Audited against: CATransaction docs (the implicit transaction commits when the run loop next
//   iterates; animations begin at commit) — a Stage is a display with its own run loop and
//   clock, so "the run loop" is the one whose tree changed (docs/ARCHITECTURE.md).

import Foundation
import Kinema
@testable import OpenQuartzCore
@testable import OpenUIKit
import Testing

/// A view that counts its layout passes.
@MainActor
private final class CountingView: UIView {
    var layouts = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
    }
}

@Suite("Two Stages")
@MainActor
struct TwoStagesTests {
    @Test("an implicit animation made for one stage, committed by the other's turn, runs on its own clock")
    func stampedOnOwnClock() throws {
        let early = Stage(size: CGSize(width: 40, height: 40), scale: 1, threads: 1)
        let late = Stage(size: CGSize(width: 40, height: 40), scale: 1, threads: 1)
        late.withClock { late.turn(to: 10) }
        let layer = CALayer()
        early.withClock {
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            early.rootLayer.addSublayer(layer)
            early.turn(to: 0)
            layer.opacity = 0     // implicit: 0.25 s from 1 to 0, begins at commit
        }
        // The late stage's turn commits the implicit transaction holding the change.
        late.withClock { late.turn(to: 10 + 1.0 / 60) }
        early.withClock { early.turn(to: 0.125) }
        let animation = try #require(layer.animation(forKey: "opacity"))
        // Stamped at the early stage's time (0), not the late one's (10).
        #expect(animation.beginTime == 0)
        // Halfway through the 0.25 s fade on the early stage's clock: under way, not over (the
        // default curve is ahead of linear there, so below 0.5).
        let shown = early.withClock { layer.presentation()?.opacity ?? -1 }
        #expect(shown > 0.05 && shown < 0.5)
    }

    @Test("UIKit called in one stage's withClock schedules on that stage, not on the newest")
    func withClockSchedulesHere() {
        let first = Stage(size: CGSize(width: 40, height: 40), scale: 1, threads: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        first.withClock {
            first.window.addSubview(view)
            first.turn(to: 0)
        }
        let newest = Stage(size: CGSize(width: 40, height: 40), scale: 1, threads: 1)
        var finished = false
        first.withClock {
            // A block that animates nothing completes at the next turn of "the" run loop.
            UIView.animate(withDuration: 0.1, animations: {}) { _ in finished = true }
            first.turn(to: 0.05)
            first.turn(to: 0.2)
            first.turn(to: 0.3)
        }
        #expect(finished)
        withExtendedLifetime(newest) {}
    }

    @Test("one stage's turn does not lay out or commit the other's tree; its own turn does")
    func layoutStaysHome() {
        let first = Stage(size: CGSize(width: 40, height: 40), scale: 1, threads: 1)
        let second = Stage(size: CGSize(width: 40, height: 40), scale: 1, threads: 1)
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        second.withClock {
            second.window.addSubview(view)
            second.turn(to: 0)
        }
        first.withClock { first.turn(to: 0) }
        let before = view.layouts
        second.withClock {
            view.setNeedsLayout()
            view.backgroundColor = .red
        }
        first.withClock { first.turn(to: 1.0 / 60) }
        #expect(view.layouts == before)
        // The second stage still shows the old colour (its server has not had the change).
        let stale = second.withClock { second.renderFrame().pixel(x: 5, y: 5) }
        #expect(stale?.red != 255 || stale?.green != 0)
        second.withClock { second.turn(to: 1.0 / 60) }
        #expect(view.layouts == before + 1)
        let fresh = second.withClock { second.renderFrame().pixel(x: 5, y: 5) }
        #expect(fresh == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
    }
}
