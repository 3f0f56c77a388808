// The property animator's benchmark (issue 15 §5): 1,000 views, each driven by its own
// UIViewPropertyAnimator — half running, half paused and scrubbed (`fractionComplete` set) every
// frame — and what one main-thread frame costs: the 500 scrubs, then the run-loop turn that
// commits them. Targets: ≤ 2 ms a frame (≥ 500 k view-frames a second), and no allocations per
// frame in steady state. Beside it, the view benchmark's plain `UIView.animate` frame (1,000
// blocks a frame), measured in the same run. Allocations are counted by the bench's malloc
// counter (Sources/KinemaBenchAllocations).
import Foundation
import Kinema
import KinemaBenchAllocations

extension BenchSuite {
    static var animators: [Benchmark] { [animatorFrame] }

    /// Each batch is one frame at 60 fps: the paused half's `fractionComplete` set to a value that
    /// sweeps 0 → 1 over two seconds (every view a different phase), then the stage's turn. The
    /// running half runs 1e5-second animations (so none ends during the measurement: steady state
    /// is "running", not restarting).
    static var animatorFrame: Benchmark {
        let count = 1_000
        let scene = MainActor.assumeIsolated { AnimatorBenchScene(count: count) }
        let plain = viewAnimationFrame
        return Benchmark(
            name: "UIViewPropertyAnimator: 1k views, 500 scrubbed, one frame (main thread)",
            target: 500e3,
            operationsPerBatch: count,
            batch: { MainActor.assumeIsolated { scene.frame() } },
            peer: .init(name: "UIView.animate on 1k views, one frame", batch: plain.batch),
            notes: {
                let frames = 240
                // Inside the stage's clock, as a run loop installs it for its life (the live
                // player does): each frame's turn then installs nothing.
                let own = MainActor.assumeIsolated { scene.stage.withClock { measureFrames(frames) { _ = scene.frame() } } }
                let peer = measureFrames(frames) { _ = plain.batch() }
                MainActor.assumeIsolated { scene.tearDown() }
                let counted = kinema_bench_allocations_available() != 0
                func allocations(_ value: Double) -> String {
                    counted ? String(format: "%.1f allocations/frame", value) : "allocations not counted (no malloc counter in this executable)"
                }
                return [
                    String(format: "animators: %.3f ms/frame (mean of %d), worst %.3f ms; %@ (target 0)",
                           own.mean * 1e3, frames, own.worst * 1e3, allocations(own.allocations)),
                    String(format: "UIView.animate: %.3f ms/frame (mean of %d), worst %.3f ms; %@",
                           peer.mean * 1e3, frames, peer.worst * 1e3, allocations(peer.allocations)),
                ]
            }
        )
    }

    /// Runs `body` `frames` times: the mean and worst thread-CPU seconds per call, and the mean
    /// number of allocations (the main thread's malloc/calloc/realloc calls) per call.
    static func measureFrames(_ frames: Int, _ body: () -> Void) -> (mean: Double, worst: Double, allocations: Double) {
        var worst = 0.0
        var total = 0.0
        for _ in 0..<frames {
            let start = threadCPUSeconds()
            body()
            let elapsed = threadCPUSeconds() - start
            total += elapsed
            worst = max(worst, elapsed)
        }
        kinema_bench_allocations_start()
        for _ in 0..<frames { body() }
        let allocations = kinema_bench_allocations_stop()
        return (total / Double(frames), worst, Double(allocations) / Double(frames))
    }
}

/// The animator benchmark's stage: 1,000 views, an animator each (even: running, odd: paused).
@MainActor
final class AnimatorBenchScene {
    let stage = Stage(size: CGSize(width: 64, height: 64), threads: 1)
    private var scrubbed: [UIViewPropertyAnimator] = []
    private var running: [UIViewPropertyAnimator] = []
    private var frameIndex = 0

    private let count: Int
    private var built = false

    /// The views and animators are made at the first frame, not here: the suite's list is built
    /// (and dropped) more than once per run, and a dropped scene would release 500 paused
    /// animators (a diagnostic each).
    init(count: Int) {
        self.count = count
    }

    private func build() {
        built = true
        stage.withClock {
            for k in 0..<count {
                let view = UIView(frame: CGRect(x: CGFloat(k % 40), y: CGFloat(k / 40), width: 4, height: 4))
                stage.window.addSubview(view)
                let animator = UIViewPropertyAnimator(duration: k % 2 == 0 ? 1e5 : 1, curve: .easeInOut) {
                    view.center.x += 20
                    view.alpha = 0.5
                }
                if k % 2 == 0 {
                    animator.startAnimation()
                    running.append(animator)
                } else {
                    animator.pauseAnimation()
                    scrubbed.append(animator)
                }
            }
            stage.turn(to: 0)
        }
    }

    /// Stops every animator where it is (as an app would before dropping them: releasing a
    /// paused animator is a programmer error, with a diagnostic).
    func tearDown() {
        stage.withClock {
            for animator in scrubbed + running { animator.stopAnimation(true) }
        }
        scrubbed = []
        running = []
    }

    /// One frame: scrub the paused half, then the turn. Returns a checksum.
    func frame() -> Double {
        if !built { build() }
        frameIndex += 1
        let time = Double(frameIndex) / 60
        return stage.withClock {
            var sum = 0.0
            for (k, animator) in scrubbed.enumerated() {
                let phase = (time * 0.5 + Double(k) / Double(scrubbed.count)).truncatingRemainder(dividingBy: 1)
                animator.fractionComplete = CGFloat(phase)
                sum += phase
            }
            stage.turn(to: time)
            return sum + Double(running.count)
        }
    }
}
