// The work a commit does besides copying state, and the shortcuts it takes: the pre-commit layout
// and display pass visits only subtrees where a layer asked (setNeedsDisplay, setNeedsLayout, a
// new sublayer or mask), yet reaches every layer that asked, wherever it sits and whenever it
// asked; a replaced render tree frees its nodes (released in order with cache hints) and keeps
// the ones the new tree shares.
//
// Sources: CATransaction docs (layout and display run as part of the commit: "Core Animation
// … lays out and displays the layer trees before committing"), CALayer docs — setNeedsDisplay()
// ("the layer … will be redisplayed during the next update cycle"), setNeedsLayout() ("…
// layoutSublayers … during the next update cycle"), mask; Core Animation Programming Guide →
// "Layer Trees Reflect Different Aspects of the Animation State".

import Foundation
@testable import KinemaRenderServer
@testable import OpenQuartzCore
import Testing

/// A layer that counts its displays and may run a closure during its layout.
private final class CountingLayer: CALayer {
    var displays = 0
    var onLayout: (() -> Void)?

    override func display() {
        displays += 1
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        onLayout?()
    }
}

/// A committed three-level tree under a hosted root: root → branch → leaves.
@MainActor
private struct Tree {
    let host = Host()
    let branch = CountingLayer()
    let leaves = (0..<4).map { _ in CountingLayer() }

    init() {
        host.root.addSublayer(branch)
        for leaf in leaves {
            branch.addSublayer(leaf)
        }
        host.loop.turn(at: 1.0 / 60)
    }
}

@MainActor
@Suite("Commit: the pre-commit pass and the release of replaced trees")
struct CommitPassTests {
    @Test("a layer deep in a committed tree that asks for display is displayed at the next commit, and only it")
    func deepLayerDisplays() {
        let tree = Tree()
        let before = tree.leaves.map(\.displays)
        tree.leaves[2].setNeedsDisplay()
        CATransaction.flush()
        #expect(tree.leaves.map(\.displays) == [before[0], before[1], before[2] + 1, before[3]])
        CATransaction.flush()
        #expect(tree.leaves[2].displays == before[2] + 1)
    }

    @Test("after a commit where nothing asked, the pass visits nothing and clears every mark")
    func quietCommitClearsMarks() {
        let tree = Tree()
        CATransaction.flush()
        #expect(!tree.host.root.layoutDisplayPending)
        #expect(!tree.branch.layoutDisplayPending)
        #expect(tree.leaves.allSatisfy { !$0.layoutDisplayPending })
        tree.leaves[1].opacity = 0.5   // a property change is not a request for display
        CATransaction.flush()
        #expect(!tree.host.root.layoutDisplayPending)
    }

    @Test("a layer that asked for display while detached is displayed once added to a committed tree")
    func detachedRequestIsKept() {
        let tree = Tree()
        let newcomer = CountingLayer()
        let child = CountingLayer()
        newcomer.addSublayer(child)
        CATransaction.flush()
        child.setNeedsDisplay()
        #expect(child.displays == 0)
        tree.leaves[3].addSublayer(newcomer)
        CATransaction.flush()
        #expect(child.displays == 1)
    }

    @Test("a mask that asks for display is displayed")
    func maskDisplays() {
        let tree = Tree()
        let mask = CountingLayer()
        tree.leaves[0].mask = mask
        CATransaction.flush()
        let shown = mask.displays
        mask.setNeedsDisplay()
        CATransaction.flush()
        #expect(mask.displays == shown + 1)
    }

    @Test("a request made during the layout of an earlier layer is served in the same commit")
    func requestDuringLayout() {
        let tree = Tree()
        let target = tree.leaves[3]
        let before = target.displays
        tree.leaves[0].onLayout = { target.setNeedsDisplay() }
        tree.leaves[0].setNeedsLayout()
        CATransaction.flush()
        #expect(target.displays == before + 1)
    }

    @Test("asking for display alone opens the implicit transaction, so the turn's commit serves it")
    func requestAloneCommits() {
        let tree = Tree()
        let before = tree.leaves[1].displays
        #expect(!CATransaction.isOpen)
        tree.leaves[1].setNeedsDisplay()
        #expect(CATransaction.isOpen)
        tree.host.loop.turn(at: 2.0 / 60)
        #expect(tree.leaves[1].displays == before + 1)
    }

    @Test("a request made during layout for a layer the pass already left is served at the next commit")
    func requestBehindThePass() {
        let tree = Tree()
        let target = tree.leaves[0]
        let before = target.displays
        tree.leaves[3].onLayout = { target.setNeedsDisplay() }
        tree.leaves[3].setNeedsLayout()
        CATransaction.flush()
        CATransaction.flush()
        #expect(target.displays == before + 1)
        #expect(!tree.host.root.layoutDisplayPending)
    }

    @Test("a replaced wide tree frees the nodes of changed layers and keeps those the new tree shares")
    func replacedTreeIsFreed() throws {
        let host = Host()
        let layers = (0..<64).map { _ in CALayer() }
        for layer in layers {
            host.root.addSublayer(layer)
        }
        host.loop.turn(at: 1.0 / 60)
        weak var oldRoot: RenderNode?
        weak var changedNode: RenderNode?
        weak var keptNode: RenderNode?
        do {
            let old = try #require(host.context.server.committedTree)
            #expect(old.sublayers.count == 64)
            oldRoot = old
            changedNode = old.sublayers[10]
            keptNode = old.sublayers[11]
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (index, layer) in layers.enumerated() where index != 11 {
            layer.position.x += 1
        }
        CATransaction.commit()
        let new = try #require(host.context.server.committedTree)
        #expect(oldRoot == nil)
        #expect(changedNode == nil)
        #expect(keptNode != nil)
        #expect(keptNode === new.sublayers[11])
        #expect(new.sublayers.map(\.id) == layers.map(\.renderID))
        #expect(new.sublayers[10].state.position.x == layers[10].position.x)
    }
}
