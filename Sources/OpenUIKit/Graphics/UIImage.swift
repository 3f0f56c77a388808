// UIImage: an immutable image — a bitmap at a scale and orientation, or a sequence of frames.
//
// Audited against: UIImage docs — init(), init(cgImage:), init(cgImage:scale:orientation:),
// size ("the logical dimensions, in points … multiply the size values by the value in the scale
// property to get the pixel dimensions"; for .left / .right orientations width and height swap),
// scale, cgImage, imageOrientation, images, duration, capInsets, resizingMode, renderingMode,
// Orientation / ResizingMode / RenderingMode raw values. Status: complete for the members listed;
// symbol images, traits and asset catalogues are not implemented (docs/UIKIT.md).

import Foundation
import KinemaRaster
import OpenCoreGraphics

/// An immutable image for drawing and for image views.
///
/// ```swift
/// let icon = UIImage(named: "star")                          // star.png, star@2x.png …
/// let drawn = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
///     UIColor.red.setFill(); UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
/// }
/// drawn.size      // (20, 20) points
/// ```
/// `size` is in points: the bitmap's pixels divided by `scale`. An animated image (`images`
/// non-nil) shows its first frame wherever a still image is drawn. `Sendable`: every property is
/// immutable, and the pixels are an immutable `CGImage`.
public final class UIImage: Sendable, CustomStringConvertible {
    /// How an image's stored pixels are turned to be displayed (raw values as UIKit's).
    public enum Orientation: Int, Sendable, Hashable {
        /// As stored.
        case up = 0
        /// Rotated 180°.
        case down = 1
        /// Rotated 90° counterclockwise.
        case left = 2
        /// Rotated 90° clockwise.
        case right = 3
        /// Flipped horizontally.
        case upMirrored = 4
        /// Flipped vertically.
        case downMirrored = 5
        /// Flipped horizontally, then rotated 90° counterclockwise.
        case leftMirrored = 6
        /// Flipped horizontally, then rotated 90° clockwise.
        case rightMirrored = 7
    }

    /// How a resizable image fills the space between its caps.
    public enum ResizingMode: Int, Sendable, Hashable {
        /// Repeat the middle parts at their own size.
        case tile = 0
        /// Scale the middle parts to fit.
        case stretch = 1
    }

    /// Whether views draw the image's colours or use it as a mask (template).
    public enum RenderingMode: Int, Sendable, Hashable {
        /// Chosen by where the image is used.
        case automatic = 0
        /// Always the image's own colours.
        case alwaysOriginal = 1
        /// Always a template: the image's alpha, filled with the tint colour.
        case alwaysTemplate = 2
    }

    /// The bitmap (for an animated image, its first frame's); nil for `UIImage()`.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat
    /// How the stored pixels are turned for display.
    public let imageOrientation: Orientation
    /// The frames of an animated image; nil for a still image.
    public let images: [UIImage]?
    /// How long one play of an animated image lasts, in seconds; 0 for a still image.
    public let duration: TimeInterval
    /// The fixed edges of a resizable image, in points; `.zero` otherwise.
    public let capInsets: UIEdgeInsets
    /// How a resizable image fills between its caps.
    public let resizingMode: ResizingMode
    /// Whether views draw the image as is or as a template.
    public let renderingMode: RenderingMode
    /// How long each frame of an animated image stays, in seconds (package API for image views
    /// that play frames at their own delays: an animated GIF's delays); empty for a still image.
    package let frameDurations: [Double]

    package init(cgImage: CGImage?, scale: CGFloat, orientation: Orientation, images: [UIImage]? = nil,
                 duration: TimeInterval = 0, frameDurations: [Double] = [], capInsets: UIEdgeInsets = .zero,
                 resizingMode: ResizingMode = .tile, renderingMode: RenderingMode = .automatic) {
        self.cgImage = cgImage
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        imageOrientation = orientation
        self.images = images
        self.duration = duration
        self.frameDurations = frameDurations
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.renderingMode = renderingMode
    }

    /// An empty image: no bitmap, size zero, scale 1.
    public convenience init() {
        self.init(cgImage: nil, scale: 1, orientation: .up)
    }

    /// An image of `cgImage` at scale 1, upright.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// An image of `cgImage` at `scale` pixels a point (not positive and finite: 1), shown turned
    /// by `orientation`.
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(cgImage: cgImage, scale: scale, orientation: orientation, images: nil)
    }

    /// The size in points, as displayed: pixels / scale, width and height swapped for the
    /// left / right orientations.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    /// The size, scale and frame count.
    public var description: String {
        let frames = images.map { ", \($0.count) frames, \(duration) s" } ?? ""
        return "<UIImage: size \(size), scale \(scale)\(frames)>"
    }

    /// A copy with some properties replaced (the pixels are shared).
    package func with(orientation: Orientation? = nil, images: [UIImage]?? = nil, capInsets: UIEdgeInsets? = nil,
                      resizingMode: ResizingMode? = nil, renderingMode: RenderingMode? = nil) -> UIImage {
        UIImage(cgImage: cgImage, scale: scale, orientation: orientation ?? imageOrientation,
                images: images ?? self.images, duration: duration, frameDurations: frameDurations,
                capInsets: capInsets ?? self.capInsets, resizingMode: resizingMode ?? self.resizingMode,
                renderingMode: renderingMode ?? self.renderingMode)
    }

    /// The average colour of the pixels (straight alpha; clear for an empty image), used as a
    /// pattern colour's `cgColor`.
    package var meanColor: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        guard let pixmap = cgImage?.pixmap, pixmap.width > 0, pixmap.height > 0 else { return (0, 0, 0, 0) }
        var sums = [Double](repeating: 0, count: 4)
        let bytes = pixmap.premultipliedBytes
        var i = 0
        while i + 3 < bytes.count {
            for c in 0..<4 { sums[c] += Double(bytes[i + c]) }
            i += 4
        }
        let n = Double(pixmap.width * pixmap.height) * 255
        let a = sums[3] / n
        guard a > 0 else { return (0, 0, 0, 0) }
        return (CGFloat(sums[0] / n / a), CGFloat(sums[1] / n / a), CGFloat(sums[2] / n / a), CGFloat(a))
    }
}
