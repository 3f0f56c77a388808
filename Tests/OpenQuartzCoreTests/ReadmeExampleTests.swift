// The README's "Use it" example, run as written (except that the clock is installed for this
// task only, so parallel tests cannot see it).
import Kinema
import KinemaGeometry
import Testing

@Suite("README example")
struct ReadmeExampleTests {
    /// The UIKit example, as written, recording into a temporary file; the card ends at x = 260.
    @Test @MainActor func uikitCard() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("readme-card-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: output) }
        let stage = Stage(size: CGSize(width: 320, height: 240), scale: 2)
        let card = UIView(frame: CGRect(x: 20, y: 80, width: 80, height: 80))
        card.backgroundColor = .systemOrange
        card.layer.cornerRadius = 16
        stage.window.addSubview(card)
        stage.at(0.2) {
            UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                           options: [], animations: { card.center.x = 260 })
        }
        try stage.record(duration: 1.5, to: output)
        #expect(card.layer.presentation()?.position.x == 260)
        #expect(((try? Data(contentsOf: output))?.count ?? 0) > 1000)
    }

    @Test func timingFunctionsClockAndTransforms() {
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        let overshoot = CAMediaTimingFunction(controlPoints: 0.65, -0.55, 0.27, 1.55)
        #expect(abs(ease.value(at: 0.5) - 0.5) < 1e-7)
        #expect(overshoot.value(at: 0.9) > 1)
        #expect(overshoot.value(at: 0.1) < 0)

        let clock = MediaClock.manual(at: 0)
        MediaClock.withCurrent(clock) {
            clock.advance(to: 0.5)
            clock.advance(by: 1.0 / 60)
            #expect(abs(CACurrentMediaTime() - (0.5 + 1.0 / 60)) < 1e-15)
        }

        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let from = CATransform3DRotate(perspective, 0, 0, 1, 0)
        let to = CATransform3DRotate(perspective, .pi / 2, 0, 1, 0)
        let halfway = TransformInterpolation(from: from, to: to).value(at: 0.5)
        // Halfway is a rotation by π/4 about y under the same perspective.
        let expected = CATransform3DRotate(perspective, .pi / 4, 0, 1, 0)
        for (a, b) in zip(halfway.entries, expected.entries) {
            #expect(abs(a - b) < 1e-12)
        }
    }
}
