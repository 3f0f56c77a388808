// CALayer+Timing: converting times between layers' time spaces.
//
// Audited against: CALayer.convertTime(_:from:) / convertTime(_:to:) docs; CAMediaTiming docs
//   ("layers are the timing parents of their sublayers"; t = (tp − beginTime) × speed +
//   timeOffset); Technical Q&A QA1673 (pausing a layer with convertTime(CACurrentMediaTime(),
//   from: nil)). Status: complete for active local time. A layer's repeat and autoreverse
//   settings do not change the time it gives its sublayers here (Apple documents none of that
//   for layers); `MediaTiming.resolve` has the full rules for animations.

import Foundation
import KinemaRenderServer
import KinemaSupport

extension CALayer {
    /// Absolute media time for `t` in this layer's time space: up through every ancestor.
    /// A layer with speed 0 maps every parent time to one local time, so its inverse is taken at
    /// its beginTime (the time it was paused at, in QA1673's recipe), with a diagnostic.
    final func absoluteTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var node: CALayer? = self
        while let layer = node {
            let timing = layer.mediaTiming
            if let parent = timing.parentTime(forActiveLocalTime: time) {
                time = parent
            } else {
                KinemaDiagnostics.emit(domain, "convertTime: a layer on the way has speed 0, so every earlier time maps to this one; used its beginTime")
                time = timing.beginTime
            }
            node = layer.treeSuperlayer
        }
        return time
    }

    /// This layer's local time for absolute media time `t`: down from the root.
    final func localTime(fromAbsolute t: CFTimeInterval) -> CFTimeInterval {
        // The common case first: no layer up the chain has timing of its own (begin 0, speed 1,
        // offset 0 make active local time the parent's), so the time is the absolute time —
        // without the array and the timing values built per layer below, which every
        // animation added (its begin time) would pay for.
        var node: CALayer? = self
        var untimed = true
        while let layer = node {
            guard layer.beginTime == 0, layer.speed == 1, layer.timeOffset == 0 else {
                untimed = false
                break
            }
            node = layer.treeSuperlayer
        }
        if untimed { return t }
        var chain = [CALayer]()
        node = self
        while let layer = node {
            chain.append(layer)
            node = layer.treeSuperlayer
        }
        return chain.reversed().reduce(t) { time, layer in
            layer.mediaTiming.activeLocalTime(forParentTime: time)
        }
    }
}
