// CALayer+KeyValueCoding: value(forKey:), setValue(_:forKey:) and the key-path forms.
//
// Audited against: Core Animation Programming Guide → Key-Value Coding Extensions
//   ("Key-Value Coding Compliant Container Classes": a layer stores values for arbitrary keys;
//   "Default Value Support"; "Wrapping Conventions"; "Key Path Support for Structure Fields"), and
//   Foundation's key-value coding search (a Boolean property `hidden` with getter `isHidden` reads
//   under both "hidden" and "isHidden", but only "hidden" sets it).
// Status: complete for properties, structure fields, custom keys, and paths through `superlayer`
//   and `mask`. Departures, each with a diagnostic: a value of the wrong type is refused (Apple
//   raises or stores garbage); a dotted path Kinema does not know is refused (Apple raises
//   NSUndefinedKeyException); reading a custom key that was never set and has no default
//   reports it (Apple returns nil silently; a diagnostic catches typos). Writing "isHidden" (or
//   another getter name) stores a custom value, as Apple does, and says so, since the property
//   does not change. `forKey:` and `forKeyPath:` accept the same keys. A custom key's value of
//   an animatable kind is also kept in the state (LayerKeyPath+Custom.swift), so a presentation
//   copy reads its animated value.

import Foundation
import KinemaRenderServer
import KinemaSupport

extension CALayer {
    /// Reads `key`: a relationship, a property or structure field of the table, a getter alias,
    /// a path through `superlayer` / `mask`, or a custom key.
    final func readValue(forKey key: String) -> Any? {
        switch key {
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "mask": return mask
        case "delegate": return delegate
        case "style": return style
        case "actions": return actions
        default: break
        }
        if let entry = LayerKeyPath.lookup(key, for: state.layerClass), !entry.isCustom {
            return entry.get(state).boxed(as: entry.kind)
        }
        if let property = LayerKeyPath.getterAliases[key], let entry = LayerKeyPath.lookup(property, for: state.layerClass) {
            return entry.get(state).boxed(as: entry.kind)
        }
        if let (layer, rest) = relatedLayer(in: key) {
            return layer?.readValue(forKey: rest)
        }
        if key.contains(".") {
            KinemaDiagnostics.emit(domain, "value(forKeyPath:): \(state.layerClass.rawValue) has no key path \"\(key)\"; returned nil")
            return nil
        }
        if let value = state.customValues[key] {
            return customValue(value, forKey: key)
        }
        if let value = customValues[key] {
            return value
        }
        if let value = type(of: self).defaultValue(forKey: key) {
            return value
        }
        KinemaDiagnostics.emit(domain, "value(forKey:): \"\(key)\" is not a \(state.layerClass.rawValue) property and no value was set for it; returned nil")
        return nil
    }

    /// Writes `key`: a relationship, a property or structure field of the table, a path through
    /// `superlayer` / `mask`, or a custom key.
    final func writeValue(_ value: Any?, forKey key: String) {
        switch key {
        case "sublayers":
            guard value == nil || value is [CALayer] else { return refuse(value, key, "an array of layers") }
            sublayers = value as? [CALayer]
            return
        case "mask":
            guard value == nil || value is CALayer else { return refuse(value, key, "a layer") }
            mask = value as? CALayer
            return
        case "delegate":
            guard value == nil || value is any CALayerDelegate else { return refuse(value, key, "a CALayerDelegate") }
            delegate = value as? any CALayerDelegate
            return
        case "style":
            guard value == nil || value is [AnyHashable: Any] else { return refuse(value, key, "a dictionary") }
            style = value as? [AnyHashable: Any]
            return
        case "actions":
            guard value == nil || value is [String: any CAAction] else { return refuse(value, key, "a dictionary of actions") }
            actions = value as? [String: any CAAction]
            return
        case "superlayer":
            KinemaDiagnostics.emit(domain, "setValue(_:forKey:): \"superlayer\" is read-only (use addSublayer); nothing changed")
            return
        default:
            break
        }
        if let entry = LayerKeyPath.lookup(key, for: state.layerClass), !entry.isCustom {
            applyBoxed(entry, value)
            return
        }
        if let (layer, rest) = relatedLayer(in: key) {
            guard let layer else {
                KinemaDiagnostics.emit(domain, "setValue(_:forKeyPath:): \"\(key)\" goes through a nil layer; nothing changed")
                return
            }
            layer.writeValue(value, forKey: rest)
            return
        }
        if key.contains(".") {
            KinemaDiagnostics.emit(domain, "setValue(_:forKeyPath:): \(state.layerClass.rawValue) has no key path \"\(key)\"; nothing changed")
            return
        }
        if let property = LayerKeyPath.getterAliases[key], LayerKeyPath.lookup(property, for: state.layerClass) != nil {
            KinemaDiagnostics.emit(
                domain,
                "setValue(_:forKey: \"\(key)\"): key-value coding sets this property under \"\(property)\"; stored \"\(key)\" as a custom key, as Apple does, and \(property) is unchanged")
        }
        let old = customValues[key]
        customValues[key] = value
        storeCustomValue(value, forKey: key)
        if type(of: self).needsDisplay(forKey: key) {
            setNeedsDisplay()
        }
        didChange(key, from: AnimatableValue(inferring: old))
    }

    /// Keeps the animatable form of a custom key's value in the state, where animations,
    /// `presentation()` and the render tree see it, and declares the key (LayerKeyPath+Custom).
    private func storeCustomValue(_ value: Any?, forKey key: String) {
        guard let animatable = AnimatableValue(customValue: value), let kind = animatable.customKind,
              LayerKeyPath.declareCustomKey(key, kind: kind) != nil else {
            state.customValues[key] = nil
            return
        }
        state.customValues[key] = animatable
    }

    /// A custom key's value as key-value coding returns it: the value set, when the state still
    /// holds it; else (a presentation copy, or a drawing of animated values) the state's value,
    /// boxed in the type of the value set or of the class's default.
    private func customValue(_ value: AnimatableValue, forKey key: String) -> Any? {
        let model = customValues[key] ?? type(of: self).defaultValue(forKey: key)
        if let model, AnimatableValue(customValue: model) == value {
            return model
        }
        return value.boxedCustom(like: model)
    }

    /// For `"superlayer.<rest>"` or `"mask.<rest>"`: that layer (possibly nil) and the rest.
    private func relatedLayer(in key: String) -> (CALayer?, String)? {
        for (prefix, layer) in [("superlayer.", superlayer), ("mask.", mask)] where key.hasPrefix(prefix) {
            return (layer, String(key.dropFirst(prefix.count)))
        }
        return nil
    }

    private func refuse(_ value: Any?, _ key: String, _ expected: String) {
        KinemaDiagnostics.emit(domain, "setValue(_:forKey: \"\(key)\"): expected \(expected), got \(describe(value)); nothing changed")
    }
}
