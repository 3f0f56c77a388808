// UIView: a rectangle on screen, backed by a Core Animation layer that it is the delegate of.
//
// Audited against: UIView docs — layer ("the view is the layer's delegate"), layerClass,
//   init(frame:), frame / bounds / center ("the center point … in its superview's coordinate
//   system"), transform, transform3D, alpha, backgroundColor, isHidden, clipsToBounds, isOpaque,
//   contentMode, tag / viewWithTag(_:), tintColor ("inherited from the superview; the system
//   default is blue"), contentScaleFactor; UIView.ContentMode raw values; CALayerDelegate
//   action(for:forKey:) ("UIView returns NSNull outside an animation block", UIKIT_SEMANTICS §1).
// Status: the geometry and appearance the issue lists. Hierarchy: UIView+Hierarchy.swift;
//   layout: UIView+Layout.swift; drawing: UIView+Drawing.swift; hit-testing and coordinate
//   conversion: UIView+HitTesting.swift; animations: Animations/.

import Foundation
import KinemaSupport
import OpenCoreGraphics
import OpenQuartzCore

/// A rectangular area on screen, drawn by its layer, in a tree of views.
///
/// ```swift
/// let card = UIView(frame: CGRect(x: 20, y: 40, width: 200, height: 120))
/// card.backgroundColor = .orange
/// card.layer.cornerRadius = 12
/// window.addSubview(card)
/// UIView.animate(withDuration: 0.5) { card.center.x += 100 }
/// ```
///
/// **Semantics.** Main-thread confined, like UIKit. Geometry and appearance live in the layer:
/// `frame`, `bounds`, `center`, `transform`, `alpha`, `isHidden`, `clipsToBounds` and
/// `backgroundColor` read and write it. The view is its layer's delegate and answers "no action"
/// outside animation blocks, so changing a view does not animate unless done in one
/// (`UIView.animate`), while layers that belong to no view keep their implicit animations.
@MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// The class of layer a view of this class creates. Override it to back a view with a
    /// `CAShapeLayer`, a `CAGradientLayer` … Default `CALayer.self`.
    ///
    /// Kinema creates Kinema's layer classes directly; a layer class of your own must adopt
    /// `CALayerPresentationCopying` (Swift can only create an instance through a class's type
    /// with a `required` initializer), else the view gets the nearest Kinema class it inherits
    /// from, with a diagnostic.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer (its class is `layerClass`). The view is its delegate.
    public let layer: CALayer

    /// The view's superview; nil when it is not in a hierarchy.
    public internal(set) weak var superview: UIView?
    /// The view's subviews, back to front.
    public internal(set) var subviews: [UIView] = []
    /// A number to find the view by (`viewWithTag(_:)`). Default 0.
    open var tag: Int = 0
    /// Whether touches reach the view (and its subviews). Default true.
    open var isUserInteractionEnabled = true
    /// Whether the view takes more than one touch at a time. Default false (stored).
    open var isMultipleTouchEnabled = false
    /// Whether the view's touches are its own alone. Default false (stored).
    open var isExclusiveTouch = false
    /// Whether a bounds change resizes the subviews by their `autoresizingMask`. Default true.
    open var autoresizesSubviews = true
    /// How the view resizes when its superview's bounds change. Default `[]`.
    open var autoresizingMask: AutoresizingMask = []
    /// The view controller whose view this is (UIKit's private link; `next` uses it).
    weak var viewController: UIViewController?
    /// The gesture recognizers attached to the view (Gestures/UIView+Gestures.swift).
    var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// Whether the view's own `draw(_:)` drew nothing the last time it was asked: the view then
    /// keeps no backing store (see UIView+Drawing.swift).
    var drawsNothing = false
    /// Animation blocks without `allowUserInteraction` animating this view: while any runs, hit
    /// tests pass the view by (UIView.AnimationOptions.allowUserInteraction).
    var interactionBlockingAnimations = 0
    private var storedBackgroundColor: UIColor?
    var storedTintColor: UIColor?
    private var storedContentMode: ContentMode = .scaleToFill

    /// A view with `frame` in its superview's coordinates.
    public init(frame: CGRect) {
        layer = UIView.makeLayer(of: Self.layerClass)
        super.init()
        layer.delegate = self
        // Views draw when their class draws (UIView+Drawing.swift decides on the first display).
        layer.setNeedsDisplay()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if frame != .zero { self.frame = frame }
        CATransaction.commit()
    }

    /// A view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// Views are not decoded from archives here (no nibs, no storyboards): this makes a view with
    /// a zero frame and reports a diagnostic. Declared so subclasses written for UIKit compile.
    public required init?(coder: NSCoder) {
        layer = UIView.makeLayer(of: Self.layerClass)
        super.init()
        layer.delegate = self
        layer.setNeedsDisplay()
        KinemaDiagnostics.emit("UIView", "init(coder:): Kinema has no archives or nibs; made \(type(of: self)) with a zero frame")
    }

    /// A layer of `layerClass`.
    private static func makeLayer(of layerClass: AnyClass) -> CALayer {
        switch layerClass {
        case let copying as any CALayerPresentationCopying.Type:
            return copying.init(layer: CALayer())
        case is CAGradientLayer.Type: return CAGradientLayer()
        case is CAReplicatorLayer.Type: return CAReplicatorLayer()
        case is CAShapeLayer.Type: return CAShapeLayer()
        case is CATextLayer.Type: return CATextLayer()
        case is CATransformLayer.Type: return CATransformLayer()
        case is CALayer.Type:
            if layerClass != CALayer.self {
                KinemaDiagnostics.emit("UIView", "layerClass \(layerClass) cannot be created by its type (adopt CALayerPresentationCopying); used the nearest Kinema layer class")
            }
            return CALayer()
        default:
            KinemaDiagnostics.emit("UIView", "layerClass \(layerClass) is not a CALayer class; used CALayer")
            return CALayer()
        }
    }

    // MARK: Geometry

    /// The view's frame in its superview's coordinates, derived from `center`, `bounds` and
    /// `transform` (when the transform is not the identity, the smallest rectangle holding the
    /// transformed bounds; UIKit: "undefined" then, so avoid setting it). Setting it sets
    /// `center` and `bounds.size`; animatable.
    open var frame: CGRect {
        get { layer.frame }
        set { setRect(newValue, named: "frame", current: layer.frame) { $0.layer.frame = $1 } }
    }

    /// The view's own coordinate space: origin (where its content scrolls from) and size.
    /// Animatable.
    open var bounds: CGRect {
        get { layer.bounds }
        set { setRect(newValue, named: "bounds", current: layer.bounds) { $0.layer.bounds = $1 } }
    }

    /// Sets a rectangle of the layer's geometry (`write`), refusing a non-finite one with a
    /// diagnostic, then autoresizes the subviews if the size changed.
    private func setRect(_ rect: CGRect, named name: String, current: CGRect, write: (UIView, CGRect) -> Void) {
        guard Self.isFinite(rect) else {
            KinemaDiagnostics.emit("UIView", "\(name) \(rect) is not finite; kept \(current)")
            return
        }
        let oldSize = layer.bounds.size
        write(self, rect)
        boundsSizeDidChange(from: oldSize)
    }

    /// The centre of the view's frame in its superview's coordinates (its layer's `position`).
    /// Animatable.
    open var center: CGPoint {
        get { layer.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                KinemaDiagnostics.emit("UIView", "center \(newValue) is not finite; kept \(layer.position)")
                return
            }
            layer.position = newValue
        }
    }

    /// The affine transform applied about the centre. Animatable. Default identity.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    /// The 3-D transform applied about the centre (the layer's `transform`). Animatable.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// Pixels per point of the view's drawing (its layer's `contentsScale`). A view in a window
    /// takes the window's screen scale.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    // MARK: Appearance

    /// The view's opacity, 0…1 (its layer's `opacity`). Animatable. Default 1.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            guard newValue.isFinite else {
                KinemaDiagnostics.emit("UIView", "alpha \(newValue) is not finite; kept \(layer.opacity)")
                return
            }
            layer.opacity = Float(newValue)
        }
    }

    /// The view's background colour (its layer's). Animatable. Default nil (transparent).
    /// A pattern colour (`UIColor(patternImage:)`) is tiled: the view draws it into its backing
    /// store, under what `draw(_:)` draws, and redraws when its bounds change (not animatable).
    open var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set {
            let hadPattern = storedBackgroundColor?.patternImage != nil
            storedBackgroundColor = newValue
            let hasPattern = newValue?.patternImage != nil
            layer.backgroundColor = hasPattern ? nil : newValue?.cgColor
            if hasPattern || hadPattern {
                updateRedrawOnBoundsChange()
                setNeedsDisplay()
            }
        }
    }

    /// Whether the view is hidden (with its subviews). Default false.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`). Default false.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view promises to fill its bounds with opaque content. Default true, as UIKit's.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// Whether the view clears its bounds before `draw(_:)`. Default true (stored).
    open var clearsContextBeforeDrawing = true

    /// How the view's content is laid out in its bounds when they change size: the layer's
    /// `contentsGravity` (`redraw` redraws instead). Default `scaleToFill`.
    open var contentMode: ContentMode {
        get { storedContentMode }
        set {
            storedContentMode = newValue
            layer.contentsGravity = newValue.gravity
            updateRedrawOnBoundsChange()
        }
    }

    /// The layer redraws on a bounds change for `.redraw` and for a tiled pattern background,
    /// worked out from both (so setting one does not undo what the other needs).
    private func updateRedrawOnBoundsChange() {
        layer.needsDisplayOnBoundsChange = storedContentMode == .redraw || storedBackgroundColor?.patternImage != nil
    }

    /// The tint colour: the view's own, else its superview's, else the system blue.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            storedTintColor = newValue
            tintColorDidChange()
            for view in subviews { view.inheritedTintColorDidChange() }
        }
    }

    /// Called when the tint colour this view shows changes. Default: nothing.
    open func tintColorDidChange() {}

    func inheritedTintColorDidChange() {
        guard storedTintColor == nil else { return }
        tintColorDidChange()
        for view in subviews { view.inheritedTintColorDidChange() }
    }

    // MARK: Responder chain

    /// The view controller whose view this is, else the superview.
    open override var next: UIResponder? {
        if let viewController { return viewController }
        return superview
    }

    // MARK: Layer delegate

    /// A view's layer animates only inside animation blocks: outside one the answer is `NSNull`
    /// (no action); inside, the block's animation for an animatable key (UIView+Animation.swift).
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        UIView.animationAction(for: layer, forKey: event)
    }

    /// Lays out the view: UIKit calls `layoutSubviews()` (and the view controller's
    /// `viewWillLayoutSubviews`/`viewDidLayoutSubviews`) when the layer lays out.
    open func layoutSublayers(of layer: CALayer) {
        guard layer === self.layer else { return }
        viewController?.viewWillLayoutSubviews()
        layoutSubviews()
        viewController?.viewDidLayoutSubviews()
    }

    /// Draws the view through `draw(_:)` into the layer's backing store (UIView+Drawing.swift).
    open func display(_ layer: CALayer) {
        displayLayer(layer)
    }

    /// The layer's drawing: the view's `draw(_:)` with `ctx` as the current UIKit context.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        drawLayer(layer, in: ctx)
    }

    // MARK: Override points (declared here: Swift overrides only what the class body declares)

    /// Called after `subview` was added. Default: nothing.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed. Default: nothing.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view's superview changes. Default: nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view's superview changed. Default: nothing.
    open func didMoveToSuperview() {}
    /// Called before the view's window changes. Default: nothing.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed. Default: nothing.
    open func didMoveToWindow() {}

    /// Lays out the subviews. Default: nothing (autoresizing happens when the bounds change;
    /// there is no Auto Layout).
    open func layoutSubviews() {}

    /// The size that best fits `size`. Default: the view's current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits` its current size, keeping its frame's origin.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size.width.isFinite, size.height.isFinite else { return }
        var frame = self.frame
        frame.size = size
        self.frame = frame
    }

    /// The view's natural size. Default: no intrinsic size on either axis.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Tells the view its intrinsic size changed. Default: nothing (no Auto Layout).
    open func invalidateIntrinsicContentSize() {}

    /// Draws the view's content in `rect` (its bounds) into the current UIKit context
    /// (`UIGraphicsGetCurrentContext()`), flipped so the origin is at the top-left. Default:
    /// nothing (UIView+Drawing.swift).
    open func draw(_ rect: CGRect) {
        UIView.reachedBaseDraw = true
    }

    /// The farthest-down view of this subtree that contains `point` (in this view's coordinates)
    /// and takes touches: hidden views, views with alpha below 0.01 and views that do not take
    /// touches are skipped, subviews front to back (UIView+HitTesting.swift).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point` (in this view's coordinates) is inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// Whether `gestureRecognizer` may leave the possible state (begin or recognize). Default
    /// true; a view vetoes recognizers that would interfere with its own touch handling.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    static func isFinite(_ rect: CGRect) -> Bool {
        rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite && rect.size.height.isFinite
    }
}

extension UIView {
    /// How a view lays out its content when its bounds change (UIView.ContentMode; raw values
    /// as UIKit's).
    public enum ContentMode: Int, Sendable {
        /// How content is scaled or placed in the bounds: stretched, fitted, filled, redrawn, or pinned to the centre, an edge or a corner.
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity that shows content this way. Core Animation names gravities in a y-up
        /// sense, so UIKit's top is the layer's bottom (docs/COMPOSITOR.md, "Contents").
        var gravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .bottom
            case .bottom: .top
            case .left: .left
            case .right: .right
            case .topLeft: .bottomLeft
            case .topRight: .bottomRight
            case .bottomLeft: .topLeft
            case .bottomRight: .topRight
            }
        }
    }

    /// How a view resizes when its superview's bounds change (UIView.AutoresizingMask; raw values
    /// as UIKit's).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The left margin stretches with the superview.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches with the superview.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin stretches with the superview.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin stretches with the superview.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches with the superview.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin stretches with the superview.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// The value `intrinsicContentSize` gives for a dimension with no natural size.
    public static let noIntrinsicMetric: CGFloat = -1
}
