// TimelineSnapshotTests: where a timed snapshot's time 0 is — delays counted from the clock the
// animation was made on, `.manualClock`, a Stage of the caller's, a view in the caller's window,
// and the model image agreeing with the stage's frame for a still view.
//
// Audited against: SnapshotHost.swift's header (the timeline), Stage's documentation.
// Status: pixel checks only (no references).

import Foundation
import Kinema
import KinemaSnapshotTesting
import SnapshotTesting
import Testing

@MainActor
@Suite("Timed snapshots: where time 0 is", .serialized)
struct TimelineSnapshotTests {
    /// The square's left edge in `image` along y = 50 (the first blue pixel), or nil.
    func squareLeft(_ image: UIImage?) -> Int? {
        (0..<200).first { pixel(image, $0, 50) == [0, 0, 255, 255] }
    }

    @Test("a delay counts from the manual clock the animation was made on, whatever it reads")
    func delayOnAnAdvancedClock() {
        let clock = MediaClock.manual(at: 2)
        MediaClock.withCurrent(clock) {
            let (panel, square) = slidePanel()
            UIView.animate(withDuration: 1, delay: 0.5, options: [.curveLinear], animations: { square.center.x += 100 })
            // 1 s after the snapshot's 0: half-way through the move that began 0.5 s in.
            #expect(squareLeft(take(panel, .image(at: 1))) == 70)
        }
    }

    @Test(".manualClock: a delayed animation lines up with time 0", .manualClock)
    func delayWithTrait() {
        #expect(MediaClock.current.isManual && MediaClock.current.now == 0)
        let (panel, square) = slidePanel()
        UIView.animate(withDuration: 1, delay: 0.25, options: [.curveLinear], animations: { square.center.x += 100 })
        let frames = take(panel, .frames(at: [0.25, 0.75, 1.25]))?.frames ?? []
        #expect(frames.map(squareLeft) == [20, 70, 120])
    }

    @Test("a Stage of the caller's: its own times, frames and the view left where it is")
    func callersStage() {
        let stage = Stage(size: CGSize(width: 200, height: 100), scale: 1, threads: 1)
        let (panel, square) = slidePanel()
        stage.window.addSubview(panel)
        stage.at(0.2) {
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: { square.center.x += 100 })
        }
        // Stage time 0.45: half-way through the move begun at the 0.2 turn (turns every 1/60 s
        // on the way, so the block runs at 0.2 exactly: 12 frames in).
        #expect(squareLeft(take(stage, .image(at: 0.45))) == 70)
        // The view is in the caller's window: .image draws its model without moving it …
        #expect(squareLeft(take(panel, .image)) == 120)
        #expect(panel.superview === stage.window)
        // … and a timed snapshot of it is refused, pointing at the stage.
        #expect(take(panel, .image(at: 1)).flatMap { problem(in: $0) }?.contains("snapshot your Stage instead") == true)
        let later = take(stage, .frames(at: [0.6, 0.7, 0.8]))?.frames ?? []
        #expect(later.map(squareLeft) == [100, 120, 120])
    }

    @Test("a view whose stage was let go (after eight newer ones) is hosted anew at its time 0")
    func evictedHost() {
        let (panel, square) = slidePanel()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { square.center.x += 100 })
        #expect(squareLeft(take(panel, .image(at: 0.5))) == 70)
        for _ in 0..<8 { _ = take(slidePanel().panel, .image(at: 0)) }
        // Its animation ended when it left the old stage's window: at rest at the end, and the
        // new stage's clock starts again, so an earlier time is fine.
        #expect(squareLeft(take(panel, .image(at: 0.25))) == 120)
    }

    @Test("for a still view, .image (the model) and .image(at: 0) (the stage's frame) agree")
    func modelAndFrameAgree() {
        let counter = CounterView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
        let model = take(counter, .image(scale: 2))
        let frame = take(CounterView(frame: CGRect(x: 0, y: 0, width: 120, height: 120)), .image(at: 0, scale: 2))
        #expect(model?.cgImage?.pixmap.premultipliedBytes == frame?.cgImage?.pixmap.premultipliedBytes)
        #expect(model?.cgImage?.width == 240)
    }
}
