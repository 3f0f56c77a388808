// UIImageView: a view showing an image — or a sequence of images, played as a frame animation.
//
// Audited against: UIImageView docs — init(image:) ("adjusts the frame of the receiver to match
//   the size of the specified image"; isUserInteractionEnabled false by default),
//   init(image:highlightedImage:), image, highlightedImage, isHighlighted, animationImages,
//   highlightedAnimationImages, animationDuration ("the default value … is the number of images
//   multiplied by 1/30th of a second"), animationRepeatCount ("the default value is 0, which
//   specifies to repeat the animation indefinitely"), startAnimating(), stopAnimating(),
//   isAnimating; APPLE_SEMANTICS "UIImageView frame animation" (before and after, the view shows
//   `image` or `highlightedImage`); UIImage docs (an animated image shown in an image view plays
//   by itself); seed 001 (Mars blinking: animationImages, animationDuration 2, repeat count 1).
// Status: complete. The frames play as a discrete CAKeyframeAnimation of the layer's `contents`
//   (evaluated by the render server like any animation), so a recording's frame at t shows the
//   image due at t. An animated UIImage made from a GIF plays each frame for its own delay.
//   Resizable images show through the layer's contentsCenter (stretching between the caps; the
//   tile mode draws stretched here, said in docs/UIKIT.md).

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

/// A view that shows an image, or plays a sequence of images.
///
/// ```swift
/// let view = UIImageView(image: UIImage(named: "Mars"))
/// view.animationImages = [mars, empty, mars, empty, mars]
/// view.animationDuration = 2
/// view.animationRepeatCount = 1
/// view.startAnimating()
/// ```
@MainActor
open class UIImageView: UIView {
    /// The image shown when not highlighted (an animated image plays by itself).
    open var image: UIImage? {
        didSet { updateContents() }
    }
    /// The image shown when highlighted.
    open var highlightedImage: UIImage? {
        didSet { updateContents() }
    }
    /// Whether the view shows its highlighted image (and animation images).
    open var isHighlighted = false {
        didSet { updateContents() }
    }
    /// The frames `startAnimating()` plays.
    open var animationImages: [UIImage]?
    /// The frames played while highlighted.
    open var highlightedAnimationImages: [UIImage]?
    /// One play of the frames, in seconds; 0 means the number of images × 1/30 s.
    open var animationDuration: TimeInterval = 0
    /// How many times the frames play; 0 means forever.
    open var animationRepeatCount: Int = 0

    /// Whether the frame animation is running: its animation is on the layer (one that has
    /// played its repeat count is dropped when the keys are read).
    open var isAnimating: Bool {
        layer.animationKeys()?.contains(Self.frameAnimationKey) ?? false
    }
    private static let frameAnimationKey = "UIImageView.animationImages"
    private static let imageAnimationKey = "UIImageView.animatedImage"

    /// An image view showing `image`, its frame the image's size.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        configure()
        self.image = image
        updateContents()
    }

    /// An image view showing `image`, or `highlightedImage` when highlighted.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        configure()
        self.image = image
        self.highlightedImage = highlightedImage
        updateContents()
    }

    /// An empty image view with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        isUserInteractionEnabled = false
    }

    /// An image view shows its image through the layer's contents and does not draw.
    open override func display(_ layer: CALayer) {}

    /// Starts playing `animationImages` (or `highlightedAnimationImages` while highlighted) from
    /// the first frame.
    open func startAnimating() {
        let frames = (isHighlighted ? highlightedAnimationImages : nil) ?? animationImages
        guard let frames, !frames.isEmpty else {
            if animationImages != nil {
                KinemaDiagnostics.emit("UIImageView", "startAnimating(): animationImages is empty; nothing to play")
            }
            return
        }
        var duration = animationDuration
        if !duration.isFinite || duration < 0 {
            KinemaDiagnostics.emit("UIImageView", "animationDuration \(duration) must be finite and ≥ 0; used the default")
            duration = 0
        }
        if duration == 0 { duration = Double(frames.count) / 30 }
        let repeats = animationRepeatCount
        if repeats < 0 {
            KinemaDiagnostics.emit("UIImageView", "animationRepeatCount \(repeats) must be ≥ 0; playing forever")
        }
        let animation = Self.frameAnimation(frames, durations: nil, duration: duration)
        animation.repeatCount = repeats <= 0 ? .infinity : Float(repeats)
        layer.removeAnimation(forKey: Self.frameAnimationKey)
        layer.add(animation, forKey: Self.frameAnimationKey)
    }

    /// Stops the frame animation; the view shows its image again.
    open func stopAnimating() {
        layer.removeAnimation(forKey: Self.frameAnimationKey)
    }

    /// The image's size (no intrinsic size without an image).
    open override var intrinsicContentSize: CGSize {
        guard let image = shownImage else { return super.intrinsicContentSize }
        return image.size
    }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        shownImage?.size ?? .zero
    }

    private var shownImage: UIImage? {
        (isHighlighted ? highlightedImage : nil) ?? image
    }

    /// Puts the shown image into the layer; an animated image plays by itself.
    private func updateContents() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        layer.removeAnimation(forKey: Self.imageAnimationKey)
        guard let image = shownImage else {
            layer.contents = nil
            return
        }
        layer.contents = Self.upright(image)
        layer.contentsScale = image.scale
        let size = image.size
        if image.capInsets != .zero, size.width > 0, size.height > 0 {
            let insets = image.capInsets
            layer.contentsCenter = CGRect(x: insets.left / size.width, y: insets.top / size.height,
                                          width: max(size.width - insets.left - insets.right, 0) / size.width,
                                          height: max(size.height - insets.top - insets.bottom, 0) / size.height)
        } else {
            layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        }
        if let frames = image.images, frames.count > 1, image.duration > 0, image.duration.isFinite {
            let animation = Self.frameAnimation(frames, durations: image.frameDurations, duration: image.duration)
            animation.repeatCount = .infinity
            layer.add(animation, forKey: Self.imageAnimationKey)
        }
    }

    /// A discrete keyframe animation of `contents` through `frames`: each for its own duration
    /// when `durations` has one per frame, else for an equal share of `duration`.
    private static func frameAnimation(_ frames: [UIImage], durations: [Double]?, duration: Double) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames.map { upright($0) as Any }
        animation.calculationMode = .discrete
        var times: [Double] = []
        if let durations, durations.count == frames.count, durations.allSatisfy({ $0.isFinite && $0 >= 0 }),
           case let total = durations.reduce(0, +), total > 0 {
            var t = 0.0
            for d in durations {
                times.append(t / total)
                t += d
            }
        } else {
            times = frames.indices.map { Double($0) / Double(frames.count) }
        }
        times.append(1)
        animation.keyTimes = times.map { NSNumber(value: $0) }
        animation.duration = duration
        return animation
    }

    /// The image's bitmap, turned upright when its orientation is not `.up`.
    private static func upright(_ image: UIImage) -> CGImage? {
        guard image.imageOrientation != .up, image.size.width > 0, image.size.height > 0 else { return image.cgImage }
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        return UIGraphicsImageRenderer(size: image.size, format: format).image { _ in
            image.draw(at: .zero)
        }.cgImage
    }
}
