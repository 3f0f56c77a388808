// The layer tree: sublayers, superlayer, mask; cycles refused.
//
// Sources: CALayer docs — sublayers ("Setting the sublayers property to an array populated with
// layer objects causes each layer in that array to be removed from its current superlayer"),
// addSublayer(_:), insertSublayer(_:at:), insertSublayer(_:above:), insertSublayer(_:below:),
// replaceSublayer(_:with:), removeFromSuperlayer() ("You can also use this method to remove a
// layer’s mask layer"), mask ("must not have a superlayer"); DESIGN.md §6 (a cycle in the layer
// tree gets a diagnostic, and the program goes on).

import KinemaSupport
import Foundation
import OpenQuartzCore
import Testing

@MainActor
private func named(_ name: String) -> CALayer {
    let layer = CALayer()
    layer.name = name
    return layer
}

@MainActor
private func names(_ layer: CALayer) -> [String] {
    (layer.sublayers ?? []).map { $0.name ?? "?" }
}

@MainActor
@Suite("CALayer hierarchy")
struct CALayerHierarchyTests {
    @Test("sublayers is nil until a layer is added, and again when the last is removed")
    func addAndRemove() {
        let parent = named("parent"), child = named("child")
        #expect(parent.sublayers == nil && child.superlayer == nil)
        parent.addSublayer(child)
        #expect(parent.sublayers == [child])
        #expect(child.superlayer === parent)
        child.removeFromSuperlayer()
        #expect(parent.sublayers == nil && child.superlayer == nil)
        child.removeFromSuperlayer()   // nothing to do
    }

    @Test("adding a layer that has a superlayer moves it; re-adding moves it to the front")
    func moving() {
        let one = named("one"), two = named("two")
        let a = named("a"), b = named("b"), c = named("c")
        one.addSublayer(a)
        one.addSublayer(b)
        one.addSublayer(c)
        let (_, diagnostics) = KinemaDiagnostics.collecting { one.addSublayer(a) }
        #expect(names(one) == ["b", "c", "a"])
        #expect(diagnostics.isEmpty, "moving a sublayer to the front is ordinary use, not bad input")
        two.addSublayer(b)
        #expect(names(one) == ["c", "a"] && names(two) == ["b"])
        #expect(b.superlayer === two)
    }

    @Test("insert at an index, above and below a sibling; nil siblings mean the front and the back")
    func inserting() {
        let parent = named("parent")
        let a = named("a"), b = named("b"), c = named("c"), d = named("d"), e = named("e")
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(c, at: 1)
        #expect(names(parent) == ["a", "c", "b"])
        parent.insertSublayer(d, above: a)
        #expect(names(parent) == ["a", "d", "c", "b"])
        parent.insertSublayer(e, below: a)
        #expect(names(parent) == ["e", "a", "d", "c", "b"])
        parent.insertSublayer(e, above: nil)
        #expect(names(parent) == ["a", "d", "c", "b", "e"])
        parent.insertSublayer(b, below: nil)
        #expect(names(parent) == ["b", "a", "d", "c", "e"])
        parent.insertSublayer(a, at: 4)
        #expect(names(parent) == ["b", "d", "c", "e", "a"], "moving within: removed, then inserted at the index")
    }

    @Test("an index past the end appends; a sibling that is not a sublayer inserts at the front or back; each with a diagnostic")
    func badInsertions() {
        let parent = named("parent"), stranger = named("stranger")
        let a = named("a"), b = named("b"), c = named("c")
        parent.addSublayer(a)
        let d = named("d")
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            parent.insertSublayer(b, at: 9)
            parent.insertSublayer(c, below: stranger)
            parent.insertSublayer(d, above: d)   // its own sibling, but not a sublayer yet
        }
        #expect(names(parent) == ["c", "a", "b", "d"])
        #expect(diagnostics.count == 3)
        parent.insertSublayer(a, above: a)
        #expect(names(parent) == ["c", "a", "b", "d"], "above itself: where it is")
    }

    @Test("replaceSublayer puts the new layer at the old one's index; a non-sublayer is refused")
    func replacing() {
        let parent = named("parent")
        let a = named("a"), b = named("b"), c = named("c"), x = named("x")
        for layer in [a, b, c] { parent.addSublayer(layer) }
        parent.replaceSublayer(b, with: x)
        #expect(names(parent) == ["a", "x", "c"])
        #expect(b.superlayer == nil && x.superlayer === parent)
        parent.replaceSublayer(a, with: c)
        #expect(names(parent) == ["c", "x"])
        let (_, diagnostics) = KinemaDiagnostics.collecting { parent.replaceSublayer(b, with: a) }
        #expect(diagnostics.count == 1)
        #expect(names(parent) == ["c", "x"])
    }

    @Test("setting sublayers removes the old ones and adopts the new, each leaving its previous superlayer")
    func settingSublayers() {
        let parent = named("parent"), other = named("other")
        let a = named("a"), b = named("b"), c = named("c")
        parent.addSublayer(a)
        other.addSublayer(b)
        parent.sublayers = [b, c]
        #expect(names(parent) == ["b", "c"])
        #expect(a.superlayer == nil && other.sublayers == nil)
        let (_, diagnostics) = KinemaDiagnostics.collecting { parent.sublayers = [c, c] }
        #expect(names(parent) == ["c"] && diagnostics.count == 1)
        parent.sublayers = nil
        #expect(parent.sublayers == nil && c.superlayer == nil)
    }

    @Test("a layer cannot become its own sublayer or its ancestor's: refused with one diagnostic, tree unchanged")
    func cycles() {
        let root = named("root"), middle = named("middle"), leaf = named("leaf")
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        for (parent, child) in [(leaf, leaf), (leaf, root), (middle, root), (leaf, middle)] {
            let (_, diagnostics) = KinemaDiagnostics.collecting { parent.addSublayer(child) }
            #expect(diagnostics.count == 1, "\(parent.name ?? "") ← \(child.name ?? "")")
        }
        let (_, more) = KinemaDiagnostics.collecting {
            leaf.insertSublayer(root, at: 0)
            leaf.insertSublayer(root, above: nil)
            leaf.sublayers = [middle]
        }
        #expect(more.count == 3)
        #expect(root.superlayer == nil && root.sublayers == [middle] && middle.sublayers == [leaf] && leaf.sublayers == nil)
    }

    @Test("mask: must have no superlayer and must not be an ancestor; removeFromSuperlayer removes a mask")
    func masks() {
        let root = named("root"), layer = named("layer"), maskLayer = named("mask")
        root.addSublayer(layer)
        layer.mask = maskLayer
        #expect(layer.mask === maskLayer && maskLayer.superlayer == nil)
        maskLayer.removeFromSuperlayer()
        #expect(layer.mask == nil)

        let (_, diagnostics) = KinemaDiagnostics.collecting {
            layer.mask = root       // an ancestor
            layer.mask = layer      // itself
            let attached = named("attached")
            root.addSublayer(attached)
            layer.mask = attached   // has a superlayer
        }
        #expect(diagnostics.count == 3)
        #expect(layer.mask == nil)

        layer.mask = maskLayer
        let (_, cycle) = KinemaDiagnostics.collecting { maskLayer.addSublayer(root) }
        #expect(cycle.count == 1, "the mask's tree cannot hold the layer it masks")
    }
}
