// CALayer+Display: providing contents by drawing, and laying out sublayers.
//
// Audited against: CALayer docs — display() ("The default implementation of this method calls
//   the display(_:) method of the delegate … If the delegate does not implement that method, this
//   method creates a backing store and calls the layer’s draw(in:) method to fill that backing
//   store with content. The new backing store replaces the previous contents of the layer"),
//   draw(in:) ("The default implementation of this method does not do any drawing itself. If the
//   layer’s delegate implements the draw(_:in:) method, that method is called"), setNeedsDisplay()
//   (layers do not redraw on their own: the first display happens when something asks for it),
//   layoutIfNeeded() ("the layer’s super layers are traversed until a ancestor layer is found
//   that does not require layout. Then layout is performed on the entire layer-tree beneath that
//   ancestor"), layoutSublayers(); CALayerDelegate.layerWillDraw(_:) ("Notifies the delegate of
//   an imminent draw"); Core Animation Programming Guide → Providing a Layer's Contents.
// Status: complete. The backing store is a premultiplied RGBA8 bitmap of bounds × contentsScale
//   pixels in UIKit's flipped orientation (CGContext.makeFlipped); the bounds origin is the
//   context's origin. An empty bounds draws nothing and clears `contents`. Layers that draw a
//   key their animations change redraw at every host turn: CALayer+AnimatedDisplay.swift.

import Foundation
import KinemaRenderServer

extension CALayer {
    /// The default display: `layerWillDraw(_:)`, a flipped context of bounds × contentsScale,
    /// `draw(in:)`, and the context's image as `contents`. When `keepUntouched` is given, the
    /// drawing left the bitmap untouched (never even allocated) and `keepUntouched()` says so,
    /// `contents` is left as it was and the call returns false (UIView's first display of a view
    /// that draws nothing costs no bitmap).
    @discardableResult
    package final func drawContents(keepUntouched: (() -> Bool)? = nil) -> Bool {
        delegate?.layerWillDraw(self)
        let bounds = state.bounds
        guard bounds.width > 0, bounds.height > 0, bounds.isFiniteRect else {
            write("contents", .none)
            return true
        }
        guard let context = CGContext.makeFlipped(width: bounds.width, height: bounds.height, scale: state.contentsScale) else {
            // makeFlipped reported why (too large); keep the old contents.
            return true
        }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        draw(in: context)
        if let keepUntouched, context.isUntouched, keepUntouched() { return false }
        write("contents", context.makeImage().map { .image($0) } ?? .none)
        return true
    }

    /// Lays out, top-down, the tree beneath the highest ancestor in the unbroken chain of layers
    /// needing layout that starts at this layer.
    final func layOutTree() {
        var top = self
        while let parent = top.superlayerStorage, parent.needsLayoutFlag {
            top = parent
        }
        top.layOutSubtree()
    }

    /// Lays out this layer if it needs it, then its sublayers' subtrees (as they are after its
    /// layout).
    private func layOutSubtree() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sublayer in sublayerStorage {
            sublayer.layOutSubtree()
        }
    }
}
