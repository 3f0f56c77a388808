// Test support: a demo built on its own stage, stepped at the demo's frame rate (so closures
// scheduled with `at` run at the turns a recording would run them), and pixel probes.

import Foundation
import Kinema
import KinemaDemos
import KinemaRaster

@MainActor
struct DemoRun {
    let demo: Demo
    let stage: Stage

    /// `demo` built on a stage of its default size at `scale`, one compositor thread.
    init(_ demo: Demo, scale: CGFloat = 1) {
        self.demo = demo
        stage = Stage(size: demo.size, scale: scale, fps: demo.fps, threads: 1)
        demo.build(on: stage)
    }

    /// Runs the turns at the demo's frame rate up to `time`, then renders the frame at `time`.
    func frame(at time: Double) -> Pixmap {
        stage.withClock {
            let interval = 1 / demo.fps
            var t = stage.time
            while t + interval < time - 1e-9 {
                t += interval
                stage.turn(to: t)
            }
            return stage.step(to: max(time, stage.time))
        }
    }

    /// The first layer named `name` in the stage's tree (depth first).
    func layer(named name: String) -> CALayer? {
        func search(_ layer: CALayer) -> CALayer? {
            if layer.name == name { return layer }
            for sublayer in layer.sublayers ?? [] {
                if let found = search(sublayer) { return found }
            }
            return nil
        }
        return search(stage.rootLayer)
    }

    /// The presentation of the layer named `name` now.
    func presentation(of name: String) -> CALayer? {
        stage.withClock { layer(named: name)?.presentation() }
    }
}

/// RGBA bytes (straight = premultiplied here: the frames are opaque) of a frame.
struct Image {
    let width: Int, height: Int
    let bytes: [UInt8]

    init(_ pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        bytes = pixmap.premultipliedBytes
    }

    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return (-1, -1, -1) }
        let i = (y * width + x) * 4
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }
}

/// Whether `a` and `b` are within `tolerance` per channel.
func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), _ tolerance: Int) -> Bool {
    abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
}
