// CALayerDelegate and CAAction: the objects a layer asks to draw, lay out and act for it.
//
// Audited against: CALayerDelegate docs (display(_:), draw(_:in:), layerWillDraw(_:),
//   layoutSublayers(of:), action(for:forKey:) — all optional: "returns … nil if the delegate
//   does not specify a behavior"; a non-nil answer "stops any further searches"), CAAction docs
//   (run(forKey:object:arguments:)), CALayer.action(forKey:) (the search order: delegate, the
//   actions dictionary, the style dictionary's actions, defaultAction(forKey:); NSNull ends the
//   search with no action).
// Status: complete for these declarations. Objective-C optional methods become protocol
//   requirements with default implementations that do what Core Animation does when a delegate
//   lacks the method. The implicit actions Core Animation adds after defaultAction(forKey:) come
//   with the transaction work.

import Foundation
import KinemaRenderServer

/// Methods a layer's delegate implements to provide its content, lay out its sublayers and give
/// actions for its changes. Every method is optional: the default implementations do what Core
/// Animation does when the delegate lacks the method.
///
/// ```swift
/// final class Painter: CALayerDelegate {
///     func draw(_ layer: CALayer, in ctx: CGContext) {
///         ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
///         ctx.fill(layer.bounds)
///     }
/// }
/// ```
@MainActor
public protocol CALayerDelegate: AnyObject {
    /// Provides the layer's content (typically by setting `contents`). Default: the layer's own
    /// drawing — `layerWillDraw(_:)`, `draw(in:)` into a new backing store, which becomes
    /// `contents`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`. Called by `CALayer.draw(in:)`. Default: nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called just before the layer draws its content. Default: nothing.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers. Called by `CALayer.layoutSublayers()`. Default: nothing.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event` on `layer`: an action ends the search, `NSNull()` ends it with no
    /// action, nil continues it. Default: nil.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {
        layer.drawContents()
    }

    public func draw(_ layer: CALayer, in ctx: CGContext) {}

    public func layerWillDraw(_ layer: CALayer) {}

    public func layoutSublayers(of layer: CALayer) {}

    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// An object that responds to an action triggered by a layer (an animation, or your own).
///
/// ```swift
/// final class Logger: CAAction {
///     func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
///         print("\(event) on \(anObject)")
///     }
/// }
/// layer.actions = ["onOrderIn": Logger()]
/// ```
public protocol CAAction: AnyObject {
    /// Performs the action for `event` on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` is the action that means "no action": returned from an action search it ends the
/// search, as on Apple's platforms.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CALayer {
    /// The search `action(forKey:)` documents.
    final func searchAction(forKey event: String) -> (any CAAction)? {
        if let action = delegate?.action(for: self, forKey: event) {
            return action
        }
        if let action = actions?[event] {
            return action
        }
        var style = self.style
        while let current = style {
            if let styleActions = current["actions"] as? [String: any CAAction], let action = styleActions[event] {
                return action
            }
            style = current["style"] as? [AnyHashable: Any]
        }
        return type(of: self).defaultAction(forKey: event)
    }
}
