// CGImage: an immutable bitmap image.
//
// Audited against: CGImage docs — width, height, bitsPerComponent, bitsPerPixel, bytesPerRow,
// colorSpace, alphaInfo, bitmapInfo, isMask, cropping(to:) (CGImageCreateWithImageInRect: the
// rectangle is made integral, intersected with the image's bounds, and measured from the first
// pixel of the image data — the top-left — and an empty result gives NULL).
// Status: images made by CGContext.makeImage() and from a KinemaRaster `Pixmap`.
// Kinema API (not Apple's): `init(pixmap:)` and `pixmap` are public, because Apple's way in
// and out of an image's pixels — CGDataProvider, CGImage(width:height:bitsPerComponent:…
// provider:…), dataProvider — is not implemented yet (docs/COREGRAPHICS.md lists it). Every
// image is stored as premultiplied RGBA8 in sRGB, rows top to bottom, whatever the context it
// came from; the properties describe that storage.

import KinemaSupport
import Foundation
import KinemaRaster

/// How a bitmap stores alpha (Apple's raw values).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha channel.
    case none = 0
    /// Alpha last (RGBA), colours premultiplied by it.
    case premultipliedLast = 1
    /// Alpha first (ARGB), colours premultiplied by it.
    case premultipliedFirst = 2
    /// Alpha last (RGBA), colours not premultiplied.
    case last = 3
    /// Alpha first (ARGB), colours not premultiplied.
    case first = 4
    /// No alpha; the last byte of each pixel is ignored.
    case noneSkipLast = 5
    /// No alpha; the first byte of each pixel is ignored.
    case noneSkipFirst = 6
    /// Alpha only, no colour.
    case alphaOnly = 7
}

/// The byte order of a bitmap's pixels (Apple's raw values).
public enum CGImageByteOrderInfo: UInt32, Sendable {
    /// The bits of a bitmap info that hold the byte order.
    case orderMask = 0x7000
    /// The default byte order.
    case orderDefault = 0
    /// 16-bit little-endian.
    case order16Little = 0x1000
    /// 32-bit little-endian.
    case order32Little = 0x2000
    /// 16-bit big-endian.
    case order16Big = 0x3000
    /// 32-bit big-endian.
    case order32Big = 0x4000
}

/// The layout of a bitmap: alpha information, float components and byte order in one word.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// The bits that say whether components are floating point.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are floating-point values.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// An immutable bitmap image.
///
/// ```swift
/// let context = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
///                         space: CGColorSpaceCreateDeviceRGB(),
///                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
/// let image = context?.makeImage()          // 64 × 64
/// let half = image?.cropping(to: CGRect(x: 0, y: 0, width: 32, height: 64))
/// ```
/// Storage: premultiplied RGBA8, sRGB, rows top to bottom (the engine's `Pixmap`), so
/// `bitsPerComponent` is 8, `bitsPerPixel` 32 and `bytesPerRow` `width × 4`. Immutable and
/// `Sendable`; cropping copies the pixels it keeps.
public final class CGImage: Sendable {
    /// The pixels (Kinema API; see the file header).
    public let pixmap: Pixmap
    /// Whether every pixel is opaque by construction (an image from an opaque context).
    let isOpaque: Bool

    /// An image showing `pixmap` (Kinema API, in place of Apple's data-provider initializer).
    public convenience init(pixmap: Pixmap) {
        self.init(pixmap: pixmap, opaque: false)
    }

    init(pixmap: Pixmap, opaque: Bool) {
        self.pixmap = pixmap
        isOpaque = opaque
    }

    /// The image's width, in pixels.
    public var width: Int { pixmap.width }
    /// The image's height, in pixels.
    public var height: Int { pixmap.height }
    /// The bits of one colour channel: always 8.
    public var bitsPerComponent: Int { 8 }
    /// The bits of one pixel: always 32.
    public var bitsPerPixel: Int { 32 }
    /// The bytes from one row of the image to the next.
    public var bytesPerRow: Int { pixmap.bytesPerRow }
    /// The sRGB colour space.
    public var colorSpace: CGColorSpace? { .sRGBSpace }
    /// `.premultipliedLast`, or `.noneSkipLast` for an image from an opaque (skip-alpha) context.
    public var alphaInfo: CGImageAlphaInfo { isOpaque ? .noneSkipLast : .premultipliedLast }
    /// The alpha information in the default (big-endian, R G B A in memory) byte order.
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: alphaInfo.rawValue) }
    /// Always false: image masks are not implemented.
    public var isMask: Bool { false }
    /// Always true: drawing an image interpolates unless the context's quality is `.none`.
    public var shouldInterpolate: Bool { true }

    /// The part of the image inside `rect` (pixels, origin at the top-left pixel), made integral
    /// and cut to the image; nil when nothing is left or `rect` is null or not finite.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, !rect.isInfinite, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.width.isFinite, rect.height.isFinite else {
            KinemaDiagnostics.emit("CGImage", "cropping(to: \(rect)): the rectangle is null or not finite; returned nil")
            return nil
        }
        let r = rect.standardized
        // Integral bounds (CGRectIntegral), computed in Double and kept inside Int's range.
        let limit = Double(Pixmap.maximumDimension) * 2
        func clampInt(_ v: Double) -> Int { Int(min(max(v, -limit), limit)) }
        let x0 = clampInt(Double(r.minX).rounded(.down)), y0 = clampInt(Double(r.minY).rounded(.down))
        let x1 = clampInt(Double(r.maxX).rounded(.up)), y1 = clampInt(Double(r.maxY).rounded(.up))
        let area = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(pixmap.bounds)
        guard !area.isEmpty, let cropped = pixmap.copy(area) else { return nil }
        return CGImage(pixmap: cropped, opaque: isOpaque)
    }
}
