// UIGraphics+ContextStack: UIKit's stack of current graphics contexts, and the legacy image
// contexts that live on it.
//
// Audited against: UIGraphicsGetCurrentContext ("The current graphics context is nil by
// default … UIKit maintains a stack of graphics contexts"; "you can call this function from any
// thread": the stack is per thread), UIGraphicsPushContext / UIGraphicsPopContext,
// UIGraphicsBeginImageContext ("equivalent to … WithOptions with opaque false and scale 1.0"),
// UIGraphicsBeginImageContextWithOptions ("If you specify a value of 0.0, the scale factor is set
// to the scale factor of the device's main screen"), UIGraphicsGetImageFromCurrentImageContext
// ("You should call this function only when a bitmap-based graphics context is the current
// graphics context. If the current context is nil or was not created by a call to
// UIGraphicsBeginImageContext, this function returns nil"), UIGraphicsEndImageContext.
// Status: complete. iOS logs "invalid context" or fails an allocation where Kinema reports a
// diagnostic (popping an empty stack, ending a context that is not an image context, a zero or
// non-finite size).
//
// The stack lives in the thread's dictionary, so it is the calling thread's and goes away with it.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// One context on a thread's UIKit stack: the context, whether UIGraphicsBeginImageContext made
/// it (and at what scale), and the pattern colours `UIColor.setFill()` / `setStroke()` chose for
/// it, which a `CGColor` cannot carry.
package final class UIGraphicsStackEntry {
    package let context: CGContext
    /// The scale of an image context made by UIGraphicsBeginImageContext…; nil for a pushed context.
    package let imageScale: CGFloat?
    /// The pattern colour set with `setFill()`, if the fill colour is a pattern.
    package var fillPattern: UIColor?
    /// The pattern colour set with `setStroke()`, if the stroke colour is a pattern.
    package var strokePattern: UIColor?

    init(context: CGContext, imageScale: CGFloat?) {
        self.context = context
        self.imageScale = imageScale
    }
}

/// The calling thread's UIKit context stack (package API: UIView drawing pushes onto it too).
package final class UIGraphicsContextStack {
    package private(set) var entries: [UIGraphicsStackEntry] = []

    private static let key = "org.kinema.OpenUIKit.UIGraphicsContextStack"

    /// The calling thread's stack, made on first use.
    package static var current: UIGraphicsContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? UIGraphicsContextStack { return stack }
        let stack = UIGraphicsContextStack()
        dictionary[key] = stack
        return stack
    }

    /// The top entry: the current context, or nil.
    package var top: UIGraphicsStackEntry? { entries.last }

    package func push(_ context: CGContext, imageScale: CGFloat? = nil) {
        entries.append(UIGraphicsStackEntry(context: context, imageScale: imageScale))
    }

    @discardableResult
    package func pop() -> UIGraphicsStackEntry? { entries.popLast() }
}

/// Where `scale` 0 of UIGraphicsBeginImageContextWithOptions and the default renderer format
/// look up "the device's main screen" scale. Kinema's default is 1; UIScreen points this at its
/// main screen (package API).
package enum UIGraphicsScreenScale {
    /// The provider, called (outside the lock) each time a scale of 0 is resolved.
    package static let provider = LockedValue<@Sendable () -> CGFloat>({ 1 })

    /// The main screen's scale now: the provider's answer, or 1 when it is not positive and finite.
    package static var current: CGFloat {
        let read = provider.withLock { $0 }
        let scale = read()
        return scale.isFinite && scale > 0 ? scale : 1
    }
}

/// The current graphics context of the calling thread: the top of UIKit's context stack, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    UIGraphicsContextStack.current.top?.context
}

/// Makes `context` the current graphics context of the calling thread, until the matching
/// `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    UIGraphicsContextStack.current.push(context)
}

/// Removes the current graphics context from the top of the calling thread's stack, making the
/// one below it current. With an empty stack it does nothing (and reports a diagnostic).
public func UIGraphicsPopContext() {
    if UIGraphicsContextStack.current.pop() == nil {
        KinemaDiagnostics.emit("UIGraphicsPopContext", "no context to pop; nothing done")
    }
}

/// Makes a bitmap context of `size` points at scale 1, not opaque, and makes it current
/// (UIGraphicsBeginImageContextWithOptions(size, false, 1)).
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    beginImageContext(size, opaque: false, scale: 1, operation: "UIGraphicsBeginImageContext")
}

/// Makes a bitmap context of `size` points at `scale` pixels a point (0: the main screen's
/// scale), flipped to UIKit's top-left, y-down space, and makes it current. An opaque context
/// starts black (it has no alpha, so unpainted pixels are black); otherwise it starts clear.
/// A zero, negative or non-finite size or scale makes no context (a diagnostic, as iOS logs a
/// failed allocation).
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    beginImageContext(size, opaque: opaque, scale: scale, operation: "UIGraphicsBeginImageContextWithOptions")
}

private func beginImageContext(_ size: CGSize, opaque: Bool, scale: CGFloat, operation: String) {
    let resolved = scale == 0 ? UIGraphicsScreenScale.current : scale
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
          resolved.isFinite, resolved > 0 else {
        KinemaDiagnostics.emit(operation, "size \(size) at scale \(scale): sizes and scale must be positive and finite; no context made")
        return
    }
    guard let context = CGContext.makeFlipped(width: size.width, height: size.height, scale: resolved) else { return }
    if opaque {
        context.setFillColor(CGColor.black)
        context.fill(CGRect(origin: .zero, size: size))
    }
    UIGraphicsContextStack.current.push(context, imageScale: resolved)
}

/// An image of the current context's contents, if the current context is an image context made
/// by UIGraphicsBeginImageContext…; nil otherwise. The image's scale is the context's.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = UIGraphicsContextStack.current.top, let scale = entry.imageScale,
          let cgImage = entry.context.makeImage() else { return nil }
    return UIImage(cgImage: cgImage, scale: scale, orientation: .up)
}

/// Removes the current image context made by UIGraphicsBeginImageContext… from the stack. If the
/// current context is not such a context, nothing is removed (a diagnostic).
public func UIGraphicsEndImageContext() {
    let stack = UIGraphicsContextStack.current
    guard let top = stack.top, top.imageScale != nil else {
        KinemaDiagnostics.emit("UIGraphicsEndImageContext", "the current context is not an image context; nothing removed")
        return
    }
    stack.pop()
}
