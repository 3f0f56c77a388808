// LayerKeyPath: Core Animation's string key paths ("position", "position.x",
// "transform.rotation.z", "bounds.size.width", "fillColor" …) as typed accessors on LayerState.
//
// Audited against: Core Animation Programming Guide → Key-Value Coding Extensions → "Key Path
//   Support for Structure Fields" (CATransform3D fields; CGPoint x, y; CGSize width, height;
//   CGRect origin, origin.x, origin.y, size, size.width, size.height) and → Animatable Properties
//   (Table B-1 and the subclasses' "Animatable." property notes).
// Status: complete for the properties LayerState holds; docs/LAYERS.md lists every key. The
//   table itself is built in LayerKeyPath+Table.swift; custom keys (values a layer holds under
//   keys of its own) get entries of their own, LayerKeyPath+Custom.swift.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// One key path of a layer: its value kind, and how to read and write it on a `LayerState`.
///
/// ```swift
/// var state = LayerState()
/// let entry = LayerKeyPath.lookup("position.x", for: .layer)
/// entry?.set(&state, .number(40))       // true: state.position.x == 40
/// entry?.get(state)                     // .number(40)
/// ```
///
/// **Semantics.** Lookups are exact, case-sensitive matches of Apple's key names
/// (`"hidden"`, not `"isHidden"`). A key owned by a subclass (`"fillColor"`) is found only for
/// that class. `set` returns false, and leaves the state unchanged, when the value is of the
/// wrong kind or out of range (a non-finite geometry value, a fractional `instanceCount`); the
/// caller reports it. Component paths (`"position.x"`) read and write the whole property, so a
/// change to one is a change to its `storedKeys`.
///
/// **Cost.** The table is built once per process (a few hundred entries); a lookup is one
/// dictionary probe.
package final class LayerKeyPath: Sendable {
    /// The key path, as Apple spells it.
    package let keyPath: String
    /// What it holds, and so what boxed values it accepts.
    package let kind: AnimatableValueKind
    /// The class whose instances have it (`.layer`: every class).
    package let owner: LayerClass
    /// Whether Core Animation animates it (documented "Animatable.").
    package let isAnimatable: Bool
    /// The stored properties a write changes: `["position"]` for `"position.x"`,
    /// `["bounds", "position"]` for `"frame"`.
    package let storedKeys: [String]
    /// Reads the value.
    package let get: @Sendable (LayerState) -> AnimatableValue
    /// Writes the value; false (state unchanged) when the value does not fit.
    package let set: @Sendable (inout LayerState, AnimatableValue) -> Bool
    /// Whether this is a custom key's entry (LayerKeyPath+Custom.swift), not one of the table's:
    /// it reads and writes `LayerState.customValues`, and `kind` is only the kind of the value
    /// that first declared the key.
    package let isCustom: Bool

    package init(
        keyPath: String, kind: AnimatableValueKind, owner: LayerClass, isAnimatable: Bool,
        storedKeys: [String],
        get: @escaping @Sendable (LayerState) -> AnimatableValue,
        set: @escaping @Sendable (inout LayerState, AnimatableValue) -> Bool,
        isCustom: Bool = false
    ) {
        self.keyPath = keyPath
        self.kind = kind
        self.owner = owner
        self.isAnimatable = isAnimatable
        self.storedKeys = storedKeys
        isStored = storedKeys == [keyPath]
        self.get = get
        self.set = set
        self.isCustom = isCustom
    }

    /// Whether a layer of `layerClass` has this key path.
    package func applies(to layerClass: LayerClass) -> Bool {
        owner == .layer || owner == layerClass
    }

    /// Whether this is a stored property itself, not a component or a derived one (`frame`).
    /// Worked out once: every property write asks.
    package let isStored: Bool

    /// A key written through other properties that Apple does not animate: `frame` and its parts
    /// ("frame … is not animatable", Animatable Properties). An explicit animation of one is
    /// added and runs its course (its events come) but changes nothing, as on iOS — animate
    /// `bounds` and `position` instead.
    package var isDerivedAndInanimate: Bool { !isStored && !isAnimatable && !isCustom }

    /// The entry for `keyPath` on a layer of `layerClass`: the table's; else, for a name no
    /// class has, the custom entry of a key declared as animatable by some layer holding a value
    /// under it (`customEntry(_:)`); nil otherwise.
    package static func lookup(_ keyPath: String, for layerClass: LayerClass) -> LayerKeyPath? {
        if let entry = table[keyPath] {
            return entry.applies(to: layerClass) ? entry : nil
        }
        return customEntry(keyPath)
    }

    /// The entries of the properties LayerState holds inline (the geometry, opacity, hidden),
    /// found once: their setters are the ones a program calls for thousands of layers a frame,
    /// and a string lookup cost a fifth of such a write.
    package static let hot = HotEntries()

    /// The inline properties' entries (nil only if the table lost one: a Kinema bug, which the
    /// setter reports).
    package struct HotEntries: Sendable {
        package let bounds = table["bounds"]
        package let position = table["position"]
        package let anchorPoint = table["anchorPoint"]
        package let anchorPointZ = table["anchorPointZ"]
        package let zPosition = table["zPosition"]
        package let transform = table["transform"]
        package let opacity = table["opacity"]
        package let hidden = table["hidden"]
    }

    /// Every entry, sorted by key path.
    package static var all: [LayerKeyPath] {
        table.values.sorted { $0.keyPath < $1.keyPath }
    }

    /// The stored properties of `layerClass`, in key order: the keys `defaultValue(forKey:)`
    /// and a state snapshot cover.
    package static func storedEntries(for layerClass: LayerClass) -> [LayerKeyPath] {
        storedByClass[layerClass] ?? []
    }

    /// The key-path table, built once.
    static let table: [String: LayerKeyPath] = {
        var table = [String: LayerKeyPath]()
        for entry in LayerKeyPathTable.entries() {
            table[entry.keyPath] = entry
        }
        return table
    }()

    private static let storedByClass: [LayerClass: [LayerKeyPath]] = {
        var result = [LayerClass: [LayerKeyPath]]()
        for layerClass in LayerClass.allCases {
            result[layerClass] = all.filter { $0.isStored && $0.applies(to: layerClass) }
        }
        return result
    }()
}

extension LayerState {
    /// The value at `keyPath` for this state's class, or nil when the class has no such key.
    package func value(forKeyPath keyPath: String) -> AnimatableValue? {
        LayerKeyPath.lookup(keyPath, for: layerClass)?.get(self)
    }
}
