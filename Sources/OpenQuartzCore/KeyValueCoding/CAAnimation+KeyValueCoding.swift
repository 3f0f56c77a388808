// CAAnimation+KeyValueCoding: `setValue(_:forKey:)` / `value(forKey:)` on animations, which iOS
// code uses to tag an animation with its own data (`animation.setValue(layer, forKey: "target")`)
// and read it back in `animationDidStop(_:finished:)`.
//
// Audited against: Core Animation Programming Guide → Key-Value Coding Extensions ("CAAnimation
//   and CALayer classes are key-value coding compliant container classes, which means that you
//   can set values for arbitrary keys"), CAAnimation `defaultValue(forKey:)`.
// Status: arbitrary keys, the CAMediaTiming keys, `removedOnCompletion`, and the value keys of
//   the subclasses (keyPath, fromValue, toValue, byValue, values, additive, cumulative). Other
//   subclass property keys (path, keyTimes, mass …) are stored as custom keys and do not reach the
//   property (Apple routes them to it): use the properties.

import Foundation
import KinemaRenderServer
import KinemaSupport

extension CAAnimation {
    /// Stores `value` under `key`. The CAMediaTiming keys and `removedOnCompletion` set their
    /// property (a value of the wrong type is ignored with a diagnostic); any other key is kept
    /// with the animation and copied with it. nil removes a custom key.
    public func setValue(_ value: Any?, forKey key: String) {
        func number() -> Double? {
            switch value {
            case let v as Double: v
            case let v as Float: Double(v)
            case let v as CGFloat: Double(v)
            case let v as Int: Double(v)
            case let v as NSNumber: v.doubleValue
            default: nil
            }
        }
        let timingKeys: Set = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration"]
        if timingKeys.contains(key) {
            guard let n = number() else {
                KinemaDiagnostics.emit("CAAnimation", "setValue(_:forKey: \"\(key)\"): \(String(describing: value)) is not a number; ignored")
                return
            }
            switch key {
            case "beginTime": beginTime = n
            case "duration": duration = n
            case "speed": speed = Float(n)
            case "timeOffset": timeOffset = n
            case "repeatCount": repeatCount = Float(n)
            default: repeatDuration = n
            }
            return
        }
        switch key {
        case "autoreverses", "removedOnCompletion":
            guard let flag = (value as? Bool) ?? number().map({ $0 != 0 }) else {
                KinemaDiagnostics.emit("CAAnimation", "setValue(_:forKey: \"\(key)\"): not a Bool; ignored")
                return
            }
            if key == "autoreverses" { autoreverses = flag } else { isRemovedOnCompletion = flag }
        case "fillMode":
            if let mode = value as? CAMediaTimingFillMode {
                fillMode = mode
            } else if let name = value as? String {
                fillMode = CAMediaTimingFillMode(rawValue: name)
            } else {
                KinemaDiagnostics.emit("CAAnimation", "setValue(_:forKey: \"fillMode\"): not a fill mode; ignored")
            }
        case "keyPath" where self is CAPropertyAnimation:
            (self as? CAPropertyAnimation)?.keyPath = value as? String
        case "additive" where self is CAPropertyAnimation, "cumulative" where self is CAPropertyAnimation:
            let flag = (value as? Bool) ?? number().map { $0 != 0 } ?? false
            if key == "additive" { (self as? CAPropertyAnimation)?.isAdditive = flag } else { (self as? CAPropertyAnimation)?.isCumulative = flag }
        case "fromValue" where self is CABasicAnimation: (self as? CABasicAnimation)?.fromValue = value
        case "toValue" where self is CABasicAnimation: (self as? CABasicAnimation)?.toValue = value
        case "byValue" where self is CABasicAnimation: (self as? CABasicAnimation)?.byValue = value
        case "values" where self is CAKeyframeAnimation: (self as? CAKeyframeAnimation)?.values = value as? [Any]
        default:
            customValues[key] = flattenedAny(value)
        }
    }

    /// The value stored under `key`: the property for the CAMediaTiming keys and
    /// `removedOnCompletion`, else the custom value, else `defaultValue(forKey:)`.
    public func value(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        case "removedOnCompletion": return isRemovedOnCompletion
        case "keyPath" where self is CAPropertyAnimation: return (self as? CAPropertyAnimation)?.keyPath
        case "additive" where self is CAPropertyAnimation: return (self as? CAPropertyAnimation)?.isAdditive
        case "cumulative" where self is CAPropertyAnimation: return (self as? CAPropertyAnimation)?.isCumulative
        case "fromValue" where self is CABasicAnimation: return (self as? CABasicAnimation)?.fromValue
        case "toValue" where self is CABasicAnimation: return (self as? CABasicAnimation)?.toValue
        case "byValue" where self is CABasicAnimation: return (self as? CABasicAnimation)?.byValue
        case "values" where self is CAKeyframeAnimation: return (self as? CAKeyframeAnimation)?.values
        default: return customValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }
}
