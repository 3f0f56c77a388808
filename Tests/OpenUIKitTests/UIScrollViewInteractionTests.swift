// UIScrollView interactions beyond a single drag: the indicator's geometry while rubber-banding,
// the directional lock, a touch catching a deceleration, a subclass laying out as it scrolls.

import Foundation
import Kinema
import KinemaRaster
import Testing

@Suite("UIScrollView interactions")
@MainActor
struct UIScrollViewInteractionTests {
    @Test("the indicator: visible/content of its track, shortened by the overscroll while rubber-banding")
    func indicatorShrinks() throws {
        let (stage, scrollView, _) = scrollStage()
        var heights: [CGFloat] = []
        var tops: [CGFloat] = []
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 160, y: 300)).move(to: CGPoint(x: 160, y: 200), at: 0.2)
                .move(to: CGPoint(x: 160, y: 500), at: 0.6).hold(until: 2)]))
            stage.run(until: 0.2)
            let bar = scrollView.subviews.last
            heights.append(bar?.frame.height ?? 0)
            tops.append((bar?.frame.minY ?? 0) - scrollView.contentOffset.y)
            stage.run(until: 0.7)
            heights.append(bar?.frame.height ?? 0)
            tops.append((bar?.frame.minY ?? 0) - scrollView.contentOffset.y)
        }
        // 480 of 2000 pt visible, on a 480 − 2·3 pt track; offset 90 of a 1520 pt range.
        let full: CGFloat = 474 * 480 / 2000
        #expect(abs(heights[0] - full) < 1e-9)
        #expect(abs(tops[0] - (3 + (474 - full) * 90 / 1520)) < 1e-9)
        // Then 300 pt down: 210 pt of raw overscroll (the slop was taken once, upwards), shown
        // through the band.
        let over = (1 - 1 / (CGFloat(210) * 0.55 / 480 + 1)) * 480
        #expect(abs(scrollView.contentOffset.y + over) < 1e-9)
        #expect(abs(heights[1] - (full - over)) < 1e-9)
        #expect(abs(tops[1] - 3) < 1e-9)
    }

    @Test("pulled past the top: the rendered frame shows the gap above the content and a shortened bar")
    func renderRubberBand() throws {
        let (stage, scrollView, _) = scrollStage()
        var frame = Pixmap.onePixel
        try stage.withClock {
            for row in 0..<40 {
                let view = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 50, width: 320, height: 50))
                view.backgroundColor = row.isMultiple(of: 2) ? .systemTeal : .systemIndigo
                scrollView.addSubview(view)
            }
            stage.perform(TouchScript([.init(at: CGPoint(x: 160, y: 100)).move(to: CGPoint(x: 160, y: 300), at: 0.4).hold(until: 2)]))
            stage.run(until: 0.5)
            frame = stage.step(to: 0.5 + 1.0 / 60)
            try stage.writeFrame(at: stage.time, to: URL(fileURLWithPath: "/tmp/kinema-scroll-rubberband.png"))
        }
        let gap = Int((1 - 1 / (CGFloat(190) * 0.55 / 480 + 1)) * 480)   // 85 pt
        let above = try #require(frame.pixel(x: 160, y: gap - 2)), row = try #require(frame.pixel(x: 160, y: gap + 2))
        #expect([above.red, above.green, above.blue] == [255, 255, 255])   // the stage's white
        #expect([row.red, row.green, row.blue] != [255, 255, 255])
    }

    @Test("directional lock: a drag starting mostly downwards moves only vertically")
    func directionalLock() {
        let (stage, scrollView, _) = scrollStage(content: CGSize(width: 1000, height: 2000))
        scrollView.isDirectionalLockEnabled = true
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 200, y: 400)).move(to: CGPoint(x: 170, y: 200), at: 0.4)
                .hold(until: 0.45).lift()]))
            stage.run(until: 0.5)
            #expect(scrollView.contentOffset.x == 0)
            #expect(scrollView.contentOffset.y > 150)
            scrollView.setContentOffset(.zero, animated: false)
            scrollView.isDirectionalLockEnabled = false
            stage.perform(TouchScript([.init(at: CGPoint(x: 200, y: 400)).move(to: CGPoint(x: 170, y: 200), at: 0.4).hold(until: 2)]))
            stage.run(until: 1)
        }
        // 30 pt across of a 201.7 pt drag, less its share of the slop.
        #expect(abs(scrollView.contentOffset.x - 30 * (1 - 10 / (30.0 * 30 + 200 * 200).squareRoot())) < 1e-9)
    }

    @Test("a touch stops a deceleration where it is; lifting it without dragging leaves it there")
    func touchCatches() {
        let (stage, scrollView, log) = scrollStage()
        var caught: CGPoint = .zero
        stage.withClock {
            stage.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.25)
            stage.run(until: 0.6)
            stage.perform(TouchScript([.init(at: CGPoint(x: 100, y: 100)).hold(until: 0.3).lift()]))
            stage.run(until: 0.6 + 1.0 / 60)
            caught = scrollView.contentOffset
            #expect(scrollView.isTracking && !scrollView.isDecelerating)
            stage.run(until: 3)
        }
        #expect(scrollView.contentOffset == caught)
        #expect(!scrollView.isTracking)
        #expect(log.count("didEndDecelerating") == 0)
    }

    @Test("a subclass lays out as the content moves: layoutSubviews runs in the turns that scroll")
    func subclassLayout() {
        final class Rows: UIScrollView {
            var layouts: [CGFloat] = []
            override func layoutSubviews() {
                super.layoutSubviews()
                layouts.append(contentOffset.y)
            }
        }
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1, threads: 1)
        let rows = Rows(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        stage.withClock {
            rows.contentSize = CGSize(width: 320, height: 2000)
            stage.window.addSubview(rows)
            stage.turn(to: 0)
            rows.layouts.removeAll()
            rows.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
            stage.turn(to: 1.0 / 60)
            stage.turn(to: 2.0 / 60)
        }
        #expect(rows.layouts == [100])
    }
}
