// UIGraphicsImageRenderer, its format and context, and UIKit's context stack (UIGraphics…
// functions) against Apple's documentation.
import Foundation
import KinemaImageIO
import KinemaSupport
import OpenUIKit
import Testing

@Suite struct UIGraphicsImageRendererTests {
    typealias S = UIKitTestSupport

    /// Format docs: opaque false, preferredRange .automatic, scale = main screen's (a Stage sets
    /// the main screen; main-actor isolated, so no Stage is made between the reads).
    @Test @MainActor func formatDefaults() {
        let format = UIGraphicsImageRendererFormat.default()
        #expect(!format.opaque && format.preferredRange == .automatic && format.scale == UIScreen.main.scale)
        #expect(UIGraphicsImageRendererFormat.Range.unspecified.rawValue == -1 && UIGraphicsImageRendererFormat.Range.standard.rawValue == 2)
        #expect(UIGraphicsImageRendererFormat.preferred().scale == UIScreen.main.scale)
    }

    /// The context is flipped to y-down, in points, scaled by the format's scale, and current.
    @Test func contextIsFlippedScaledAndCurrent() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2), format: S.format(scale: 2))
        let image = renderer.image { context in
            #expect(UIGraphicsGetCurrentContext() === context.cgContext)
            #expect(context.format.bounds == CGRect(x: 0, y: 0, width: 3, height: 2))
            #expect(context.cgContext.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 4))
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))   // top-left point = 2 × 2 pixels
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 3, height: 2) && image.scale == 2)
        #expect(image.cgImage?.width == 6 && image.cgImage?.height == 4)
        #expect(S.pixel(image, 1, 1) == [255, 0, 0, 255] && S.pixel(image, 2, 2) == [0, 0, 0, 0])
    }

    /// init(bounds:): the bounds' origin is the image's top-left.
    @Test func boundsOrigin() {
        let image = UIGraphicsImageRenderer(bounds: CGRect(x: 10, y: 20, width: 2, height: 2), format: S.format()).image { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 10, y: 20, width: 1, height: 1))
        }
        #expect(S.pixel(image, 0, 0) == [0, 255, 0, 255] && S.pixel(image, 1, 1) == [0, 0, 0, 0])
    }

    /// An opaque format has no alpha: what is not painted is black.
    @Test func opaqueStartsBlack() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: S.format(opaque: true)).image { _ in }
        #expect(S.pixel(image, 0, 0) == [0, 0, 0, 255])
    }

    @Test func pngAndJPEGData() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: S.format())
        let png = renderer.pngData { context in
            UIColor.blue.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(ImageFormat(sniffing: png) == .png)
        #expect(S.pixel(try #require(UIImage(data: png)), 2, 2) == [0, 0, 255, 255])
        let jpeg = renderer.jpegData(withCompressionQuality: 0.8) { _ in }
        #expect(ImageFormat(sniffing: jpeg) == .jpeg)
    }

    @Test func currentImageAndStroke() {
        _ = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: S.format()).image { context in
            UIColor.red.setStroke()
            context.cgContext.setLineWidth(2)
            context.stroke(CGRect(x: 0, y: 0, width: 4, height: 4))
            let now = context.currentImage
            #expect(S.pixel(now, 0, 0) == [255, 0, 0, 255] && S.pixel(now, 2, 2) == [0, 0, 0, 0])
        }
    }

    /// Bad sizes never trap: a diagnostic, the closure still runs, an empty image comes back.
    @Test(arguments: [CGSize.zero, CGSize(width: -3, height: 4), CGSize(width: CGFloat.nan, height: 1)])
    func badSizes(size: CGSize) {
        var ran = false
        let (image, reports) = KinemaDiagnostics.collecting {
            UIGraphicsImageRenderer(size: size, format: S.format()).image { _ in ran = true }
        }
        #expect(ran && image.size == .zero && image.cgImage == nil && !reports.isEmpty)
        #expect(UIGraphicsGetCurrentContext() == nil)
    }

    @Test func badScaleCountsAsOne() {
        let (image, reports) = KinemaDiagnostics.collecting {
            UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: S.format(scale: -1)).image { _ in }
        }
        #expect(image.scale == 1 && image.cgImage?.width == 2 && reports.count == 1)
    }

    // MARK: The context stack

    /// UIGraphicsPushContext / PopContext: a per-thread stack.
    @Test func pushAndPop() throws {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: S.format())
        _ = renderer.image { outer in
            let other = try? #require(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                                space: CGColorSpaceCreateDeviceRGB(),
                                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            guard let other else { return }
            UIGraphicsPushContext(other)
            #expect(UIGraphicsGetCurrentContext() === other)
            // Another thread has its own (empty) stack.
            let seen = LockedBox()
            let thread = Thread { seen.value = UIGraphicsGetCurrentContext() == nil }
            thread.start()
            while !seen.done { usleep(1000) }
            #expect(seen.value)
            UIGraphicsPopContext()
            #expect(UIGraphicsGetCurrentContext() === outer.cgContext)
        }
        let (_, reports) = KinemaDiagnostics.collecting { UIGraphicsPopContext() }
        #expect(reports.count == 1)
    }

    /// The legacy image context: begin, draw, get the image, end.
    @Test @MainActor func legacyImageContext() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 3), false, 2)
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 2, height: 3) && image.scale == 2)
        #expect(S.pixel(image, 1, 1) == [255, 0, 0, 255] && S.pixel(image, 2, 2) == [0, 0, 0, 0])
        UIGraphicsBeginImageContext(CGSize(width: 1, height: 1))
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.scale == 1)
        UIGraphicsEndImageContext()
        // Scale 0: the main screen's; opaque: black.
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 1, height: 1), true, 0)
        let opaque = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(opaque.scale == UIScreen.main.scale && S.pixel(opaque, 0, 0) == [0, 0, 0, 255])
    }

    @Test func legacyImageContextBadInput() {
        let (_, reports) = KinemaDiagnostics.collecting {
            UIGraphicsBeginImageContext(.zero)
            #expect(UIGraphicsGetCurrentContext() == nil)
            #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
            UIGraphicsEndImageContext()
        }
        #expect(reports.count == 2)
    }

    /// UIRectFill uses the copy blend mode; UIRectFrame draws 1 point inside the rectangle.
    @Test func rectFillCopiesAndFrameIsInside() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: S.format()).image { _ in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
            UIColor.blue.withAlphaComponent(0.5).setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 1, height: 1))        // replaces: half-transparent blue
            UIColor.green.setFill()
            UIRectFrame(CGRect(x: 1, y: 1, width: 3, height: 3))
        }
        let p = S.pixel(image, 0, 0) ?? []
        #expect(p.count == 4 && p[0] == 0 && p[3] >= 127 && p[3] <= 128)
        #expect(S.pixel(image, 1, 1) == [0, 255, 0, 255] && S.pixel(image, 3, 3) == [0, 255, 0, 255])
        #expect(S.pixel(image, 2, 2) == [255, 0, 0, 255])
    }
}

/// A flag another thread sets (the tests wait for `done`).
final class LockedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    private var finished = false
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue; finished = true } }
    }
    var done: Bool { lock.withLock { finished } }
}
