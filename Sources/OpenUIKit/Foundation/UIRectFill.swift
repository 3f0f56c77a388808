// UIRectFill, UIRectFillUsingBlendMode, UIRectFrame, UIRectFrameUsingBlendMode, UIRectClip: the
// rectangle conveniences that draw into the current UIKit context.
//
// Audited against: UIRectFill ("using the fill color of the current graphics context and the
// kCGBlendModeCopy blend mode"), UIRectFillUsingBlendMode, UIRectFrame / UIRectFrameUsingBlendMode
// ("a frame around the inside of rect in the fill color … The width is equal to 1.0 in the
// current coordinate system"; normal blend mode for UIRectFrame), UIRectClip. "If the current
// graphics context is nil, this function does nothing." Status: complete; a pattern fill colour
// (UIColor(patternImage:)) fills with the tiled image.

import Foundation
import OpenCoreGraphics

/// Fills `rect` with the current context's fill colour, replacing what is there (`.copy`).
public func UIRectFill(_ rect: CGRect) {
    UIRectFillUsingBlendMode(rect, .copy)
}

/// Fills `rect` with the current context's fill colour in `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let entry = UIGraphicsContextStack.current.top else { return }
    let context = entry.context
    context.saveGState()
    context.setBlendMode(blendMode)
    if let pattern = entry.fillPattern {
        context.clip(to: rect)
        pattern.paintPattern(in: context)
    } else {
        context.fill(rect)
    }
    context.restoreGState()
}

/// Draws a 1-point frame just inside `rect` in the current context's fill colour.
public func UIRectFrame(_ rect: CGRect) {
    UIRectFrameUsingBlendMode(rect, .normal)
}

/// Draws a 1-point frame just inside `rect` in the current context's fill colour and `blendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let entry = UIGraphicsContextStack.current.top else { return }
    let r = rect.standardized
    guard !r.isNull, r.width > 0, r.height > 0 else { return }
    let inner = r.insetBy(dx: min(1, r.width / 2), dy: min(1, r.height / 2))
    let context = entry.context
    context.saveGState()
    context.setBlendMode(blendMode)
    context.addRect(r)
    if !inner.isEmpty { context.addRect(inner) }
    if let pattern = entry.fillPattern {
        context.clip(using: .evenOdd)
        pattern.paintPattern(in: context)
    } else {
        context.fillPath(using: .evenOdd)
    }
    context.restoreGState()
}

/// Intersects the current context's clip with `rect`.
public func UIRectClip(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.clip(to: rect)
}
