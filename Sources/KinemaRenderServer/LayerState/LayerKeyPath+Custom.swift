// LayerKeyPath+Custom: key paths for custom keys — values a layer holds under keys of its own
// (`layer.setValue(0.5, forKey: "progress")`), animated like its properties.
//
// Audited against: Core Animation Programming Guide → Key-Value Coding Extensions ("Key-Value
//   Coding Compliant Container Classes": a layer stores values for arbitrary keys); CALayer
//   docs for defaultValue(forKey:) ("If you define custom properties for a layer but do not set a
//   value, this method returns a suitable 'zero' default value based on the expected value of
//   the key") and needsDisplay(forKey:) ("Animations changing the value of the attribute also
//   trigger redisplay"); Apple's sample "Custom Animatable Property" (sc2284: a CALayer subclass
//   animating a property of its own, explicitly and implicitly).
// Status: complete for numbers, points, sizes, rectangles, colours and transforms. Differences
//   from Apple, both because Swift on Linux has no Objective-C property declarations to read:
//   a key is animatable once a layer has held a value of one of those kinds under it (Apple: once
//   a class declares the property, with a zero default of its type); structure fields of custom
//   keys ("offset.x") are not key paths.

import Foundation
import KinemaGeometry
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

extension LayerKeyPath {
    /// The custom keys declared so far, by name: a key is declared the first time a layer holds
    /// an animatable value under it. Shared by every thread (the render server looks entries up).
    private static let customEntries = LockedValue<[String: LayerKeyPath]>([:])

    /// The entry of the custom key `key` if it has been declared; nil otherwise (and always for
    /// names the table has, dotted paths and getter aliases).
    ///
    /// **Semantics.** A custom key's entry reads `LayerState.customValues[key]` (`.none` when the
    /// state holds none) and writes any value there; it belongs to every layer class, and is not
    /// `isAnimatable` in the table's sense: a change of a custom key runs no default implicit
    /// animation, as on Apple platforms, where `defaultAction(forKey:)` knows only Core
    /// Animation's own properties (Apple's sample returns its own action from `action(forKey:)`).
    ///
    /// **Cost.** One lock and one dictionary probe.
    package static func customEntry(_ key: String) -> LayerKeyPath? {
        customEntries.withLock { $0[key] }
    }

    /// Declares `key` as a custom key holding values of `kind`, and returns its entry (the
    /// existing one when already declared); nil when `key` cannot be a custom key (a table name,
    /// a dotted path, a getter alias such as `"isHidden"`, the empty string).
    @discardableResult
    package static func declareCustomKey(_ key: String, kind: AnimatableValueKind) -> LayerKeyPath? {
        guard isCustomKeyName(key) else { return nil }
        return customEntries.withLock { entries in
            if let entry = entries[key] { return entry }
            let entry = LayerKeyPath(
                keyPath: key, kind: kind, owner: .layer, isAnimatable: false, storedKeys: [key],
                get: { $0.customValues[key] ?? .none },
                set: { state, value in
                    if value == .none {
                        state.customValues[key] = nil
                    } else {
                        state.customValues[key] = value
                    }
                    return true
                },
                isCustom: true)
            entries[key] = entry
            return entry
        }
    }

    /// The entry for `keyPath` on a layer whose state is `state`: the table's for its class; else
    /// the custom key's when the state holds a value under it (declaring it) or it was declared.
    package static func lookup(_ keyPath: String, in state: LayerState) -> LayerKeyPath? {
        if table[keyPath] != nil {
            return lookup(keyPath, for: state.layerClass)
        }
        if let value = state.customValues[keyPath], let kind = value.customKind {
            return declareCustomKey(keyPath, kind: kind)
        }
        return customEntry(keyPath)
    }

    /// Whether `key` may name a custom key: not empty, not dotted, not a name of the table (for
    /// any class) and not a Boolean property's getter name.
    static func isCustomKeyName(_ key: String) -> Bool {
        !key.isEmpty && !key.contains(".") && table[key] == nil && getterAliases[key] == nil
    }

    /// The getter names key-value coding also reads Boolean properties under, and the property
    /// each names (never custom keys for animation, though key-value coding stores values under
    /// them, as Apple does).
    package static let getterAliases = [
        "isHidden": "hidden", "isDoubleSided": "doubleSided", "isGeometryFlipped": "geometryFlipped",
        "isOpaque": "opaque", "isWrapped": "wrapped",
    ]
}

extension AnimatableValue {
    /// The kind this value has as a custom key's value when it animates: `.double` for numbers,
    /// `.point`, `.size`, `.rect`, `.color`, `.transform`; nil for values that do not animate
    /// (Booleans, strings, images, paths, arrays, nil).
    package var customKind: AnimatableValueKind? {
        switch self {
        case .number: .double
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .path, .image, .numbers, .colors, .bool, .string, .attributedText, .font, .none: nil
        }
    }

    /// The animatable form of a value stored under a custom key; nil when it does not animate.
    package init?(customValue value: Any?) {
        let inferred = AnimatableValue(inferring: value)
        guard inferred.customKind != nil else { return nil }
        self = inferred
    }

    /// This value boxed as key-value coding returns a custom key's value, in the Swift type of
    /// `model` (the value the layer holds or its class's default) when that is a number type or
    /// a `CGAffineTransform`; numbers without one are `CGFloat` (Apple returns an `NSNumber`,
    /// which Swift reads as any number type; Swift on Linux does not).
    package func boxedCustom(like model: Any?) -> Any? {
        switch self {
        case .number(let number):
            switch model {
            case is Double: return number
            case is Float: return Float(number)
            case is Int: return Int(exactly: number) ?? number
            default: return CGFloat(number)
            }
        case .transform(let transform):
            if model is CGAffineTransform, CATransform3DIsAffine(transform) {
                return CATransform3DGetAffineTransform(transform)
            }
            return transform
        default:
            return boxed(as: customKind ?? .double)
        }
    }
}
