// CGContext: a bitmap drawing destination with Core Graphics' graphics state.
//
// Audited against: CGContext docs — init?(data:width:height:bitsPerComponent:bytesPerRow:space:
// bitmapInfo:) (both the UInt32 and the CGBitmapInfo overloads), data, width, height,
// bytesPerRow, bitsPerComponent, bitsPerPixel, bitmapInfo, alphaInfo, colorSpace, makeImage(),
// saveGState()/restoreGState() ("the graphics state … includes the clipping area, the CTM,
// colors, line parameters, alpha, blend mode, shadow, interpolation quality…"), translateBy,
// scaleBy, rotate(by:), concatenate(_:) ("CTMnew = transform * CTMcontext"), ctm,
// userSpaceToDeviceSpaceTransform, convertToDeviceSpace / convertToUserSpace; the Quartz 2D
// Programming Guide's coordinate systems (a bitmap context's origin is its lower-left corner, y
// up; the first row of `data` is the image's top row). Status: complete for these; the rest of
// the API is in the CGContext+*.swift files, the pipeline in ContextRenderer.swift, the memory
// layouts in BitmapStorage.swift.
//
// Spaces. User space → (CTM) → device space: Apple's, pixels, origin bottom-left, y up. The
// engine draws in raster space: pixels, origin top-left, y down, so raster = (x, height − y).
// A flipped UIKit-style context (CGContext+Flipped.swift) is the same with a starting CTM that
// flips and scales. The current path is kept in raster space, mapped by the CTM current when
// each element is added, as Core Graphics does.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport

/// A Core Graphics drawing destination: a bitmap in memory plus the graphics state.
///
/// ```swift
/// guard let context = CGContext(data: nil, width: 200, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
///                               space: CGColorSpaceCreateDeviceRGB(),
///                               bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
/// context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
/// context.fill(CGRect(x: 0, y: 0, width: 200, height: 20))   // a bar along the *bottom* (y up)
/// let image = context.makeImage()
/// ```
/// Anti-aliased (exact pixel-area coverage), premultiplied 8-bit sRGB; see docs/COREGRAPHICS.md
/// for tolerances and what is not implemented. Bad input never traps: a non-finite coordinate,
/// unbalanced restore, or unsupported parameter is reported through KinemaDiagnostics and
/// ignored. Not `Sendable` (like Apple's): use one context from one thread at a time.
public final class CGContext {
    let storage: BitmapStorage
    /// The graphics state in effect, and the saved ones (saveGState pushes a copy).
    var state: GState
    var savedStates: [GState] = []
    /// The current path, in raster space.
    var currentPath = Path()
    /// Open transparency layers, innermost last.
    var layers: [TransparencyLayer] = []
    /// The CTM the context started with: base space → device space (shadows live in base space).
    let baseCTM: CGAffineTransform
    var converter = ScanConverter()
    /// The one-channel shadow pipeline's plane and scratch, kept between shadows (ContextRenderer).
    var shadowMask = ShadowMask()

    init(storage: BitmapStorage, baseCTM: CGAffineTransform) {
        self.storage = storage
        self.baseCTM = baseCTM
        state = GState(ctm: baseCTM)
    }

    /// A bitmap context drawing into `data` (nil: memory the context allocates and frees), in the
    /// layout `bitmapInfo` describes. Nil, with a diagnostic, for an unsupported layout or bad
    /// size; see BitmapStorage.swift for the supported layouts (RGBA, ARGB, BGRA, ABGR, 8 bits,
    /// premultiplied or skipped alpha). `bytesPerRow` 0 means `width × 4`.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                  space: Optional(space), bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo))
    }

    /// A bitmap context; the `CGBitmapInfo` overload of the initializer above.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo) {
        guard let layout = BitmapLayout.make(width: width, height: height, bitsPerComponent: bitsPerComponent,
                                             bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo),
              let storage = BitmapStorage(layout: layout, data: data) else { return nil }
        self.init(storage: storage, baseCTM: .identity)
    }

    // MARK: Bitmap properties

    /// The memory the context draws into (the caller's, or the context's own), laid out as
    /// `bitmapInfo` says. Every drawing call has finished writing it when it returns.
    public var data: UnsafeMutableRawPointer? { storage.data }
    /// The bitmap's width, in pixels.
    public var width: Int { storage.layout.width }
    /// The bitmap's height, in pixels.
    public var height: Int { storage.layout.height }
    /// The bytes from one row of the bitmap to the next.
    public var bytesPerRow: Int { storage.layout.bytesPerRow }
    /// The bits of one colour channel: always 8.
    public var bitsPerComponent: Int { 8 }
    /// The bits of one pixel: always 32.
    public var bitsPerPixel: Int { 32 }
    /// The bitmap's alpha and byte-order layout.
    public var bitmapInfo: CGBitmapInfo { storage.layout.bitmapInfo }
    /// How the bitmap stores alpha.
    public var alphaInfo: CGImageAlphaInfo { storage.layout.alphaInfo }
    /// The bitmap's colour space: device RGB.
    public var colorSpace: CGColorSpace? { .deviceRGB }

    /// Whether nothing has drawn into, read or asked for the address of the context's own
    /// bitmap yet (so it is still clear and not even allocated). False for caller memory.
    package var isUntouched: Bool { storage.isUntouched }

    /// An image of the bitmap's current pixels (open transparency layers are not included).
    public func makeImage() -> CGImage? {
        guard let pixmap = storage.snapshot() else { return nil }
        return CGImage(pixmap: pixmap, opaque: storage.layout.skipsAlpha)
    }

    /// Does nothing: every drawing call finishes before it returns.
    public func flush() {}
    /// Does nothing: every drawing call finishes before it returns.
    public func synchronize() {}

    // MARK: Graphics state stack

    /// Pushes a copy of the graphics state.
    public func saveGState() {
        savedStates.append(state)
    }

    /// Pops the graphics state saved last. Without a matching save (or past the save that opened
    /// the innermost transparency layer) it does nothing, with a diagnostic.
    public func restoreGState() {
        let floor = layers.last?.savedStateDepth ?? 0
        guard savedStates.count > floor, let saved = savedStates.popLast() else {
            let why = layers.isEmpty ? "no saved graphics state" : "the state saved by beginTransparencyLayer belongs to endTransparencyLayer"
            KinemaDiagnostics.emit("CGContext", "restoreGState(): \(why); ignored")
            return
        }
        state = saved
    }

    // MARK: Current transformation matrix

    /// The current transformation matrix: user space → device space.
    public var ctm: CGAffineTransform { state.ctm }

    /// User space → device space (the CTM).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves the origin of user space by (x, y) user units.
    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y))
    }

    /// Scales user space by (x, y).
    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y))
    }

    /// Rotates user space by `angle` radians (counterclockwise in the default y-up space).
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// Concatenates `transform` to the CTM: CTMnew = transform × CTM. A non-finite transform is
    /// ignored with a diagnostic.
    public func concatenate(_ transform: CGAffineTransform) {
        guard PathTransform(transform).isFinite else {
            KinemaDiagnostics.emit("CGContext", "concatenate(\(transform)): not finite; the CTM is unchanged")
            return
        }
        state.ctm = transform.concatenating(state.ctm)
    }

    /// `point` mapped from user space to device space.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// `point` mapped from device space to user space (unchanged when the CTM is singular).
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    /// `size` mapped from user space to device space (the CTM's linear part).
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    /// `size` mapped from device space to user space.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    /// The bounding box of `rect` mapped to device space.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// The bounding box of `rect` mapped to user space.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    // MARK: Spaces (internal)

    /// Device space (y up) → raster space (y down, origin top-left).
    var deviceToRaster: CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))
    }

    /// User space → raster space under the current CTM.
    var userToRaster: PathTransform { PathTransform(state.ctm.concatenating(deviceToRaster)) }
}
