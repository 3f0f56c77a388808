// UIScreen: the display a window is shown on — here, the Stage's frame.
//
// Audited against: UIScreen docs — main (deprecated in iOS 16 in favour of a window scene's
//   screen, still what most code reads), bounds ("the bounding rectangle of the screen, measured
//   in points"), scale ("the natural scale factor"), nativeBounds (pixels), nativeScale,
//   maximumFramesPerSecond.
// Status: complete for a headless screen. A Stage sets `UIScreen.main` to its own screen (the
//   newest Stage wins, as its clock does); before any Stage, `main` is 390 × 844 points at 1×
//   (an iPhone 14's screen in points; 1× so images made before a Stage are the size they say).

import Foundation
import OpenCoreGraphics

/// The screen windows are shown on: the Stage's frame, in points, at its scale.
@MainActor
public final class UIScreen {
    /// The screen's rectangle in points (origin zero).
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat
    /// The display's frame rate.
    public let maximumFramesPerSecond: Int

    /// A screen of `bounds` points at `scale` pixels per point, refreshing `fps` times a second.
    public init(bounds: CGRect, scale: CGFloat, maximumFramesPerSecond fps: Int = 60) {
        self.bounds = CGRect(origin: .zero, size: bounds.size)
        self.scale = scale
        self.maximumFramesPerSecond = fps
    }

    /// The screen's rectangle in pixels.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    /// The native scale (the same as `scale` here).
    public var nativeScale: CGFloat { scale }

    /// The main screen: the newest Stage's.
    public static var main: UIScreen {
        get { current }
        set {
            current = newValue
            // Scale 0 in UIGraphicsImageRendererFormat and UIGraphicsBeginImageContextWithOptions
            // means the main screen's (read from any thread, so handed over by value).
            let scale = newValue.scale
            UIGraphicsScreenScale.provider.withLock { $0 = { scale } }
        }
    }

    /// Before any Stage: 390 × 844 points at 1× (the provider's default scale is 1 too).
    private static var current = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 1)
}
