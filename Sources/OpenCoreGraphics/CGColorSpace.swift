// CGColorSpace: how a colour's components are read.
//
// Audited against: CGColorSpace docs (CGColorSpaceCreateDeviceRGB, CGColorSpaceCreateDeviceGray,
// init?(name:), model, numberOfComponents, name) and CGColorSpaceModel's raw values.
// Status: device RGB, device gray, sRGB, generic RGB and generic gray by name. Kinema keeps every
// colour as sRGB-encoded bytes (DESIGN.md §5), so all RGB spaces read their components as sRGB and
// gray spaces as equal sRGB components; no colour management happens between spaces. Names are
// `String`s because Core Foundation's `CFString` is not available to Swift code on Linux.
// Remaining: ICC-based, calibrated, Lab, CMYK, indexed, pattern and extended-range spaces.

import KinemaSupport
import Foundation

/// The colour model of a colour space (Apple's raw values).
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown colour model.
    case unknown = -1
    /// Gray levels.
    case monochrome = 0
    /// Red, green and blue.
    case rgb = 1
    /// Cyan, magenta, yellow and black.
    case cmyk = 2
    /// CIE L*a*b*.
    case lab = 3
    /// Any number of device colorants.
    case deviceN = 4
    /// Indices into a colour table.
    case indexed = 5
    /// A pattern.
    case pattern = 6
    /// CIE XYZ.
    case XYZ = 7
}

/// A colour space: its model and the number of colour components (alpha not counted).
///
/// ```swift
/// let rgb = CGColorSpaceCreateDeviceRGB()
/// rgb.numberOfComponents   // 3
/// let srgb = CGColorSpace(name: CGColorSpace.sRGB)   // non-nil
/// ```
/// Immutable and `Sendable`. Two spaces are equal when they have the same model and name.
public final class CGColorSpace: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The colour model.
    public let model: CGColorSpaceModel
    /// The name, for spaces made by name (`nil` for the device spaces, as on Apple platforms).
    public let name: String?

    init(model: CGColorSpaceModel, name: String?) {
        self.model = model
        self.name = name
    }

    /// The colour space with the given name, or nil (with a diagnostic) for a name Kinema does
    /// not know. Known: `sRGB`, `genericRGB`, `extendedSRGB` (RGB) and `genericGrayGamma2_2`,
    /// `linearGray`, `extendedGray` (gray). Linear-light RGB spaces are not offered: Kinema
    /// blends sRGB-encoded bytes and would paint them wrongly.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.genericRGB, CGColorSpace.extendedSRGB:
            self.init(model: .rgb, name: name)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.extendedGray:
            self.init(model: .monochrome, name: name)
        default:
            KinemaDiagnostics.emit("CGColorSpace", "init(name: \(name)): Kinema knows only the sRGB and gray spaces; returned nil")
            return nil
        }
    }

    /// The number of colour components (alpha not counted): 3 for RGB, 1 for gray.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: 1
        case .rgb, .lab, .XYZ: 3
        case .cmyk: 4
        default: 0
        }
    }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs.model == rhs.model && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(model)
        hasher.combine(name)
    }

    public var description: String {
        "CGColorSpace(\(name ?? (model == .rgb ? "kCGColorSpaceDeviceRGB" : "kCGColorSpaceDeviceGray")))"
    }

    // MARK: Names (Apple's kCGColorSpace… constants)

    /// The standard RGB colour space (IEC 61966-2-1).
    public static let sRGB = "kCGColorSpaceSRGB"
    /// Apple's generic RGB space (read as sRGB by Kinema).
    public static let genericRGB = "kCGColorSpaceGenericRGB"
    /// Extended-range sRGB (components are clamped to 0 ... 1 by Kinema).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// The generic gray space with gamma 2.2.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// A linear gray space (read as sRGB-encoded gray by Kinema).
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Extended-range gray (components are clamped to 0 ... 1 by Kinema).
    public static let extendedGray = "kCGColorSpaceExtendedGray"

    static let deviceRGB = CGColorSpace(model: .rgb, name: nil)
    static let deviceGray = CGColorSpace(model: .monochrome, name: nil)
    static let sRGBSpace = CGColorSpace(model: .rgb, name: sRGB)
    static let genericGraySpace = CGColorSpace(model: .monochrome, name: genericGrayGamma2_2)
}

/// The device-dependent RGB colour space (`CGColorSpaceCreateDeviceRGB`).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .deviceRGB }

/// The device-dependent gray colour space (`CGColorSpaceCreateDeviceGray`).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .deviceGray }
