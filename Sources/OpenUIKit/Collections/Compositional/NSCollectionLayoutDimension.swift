// NSCollectionLayoutDimension, NSCollectionLayoutSize, NSCollectionLayoutSpacing,
// NSCollectionLayoutEdgeSpacing, NSRectAlignment and NSDirectionalRectEdge: the measures a
// compositional layout is written in.
//
// Audited against: NSCollectionLayoutDimension docs — fractionalWidth(_:), fractionalHeight(_:)
//   ("a fraction of the width/height of the item's container"), absolute(_:), estimated(_:)
//   ("the final size may be determined when the content is rendered"), isFractionalWidth,
//   isFractionalHeight, isAbsolute, isEstimated, dimension; NSCollectionLayoutSize docs
//   (init(widthDimension:heightDimension:)); NSCollectionLayoutSpacing docs (fixed(_:),
//   flexible(_:) "spacing that can grow to fill any additional space", isFixedSpacing,
//   isFlexibleSpacing, spacing); NSCollectionLayoutEdgeSpacing docs
//   (init(leading:top:trailing:bottom:)); NSRectAlignment and NSDirectionalRectEdge docs.
// Status: complete except uniformAcrossSiblings(estimate:) (iOS 17). An estimated dimension
//   is used as its value (Kinema has no Auto Layout self-sizing for compositional cells).
//   Bad input (NaN, infinite or negative values) is resolved to 0 with a diagnostic when the
//   layout uses it, never trapped.

import Foundation
import KinemaSupport
import OpenCoreGraphics

/// One axis of an item's, group's or supplementary item's size in a compositional layout: a
/// fraction of the container's width or height, a fixed number of points, or an estimate.
///
/// ```swift
/// let third = NSCollectionLayoutDimension.fractionalWidth(1.0 / 3)
/// let row = NSCollectionLayoutDimension.absolute(44)
/// ```
///
/// **Semantics.** Fractions are of the containing group's size (an item's) or of the section's
/// content size — the collection view's effective content size minus the section's content
/// insets (a group's, a header's). **Cost.** An immutable value object.
@MainActor
public final class NSCollectionLayoutDimension {
    enum Kind: Equatable { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    /// The number: a fraction, or points for absolute and estimated dimensions.
    public let dimension: CGFloat

    init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// A fraction of the container's width.
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fractionalWidth) }
    /// A fraction of the container's height.
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fractionalHeight) }
    /// A fixed length in points.
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, absoluteDimension) }
    /// An estimated length in points (Kinema uses the estimate as the length).
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, estimatedDimension) }

    /// Whether the dimension is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the dimension is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the dimension is a fixed length.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the dimension is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The length in points inside a container of `container` size (NaN, infinite or negative
    /// results: 0, with a diagnostic naming `what`).
    func resolve(in container: CGSize, _ what: String) -> CGFloat {
        let value: CGFloat
        switch kind {
        case .fractionalWidth: value = dimension * container.width
        case .fractionalHeight: value = dimension * container.height
        case .absolute, .estimated: value = dimension
        }
        guard value.isFinite, value >= 0 else {
            KinemaDiagnostics.emit("NSCollectionLayoutDimension", "\(what): \(kind) \(dimension) gives \(value) points; used 0")
            return 0
        }
        return value
    }
}

/// The width and height of an item, group or supplementary item.
///
/// ```swift
/// let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
/// ```
@MainActor
public final class NSCollectionLayoutSize {
    /// The width.
    public let widthDimension: NSCollectionLayoutDimension
    /// The height.
    public let heightDimension: NSCollectionLayoutDimension

    /// A size of the two dimensions.
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    /// The size in points inside `container`.
    func resolve(in container: CGSize, _ what: String) -> CGSize {
        CGSize(width: widthDimension.resolve(in: container, "\(what) width"),
               height: heightDimension.resolve(in: container, "\(what) height"))
    }
}

/// The space between the items of a group: fixed, or flexible (at least the value, growing to
/// share the group's spare length between the items).
@MainActor
public final class NSCollectionLayoutSpacing {
    /// The spacing in points (the least, when flexible).
    public let spacing: CGFloat
    /// Whether the spacing grows to fill the group.
    public let isFlexibleSpacing: Bool
    /// Whether the spacing is exactly `spacing`.
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }

    /// Exactly `fixedSpacing` points.
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(fixedSpacing, flexible: false) }
    /// At least `flexibleSpacing` points, more when the group has room to spare.
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing { .init(flexibleSpacing, flexible: true) }

    /// The least spacing in points (NaN, infinite or negative: 0, diagnostic).
    func resolved(_ what: String) -> CGFloat {
        guard spacing.isFinite, spacing >= 0 else {
            KinemaDiagnostics.emit("NSCollectionLayoutSpacing", "\(what) is \(spacing); used 0")
            return 0
        }
        return spacing
    }
}

/// Space around an item inside its group, edge by edge (nil: none): flexible edges share the
/// group's spare room, so `.flexible(0)` on both sides centres an item.
@MainActor
public final class NSCollectionLayoutEdgeSpacing {
    /// The space before the leading edge.
    public let leading: NSCollectionLayoutSpacing?
    /// The space above the top edge.
    public let top: NSCollectionLayoutSpacing?
    /// The space after the trailing edge.
    public let trailing: NSCollectionLayoutSpacing?
    /// The space below the bottom edge.
    public let bottom: NSCollectionLayoutSpacing?

    /// Edge spacing with the given spacings.
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?,
                trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}

/// Where a boundary supplementary item sits on its section or layout (left-to-right: leading
/// is left).
public enum NSRectAlignment: Int, Sendable {
    /// Where an item sits against its container's edges: nowhere, or on an edge or corner.
    case none = 0, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// A set of edges named by layout direction.
public struct NSDirectionalRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    /// The leading edge.
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    /// The trailing edge.
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
