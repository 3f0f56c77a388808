// UIImage+Animated: images made of frames.
//
// Audited against: animatedImage(with:duration:) ("an animated image … from an existing set of
// images. All images included in the animated image should share the same size and scale"),
// animatedImageNamed(_:duration:) ("this method would attempt to load images from files with the
// names 'image0', 'image1' and so on all the way up to 'image1024'. All images included in the
// animated image should share the same size and scale"), animatedResizableImageNamed(_:capInsets:duration:)
// and (_:capInsets:resizingMode:duration:). Status: complete. Frames are not resized to a common
// size: the animated image takes the first frame's size and scale, and a frame of another size
// draws scaled into it. Frames of `animatedImage(with:duration:)` share the duration evenly in
// `frameDurations`.

import Foundation
import KinemaSupport

extension UIImage {
    /// An animated image of `images` playing over `duration` seconds; nil for an empty array.
    /// A negative or non-finite duration counts as 0, with a diagnostic.
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else {
            KinemaDiagnostics.emit("UIImage", "animatedImage(with:duration:): no images; returned nil")
            return nil
        }
        var total = duration
        if !(total.isFinite && total >= 0) {
            KinemaDiagnostics.emit("UIImage", "animatedImage(with:duration:): duration \(duration) is not finite and ≥ 0; 0 used")
            total = 0
        }
        let each = total / Double(images.count)
        return UIImage(cgImage: first.cgImage, scale: first.scale, orientation: first.imageOrientation, images: images,
                       duration: total, frameDurations: Array(repeating: each, count: images.count),
                       capInsets: first.capInsets, resizingMode: first.resizingMode, renderingMode: first.renderingMode)
    }

    /// An animated image of the files `name0`, `name1`, … (stopping at the first missing number,
    /// at most `name1024`), found as `UIImage(named:)` finds them; nil when `name0` is missing
    /// (UIKit also accepts a sequence starting at 1: Kinema does too).
    public static func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        guard let frames = numberedImages(name, "animatedImageNamed(_:duration:)") else { return nil }
        return animatedImage(with: frames, duration: duration)
    }

    /// An animated image of the files `name0`, `name1`, …, each made resizable with `capInsets`
    /// (tiling).
    public static func animatedResizableImageNamed(_ name: String, capInsets: UIEdgeInsets, duration: TimeInterval) -> UIImage? {
        animatedResizableImageNamed(name, capInsets: capInsets, resizingMode: .tile, duration: duration)
    }

    /// An animated image of the files `name0`, `name1`, …, each made resizable with `capInsets`
    /// and `resizingMode`.
    public static func animatedResizableImageNamed(_ name: String, capInsets: UIEdgeInsets, resizingMode: ResizingMode,
                                                   duration: TimeInterval) -> UIImage? {
        guard let frames = numberedImages(name, "animatedResizableImageNamed(_:capInsets:resizingMode:duration:)") else {
            return nil
        }
        let resizable = frames.map { $0.resizableImage(withCapInsets: capInsets, resizingMode: resizingMode) }
        return animatedImage(with: resizable, duration: duration)
    }

    /// `name0` … `name1024` (or from `name1`), up to the first missing one; nil if none.
    private static func numberedImages(_ name: String, _ operation: String) -> [UIImage]? {
        var frames: [UIImage] = []
        let start = UIImage(named: "\(name)0") == nil ? 1 : 0
        for i in start...1024 {
            guard let frame = UIImage(named: "\(name)\(i)") else { break }
            frames.append(frame)
        }
        if frames.isEmpty {
            KinemaDiagnostics.emit("UIImage", "\(operation): no image named \(name)0 or \(name)1; returned nil")
            return nil
        }
        return frames
    }
}
