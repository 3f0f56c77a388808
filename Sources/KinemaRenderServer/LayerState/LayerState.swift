// LayerState: every property of a CALayer (and of its subclasses) as one Sendable value.
//
// Audited against: the CALayer property docs (developer.apple.com/documentation/quartzcore/calayer,
//   each property's default-value sentence), CAShapeLayer, CAGradientLayer, CAReplicatorLayer
//   and CATextLayer property docs, CATransformLayer.h, CAMediaTiming docs. Each default below
//   names where it comes from. Status: complete for the properties Kinema implements (listed
//   in docs/LAYERS.md); Apple properties not yet modelled are listed there too.
//
// Why a value: the model layer (a main-actor CALayer) holds one LayerState and every property
// read and write goes through it; a presentation layer is a CALayer whose state is the evaluated
// one; the render tree snapshots LayerState values and hands them to the render server's thread.
// One Sendable value serves all three; its hot properties are inline and the rest shared
// copy-on-write, so that copying it (once per animated layer and frame) is cheap.

import Foundation
import KinemaGeometry
import KinemaTiming
import KinemaText
import OpenCoreGraphics

/// Which Core Animation class a layer state belongs to, and so which properties it has.
///
/// `.layer` properties belong to every class; the others add their subclass's properties.
public enum LayerClass: String, Sendable, Hashable, CaseIterable {
    case layer = "CALayer"
    case shape = "CAShapeLayer"
    case gradient = "CAGradientLayer"
    case replicator = "CAReplicatorLayer"
    case text = "CATextLayer"
    case transform = "CATransformLayer"
}

/// Equality by identity for a reference that has no value equality of its own (`CGImage`):
/// two states are equal when they hold the same image object, as Core Animation compares
/// `contents` (by pointer).
@propertyWrapper
package struct IdentityEquatable<Object: AnyObject & Sendable>: Equatable, Sendable {
    package var wrappedValue: Object?

    package init(wrappedValue: Object?) {
        self.wrappedValue = wrappedValue
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.wrappedValue === rhs.wrappedValue
    }
}

/// Every property of a layer as a plain value.
///
/// ```swift
/// var state = LayerState(layerClass: .shape)
/// state.position = CGPoint(x: 50, y: 50)
/// state.shapeState.lineWidth = 4
/// ```
///
/// **Semantics.** A value: copying it copies every property (colours, paths and images are
/// immutable shared references). Defaults are Apple's documented ones. The subclass groups
/// (`shape`, `gradient`, `replicator`, `text`) are nil unless the state belongs to that class;
/// `layerClass` says which. Paths are stored immutable (a `CGMutablePath` is copied when set
/// through `LayerKeyPath`), so a state never changes behind its owner's back.
///
/// **Layout.** The properties animations and every frame touch most (geometry, transform,
/// opacity, hidden) are stored inline; the rest live in `LayerColdState`, one shared box that
/// is copied only when a property in it is written while another state shares it
/// (copy-on-write). Its properties read and write through `state.name` all the same (dynamic
/// member lookup). The render server copies a state for every animated layer at every frame,
/// so the copy is about 200 bytes and one reference count, not the whole 1 KB.
///
/// **Cost.** A copy: about 200 bytes and one retain. The first write to a cold property of a
/// shared state copies the cold part (about 800 bytes).
@dynamicMemberLookup
public struct LayerState: Sendable, Equatable {
    // MARK: Hot: inline

    /// CALayer.bounds — documented default: an empty rectangle
    package var bounds: CGRect = .zero
    /// CALayer.position — documented default: (0.0, 0.0)
    package var position: CGPoint = .zero
    /// CALayer.anchorPoint — documented default: (0.5, 0.5), which represents
    /// the center of the layer’s bounds rectangle
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// CALayer.anchorPointZ — documented default: 0
    package var anchorPointZ: CGFloat = 0
    /// CALayer.zPosition — documented default: 0
    package var zPosition: CGFloat = 0
    /// CALayer.transform — documented default: the identity transform
    package var transform = CATransform3DIdentity
    /// CALayer.opacity — documented default: 1.0
    package var opacity: Float = 1
    /// CALayer.isHidden — documented default: false
    package var isHidden = false

    // MARK: Cold: shared, copied on write

    /// Everything else. Never mutated while shared (see `coldForWriting`).
    @usableFromInline var cold: LayerColdBox

    /// The cold part, made unique first so that a write cannot reach another state's copy.
    @inlinable var coldForWriting: LayerColdBox {
        mutating get {
            if !isKnownUniquelyReferenced(&cold) { cold = LayerColdBox(cold.value) }
            return cold
        }
    }

    /// The cold properties, read and written as if they were the state's own.
    ///
    /// Public and inlinable, with `LayerColdState` and its properties public, for one reason: the
    /// model side (OpenQuartzCore, another module) reads and writes them through here at every
    /// property access, and only a public inlinable subscript with public properties lets the
    /// compiler fold the key path there into a field access. Otherwise each access was a generic
    /// metadata lookup, a key-path walk and a copy of the state (~800 instructions instead of a
    /// few; a third more instructions per commit). `KinemaRenderServer` is an engine module that
    /// the Open modules and the umbrella do not re-export, so this widens no user-facing surface.
    @inlinable
    public subscript<Value>(dynamicMember path: WritableKeyPath<LayerColdState, Value>) -> Value {
        get { cold.value[keyPath: path] }
        set { coldForWriting.value[keyPath: path] = newValue }
    }

    /// The class this state belongs to, read from which subclass group it holds. Public and
    /// inlinable like the subscript: every write to the model reads it from OpenQuartzCore.
    @inlinable public var layerClass: LayerClass { cold.value.layerClass }

    /// A state with Apple's defaults for `layerClass`.
    package init(layerClass: LayerClass = .layer) {
        cold = LayerColdBox(LayerColdState(layerClass: layerClass))
    }

    /// This state as `layerClass`: the CALayer properties are kept, the subclass group becomes
    /// the one `layerClass` has (kept if it already has it, Apple's defaults otherwise).
    /// `CAShapeLayer(layer: plainLayer)` uses this.
    package func converted(to layerClass: LayerClass) -> LayerState {
        guard layerClass != self.layerClass else { return self }
        var result = self
        let fresh = LayerColdState(layerClass: layerClass)
        result.shape = fresh.shape
        result.gradient = fresh.gradient
        result.replicator = fresh.replicator
        result.text = fresh.text
        result.isTransformLayer = fresh.isTransformLayer
        return result
    }

    // The two below are public and inlinable for the same reason as the subscript: the commit
    // reads them from the model side for every changed layer.

    /// The cold part's box as an opaque token, for a cache of something worked out from the cold
    /// properties: holding it keeps the box alive, so while `coldAddress` is still the token's
    /// address the cold properties are unchanged (no other box can have that address meanwhile).
    @inlinable public var coldToken: AnyObject { cold }

    /// The cold part's address: for comparing with a held token's, and for cache hints (never
    /// dereferenced).
    @inlinable public var coldAddress: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(cold).toOpaque()) }

    public static func == (lhs: LayerState, rhs: LayerState) -> Bool {
        lhs.bounds == rhs.bounds && lhs.position == rhs.position && lhs.anchorPoint == rhs.anchorPoint
            && lhs.anchorPointZ == rhs.anchorPointZ && lhs.zPosition == rhs.zPosition
            && lhs.transform == rhs.transform && lhs.opacity == rhs.opacity && lhs.isHidden == rhs.isHidden
            && (lhs.cold === rhs.cold || lhs.cold.value == rhs.cold.value)
    }
}

/// The box holding a `LayerState`'s cold part. Mutated only while uniquely referenced (copy on
/// write), so a box shared between threads is never written: hence `@unchecked Sendable`.
@usableFromInline
final class LayerColdBox: @unchecked Sendable {
    @usableFromInline var value: LayerColdState

    @usableFromInline init(_ value: LayerColdState) {
        self.value = value
    }
}

/// The properties of a layer that `LayerState` keeps out of line: appearance, contents,
/// timing, the subclass groups. Read and written through `LayerState` (`state.cornerRadius`).
public struct LayerColdState: Sendable, Equatable {
    // MARK: Geometry

    /// CALayer.sublayerTransform — documented default: the identity transform
    public var sublayerTransform = CATransform3DIdentity
    /// CALayer.contentsScale — documented default: 1.0
    public var contentsScale: CGFloat = 1
    /// CALayer.isGeometryFlipped — documented default: false
    public var isGeometryFlipped = false

    // MARK: Appearance

    /// CALayer.backgroundColor — documented default: nil
    public var backgroundColor: CGColor?
    /// CALayer.cornerRadius — documented default: 0.0
    public var cornerRadius: CGFloat = 0
    /// CALayer.maskedCorners — all four corners (the CACornerMask docs list no default; every
    /// corner is rounded unless told otherwise, as `cornerRadius` documents).
    public var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    /// CALayer.cornerCurve — `.circular` (CALayer.h).
    public var cornerCurve: CALayerCornerCurve = .circular
    /// CALayer.borderWidth — documented default: 0.0
    public var borderWidth: CGFloat = 0
    /// CALayer.borderColor — documented default: an opaque black color
    public var borderColor: CGColor? = .black
    /// CALayer.shadowColor — documented default: an opaque black color
    public var shadowColor: CGColor? = .black
    /// CALayer.shadowOpacity — documented default: 0.0
    public var shadowOpacity: Float = 0
    /// CALayer.shadowOffset — documented default: (0.0, -3.0)
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// CALayer.shadowRadius — documented default: 3.0
    public var shadowRadius: CGFloat = 3
    /// CALayer.shadowPath — documented default: nil
    public var shadowPath: CGPath?
    /// CALayer.masksToBounds — documented default: false
    public var masksToBounds = false
    /// CALayer.contents — documented default: nil. Compared by identity.
    @IdentityEquatable package var contents: CGImage? = nil
    /// CALayer.contentsGravity — documented default: resize
    public var contentsGravity: CALayerContentsGravity = .resize
    /// CALayer.contentsRect — documented default: the unit rectangle (0, 0, 1, 1)
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// CALayer.contentsCenter — documented default: the unit rectangle
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// CALayer.minificationFilter — documented default: linear
    public var minificationFilter: CALayerContentsFilter = .linear
    /// CALayer.magnificationFilter — documented default: linear
    public var magnificationFilter: CALayerContentsFilter = .linear
    /// CALayer.minificationFilterBias — documented default: 0.0
    public var minificationFilterBias: Float = 0
    /// CALayer.allowsGroupOpacity — documented default: read from UIViewGroupOpacity in
    /// Info.plist, true when absent for apps linked against the iOS 7 SDK or later.
    public var allowsGroupOpacity = true
    /// CALayer.isDoubleSided — documented default: true
    public var isDoubleSided = true
    /// CALayer.isOpaque — documented default: false
    public var isOpaque = false
    /// CALayer.allowsEdgeAntialiasing — documented default: read from UIViewEdgeAntialiasing in
    /// Info.plist, false when absent.
    public var allowsEdgeAntialiasing = false
    /// CALayer.edgeAntialiasingMask — documented default: all four edges
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    /// CALayer.shouldRasterize — documented default: false
    public var shouldRasterize = false
    /// CALayer.rasterizationScale — documented default: 1.0
    public var rasterizationScale: CGFloat = 1
    /// CALayer.drawsAsynchronously — documented default: false
    public var drawsAsynchronously = false
    /// CALayer.needsDisplayOnBoundsChange — documented default: false
    public var needsDisplayOnBoundsChange = false
    /// CALayer.name — documented default: nil
    public var name: String?

    // MARK: Timing (CAMediaTiming defaults, see CAMediaTiming.swift)

    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = 0
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Subclasses

    /// CAShapeLayer's properties; nil for other classes.
    public var shape: ShapeLayerState? {
        didSet { layerClass = Self.layerClass(of: self) }
    }
    /// CAGradientLayer's properties; nil for other classes.
    public var gradient: GradientLayerState? {
        didSet { layerClass = Self.layerClass(of: self) }
    }
    /// CAReplicatorLayer's properties; nil for other classes.
    public var replicator: ReplicatorLayerState? {
        didSet { layerClass = Self.layerClass(of: self) }
    }
    /// CATextLayer's properties; nil for other classes.
    public var text: TextLayerState? {
        didSet { layerClass = Self.layerClass(of: self) }
    }
    /// Whether this is a CATransformLayer: its sublayers keep their 3-D positions (no flattening)
    /// and, as CATransformLayer.h says, only its sublayers are rendered.
    public var isTransformLayer = false {
        didSet { layerClass = Self.layerClass(of: self) }
    }

    // MARK: Kinema extensions

    /// The radius of a Gaussian blur (σ = radius / 2, as shadows) applied to what lies behind
    /// the layer before the layer draws: Kinema's stand-in for `backgroundFilters`, which Apple
    /// does not support on iOS and which UIVisualEffectView needs. 0 (the default) is no blur.
    public var backdropBlurRadius: CGFloat = 0

    /// The saturation applied to the backdrop after its blur (Kinema extension, with the blur:
    /// Apple's blur recipe saturates by 1.8): 1 (the default) leaves it, 0 is grey, above 1
    /// strengthens colour. Luma weights 0.2126, 0.7152, 0.0722 (Rec. 709, as Apple's recipe).
    public var backdropSaturation: CGFloat = 1

    /// Apple's defaults for `layerClass`.
    init(layerClass: LayerClass) {
        switch layerClass {
        case .layer: break
        case .shape: shape = ShapeLayerState()
        case .gradient: gradient = GradientLayerState()
        case .replicator: replicator = ReplicatorLayerState()
        case .text: text = TextLayerState()
        case .transform: isTransformLayer = true
        }
        // Observers do not run in an initializer.
        self.layerClass = layerClass
    }

    /// The class these properties belong to: which subclass group they hold. Kept up to date
    /// by the groups' observers, because every property write reads it.
    public private(set) var layerClass: LayerClass = .layer

    private static func layerClass(of state: LayerColdState) -> LayerClass {
        if state.shape != nil { return .shape }
        if state.gradient != nil { return .gradient }
        if state.replicator != nil { return .replicator }
        if state.text != nil { return .text }
        return state.isTransformLayer ? .transform : .layer
    }

    // Non-optional views of the subclass groups, for key paths: reading one the state lacks
    // gives Apple's defaults; writing one adds the group.

    @inlinable public var shapeState: ShapeLayerState {
        get { shape ?? ShapeLayerState() }
        set { shape = newValue }
    }

    @inlinable public var gradientState: GradientLayerState {
        get { gradient ?? GradientLayerState() }
        set { gradient = newValue }
    }

    @inlinable public var replicatorState: ReplicatorLayerState {
        get { replicator ?? ReplicatorLayerState() }
        set { replicator = newValue }
    }

    @inlinable public var textState: TextLayerState {
        get { text ?? TextLayerState() }
        set { text = newValue }
    }

    /// Values under custom key-value coding keys that animate (numbers, points, sizes, rects,
    /// colours, transforms), so presentation and the render tree carry them
    /// (LayerKeyPath+Custom.swift). Empty by default.
    package var customValues: [String: AnimatableValue] = [:]
}

/// CAShapeLayer's properties, with the defaults its documentation gives.
public struct ShapeLayerState: Sendable, Equatable {
    /// Apple's defaults.
    public init() {}

    /// Documented default: nil
    public var path: CGPath?
    /// Documented default: opaque black
    public var fillColor: CGColor? = .black
    /// Documented default: nonZero
    public var fillRule: CAShapeLayerFillRule = .nonZero
    /// Documented default: nil
    public var strokeColor: CGColor?
    /// Documented default: 1.0
    public var lineWidth: CGFloat = 1
    /// Documented default: butt
    public var lineCap: CAShapeLayerLineCap = .butt
    /// Documented default: miter
    public var lineJoin: CAShapeLayerLineJoin = .miter
    /// Documented default: 10.0
    public var miterLimit: CGFloat = 10
    /// Documented default: nil, a solid line. Lengths in user space, as numbers.
    public var lineDashPattern: [Double]?
    /// Documented default: 0
    public var lineDashPhase: CGFloat = 0
    /// Documented default: 0
    public var strokeStart: CGFloat = 0
    /// Documented default: 1.0
    public var strokeEnd: CGFloat = 1
}

/// CAGradientLayer's properties, with the defaults its documentation gives.
public struct GradientLayerState: Sendable, Equatable {
    /// Apple's defaults.
    public init() {}

    /// Documented default: nil
    public var colors: [CGColor]?
    /// Documented default: nil (nil spreads the stops evenly.)
    public var locations: [Double]?
    /// Documented default: (0.5,0.0)
    public var startPoint = CGPoint(x: 0.5, y: 0)
    /// Documented default: (0.5,1.0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    /// Documented default: axial
    public var type: CAGradientLayerType = .axial
}

/// CAReplicatorLayer's properties, with the defaults its documentation gives.
public struct ReplicatorLayerState: Sendable, Equatable {
    /// Apple's defaults.
    public init() {}

    /// Documented default: 1, no extra copies are created
    public var instanceCount = 1
    /// Documented default: false
    public var preservesDepth = false
    /// Documented default: 0.0
    public var instanceDelay: CFTimeInterval = 0
    /// Documented default: the identity transform
    public var instanceTransform = CATransform3DIdentity
    /// Documented default: opaque white
    public var instanceColor: CGColor? = .white
    /// Documented default: 0.0 (each of the four offsets)
    public var instanceRedOffset: Float = 0
    public var instanceGreenOffset: Float = 0
    public var instanceBlueOffset: Float = 0
    public var instanceAlphaOffset: Float = 0
}

/// CATextLayer's properties, with the defaults its documentation and header give.
public struct TextLayerState: Sendable, Equatable {
    /// Apple's defaults.
    public init() {}

    /// The text: plain characters, or an attributed string as styled text. Documented default:
    /// nil.
    package var text: TextLayerText?
    /// The text's characters (plain, or the attributed string's), nil when there is none.
    public var string: String? {
        switch text {
        case .plain(let string): string
        case .attributed(let attributed): attributed.styled.string
        case nil: nil
        }
    }
    /// The font: a name, or a font object's face. Documented default: the Helvetica font.
    package var font = TextLayerFont(name: "Helvetica")
    /// The font's name, as the `font` property reads back.
    public var fontName: String { font.name }
    /// Documented default: 36.0
    public var fontSize: CGFloat = 36
    /// Documented default: opaque white
    public var foregroundColor: CGColor? = .white
    /// Documented default: false
    public var isWrapped = false
    /// Documented default: natural
    public var alignmentMode: CATextLayerAlignmentMode = .natural
    /// Documented default: none
    public var truncationMode: CATextLayerTruncationMode = .none
    /// Documented default: false
    public var allowsFontSubpixelQuantization = false
}

extension LayerState {
    /// Whether the layer changes what lies behind it (a backdrop blur or saturation).
    package var hasBackdropEffect: Bool {
        let radius = self.backdropBlurRadius, saturation = self.backdropSaturation
        return (radius > 0 && radius.isFinite) || (saturation != 1 && saturation.isFinite)
    }
}
