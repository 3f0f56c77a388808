// CALayer+State: the one path every property write takes, the change hook, and each class's
// default state.
//
// Audited against: Core Animation Programming Guide → Key-Value Coding Extensions → "Default
//   Value Support" (a subclass's `defaultValueForKey:` gives "a default value for a key that has
//   no set value"; Listing C-1 makes masksToBounds default to YES); CALayer docs for
//   needsDisplay(forKey:) ("changes to the specified key require the layer to be redisplayed"),
//   needsDisplayOnBoundsChange, setNeedsLayout. Status: complete for this issue; the hook's body
//   is the transaction work's.

import Foundation
import KinemaRenderServer
import KinemaSupport

extension CALayer {
    /// Writes `value` to the property `key` (a key of the table for this layer's class): the
    /// one path every property setter takes. Reports a diagnostic and changes nothing when the
    /// value does not fit (a NaN position, a fractional instanceCount …).
    package final func write(_ key: String, _ value: AnimatableValue) {
        guard let entry = property(key) else { return }
        apply(entry, value)
    }

    /// Writes `value` through `entry`, one of `LayerKeyPath.hot` (the inline properties every
    /// class has): `write(_:_:)` without the table lookup.
    package final func write(_ entry: LayerKeyPath?, _ value: AnimatableValue) {
        guard let entry else {
            KinemaDiagnostics.emit(domain, "the key-path table lacks an inline property; nothing changed")
            return
        }
        apply(entry, value)
    }

    /// Unboxes `value` for the property `key`, then writes it.
    package final func writeBoxed(_ key: String, _ value: Any?) {
        guard let entry = property(key) else { return }
        applyBoxed(entry, value)
    }

    /// The table entry of the property `key`; nil, with a diagnostic, when this class has none
    /// (a setter naming a key the table lacks: a Kinema bug, reported rather than trapped).
    private func property(_ key: String) -> LayerKeyPath? {
        guard let entry = LayerKeyPath.lookup(key, for: state.layerClass), !entry.isCustom else {
            KinemaDiagnostics.emit(domain, "\(state.layerClass.rawValue) has no property \"\(key)\"; nothing changed")
            return nil
        }
        return entry
    }

    /// Unboxes `value` as `entry`'s kind and writes it; a value of the wrong type is reported and
    /// changes nothing.
    final func applyBoxed(_ entry: LayerKeyPath, _ value: Any?) {
        guard let unboxed = AnimatableValue(boxing: value, as: entry.kind) else {
            KinemaDiagnostics.emit(domain, "\"\(entry.keyPath)\" takes a \(entry.kind) value, not \(describe(value)); nothing changed")
            return
        }
        apply(entry, unboxed)
    }

    /// Writes through `entry`, then runs the change handling for each stored property it changed.
    @discardableResult
    final func apply(_ entry: LayerKeyPath, _ value: AnimatableValue) -> Bool {
        // The old values only feed the action search, which a transaction disabling actions
        // skips: reading one copies the state, so none is read then. A stored property (what
        // every setter writes) is its own one changed key, without a list.
        let readsOld = !(CATransaction.isOpen && CATransaction.disableActions())
        let old = entry.isStored && readsOld ? entry.get(state) : .none
        let layerClass = state.layerClass
        let olds: [(String, AnimatableValue)] = entry.isStored ? [] : entry.storedKeys.map { key in
            (key, readsOld ? LayerKeyPath.lookup(key, for: layerClass)?.get(state) ?? .none : .none)
        }
        let oldBounds = state.bounds
        let wasHidden = state.isHidden
        guard entry.set(&state, value) else {
            KinemaDiagnostics.emit(
                domain,
                "cannot set \"\(entry.keyPath)\" to \(value): it takes a \(entry.kind) value (geometry finite, scales positive, counts whole); nothing changed")
            return false
        }
        if state.bounds != oldBounds {
            boundsDidChange(from: oldBounds)
        }
        if state.isHidden != wasHidden {
            Self.invalidateVisibility()
        }
        if entry.isStored {
            storedPropertyDidChange(entry.keyPath, from: old)
        }
        for (key, old) in olds {
            storedPropertyDidChange(key, from: old)
        }
        return true
    }

    /// Redisplay when the class asks for it on `key`, then the change hook.
    private func storedPropertyDidChange(_ key: String, from old: AnimatableValue) {
        if type(of: self).needsDisplay(forKey: key) {
            setNeedsDisplay()
        }
        didChange(key, from: old)
    }

    /// The change hook: called after every change of a stored property (`key` is its
    /// key-value coding key, `old` its previous value), of the sublayers (`"sublayers"`), of the
    /// mask (`"mask"`) and of a custom key, from this one place. It opens the implicit
    /// transaction and runs the action for the change (CALayer+Actions.swift).
    package func didChange(_ key: String, from old: AnimatableValue) {
        markRenderDirty()
        runAction(forChangeOf: key, from: old)
    }

    /// A bounds change marks the contents for display when `needsDisplayOnBoundsChange` is set,
    /// and a change of size marks the layer for layout (its sublayers may need to move).
    private func boundsDidChange(from old: CGRect) {
        if state.needsDisplayOnBoundsChange {
            setNeedsDisplay()
        }
        if state.bounds.size != old.size {
            setNeedsLayout()
        }
    }

    /// The diagnostic domain: Apple's name for the layer's class.
    var domain: String { state.layerClass.rawValue }

    // MARK: Defaults

    /// Apple's default for `key` in this class, boxed as key-value coding returns it; nil for a
    /// key that is not a stored property of the class.
    static func builtInDefault(forKey key: String) -> Any? {
        guard let entry = LayerKeyPath.lookup(key, for: stateClass), entry.isStored, !entry.isCustom else { return nil }
        return entry.get(LayerState(layerClass: stateClass)).boxed(as: entry.kind)
    }

    /// The state a new instance of this class starts with: Apple's defaults with this class's
    /// `defaultValue(forKey:)` applied to every stored property. Worked out once per class.
    static func defaultState() -> LayerState {
        let id = ObjectIdentifier(self)
        if let cached = defaultStates[id] {
            return cached
        }
        var state = LayerState(layerClass: stateClass)
        for entry in LayerKeyPath.storedEntries(for: stateClass) {
            guard let value = defaultValue(forKey: entry.keyPath) else { continue }
            guard let unboxed = AnimatableValue(boxing: value, as: entry.kind), entry.set(&state, unboxed) else {
                KinemaDiagnostics.emit(
                    stateClass.rawValue,
                    "\(self).defaultValue(forKey: \"\(entry.keyPath)\") returned \(describe(value)), not a \(entry.kind) value; using Apple's default")
                continue
            }
        }
        defaultStates[id] = state
        return state
    }
}

/// Default states by class (CALayer subclass metatype), filled on first use.
@MainActor private var defaultStates: [ObjectIdentifier: LayerState] = [:]

/// A short description of a boxed value for diagnostics: its type and value.
func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return "\(type(of: value)) \(value)"
}
