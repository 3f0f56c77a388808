// CAShapeLayer: a layer that draws a path.
//
// Audited against: CAShapeLayer docs (path, fillColor, fillRule, strokeColor, strokeStart,
//   strokeEnd, lineWidth, miterLimit, lineCap, lineJoin, lineDashPhase, lineDashPattern: types,
//   defaults and "Animatable." notes); the constants are in CAShapeLayer+Constants.swift.
// Status: properties complete; rendering the shape is the compositor's (a later issue).

import Foundation
import KinemaRenderServer

/// A layer that draws a cubic Bézier path in its coordinate space.
///
/// ```swift
/// let ring = CAShapeLayer()
/// ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
/// ring.fillColor = nil
/// ring.strokeColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
/// ring.lineWidth = 6
/// ring.strokeEnd = 0.75
/// ```
///
/// Every property lives in the layer's state (`LayerState.shape`) and goes through the same
/// write path as CALayer's. Paths are stored immutable: a `CGMutablePath` is copied when set.
@MainActor
open class CAShapeLayer: CALayer {
    override package class var stateClass: LayerClass { .shape }

    /// The path to draw. Animatable. Default nil.
    open var path: CGPath? {
        get { state.shapeState.path }
        set { write("path", newValue.map { .path($0) } ?? .none) }
    }

    /// The colour filling the path; nil for no fill. Animatable. Default opaque black.
    open var fillColor: CGColor? {
        get { state.shapeState.fillColor }
        set { write("fillColor", newValue.map { .color($0) } ?? .none) }
    }

    /// The fill rule. Default `.nonZero`.
    open var fillRule: CAShapeLayerFillRule {
        get { state.shapeState.fillRule }
        set { write("fillRule", .string(newValue.rawValue)) }
    }

    /// The colour stroking the path; nil for no stroke. Animatable. Default nil.
    open var strokeColor: CGColor? {
        get { state.shapeState.strokeColor }
        set { write("strokeColor", newValue.map { .color($0) } ?? .none) }
    }

    /// Where the stroke starts, as a fraction of the path's length. Animatable. Default 0.
    open var strokeStart: CGFloat {
        get { state.shapeState.strokeStart }
        set { write("strokeStart", .number(Double(newValue))) }
    }

    /// Where the stroke ends, as a fraction of the path's length. Animatable. Default 1.
    open var strokeEnd: CGFloat {
        get { state.shapeState.strokeEnd }
        set { write("strokeEnd", .number(Double(newValue))) }
    }

    /// The stroke width. Animatable. Default 1.
    open var lineWidth: CGFloat {
        get { state.shapeState.lineWidth }
        set { write("lineWidth", .number(Double(newValue))) }
    }

    /// The miter limit of miter joins. Animatable. Default 10.
    open var miterLimit: CGFloat {
        get { state.shapeState.miterLimit }
        set { write("miterLimit", .number(Double(newValue))) }
    }

    /// The line cap. Default `.butt`.
    open var lineCap: CAShapeLayerLineCap {
        get { state.shapeState.lineCap }
        set { write("lineCap", .string(newValue.rawValue)) }
    }

    /// The line join. Default `.miter`.
    open var lineJoin: CAShapeLayerLineJoin {
        get { state.shapeState.lineJoin }
        set { write("lineJoin", .string(newValue.rawValue)) }
    }

    /// The phase of the dash pattern. Animatable. Default 0.
    open var lineDashPhase: CGFloat {
        get { state.shapeState.lineDashPhase }
        set { write("lineDashPhase", .number(Double(newValue))) }
    }

    /// Alternating painted and unpainted lengths of the stroke; nil for a solid line. Default nil.
    open var lineDashPattern: [NSNumber]? {
        get { state.shapeState.lineDashPattern?.map { NSNumber(value: $0) } }
        set { write("lineDashPattern", newValue.map { .numbers($0.map(\.doubleValue)) } ?? .none) }
    }
}
