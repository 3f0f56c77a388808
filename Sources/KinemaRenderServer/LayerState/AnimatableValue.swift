// AnimatableValue: the values Core Animation reads, writes and animates, unboxed from (and boxed
// into) the `Any` that key-value coding and animations carry.
//
// Audited against: Core Animation Programming Guide → Key-Value Coding Extensions → "Wrapping
//   Conventions" (scalars and C structures travel wrapped: numbers as NSNumber, CGPoint / CGSize /
//   CGRect / CATransform3D / CGAffineTransform as NSValue; object types as themselves) and the
//   property types of CALayer and its subclasses.
// Status: complete for the kinds Kinema's layers use. Swift on Linux has no NSValue bridging for
//   the geometry structures, so they travel as themselves (`CGPoint`, not `NSValue(cgPoint:)`);
//   numbers are accepted in any numeric type. Interpolation belongs to the animation work.

import Foundation
import KinemaGeometry
import KinemaTiming
import KinemaText
import OpenCoreGraphics

/// A value of one layer property, in the few shapes Core Animation animates.
///
/// ```swift
/// let value = AnimatableValue(boxing: 0.5, as: .float)      // .number(0.5)
/// value?.boxed(as: .float) as? Float                       // 0.5
/// AnimatableValue(boxing: "red", as: .color)                // nil: not a colour
/// ```
///
/// `.none` is a nil value of an optional property (no background colour, no path). `.string`
/// carries the string-backed properties (`contentsGravity`, `fillRule`, `name` …), which are set
/// and read through key-value coding like the others but change discretely.
package enum AnimatableValue: Sendable, Equatable, CustomStringConvertible {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Boxed (indirect): keeps every AnimatableValue 33 bytes instead of 129, which matters because
    /// values are copied on every evaluation.
    indirect case transform(CATransform3D)
    case color(CGColor)
    case path(CGPath)
    case image(CGImage)
    case numbers([Double])
    case colors([CGColor])
    case bool(Bool)
    case string(String)
    /// CATextLayer's `string` set to an attributed string (boxed: styled text is large).
    indirect case attributedText(AttributedTextValue)
    /// CATextLayer's `font` set to a font object (UIFont) rather than a name.
    indirect case font(TextLayerFont)
    /// nil, for a property whose type is optional.
    case none

    /// Equal payloads; images compare by identity (a CGImage has no value equality).
    package static func == (lhs: AnimatableValue, rhs: AnimatableValue) -> Bool {
        switch (lhs, rhs) {
        case let (.number(a), .number(b)): a == b
        case let (.point(a), .point(b)): a == b
        case let (.size(a), .size(b)): a == b
        case let (.rect(a), .rect(b)): a == b
        case let (.transform(a), .transform(b)): a == b
        case let (.color(a), .color(b)): a == b
        case let (.path(a), .path(b)): a == b
        case let (.image(a), .image(b)): a === b
        case let (.numbers(a), .numbers(b)): a == b
        case let (.colors(a), .colors(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.attributedText(a), .attributedText(b)): a == b
        case let (.font(a), .font(b)): a == b
        case (.none, .none): true
        default: false
        }
    }

    package var description: String {
        switch self {
        case .number(let v): "number \(v)"
        case .point(let v): "point \(v)"
        case .size(let v): "size \(v)"
        case .rect(let v): "rect \(v)"
        case .transform(let v): "transform \(v)"
        case .color(let v): "\(v)"
        case .path(let v): "\(v)"
        case .image(let v): "CGImage(\(v.width) × \(v.height))"
        case .numbers(let v): "numbers \(v)"
        case .colors(let v): "colors \(v)"
        case .bool(let v): "bool \(v)"
        case .string(let v): "string \"\(v)\""
        case .attributedText(let v): "attributed string \"\(v.styled.string)\""
        case .font(let v): "font \(v.name)"
        case .none: "nil"
        }
    }
}

/// The kind of value a key path holds, which says what boxed values it accepts and what Swift
/// type it returns when boxed.
package enum AnimatableValueKind: String, Sendable, Hashable, CustomStringConvertible {
    /// A `CGFloat` property (geometry scalars, radii, widths).
    case cgFloat
    /// A `Float` property (`opacity`, `shadowOpacity`, `speed`, the replicator's offsets).
    case float
    /// A `Double` / `CFTimeInterval` property (`beginTime`, `instanceDelay`).
    case double
    /// An `Int` property, or an option set's raw value (`instanceCount`, `maskedCorners`).
    case int
    case bool
    case point
    case size
    case rect
    /// A `CATransform3D` (a `CGAffineTransform` is accepted and converted).
    case transform
    /// A `CGColor?`.
    case color
    /// A `CGPath?`.
    case path
    /// A `CGImage?` (`contents`).
    case image
    /// An array of numbers (`[NSNumber]?`: `locations`, `lineDashPattern`).
    case numbers
    /// An array of colours (`[Any]?` holding `CGColor`s: `colors`).
    case colors
    /// A non-optional string-backed value (`contentsGravity`, `fillRule`, `font` …).
    case string
    /// An optional string (`name`, `string`).
    case optionalString

    /// Whether nil is a valid value (Apple's property is optional).
    package var acceptsNil: Bool {
        switch self {
        case .color, .path, .image, .numbers, .colors, .optionalString: true
        default: false
        }
    }

    package var description: String { rawValue }
}

extension AnimatableValue {
    /// Unboxes `value` as a value of `kind`, accepting what Apple's boxed values accept; nil
    /// when `value` is not of that kind (the caller reports it).
    ///
    /// - Numbers (`.cgFloat`, `.float`, `.double`, `.int`): any Swift numeric type, `NSNumber`,
    ///   or `Bool` (0 or 1, as an `NSNumber` made from a Bool reads). Not range-checked here.
    /// - `.bool`: `Bool`, or a number (non-zero is true, as `NSNumber.boolValue`).
    /// - `.point`, `.size`, `.rect`: `CGPoint`, `CGSize`, `CGRect`.
    /// - `.transform`: `CATransform3D`, or `CGAffineTransform` through
    ///   `CATransform3DMakeAffineTransform`.
    /// - `.color`, `.path`, `.image`: `CGColor`, `CGPath` (or `CGMutablePath`), `CGImage`.
    /// - `.numbers`: an array whose every element is a number; `.colors`: an array whose every
    ///   element is a `CGColor`.
    /// - `.string`, `.optionalString`: `String`, `NSString`, or a `RawRepresentable` with a
    ///   `String` raw value (`CAShapeLayerFillRule.evenOdd`); for CATextLayer, an optional string
    ///   also takes an `NSAttributedString` (`.attributedText`) and a string a font object
    ///   adopting `TextFontConvertible` (`.font`), which the other properties' checks refuse.
    /// - nil (or an `Optional` holding nil) gives `.none` for the kinds where `acceptsNil`.
    ///
    /// `flattenedAlready`: the caller removed the optional wrapping (`flattened(_:)`), so it is
    /// not looked for again.
    package init?(boxing value: Any?, as kind: AnimatableValueKind, flattenedAlready: Bool = false) {
        guard let value = flattenedAlready ? value : flattened(value) else {
            guard kind.acceptsNil else { return nil }
            self = .none
            return
        }
        switch kind {
        case .cgFloat, .float, .double, .int:
            guard let number = numericValue(value) else { return nil }
            self = .number(number)
        case .bool:
            if let flag = value as? Bool {
                self = .bool(flag)
            } else if let number = numericValue(value) {
                self = .bool(number != 0)
            } else {
                return nil
            }
        case .point:
            guard let point = value as? CGPoint else { return nil }
            self = .point(point)
        case .size:
            guard let size = value as? CGSize else { return nil }
            self = .size(size)
        case .rect:
            guard let rect = value as? CGRect else { return nil }
            self = .rect(rect)
        case .transform:
            if let transform = value as? CATransform3D {
                self = .transform(transform)
            } else if let affine = value as? CGAffineTransform {
                self = .transform(CATransform3DMakeAffineTransform(affine))
            } else {
                return nil
            }
        case .color:
            guard let color = value as? CGColor else { return nil }
            self = .color(color)
        case .path:
            guard let path = value as? CGPath else { return nil }
            self = .path(path)
        case .image:
            guard let image = value as? CGImage else { return nil }
            self = .image(image)
        case .numbers:
            guard let elements = value as? [Any] else { return nil }
            var numbers = [Double]()
            numbers.reserveCapacity(elements.count)
            for element in elements {
                guard let number = numericValue(element) else { return nil }
                numbers.append(number)
            }
            self = .numbers(numbers)
        case .colors:
            guard let elements = value as? [Any] else { return nil }
            var colors = [CGColor]()
            colors.reserveCapacity(elements.count)
            for element in elements {
                guard let color = element as? CGColor else { return nil }
                colors.append(color)
            }
            self = .colors(colors)
        case .string, .optionalString:
            if let string = stringValue(value) {
                self = .string(string)
            } else if kind == .optionalString, let attributed = value as? NSAttributedString {
                // CATextLayer's `string` (the only optional string that takes one).
                self = .attributedText(AttributedTextValue(attributed))
            } else if kind == .string, let font = value as? any TextFontConvertible {
                // CATextLayer's `font` (the only string property that takes an object).
                self = .font(TextLayerFont(name: font.textFont.face.postScriptName, font: font.textFont))
            } else {
                return nil
            }
        }
    }

    /// The value as key-value coding returns it for a property of `kind`: `CGFloat`, `Float`,
    /// `Double` or `Int` for numbers (Apple returns an `NSNumber`, which Swift reads as any of
    /// them; Swift on Linux does not, so Kinema returns the property's own type), `Bool`,
    /// `CGPoint` / `CGSize` / `CGRect` / `CATransform3D` (Apple: `NSValue`), `CGColor`,
    /// `CGPath`, `CGImage`, `[NSNumber]` for `.numbers`, `[CGColor]` for `.colors`, `String`;
    /// nil for `.none`.
    package func boxed(as kind: AnimatableValueKind) -> Any? {
        switch self {
        case .number(let number):
            switch kind {
            case .float: return Float(number)
            case .double: return number
            case .int: return Int(exactly: number) ?? 0   // integral by construction (LayerKeyPath checks)
            default: return CGFloat(number)
            }
        case .point(let v): return v
        case .size(let v): return v
        case .rect(let v): return v
        case .transform(let v): return v
        case .color(let v): return v
        case .path(let v): return v
        case .image(let v): return v
        case .numbers(let v): return v.map { NSNumber(value: $0) }
        case .colors(let v): return v
        case .bool(let v): return v
        case .string(let v): return v
        case .attributedText(let v): return v.attributedString
        case .font(let v): return v.name
        case .none: return nil
        }
    }

    /// The value of an arbitrary boxed value, for keys that are not layer properties (values set
    /// with `setValue(_:forKey:)` under a key of the caller's own): a `Bool` is `.bool`, any
    /// number `.number`, geometry structures, colours, paths, images and strings as themselves,
    /// arrays of numbers or colours as `.numbers` / `.colors`; anything else is `.none`.
    package init(inferring value: Any?) {
        guard let value = flattened(value) else {
            self = .none
            return
        }
        if let flag = value as? Bool {
            self = .bool(flag)
            return
        }
        for kind: AnimatableValueKind in [.double, .point, .size, .rect, .transform, .color, .path, .image, .string] {
            if let unboxed = AnimatableValue(boxing: value, as: kind) {
                self = unboxed
                return
            }
        }
        if let elements = value as? [Any], !elements.isEmpty {
            if let numbers = AnimatableValue(boxing: value, as: .numbers) {
                self = numbers
                return
            }
            if let colors = AnimatableValue(boxing: value, as: .colors) {
                self = colors
                return
            }
        }
        self = .none
    }
}

/// An `Any?` with any `Optional` wrapping removed: nil when the innermost value is nil. (A
/// protocol cast, not reflection: this runs for every boxed value an animation is given.)
package func flattened(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let optional = value as? any FlattenableOptional {
        return optional.flattenedValue
    }
    return value
}

private protocol FlattenableOptional {
    var flattenedValue: Any? { get }
}

extension Optional: FlattenableOptional {
    fileprivate var flattenedValue: Any? {
        switch self {
        case .some(let wrapped): flattened(wrapped)
        case .none: nil
        }
    }
}

/// A number in any of Swift's numeric types or an NSNumber, as Double; nil otherwise.
private func numericValue(_ value: Any) -> Double? {
    switch value {
    case let v as Double: v
    case let v as CGFloat: Double(v)
    case let v as Float: Double(v)
    case let v as Int: Double(v)
    case let v as Bool: v ? 1 : 0
    case let v as Int8: Double(v)
    case let v as Int16: Double(v)
    case let v as Int32: Double(v)
    case let v as Int64: Double(v)
    case let v as UInt: Double(v)
    case let v as UInt8: Double(v)
    case let v as UInt16: Double(v)
    case let v as UInt32: Double(v)
    case let v as UInt64: Double(v)
    case let v as NSNumber: v.doubleValue
    default: nil
    }
}

/// A String, NSString, or String-backed RawRepresentable, as String; nil otherwise.
private func stringValue(_ value: Any) -> String? {
    if let string = value as? String { return string }
    if let string = value as? NSString { return string as String }
    if let raw = value as? any RawRepresentable, let string = raw.rawValue as? String { return string }
    return nil
}
