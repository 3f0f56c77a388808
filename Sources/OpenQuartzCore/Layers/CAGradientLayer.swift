// CAGradientLayer: a layer that draws a colour gradient over its background.
//
// Audited against: CAGradientLayer docs (colors — CGColor objects, one per gradient stop,
//   animatable — locations, startPoint, endPoint, type: types and defaults); the type constants
//   are in CAGradientLayerType.swift.
// Status: properties complete; rendering the gradient is the compositor's (a later issue).

import Foundation
import KinemaRenderServer

/// A layer that draws a colour gradient over its background colour.
///
/// ```swift
/// let fade = CAGradientLayer()
/// fade.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)]
/// fade.locations = [0, 0.8]
/// fade.startPoint = CGPoint(x: 0.5, y: 0)
/// fade.endPoint = CGPoint(x: 0.5, y: 1)
/// ```
///
/// Points are in unit coordinates of the bounds. `colors` holds `CGColor`s; setting an array with
/// anything else is refused with a diagnostic.
@MainActor
open class CAGradientLayer: CALayer {
    override package class var stateClass: LayerClass { .gradient }

    /// The colours of the gradient stops, as `CGColor`s. Animatable. Default nil.
    open var colors: [Any]? {
        get { state.gradientState.colors }
        set { writeBoxed("colors", newValue) }
    }

    /// The location of each stop, 0 to 1; nil spreads them evenly. Animatable. Default nil.
    open var locations: [NSNumber]? {
        get { state.gradientState.locations?.map { NSNumber(value: $0) } }
        set { write("locations", newValue.map { .numbers($0.map(\.doubleValue)) } ?? .none) }
    }

    /// Where the gradient starts, in unit coordinates. Animatable. Default (0.5, 0).
    open var startPoint: CGPoint {
        get { state.gradientState.startPoint }
        set { write("startPoint", .point(newValue)) }
    }

    /// Where the gradient ends, in unit coordinates. Animatable. Default (0.5, 1).
    open var endPoint: CGPoint {
        get { state.gradientState.endPoint }
        set { write("endPoint", .point(newValue)) }
    }

    /// The style of gradient. Default `.axial`.
    open var type: CAGradientLayerType {
        get { state.gradientState.type }
        set { write("type", .string(newValue.rawValue)) }
    }
}
