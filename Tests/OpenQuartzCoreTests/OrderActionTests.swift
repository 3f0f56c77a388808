// Tests of the order events of hierarchy changes: "onOrderIn" when a layer becomes shown,
// "onOrderOut" when it stops being shown, "sublayers" on a layer whose sublayers change.
//
// Apple's wording they check (Action Identifiers docs and CALayer.h): kCAOnOrderIn — a layer
// "becomes visible, either as a result being inserted into the visible layer hierarchy or the
// layer is no longer set as hidden", "either its superlayer becomes visible, or it's added as a
// sublayer of a visible layer"; kCAOnOrderOut — "removed from the layer hierarchy or is hidden";
// action(forKey:)'s search (delegate, actions, style, defaultAction(forKey:); NSNull ends it);
// CATransaction.setDisableActions(_:); CAAnimation as an action adds itself under the event key.
// A shown tree here is one hosted by a RenderContext (a window's tree on iOS).

import Foundation
import KinemaRaster
@testable import KinemaRenderServer
@testable import OpenQuartzCore
import Testing

/// A delegate that records every action search it sees and answers from `answers`.
@MainActor
final class EventRecorder: CALayerDelegate {
    var seen: [(layer: CALayer, event: String)] = []
    var answers: [String: any CAAction] = [:]

    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        seen.append((layer, event))
        return answers[event]
    }

    /// The events seen, as "name:event", keeping only `events` when given.
    func log(_ names: [ObjectIdentifier: String], only events: Set<String>? = nil) -> [String] {
        seen.compactMap { entry in
            guard events.map({ $0.contains(entry.event) }) ?? true else { return nil }
            return "\(names[ObjectIdentifier(entry.layer)] ?? "?"):\(entry.event)"
        }
    }
}

/// An action that records the keys and objects it is run with.
final class RecordingAction: CAAction {
    var runs: [(event: String, object: ObjectIdentifier?)] = []

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, (anObject as AnyObject?).map { ObjectIdentifier($0) }))
    }
}

@Suite("Order actions")
@MainActor
struct OrderActionTests {
    static let orderEvents: Set<String> = [kCAOnOrderIn, kCAOnOrderOut]

    /// A shown root (hosted by a RenderContext, committed once) and a recorder as every layer's
    /// delegate; `names` names the layers in the recorder's log.
    @MainActor
    struct Tree {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        let recorder = EventRecorder()
        let context: RenderContext
        var names: [ObjectIdentifier: String] {
            [ObjectIdentifier(root): "root", ObjectIdentifier(child): "child", ObjectIdentifier(grandchild): "grandchild"]
        }

        init(hosted: Bool = true) {
            context = RenderContext(rootLayer: hosted ? root : CALayer())
            for layer in [root, child, grandchild] {
                layer.delegate = recorder
            }
            CATransaction.flush()
        }
    }

    @Test("the constants are Apple's strings")
    func constants() {
        #expect(kCAOnOrderIn == "onOrderIn" && kCAOnOrderOut == "onOrderOut" && kCATransition == "transition")
    }

    @Test("the delegate sees sublayers on the superlayer, then onOrderIn for the added layer and the layers below it; removal gives onOrderOut")
    func delegateSeesKeys() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.child.addSublayer(tree.grandchild)   // the child is not shown yet: no order events
            #expect(tree.recorder.log(tree.names) == ["child:sublayers"])
            tree.recorder.seen.removeAll()
            tree.root.addSublayer(tree.child)
            #expect(tree.recorder.log(tree.names) == ["root:sublayers", "child:onOrderIn", "grandchild:onOrderIn"])
            tree.recorder.seen.removeAll()
            tree.child.removeFromSuperlayer()
            #expect(tree.recorder.log(tree.names) == ["root:sublayers", "child:onOrderOut", "grandchild:onOrderOut"])
            CATransaction.flush()
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("a tree that is not shown (not hosted) gets sublayers but no order events")
    func notShown() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree(hosted: false)
            tree.root.addSublayer(tree.child)
            tree.child.removeFromSuperlayer()
            #expect(tree.recorder.log(tree.names) == ["root:sublayers", "root:sublayers"])
            CATransaction.flush()
        }
    }

    @Test("a CATransition under onOrderIn in the actions dictionary is added to the layer under that key")
    func transitionFromActions() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.child.actions = [kCAOnOrderIn: CATransition()]
            tree.root.addSublayer(tree.child)
            CATransaction.flush()
            #expect(tree.child.animationKeys() == [kCAOnOrderIn])
            let added = tree.child.animation(forKey: kCAOnOrderIn)
            #expect(added is CATransition)
            #expect(added?.duration == 0.25, "a duration of 0 takes the transaction's, 1/4 s by default")
            #expect(tree.root.animationKeys() == nil, "the superlayer's sublayers event has no default action")
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("NSNull ends the search: from the delegate over actions, from actions over the style")
    func nullDisables() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.recorder.answers[kCAOnOrderIn] = NSNull()
            tree.child.actions = [kCAOnOrderIn: CATransition()]
            tree.root.addSublayer(tree.child)
            #expect(tree.child.animationKeys() == nil)

            let other = CALayer()
            other.actions = [kCAOnOrderIn: NSNull()]
            other.style = ["actions": [kCAOnOrderIn: CATransition()] as [String: any CAAction]]
            tree.root.addSublayer(other)
            #expect(other.animationKeys() == nil)

            // The style's action runs when nothing earlier answers.
            let styled = CALayer()
            styled.style = ["actions": [kCAOnOrderIn: CATransition()] as [String: any CAAction]]
            tree.root.addSublayer(styled)
            #expect(styled.animationKeys() == [kCAOnOrderIn])
            CATransaction.flush()
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("disableActions: no action is searched or run for the hierarchy change")
    func disableActions() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.child.actions = [kCAOnOrderIn: CATransition()]
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            tree.root.addSublayer(tree.child)
            CATransaction.commit()
            #expect(tree.recorder.seen.isEmpty)
            #expect(tree.child.animationKeys() == nil)
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("removing a shown layer runs its onOrderOut action, with the event key and the layer")
    func removalRunsOrderOut() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            let action = RecordingAction()
            tree.root.addSublayer(tree.child)
            tree.child.actions = [kCAOnOrderOut: action]
            #expect(action.runs.isEmpty, "adding runs onOrderIn, not onOrderOut")
            tree.child.removeFromSuperlayer()
            #expect(action.runs.count == 1)
            #expect(action.runs.first?.event == kCAOnOrderOut)
            #expect(action.runs.first?.object == ObjectIdentifier(tree.child))
            CATransaction.flush()
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("hidden: hiding a shown layer is onOrderOut for it and its shown sublayers; showing it again is onOrderIn, skipping hidden ones")
    func hiddenToggles() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.root.addSublayer(tree.child)
            tree.child.addSublayer(tree.grandchild)
            tree.recorder.seen.removeAll()
            tree.child.isHidden = true
            #expect(tree.recorder.log(tree.names, only: Self.orderEvents) == ["child:onOrderOut", "grandchild:onOrderOut"])
            tree.recorder.seen.removeAll()
            tree.grandchild.isHidden = true   // under a hidden layer: it was not shown
            #expect(tree.recorder.log(tree.names, only: Self.orderEvents).isEmpty)
            tree.child.isHidden = false
            #expect(tree.recorder.log(tree.names, only: Self.orderEvents) == ["child:onOrderIn"])
            tree.recorder.seen.removeAll()
            tree.grandchild.isHidden = false
            #expect(tree.recorder.log(tree.names, only: Self.orderEvents) == ["grandchild:onOrderIn"])
            CATransaction.flush()
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("a layer moved within a shown tree stays shown: sublayers on both superlayers, no order events")
    func moveWithinShownTree() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.root.addSublayer(tree.child)
            tree.root.addSublayer(tree.grandchild)
            tree.recorder.seen.removeAll()
            tree.grandchild.addSublayer(CALayer())
            tree.recorder.seen.removeAll()
            tree.child.addSublayer(tree.grandchild)
            #expect(tree.recorder.log(tree.names) == ["root:sublayers", "child:sublayers"])
            CATransaction.flush()
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("replaceSublayer and sublayers =: onOrderOut for the layers leaving, then onOrderIn for those arriving")
    func replaceOrder() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.root.addSublayer(tree.child)
            tree.recorder.seen.removeAll()
            tree.root.replaceSublayer(tree.child, with: tree.grandchild)
            #expect(tree.recorder.log(tree.names, only: Self.orderEvents) == ["child:onOrderOut", "grandchild:onOrderIn"])
            tree.recorder.seen.removeAll()
            tree.root.sublayers = [tree.child]
            #expect(tree.recorder.log(tree.names, only: Self.orderEvents) == ["grandchild:onOrderOut", "child:onOrderIn"])
            CATransaction.flush()
            withExtendedLifetime(tree.context) {}
        }
    }

    @Test("rendered: a CATransition under onOrderIn fades the added layer in (fade, linear, 1/4 s: half covered at 1/8 s)")
    func renderedFadeIn() throws {
        let host = Host()
        host.root.position = CGPoint(x: 50, y: 50)
        host.root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        host.loop.turn(at: 0.1)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 50, y: 50)
        child.backgroundColor = Ink.red
        child.actions = [kCAOnOrderIn: CATransition()]
        host.root.addSublayer(child)
        host.loop.turn(at: 0.2)   // the commit: the transition begins at 0.2 and lasts 0.25 s
        // Reference: fade = old × (1 − p) + new × p with the old rendering empty; p = 0.5 puts
        // red at half coverage over white, (255, 127.5, 127.5). Tolerance 2: 8-bit rounding.
        let expectations: [(time: Double, centre: RGBA)] = [
            (0.2, premul(1, 1, 1)), (0.325, premul(1, 0.5, 0.5)), (0.5, premul(1, 0, 0)),
        ]
        for (time, centre) in expectations {
            let tree = try #require(host.context.server.evaluate(at: time))
            var frame = try Pixmap(width: 100, height: 100)
            Compositor(threads: 1).render(tree, into: &frame, scale: 1)
            dump(frame, "order-fade-in-\(time)")
            #expect(frame.rgba(50, 50).near(centre, 2), "t = \(time): \(frame.rgba(50, 50))")
            #expect(frame.rgba(10, 10) == premul(1, 1, 1), "outside the child: the white root")
        }
    }

    @Test("defaultAction(forKey:) is nil for onOrderIn, onOrderOut and sublayers (CALayer.h: default actions only for animatable properties)")
    func defaultsAreNil() {
        MediaClock.withCurrent(MediaClock.manual(at: 0)) {
            let tree = Tree()
            tree.root.addSublayer(tree.child)
            CATransaction.flush()
            for key in [kCAOnOrderIn, kCAOnOrderOut, "sublayers"] {
                #expect(CALayer.defaultAction(forKey: key) == nil, "\(key)")
                #expect(CAShapeLayer.defaultAction(forKey: key) == nil, "\(key)")
            }
            let bare = CALayer()
            tree.root.addSublayer(bare)
            #expect(bare.animationKeys() == nil && tree.root.animationKeys() == nil)
            bare.removeFromSuperlayer()
            #expect(bare.animationKeys() == nil && tree.root.animationKeys() == nil)
            CATransaction.flush()
            withExtendedLifetime(tree.context) {}
        }
    }
}
