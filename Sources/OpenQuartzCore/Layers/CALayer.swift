// CALayer: the model layer — Apple's API over one LayerState.
//
// Audited against: the CALayer class reference (developer.apple.com/documentation/quartzcore/
//   calayer: every property and method declared below, with its type and default), the Core
//   Animation Programming Guide (Core Animation Basics; Key-Value Coding Extensions), and
//   CAMediaTiming. Status: the model tree: geometry, appearance, hierarchy, drawing and layout
//   hooks, key-value coding, actions lookup, explicit animations and `presentation()`
//   (CALayer+Animations.swift), implicit actions (CALayer+Actions.swift, run from the change
//   hook `didChange(_:from:)`), the render-tree glue (CALayer+RenderTree.swift). Left to later
//   work: `visibleRect`, `scroll(_:)`, filters, `contentsFormat`, archiving.
//
// Why this file is long: Apple's CALayer members are all overridable (`override var bounds` with
// a didSet, `override func draw(in:)` …), and Swift lets a subclass override only members
// declared in the class body, not in extensions. So every public member is declared here, each
// in a few lines; the logic lives in the CALayer+… files and in LayerState / LayerKeyPath /
// LayerGeometry, which know nothing of the class.
//
// Every property write goes through `write(_:_:)` (CALayer+State.swift): one table lookup, the
// state change, and `didChange(_:from:)`.

import Foundation
import Synchronization
import KinemaRenderServer
import KinemaSupport
import KinemaTiming

/// An object that manages image-based content and allows you to perform animations on that
/// content (Apple's model layer).
///
/// ```swift
/// let layer = CALayer()
/// layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
/// layer.position = CGPoint(x: 50, y: 20)
/// layer.frame                      // (0, 0, 100, 40)
/// layer.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
/// parent.addSublayer(layer)
/// ```
///
/// **Semantics.** Main-actor confined, as the model tree is (DESIGN §3). Every property lives in
/// one `LayerState` value (`state`); reads return it, writes go through the key-path table, so
/// `layer.opacity = 0.5` and `layer.setValue(0.5, forKey: "opacity")` do the same thing. Defaults
/// are Apple's documented ones; a subclass overriding `defaultValue(forKey:)` changes them for
/// its instances, as Apple documents. Bad input — a NaN position, a layer added to its own
/// descendant, an unknown key path — is refused with one `KinemaDiagnostic` and changes nothing.
/// Layers compare and hash by identity, as NSObjects do.
///
/// **Cost.** A layer holds one `LayerState` (224 bytes inline, the rest shared copy-on-write) and
/// its links; a property write is one dictionary lookup plus the change hook.
@MainActor
open class CALayer: @MainActor CAMediaTiming, Hashable, CustomStringConvertible {
    /// Every property value of the layer. Package code (the presentation and render work) may
    /// read and replace it whole; replacing it runs no hook.
    ///
    /// The layer's hot fields skip the run-time exclusivity check (`@exclusivity(unchecked)`):
    /// a layer is main-actor confined, and every property write and commit reads them, where the
    /// check showed as a tenth of a commit's time.
    @exclusivity(unchecked) package var state: LayerState

    // The fields a commit reads for every changed layer, next to the state: with it they span
    // seven cache lines, which the commit asks for ahead (CALayer+RenderTree.swift).
    /// The render-tree node of the last commit that changed this layer (CALayer+RenderTree.swift).
    @exclusivity(unchecked) var committedNode: RenderNode?
    /// Whether the layer's own state, animations, sublayer list or mask changed since
    /// `committedNode` was made.
    @exclusivity(unchecked) var renderDirty = true
    /// Whether some layer below this one (sublayer or mask, at any depth) is `renderDirty`.
    @exclusivity(unchecked) var renderSubtreeDirty = false
    /// Whether `committedNode` leaves out layers below the drawn depth limit (it is then made
    /// anew at each commit; CALayer+RenderTree.swift).
    @exclusivity(unchecked) final var renderTruncated = false
    /// How many times a commit has left out the layers below a layer at the drawn depth limit
    /// (`LayerTreeDepth.maximumLevels`), for the commit's diagnostic.
    static var renderCuts = 0
    /// The committed animations in render-tree form, until the animations change.
    @exclusivity(unchecked) var renderAnimationCache: RenderAnimationSet?
    /// Where the objects of the last commit live, for the next commit's cache hints.
    @exclusivity(unchecked) var renderAddresses = RenderAddresses()

    // The three links a layer holds strongly are `nonisolated(unsafe)` for one reader only: the
    // deinit (nonisolated), which takes them out of layers nothing else holds so that a long
    // chain is freed without recursion (`releaseWithoutRecursion`). Everything else uses them
    // on the main actor, as the class is.
    @exclusivity(unchecked) nonisolated(unsafe) var sublayerStorage: [CALayer] = []
    weak var superlayerStorage: CALayer?
    @exclusivity(unchecked) nonisolated(unsafe) var maskStorage: CALayer?
    /// The timing a commit last worked out, the address of the cold part of the state it came
    /// from, and that cold part itself (held so that no other can take its address meanwhile;
    /// CALayer+RenderTree.swift).
    @exclusivity(unchecked) var renderTiming = MediaTiming()
    @exclusivity(unchecked) var renderTimingAddress: UnsafeRawPointer?
    @exclusivity(unchecked) var renderTimingToken: AnyObject?
    /// The serials of the transaction frames that last listed this layer as changed and as
    /// having animations to stamp (CATransaction.swift).
    @exclusivity(unchecked) var transactionMarks: (changed: UInt64, pending: UInt64) = (0, 0)
    /// On a presentation copy: the model layer it shows; nil on a model layer.
    @exclusivity(unchecked) var presentedModel: CALayer?
    /// The layer whose `mask` this layer is.
    weak var maskOwner: CALayer?
    /// Values set with `setValue(_:forKey:)` under keys that are not properties (Apple's layers
    /// are "key-value coding compliant container classes").
    var customValues: [String: Any] = [:]
    @exclusivity(unchecked) var needsDisplayFlag = false
    @exclusivity(unchecked) var needsLayoutFlag = false
    /// Whether this layer or one below it (sublayer or mask, any depth) may need layout or
    /// display at the next commit (CALayer+RenderTree.swift). Starts set: a new layer is visited
    /// once.
    @exclusivity(unchecked) var layoutDisplayPending = true
    /// The added animations and their snapshots (CALayer+Animations.swift).
    @exclusivity(unchecked) var animationStore = LayerAnimationStore()
    /// On a presentation copy: the snapshot it belongs to and its link up the presentation tree
    /// (CALayer+PresentationTree.swift); nil on a model layer.
    nonisolated(unsafe) var presentationLinks: PresentationLinks?
    /// Whether the layer was in a tree when a transaction committed: only such layers animate
    /// implicitly (CALayer+Actions.swift).
    @exclusivity(unchecked) var hasBeenCommitted = false
    /// A number naming this layer for the render server and the compositor's caches: unique for
    /// the process's life, never reused (CompositeLayer.swift).
    package let renderID: UInt64 = makeRenderID()
    /// The `isVisibleInTree` answer kept on the layer, valid while `visibilityStamp` is the
    /// current `visibilityGeneration` (CALayer+Actions.swift).
    @exclusivity(unchecked) final var visibilityStamp: UInt64 = 0
    @exclusivity(unchecked) final var visibilityKept = false
    /// Bumped by every change that may alter a kept visibility answer. `nonisolated(unsafe)`
    /// for the deinit, which bumps it; otherwise used on the main actor.
    nonisolated(unsafe) static var visibilityGeneration: UInt64 = 1
    /// How many layers have been freed (on any thread), so a run-loop turn looks for animation
    /// events whose layer is gone only when one may be (AnimationEvents.swift).
    nonisolated static let deaths = Atomic<UInt64>(0)
    /// The commit-marking walk that last marked the layer (`markCommitted()`), and the current one.
    @exclusivity(unchecked) final var commitMarkVisit: UInt64 = 0
    static var commitMarkSerial: UInt64 = 1
    /// Whether the layer is the root of a `RenderContext` (it counts as in a tree).
    @exclusivity(unchecked) var isHostRoot = false
    /// What the layer last drew for an animation of a key that needs display; nil when it has
    /// not drawn for one since its last model drawing (CALayer+AnimatedDisplay.swift).
    var animatedDisplay: AnimatedDisplayRecord?
    /// Whether the layer's animations include one of a key that needs display, kept until they
    /// change (CALayer+AnimatedDisplay.swift).
    @exclusivity(unchecked) var animatedDisplayScan: AnimatedDisplayScan?

    /// Which LayerState class (and so which properties) instances of this class have.
    package class var stateClass: LayerClass { .layer }

    // MARK: Creating layers

    /// Creates a layer with default values: Apple's, or those `defaultValue(forKey:)` gives for
    /// this class.
    public init() {
        state = Self.defaultState()
    }

    /// Creates a copy of `layer`'s properties, as Core Animation does for presentation layers.
    ///
    /// Copies every property and the values set under custom keys; not the hierarchy, the mask,
    /// the delegate, the style or the actions (Kinema's choice: a shadow copy shares the model's
    /// tree). Subclasses with stored properties of their own override this to copy them. A
    /// `layer` that is not a CALayer gives default values and a diagnostic.
    public init(layer: Any) {
        if let other = layer as? CALayer {
            state = other.state.converted(to: Self.stateClass)
            customValues = other.customValues
        } else {
            KinemaDiagnostics.emit("CALayer", "init(layer:) was given \(type(of: layer)), not a CALayer; made a layer with default values")
            state = Self.defaultState()
        }
    }

    /// Archived layers are not supported: this creates a layer with default values and reports a
    /// diagnostic. Declared so subclasses written for Apple's SDK compile unchanged.
    public required init?(coder: NSCoder) {
        KinemaDiagnostics.emit("CALayer", "init(coder:): Kinema does not decode archived layers; made a layer with default values")
        state = Self.defaultState()
    }

    /// Releases the layer's sublayers, mask and presentation links without recursion: a chain of
    /// 100,000 layers freed at once would otherwise free each sublayer inside its superlayer's
    /// deinit, one stack frame set per level, and overflow the stack. A layer held only by the
    /// dying tree gives up its own links before it is freed, so each is freed from this loop.
    deinit {
        CALayer.deaths.add(1, ordering: .relaxed)
        guard !sublayerStorage.isEmpty || maskStorage != nil || presentationLinks?.parent != nil else { return }
        // The sublayers lose their superlayer: answers kept about them no longer hold.
        if !sublayerStorage.isEmpty { CALayer.invalidateVisibility() }
        CALayer.releaseWithoutRecursion(linksOf: self)
    }

    /// A copy of the layer showing its animations at the current time (see
    /// CALayer+Animations.swift): the model values with every running animation applied. Nil for a
    /// layer that is in no tree and never had an animation (Apple: nil for a layer never
    /// committed). Each call makes a new copy. The copy's `superlayer`, `sublayers` and `mask` are
    /// presentation copies too, evaluated at the same time (the presentation tree,
    /// CALayer+PresentationTree.swift), so `hitTest(_:)` and `convert` see what is drawn.
    open func presentation() -> Self? { makePresentation() }

    /// The model layer: `self` for a model layer; for a presentation copy, the layer it shows.
    open func model() -> Self { (presentedModel as? Self) ?? self }

    // MARK: Animations

    /// Adds `anim` under `key`, replacing an animation with the same key. The animation is copied
    /// now: later edits to `anim` do not reach the layer. A nil key gets a unique internal key.
    /// An animation whose key path the layer does not have is not added (one diagnostic).
    /// The add opens the implicit transaction when none is open; a `beginTime` of 0 becomes the
    /// layer's local time when the outermost transaction holding the add commits, and until then
    /// the animation is not shown (see docs/ANIMATIONS.md).
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimation(anim, forKey: key) }

    /// A copy of the animation added under `key`, or nil.
    open func animation(forKey key: String) -> CAAnimation? { animationCopy(forKey: key) }

    /// The keys of the layer's animations in order of addition; nil when there are none.
    open func animationKeys() -> [String]? { currentAnimationKeys() }

    /// Removes the animation added under `key`, if any.
    open func removeAnimation(forKey key: String) { removeAnimationEntry(forKey: key) }

    /// Removes every animation of the layer.
    open func removeAllAnimations() { removeAllAnimationEntries() }

    // MARK: Geometry

    /// The layer's bounds rectangle in its own coordinate space. Animatable. Default `.zero`.
    open var bounds: CGRect {
        get { state.bounds }
        set { write(LayerKeyPath.hot.bounds, .rect(newValue)) }
    }

    /// The layer's position (of its anchor point) in its superlayer's coordinate space.
    /// Animatable. Default `.zero`.
    open var position: CGPoint {
        get { state.position }
        set { write(LayerKeyPath.hot.position, .point(newValue)) }
    }

    /// The anchor point, in unit coordinates of the bounds: the point placed at `position` and
    /// about which transforms apply. Animatable. Default (0.5, 0.5).
    open var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { write(LayerKeyPath.hot.anchorPoint, .point(newValue)) }
    }

    /// The anchor point's z coordinate. Animatable. Default 0.
    open var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { write(LayerKeyPath.hot.anchorPointZ, .number(Double(newValue))) }
    }

    /// The layer's position on the z axis; sibling layers with a greater zPosition are drawn in
    /// front. Animatable. Default 0.
    open var zPosition: CGFloat {
        get { state.zPosition }
        set { write(LayerKeyPath.hot.zPosition, .number(Double(newValue))) }
    }

    /// The layer's frame in its superlayer's coordinate space, derived from bounds, anchorPoint,
    /// position and transform (see `LayerGeometry.frame(of:)`). Setting it sets `bounds.size` and
    /// `position`. Not animatable.
    open var frame: CGRect {
        get { LayerGeometry.frame(of: state) }
        set { write("frame", .rect(newValue)) }
    }

    /// The transform applied to the layer, about its anchor point. Animatable. Default identity.
    open var transform: CATransform3D {
        get { state.transform }
        set { write(LayerKeyPath.hot.transform, .transform(newValue)) }
    }

    /// The transform applied to the layer's sublayers, about its anchor point. Animatable.
    /// Default identity.
    open var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { write("sublayerTransform", .transform(newValue)) }
    }

    /// The affine part of `transform` (m11, m12, m21, m22, m41, m42).
    open func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(state.transform)
    }

    /// Sets `transform` to the affine transform `m`.
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The scale factor from points to the pixels of the layer's backing store. Default 1.0.
    /// Must be positive and finite.
    open var contentsScale: CGFloat {
        get { state.contentsScale }
        set { write("contentsScale", .number(Double(newValue))) }
    }

    /// Whether the layer's sublayers are laid out with y running up from the bottom edge.
    /// Default false. Key-value coding key: `"geometryFlipped"`.
    open var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set { write("geometryFlipped", .bool(newValue)) }
    }

    /// Whether the layer's contents are drawn flipped: true when an odd number of this layer and
    /// its ancestors have `isGeometryFlipped` set.
    open func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer: CALayer? = self
        while let current = layer {
            if current.state.isGeometryFlipped { flipped.toggle() }
            layer = current.superlayer
        }
        return flipped
    }

    /// The preferred size of the layer in its superlayer's coordinates: the bounds size.
    open func preferredFrameSize() -> CGSize {
        state.bounds.size
    }

    // MARK: Appearance

    /// The layer's opacity, 0 (transparent) to 1 (opaque). Animatable. Default 1.
    open var opacity: Float {
        get { state.opacity }
        set { write(LayerKeyPath.hot.opacity, .number(Double(newValue))) }
    }

    /// Whether the layer is hidden. Animatable. Default false. Key-value coding key: `"hidden"`.
    open var isHidden: Bool {
        get { state.isHidden }
        set { write(LayerKeyPath.hot.hidden, .bool(newValue)) }
    }

    /// The background colour. Animatable. Default nil.
    open var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { write("backgroundColor", newValue.map { .color($0) } ?? .none) }
    }

    /// The radius of the rounded corners of the background and border. Animatable. Default 0.
    open var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { write("cornerRadius", .number(Double(newValue))) }
    }

    /// Which corners `cornerRadius` rounds. Default all four.
    open var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set { write("maskedCorners", .number(Double(newValue.rawValue))) }
    }

    /// The curve of the rounded corners. Default `.circular`.
    open var cornerCurve: CALayerCornerCurve {
        get { state.cornerCurve }
        set { write("cornerCurve", .string(newValue.rawValue)) }
    }

    /// The width of the border. Animatable. Default 0.
    open var borderWidth: CGFloat {
        get { state.borderWidth }
        set { write("borderWidth", .number(Double(newValue))) }
    }

    /// The colour of the border. Animatable. Default opaque black.
    open var borderColor: CGColor? {
        get { state.borderColor }
        set { write("borderColor", newValue.map { .color($0) } ?? .none) }
    }

    /// The colour of the shadow. Animatable. Default opaque black.
    open var shadowColor: CGColor? {
        get { state.shadowColor }
        set { write("shadowColor", newValue.map { .color($0) } ?? .none) }
    }

    /// The opacity of the shadow, 0 to 1. Animatable. Default 0 (no shadow).
    open var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { write("shadowOpacity", .number(Double(newValue))) }
    }

    /// The offset of the shadow, in the layer's coordinates. Animatable. Default (0, −3).
    open var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { write("shadowOffset", .size(newValue)) }
    }

    /// The blur radius of the shadow. Animatable. Default 3.
    open var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { write("shadowRadius", .number(Double(newValue))) }
    }

    /// The shape of the shadow; nil derives it from the layer's content. Animatable. Default nil.
    /// A `CGMutablePath` is copied when set.
    open var shadowPath: CGPath? {
        get { state.shadowPath }
        set { write("shadowPath", newValue.map { .path($0) } ?? .none) }
    }

    /// Whether sublayers are clipped to the bounds (and rounded corners). Animatable. Default false.
    open var masksToBounds: Bool {
        get { state.masksToBounds }
        set { write("masksToBounds", .bool(newValue)) }
    }

    /// The layer's content image: a `CGImage`, or nil. Animatable. Default nil. Any other value
    /// (Apple also takes IOSurfaces, and NSImages on macOS) is refused with a diagnostic.
    open var contents: Any? {
        get { state.contents }
        set { writeBoxed("contents", newValue) }
    }

    /// How the contents image fills the bounds. Default `.resize`.
    open var contentsGravity: CALayerContentsGravity {
        get { state.contentsGravity }
        set { write("contentsGravity", .string(newValue.rawValue)) }
    }

    /// The part of the contents image shown, in unit coordinates. Animatable. Default (0, 0, 1, 1).
    open var contentsRect: CGRect {
        get { state.contentsRect }
        set { write("contentsRect", .rect(newValue)) }
    }

    /// The stretchable centre of the contents image, in unit coordinates. Animatable. Default
    /// (0, 0, 1, 1).
    open var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { write("contentsCenter", .rect(newValue)) }
    }

    /// The filter used when the contents image is drawn smaller. Default `.linear`.
    open var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { write("minificationFilter", .string(newValue.rawValue)) }
    }

    /// The filter used when the contents image is drawn larger. Default `.linear`.
    open var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { write("magnificationFilter", .string(newValue.rawValue)) }
    }

    /// The level-of-detail bias of the minification filter. Default 0.
    open var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set { write("minificationFilterBias", .number(Double(newValue))) }
    }

    /// Whether the layer composites its sublayers as a group before applying its opacity.
    /// Default true.
    open var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { write("allowsGroupOpacity", .bool(newValue)) }
    }

    /// Whether the layer shows its content when facing away from the viewer. Animatable. Default
    /// true. Key-value coding key: `"doubleSided"`.
    open var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { write("doubleSided", .bool(newValue)) }
    }

    /// Whether the layer's content is fully opaque (a drawing hint). Default false.
    /// Key-value coding key: `"opaque"`.
    open var isOpaque: Bool {
        get { state.isOpaque }
        set { write("opaque", .bool(newValue)) }
    }

    /// Whether the layer may antialias its edges. Default false.
    open var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { write("allowsEdgeAntialiasing", .bool(newValue)) }
    }

    /// Which edges are antialiased. Default all four.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { state.edgeAntialiasingMask }
        set { write("edgeAntialiasingMask", .number(Double(newValue.rawValue))) }
    }

    /// Whether the layer is rendered as a bitmap before compositing. Default false.
    open var shouldRasterize: Bool {
        get { state.shouldRasterize }
        set { write("shouldRasterize", .bool(newValue)) }
    }

    /// The scale at which a rasterized layer is rendered. Default 1. Must be positive and finite.
    open var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set { write("rasterizationScale", .number(Double(newValue))) }
    }

    /// Whether drawing commands are deferred to a background thread. Default false (a hint).
    open var drawsAsynchronously: Bool {
        get { state.drawsAsynchronously }
        set { write("drawsAsynchronously", .bool(newValue)) }
    }

    /// Whether a change of the bounds marks the contents as needing display. Default false.
    open var needsDisplayOnBoundsChange: Bool {
        get { state.needsDisplayOnBoundsChange }
        set { write("needsDisplayOnBoundsChange", .bool(newValue)) }
    }

    /// The layer's name, for finding it. Default nil.
    open var name: String? {
        get { state.name }
        set { write("name", newValue.map { .string($0) } ?? .none) }
    }

    /// An optional layer whose alpha channel masks this layer's content. It must not have a
    /// superlayer, and must not be this layer or one of its ancestors (both refused with a
    /// diagnostic). Default nil.
    open var mask: CALayer? {
        get { treeMask }
        set { setMask(newValue) }
    }

    /// The layer's delegate, held weakly. Default nil.
    open weak var delegate: (any CALayerDelegate)?

    /// A dictionary of style values; `action(forKey:)` searches its `"actions"` entry. Default
    /// nil. (Kinema does not yet take default property values from it.)
    open var style: [AnyHashable: Any]?

    /// Actions by key, searched by `action(forKey:)`. Default nil.
    open var actions: [String: any CAAction]?

    // MARK: Layer hierarchy

    /// The layer's sublayers, back to front; nil when it has none. Setting it removes the old
    /// sublayers and adds the new ones (each leaving its previous superlayer). On a presentation
    /// copy: the presentation copies of the model's sublayers (setting is refused).
    open var sublayers: [CALayer]? {
        get {
            let layers = treeSublayers
            return layers.isEmpty ? nil : layers
        }
        set { replaceAllSublayers(with: newValue ?? []) }
    }

    /// The layer's superlayer, or nil. On a presentation copy: the presentation copy of the
    /// model's superlayer.
    open var superlayer: CALayer? { treeSuperlayer }

    /// Appends `layer` to the sublayers (moving it if it already has a superlayer).
    open func addSublayer(_ layer: CALayer) {
        insert(layer, at: nil, operation: "addSublayer(_:)")
    }

    /// Inserts `layer` at index `idx` of the sublayers; an index past the end appends, with a
    /// diagnostic.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insert(layer, at: Int(idx), operation: "insertSublayer(_:at:)")
    }

    /// Inserts `layer` just in front of `sibling`; at the front when `sibling` is nil or (with a
    /// diagnostic) not a sublayer.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, relativeTo: sibling, above: true)
    }

    /// Inserts `layer` just behind `sibling`; at the back when `sibling` is nil or (with a
    /// diagnostic) not a sublayer.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, relativeTo: sibling, above: false)
    }

    /// Replaces the sublayer `oldLayer` with `newLayer`, at the same index.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        replace(oldLayer, with: newLayer)
    }

    /// Detaches the layer from its superlayer, or from the layer it masks.
    open func removeFromSuperlayer() {
        removeFromTree()
    }

    // MARK: Drawing

    /// Whether the layer is marked as needing display.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Marks the layer's contents as needing to be redrawn by `display()`.
    open func setNeedsDisplay() {
        needsDisplayFlag = true
        markLayoutDisplayPending()
    }

    /// Marks the region `r` (in the layer's coordinates) as needing to be redrawn. Kinema redraws
    /// the whole layer.
    open func setNeedsDisplay(_ r: CGRect) {
        needsDisplayFlag = true
        markLayoutDisplayPending()
    }

    /// Calls `display()` if the layer needs display, clearing the mark first.
    open func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// Reloads the layer's contents: the delegate's `display(_:)` if it has one; otherwise
    /// `layerWillDraw(_:)`, then `draw(in:)` into a flipped context of bounds × contentsScale
    /// pixels, whose image becomes `contents`.
    open func display() {
        if let delegate {
            delegate.display(self)
        } else {
            drawContents()
        }
    }

    /// Draws the layer's content into `ctx` (flipped, origin at the bounds origin). The default
    /// asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    // MARK: Layout

    /// Marks the layer as needing layout.
    open func setNeedsLayout() {
        needsLayoutFlag = true
        markLayoutDisplayPending()
    }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out the layers that need it: from the highest ancestor in an unbroken chain of
    /// ancestors needing layout, down through the whole tree beneath it.
    open func layoutIfNeeded() { layOutTree() }

    /// Lays out the sublayers. The default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    // MARK: Coordinates and hit testing

    /// Converts `p` from `l`'s coordinate space to this layer's. `l` nil means the root layer's
    /// space (see `convertPoint(_:fromLayer:)` in CALayer+Coordinates.swift for the rules).
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        convertPoint(p, from: l, operation: "convert(_:from:)")
    }

    /// Converts `p` from this layer's coordinate space to `l`'s (nil: the root layer's).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        convertPoint(p, to: l)
    }

    /// Converts `r` from `l`'s coordinate space to this layer's: the bounding box of its
    /// converted corners.
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        convertRect(r) { self.convert($0, from: l) }
    }

    /// Converts `r` from this layer's coordinate space to `l`'s: the bounding box of its
    /// converted corners.
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        convertRect(r) { self.convert($0, to: l) }
    }

    /// The farthest descendant (or this layer) containing `p`, given in the superlayer's
    /// coordinates; nil if none. Hidden layers are skipped with their sublayers; a layer with
    /// `masksToBounds` is searched only if it contains the point; sublayers are searched front
    /// to back (by zPosition, then order).
    open func hitTest(_ p: CGPoint) -> CALayer? {
        hit(p, fromFlatSpace: CATransform3DIdentity)
    }

    /// Whether `p`, in the layer's coordinates, is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool {
        state.bounds.contains(p)
    }

    // MARK: Actions

    /// The action for `event`: the delegate's `action(for:forKey:)`, then `actions`, then the
    /// style's `"actions"` dictionary, then `defaultAction(forKey:)`. The first non-nil answer
    /// ends the search; an `NSNull` answer means "no action" and is returned as is.
    open func action(forKey event: String) -> (any CAAction)? {
        searchAction(forKey: event)
    }

    /// The default action for `event` in this class: during a change of an animatable property
    /// of a layer in a tree, a `CABasicAnimation` from the old presentation value over the
    /// transaction's duration and timing function; otherwise nil (see CALayer+Actions.swift).
    /// Subclasses override it.
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        implicitAnimation(forKey: event)
    }

    // MARK: Key-value coding

    /// The value of the property or custom key `key` (a table key path such as `"position.x"`
    /// works too). Unknown keys that were never set and have no default give nil and a diagnostic.
    open func value(forKey key: String) -> Any? {
        readValue(forKey: key)
    }

    /// Sets the property `key`, or stores the value under a custom key. A value of the wrong
    /// type is refused with a diagnostic.
    open func setValue(_ value: Any?, forKey key: String) {
        writeValue(value, forKey: key)
    }

    /// The value at `keyPath`: a property, a structure field (`"transform.rotation.z"`,
    /// `"bounds.size.width"`), or a path through `superlayer` / `mask`.
    open func value(forKeyPath keyPath: String) -> Any? {
        readValue(forKey: keyPath)
    }

    /// Sets the value at `keyPath`. An unknown path is refused with a diagnostic.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        writeValue(value, forKey: keyPath)
    }

    /// The default value of `key` for this class: Apple's default for each property (as
    /// key-value coding boxes it), nil for other keys. Subclasses override it to change defaults.
    open class func defaultValue(forKey key: String) -> Any? {
        builtInDefault(forKey: key)
    }

    /// Whether a change of `key` marks the layer as needing display. False by default;
    /// subclasses return true for the keys their drawing depends on.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    // MARK: CAMediaTiming

    /// The begin time in the superlayer's time space. Default 0.
    open var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { write("beginTime", .number(newValue)) }
    }

    /// The basic duration. Default 0.
    open var duration: CFTimeInterval {
        get { state.duration }
        set { write("duration", .number(newValue)) }
    }

    /// How fast the layer's time runs relative to its superlayer's. Default 1.
    open var speed: Float {
        get { state.speed }
        set { write("speed", .number(Double(newValue))) }
    }

    /// The offset added to the layer's active local time. Default 0.
    open var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { write("timeOffset", .number(newValue)) }
    }

    /// The number of repetitions. Default 0.
    open var repeatCount: Float {
        get { state.repeatCount }
        set { write("repeatCount", .number(Double(newValue))) }
    }

    /// How long to repeat for. Default 0.
    open var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set { write("repeatDuration", .number(newValue)) }
    }

    /// Whether each iteration plays backwards after forwards. Default false.
    open var autoreverses: Bool {
        get { state.autoreverses }
        set { write("autoreverses", .bool(newValue)) }
    }

    /// The fill mode. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { state.fillMode }
        set { write("fillMode", .string(newValue.rawValue)) }
    }

    /// Converts `t` from `l`'s time space to this layer's (nil: absolute media time, as
    /// `CACurrentMediaTime()` reads it).
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromAbsolute: (l?.absoluteTime(fromLocal: t)) ?? t)
    }

    /// Converts `t` from this layer's time space to `l`'s (nil: absolute media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let absolute = absoluteTime(fromLocal: t)
        return l?.localTime(fromAbsolute: absolute) ?? absolute
    }

    // MARK: Identity

    /// Identity, as for NSObject.
    public nonisolated static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }

    /// Hashes the identity.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// `<CALayer: 0x…>`, as NSObject describes objects.
    open nonisolated var description: String {
        "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())>"
    }
}
