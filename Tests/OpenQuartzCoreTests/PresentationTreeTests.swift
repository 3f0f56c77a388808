// Tests of the presentation tree: a presentation copy's superlayer, sublayers and mask are
// presentation copies evaluated at the same time, so hit testing and coordinate conversion
// through them see the layers where they are drawn (CALayer.presentation(): "you can use the
// layer returned by this method to … perform hit-testing").
//
// References are closed forms: every animation here is linear (CABasicAnimation's default timing
// function is nil, i.e. linear), so a value at time t is from + (to − from)·t / duration. The
// tolerance, 1e-9 points, covers double rounding in the 4×4 maps (values are below 1000).

import KinemaSupport
import Foundation
import KinemaGeometry
@testable import OpenQuartzCore
import Testing

@Suite("Presentation tree")
@MainActor
struct PresentationTreeTests {
    /// A scene: `root` (200×300 at the origin) holds `container` (200×100), which slides down
    /// from y = 50 to y = 150 over 1 s; `container` holds `child` (20×20), which slides right
    /// from x = 20 to x = 180 over 1 s. Model values are the end values.
    @MainActor
    struct Scene {
        let root = CALayer(), container = CALayer(), child = CALayer()

        /// The child's centre in root coordinates at time t in [0, 1): (20 + 160t, 50 + 100t).
        static func childCentre(at t: Double) -> CGPoint {
            CGPoint(x: 20 + 160 * t, y: 50 + 100 * t)
        }
    }

    func makeScene() -> Scene {
        let scene = Scene()
        scene.root.bounds = CGRect(x: 0, y: 0, width: 200, height: 300)
        scene.root.position = CGPoint(x: 100, y: 150)
        scene.container.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        scene.container.position = CGPoint(x: 100, y: 150)
        scene.child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        scene.child.position = CGPoint(x: 180, y: 50)
        scene.root.addSublayer(scene.container)
        scene.container.addSublayer(scene.child)
        scene.container.add(basic("position", from: CGPoint(x: 100, y: 50), to: CGPoint(x: 100, y: 150)), forKey: "down")
        scene.child.add(basic("position", from: CGPoint(x: 20, y: 50), to: CGPoint(x: 180, y: 50)), forKey: "right")
        CATransaction.flush()
        return scene
    }

    @Test("hitTest through the root's presentation finds the moving sublayer where it is drawn (closed-form positions)")
    func hitTestMovingSublayer() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let scene = makeScene()
            for t in [0.0, 0.25, 0.5, 0.75] {
                clock.advance(to: t)
                let centre = Scene.childCentre(at: t)
                let shown = try #require(scene.root.presentation())
                // 9 points from the centre is inside the 20×20 layer, 11 is outside.
                for offset in [CGPoint(x: 0, y: 0), CGPoint(x: 9, y: -9), CGPoint(x: -9, y: 9)] {
                    let hit = shown.hitTest(CGPoint(x: centre.x + offset.x, y: centre.y + offset.y))
                    #expect(hit?.model() === scene.child, "t = \(t), offset \(offset)")
                    #expect(hit !== scene.child && hit?.presentation() === hit, "the hit is a presentation copy")
                }
                let beside = shown.hitTest(CGPoint(x: centre.x + 11, y: centre.y))
                #expect(beside?.model() === scene.container, "t = \(t): just right of the child is the container")
                // The model tree has the child at its end position, (180, 150), not where it is drawn.
                #expect(scene.root.hitTest(centre) !== scene.child)
            }
            // After the end the animations are removed: presentation and model agree.
            clock.advance(to: 1.5)
            let shown = try #require(scene.root.presentation())
            #expect(shown.hitTest(CGPoint(x: 180, y: 150))?.model() === scene.child)
        }
    }

    @Test("convert between presentation layers uses presentation geometry")
    func convertAcrossPresentationLayers() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let scene = makeScene()
            clock.advance(to: 0.25)
            let childShown = try #require(scene.child.presentation())
            let rootShown = try #require(childShown.superlayer?.superlayer)
            #expect(rootShown.model() === scene.root)
            let centre = Scene.childCentre(at: 0.25)   // (60, 75)
            // The child's bounds origin is its top-left corner: centre − (10, 10).
            let corner = childShown.convert(CGPoint.zero, to: rootShown)
            #expect(close(corner, CGPoint(x: centre.x - 10, y: centre.y - 10)))
            let back = childShown.convert(CGPoint(x: 100, y: 100), from: rootShown)
            #expect(close(back, CGPoint(x: 100 - centre.x + 10, y: 100 - centre.y + 10)))
            let rect = rootShown.convert(CGRect(x: 0, y: 0, width: 20, height: 20), from: childShown)
            #expect(close(rect, CGRect(x: centre.x - 10, y: centre.y - 10, width: 20, height: 20)))
            // nil means the root's space: the presentation root's.
            #expect(close(childShown.convert(CGPoint.zero, to: nil), corner))
            // The model tree converts with model values.
            #expect(close(scene.child.convert(CGPoint.zero, to: scene.root), CGPoint(x: 170, y: 140)))
            // A presentation copy and a model layer are in different trees: one diagnostic.
            let (_, diagnostics) = KinemaDiagnostics.collecting {
                _ = childShown.convert(CGPoint.zero, to: scene.root)
            }
            #expect(diagnostics.count == 1)
        }
    }

    @Test("one snapshot: relatives made later are evaluated at the time of the presentation() call")
    func oneSnapshot() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let scene = makeScene()
            clock.advance(to: 0.25)
            let rootShown = try #require(scene.root.presentation())
            clock.advance(to: 0.75)
            let containerShown = try #require(rootShown.sublayers?.first)
            let childShown = try #require(containerShown.sublayers?.first)
            #expect(close(containerShown.position, CGPoint(x: 100, y: 75)), "container at t = 0.25")
            #expect(close(childShown.position, CGPoint(x: 60, y: 50)), "child at t = 0.25")
            // A new presentation() is a new snapshot.
            #expect(scene.child.presentation().map { close($0.position, CGPoint(x: 140, y: 50)) } == true)
        }
    }

    @Test("a sublayer's copy runs on its own time space: a container at speed 2 doubles the child's progress")
    func hierarchicalTime() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let root = CALayer(), container = CALayer(), child = CALayer()
            root.addSublayer(container)
            container.addSublayer(child)
            container.speed = 2
            child.add(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0)), forKey: "x")
            CATransaction.flush()
            clock.advance(to: 0.25)
            let childShown = try #require(root.presentation()?.sublayers?.first?.sublayers?.first)
            // Local time runs twice as fast below the container: progress 0.5 at t = 0.25.
            #expect(close(childShown.position, CGPoint(x: 50, y: 0)))
        }
    }

    @Test("mask: the presentation copy's mask is the mask's copy, with presentation values")
    func presentationMask() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let parent = CALayer(), layer = CALayer(), mask = CAShapeLayer()
            parent.addSublayer(layer)
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            mask.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
            layer.mask = mask
            mask.add(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 40)), forKey: "m")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let shown = try #require(layer.presentation())
            let maskShown = try #require(shown.mask)
            #expect(maskShown is CAShapeLayer)
            #expect(maskShown.model() === mask && maskShown !== mask)
            #expect(close(maskShown.position, CGPoint(x: 50, y: 20)))
            #expect(maskShown.superlayer == nil)
            #expect(shown.mask === maskShown, "one copy per layer within a snapshot")
            // The mask's own presentation() is another snapshot at the same time: same values.
            let maskAlone = try #require(mask.presentation())
            #expect(maskAlone !== maskShown && close(maskAlone.position, maskShown.position))
            #expect(layer.mask === mask, "the model's mask is unchanged")
        }
    }

    @Test("model() round trips and identity within one snapshot")
    func modelRoundTrips() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let scene = makeScene()
            clock.advance(to: 0.5)
            let childShown = try #require(scene.child.presentation())
            let containerShown = try #require(childShown.superlayer)
            let rootShown = try #require(containerShown.superlayer)
            #expect(rootShown.superlayer == nil)
            #expect(childShown.model() === scene.child)
            #expect(containerShown.model() === scene.container)
            #expect(rootShown.model() === scene.root)
            #expect(containerShown.sublayers?.count == 1 && containerShown.sublayers?.first === childShown)
            #expect(rootShown.sublayers?.first === containerShown)
            #expect(containerShown.presentation() === containerShown)
            #expect(scene.root.sublayers?.first === scene.container, "the model tree is untouched")
            #expect(scene.child.superlayer === scene.container)
            #expect(childShown.sublayers == nil)
        }
    }

    @Test("hierarchy changes on a presentation copy are refused with a diagnostic; a copy cannot join a tree")
    func refusedMutations() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let scene = makeScene()
            clock.advance(to: 0.5)
            let rootShown = try #require(scene.root.presentation())
            let containerShown = try #require(rootShown.sublayers?.first)
            let stranger = CALayer()
            let attempts: [(String, () -> Void)] = [
                ("addSublayer", { rootShown.addSublayer(stranger) }),
                ("insertSublayer(_:at:)", { rootShown.insertSublayer(stranger, at: 0) }),
                ("insertSublayer(_:above:)", { rootShown.insertSublayer(stranger, above: nil) }),
                ("replaceSublayer", { rootShown.replaceSublayer(containerShown, with: stranger) }),
                ("sublayers =", { rootShown.sublayers = [] }),
                ("removeFromSuperlayer", { containerShown.removeFromSuperlayer() }),
                ("mask =", { rootShown.mask = stranger }),
                ("model addSublayer(copy)", { scene.root.addSublayer(containerShown) }),
                ("model mask = copy", { stranger.mask = containerShown }),
            ]
            for (name, attempt) in attempts {
                let (_, diagnostics) = KinemaDiagnostics.collecting { attempt() }
                #expect(diagnostics.count == 1, "\(name)")
                #expect(diagnostics.first?.message.contains("presentation layer") == true, "\(name)")
            }
            #expect(scene.root.sublayers?.count == 1 && scene.root.sublayers?.first === scene.container)
            #expect(scene.container.superlayer === scene.root)
            #expect(stranger.superlayer == nil && stranger.mask == nil && scene.root.mask == nil)
            #expect(rootShown.sublayers?.first === containerShown && containerShown.superlayer === rootShown)
        }
    }

    @Test("memory: a held copy keeps its ancestors' copies; an unheld snapshot is freed (no reference cycle)")
    func noCycles() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let scene = makeScene()
            clock.advance(to: 0.5)
            weak var rootCopy: CALayer?
            weak var childCopy: CALayer?
            do {
                let held = try #require(scene.child.presentation())
                rootCopy = held.superlayer?.superlayer
                childCopy = held
                #expect(rootCopy != nil, "the child's copy holds its ancestors' copies")
                #expect(rootCopy?.sublayers?.first?.sublayers?.first === held, "copies made downward are found again")
            }
            #expect(childCopy == nil && rootCopy == nil, "nothing holds the snapshot any more")
        }
    }

    /// A layer class declared outside Kinema (Swift cannot call its init(layer:)).
    final class OutsideLayer: CALayer {}

    @Test("a layer class declared outside Kinema: presentation() nil; in a Kinema tree its copy is a plain CALayer with evaluated state")
    func outsideClass() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let root = CALayer(), outside = OutsideLayer()
            root.addSublayer(outside)
            outside.add(basic("opacity", from: 0.0, to: 1.0), forKey: "fade")
            CATransaction.flush()
            clock.advance(to: 0.25)
            #expect(outside.presentation() == nil)
            let copy = try #require(root.presentation()?.sublayers?.first)
            #expect(type(of: copy) == CALayer.self)
            #expect(copy.model() === outside)
            #expect(abs(copy.opacity - 0.25) <= 1e-6, "Float opacity: 1e-6")
            #expect(copy.superlayer?.model() === root)
        }
    }

    /// A final layer class declared outside Kinema that promises its init(layer:), with a stored
    /// property of its own that the copy must carry.
    final class CopyingLayer: CALayer, CALayerPresentationCopying {
        var tag = "model"
        var copiesMade = 0

        override init() {
            super.init()
        }

        override init(layer: Any) {
            tag = ((layer as? CopyingLayer)?.tag ?? "?") + " copy"
            super.init(layer: layer)
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }
    }

    /// A non-final one (its init(layer:) is required), and a subclass that inherits it.
    class OpenCopyingLayer: CALayer, CALayerPresentationCopying {
        var weight = 1.0

        override init() {
            super.init()
        }

        required override init(layer: Any) {
            weight = (layer as? OpenCopyingLayer)?.weight ?? 0
            super.init(layer: layer)
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }
    }

    final class InheritingCopyingLayer: OpenCopyingLayer {}

    @Test("a class adopting CALayerPresentationCopying: presentation() is its own class, made with its init(layer:), with the evaluated state (CALayer.presentation(), init(layer:))")
    func copyingClass() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let root = CALayer(), layer = CopyingLayer()
            layer.tag = "ring"
            root.addSublayer(layer)
            layer.add(basic("opacity", from: 0.0, to: 1.0), forKey: "fade")
            CATransaction.flush()
            clock.advance(to: 0.25)
            let shown = try #require(layer.presentation())
            #expect(type(of: shown) == CopyingLayer.self)
            #expect(shown.tag == "ring copy", "the class's own init(layer:) made the copy")
            #expect(abs(shown.opacity - 0.25) <= 1e-6, "Float opacity: 1e-6")
            #expect(shown.model() === layer)
            #expect(shown.presentation() === shown)
            #expect(shown.superlayer?.model() === root)
            let throughTree = try #require(root.presentation()?.sublayers?.first as? CopyingLayer)
            #expect(throughTree.tag == "ring copy")
            #expect(layer.tag == "ring", "the model is untouched")
        }
    }

    @Test("a non-final adopting class and a subclass inheriting its required init(layer:) copy as their own classes")
    func inheritedCopying() throws {
        let clock = MediaClock.manual(at: 0)
        try MediaClock.withCurrent(clock) {
            let root = CALayer(), open = OpenCopyingLayer(), inheriting = InheritingCopyingLayer()
            open.weight = 3
            inheriting.weight = 7
            root.addSublayer(open)
            root.addSublayer(inheriting)
            inheriting.add(basic("position.x", from: 0.0, to: 100.0), forKey: "slide")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let openCopy = try #require(open.presentation())
            let inheritingCopy = try #require(inheriting.presentation())
            #expect(type(of: openCopy) == OpenCopyingLayer.self && openCopy.weight == 3)
            #expect(type(of: inheritingCopy) == InheritingCopyingLayer.self && inheritingCopy.weight == 7)
            #expect(abs(inheritingCopy.position.x - 50) <= 1e-9)
        }
    }
}
