// Demo: a named, self-contained scene that a Stage can build and record — the seed articles'
// samples, at the layer level and through UIKit. `kinema demo NAME` records one.
//
// Audited against: nothing Apple-specific here (the demos' own files name what they follow);
//   the scenes use only Apple's API (Core Animation's layers and animations, UIKit's views,
//   view animations, text and touches) through `Kinema`.
// Status: the demos of `Demo.all` (layer demos, the UIKit demos, typography); docs/DEMOS.md says
//   which seed sample each reproduces and what to look at.

import Foundation
import Kinema

/// One demo: what it is called, how large and long it plays by default, and how it builds its
/// layers on a stage.
///
/// ```swift
/// let stage = Stage(size: demo.size, scale: 1, fps: demo.fps)
/// demo.build(on: stage)
/// try stage.record(duration: demo.duration, to: URL(fileURLWithPath: "basic.gif"))
/// ```
///
/// **Semantics.** `build(on:)` adds one content layer of the demo's default size to the stage's
/// root layer, centred and scaled to fit the stage (so `--size` keeps the composition, letterboxed
/// on the stage's background), and schedules the scene's changes with `stage.at(_:_:)` relative to
/// the stage's time when it is built. Explicit animations carry their own begin times, so a frame
/// at time t is the same whether the stage was stepped every frame or only a few times on the way.
/// The scenes loop: the frame at `duration` equals the frame at 0.
///
/// **Cost.** A few dozen layers per demo; building is microseconds, frames cost the compositor's
/// time at the stage's pixel size.
public struct Demo: Sendable {
    /// The name `kinema demo` takes (`"basic-animations"`).
    public let name: String
    /// One line: what the demo shows.
    public let summary: String
    /// The seed sample the demo reproduces (article and topic).
    public let source: String
    /// The composition's size in points (the default stage size).
    public let size: CGSize
    /// One loop, in seconds.
    public let duration: Double
    /// The default frame rate of recordings.
    public let fps: Double
    let body: @MainActor @Sendable (DemoScene) -> Void

    /// A demo whose `body` builds its layers in a `DemoScene` of `size` points.
    public init(name: String, summary: String, source: String, size: CGSize, duration: Double, fps: Double = 30,
                body: @escaping @MainActor @Sendable (DemoScene) -> Void) {
        self.name = name
        self.summary = summary
        self.source = source
        self.size = size
        self.duration = duration
        self.fps = fps
        self.body = body
    }

    /// Builds the demo's layers on `stage` and schedules its changes from the stage's current time.
    @MainActor
    public func build(on stage: Stage) {
        stage.withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            // The content is a view, so UIKit demos can add views to it; layer demos add layers
            // to its layer.
            let view = UIView(frame: CGRect(origin: .zero, size: size))
            let content = view.layer
            content.name = "demo.content"
            view.center = CGPoint(x: stage.size.width / 2, y: stage.size.height / 2)
            let fit = min(stage.size.width / size.width, stage.size.height / size.height)
            if abs(fit - 1) > 1e-9 {
                content.transform = CATransform3DMakeScale(fit, fit, 1)
            }
            stage.window.addSubview(view)
            body(DemoScene(stage: stage, content: content, view: view, start: stage.time))
            // Letterboxing (a --size of another aspect) shows the demo's background, not white.
            if stage.rootLayer.backgroundColor == nil { stage.rootLayer.backgroundColor = content.backgroundColor }
            CATransaction.commit()
        }
    }

    /// The seed demos, in the order the lists print them (each tested against independent
    /// references, docs/DEMOS.md).
    public static let all: [Demo] = [.basicAnimations, .transitions, .layerGeometry, .shapes, .button, .curves, .viewTransitions,
                                     .marsBlink, .gifFrames, .drawing, .typography, .cardPopover, .avatarPresent, .navigationBottom, .interactivePop, .sheet, .pinterest]

    /// The one scene catalogue `kinema demo` and `kinema play` share: the seed demos, then the
    /// playback checks.
    public static let catalogue: [Demo] = all + playbackChecks

    /// The scene of the catalogue called `name`, or nil.
    public static func named(_ name: String) -> Demo? {
        catalogue.first { $0.name == name }
    }
}

/// What a demo's body builds in: the content layer (the demo's own coordinate space, UIKit
/// orientation: origin top left, y down) and the stage's clock.
@MainActor
public struct DemoScene {
    /// The stage the demo is built on.
    public let stage: Stage
    /// The demo's root layer: bounds (0, 0, demo size); the layer of `view`.
    public let content: CALayer
    /// The demo's root view (UIKit demos add their views to it).
    public let view: UIView
    /// The stage time the demo started at; `at` and `mediaTime` count from it.
    public let start: Double

    /// Runs `body` at demo time `time` (the first stage turn at or after it).
    public func at(_ time: Double, _ body: @escaping @MainActor () -> Void) {
        stage.at(start + time, body)
    }

    /// Demo time `time` as a media time, for an explicit animation's `beginTime` (the demo's
    /// layers have no timing of their own, so media time is their local time).
    public func mediaTime(_ time: Double) -> CFTimeInterval {
        start + time
    }

    /// Adds `layer` to the content layer.
    public func add(_ layer: CALayer) {
        content.addSublayer(layer)
    }
}

/// The colours the demos share (sRGB).
enum Palette {
    static func rgb(_ hex: UInt32, alpha: CGFloat = 1) -> CGColor {
        CGColor(red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255,
                blue: CGFloat(hex & 0xFF) / 255, alpha: alpha)
    }

    /// UIKit's systemBlue (light appearance), the seed's button colour.
    static let blue = rgb(0x007AFF)
    static let background = rgb(0xF2F2F7)
    static let ink = rgb(0x1C1C1E)
    static let gray = rgb(0x8E8E93)
    static let lightGray = rgb(0xC7C7CC)
    static let white = rgb(0xFFFFFF)
    static let red = rgb(0xFF3B30)
    static let orange = rgb(0xFF9500)
    static let yellow = rgb(0xFFCC00)
    static let green = rgb(0x34C759)
    static let teal = rgb(0x30B0C7)
    static let indigo = rgb(0x5856D6)
    static let purple = rgb(0xAF52DE)
    static let pink = rgb(0xFF2D55)
}

/// Small layer builders the demos share.
@MainActor
enum Make {
    /// A plain layer with a background colour, centred at `center`.
    static func box(_ size: CGSize, at center: CGPoint, color: CGColor?, cornerRadius: CGFloat = 0) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = center
        layer.backgroundColor = color
        layer.cornerRadius = cornerRadius
        return layer
    }

    /// A shape layer drawing `path` (in a bounds of `size`), centred at `center`.
    static func shape(_ path: CGPath, size: CGSize, at center: CGPoint, fill: CGColor?, stroke: CGColor? = nil,
                      lineWidth: CGFloat = 1) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = center
        layer.path = path
        layer.fillColor = fill
        layer.strokeColor = stroke
        layer.lineWidth = lineWidth
        return layer
    }

    /// A small round dot of `diameter`, centred at `center`.
    static func dot(at center: CGPoint, diameter: CGFloat, color: CGColor) -> CALayer {
        box(CGSize(width: diameter, height: diameter), at: center, color: color, cornerRadius: diameter / 2)
    }
}
