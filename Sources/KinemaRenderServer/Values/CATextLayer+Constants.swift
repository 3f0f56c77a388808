// CATextLayer's constants: alignment and truncation modes.
//
// Audited against: CATextLayerAlignmentMode (kCAAlignmentNatural "natural", Left "left", Right
//   "right", Center "center", Justified "justified"), CATextLayerTruncationMode (kCATruncationNone
//   "none", Start "start", End "end", Middle "middle"). Status: complete.

import Foundation
import KinemaGeometry
import KinemaTiming
import OpenCoreGraphics

/// How a text layer aligns its lines horizontally.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, such as `"center"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The natural alignment of the text's script (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// Left aligned.
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// Right aligned.
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// Centred.
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Justified.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where a text layer truncates a string that does not fit.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, such as `"end"`.
    public let rawValue: String
    /// Wraps a raw name. Any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No truncation (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// Truncate at the start.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// Truncate at the end.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// Truncate in the middle.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}
