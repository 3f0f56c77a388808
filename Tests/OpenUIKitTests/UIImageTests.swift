// UIImage against Apple's documentation (UIImage class reference): decoding, named lookup,
// scale, animated images, drawing upright in UIKit's flipped contexts, resizable images, bad input.
import Foundation
import KinemaImageIO
import KinemaRaster
import KinemaSupport
import OpenUIKit
import Testing

@Suite struct UIImageTests {
    typealias S = UIKitTestSupport

    @Test func pngDecode() throws {
        let image = try #require(UIImage(data: try S.png(try S.quadrants())))
        #expect(image.size == CGSize(width: 2, height: 2) && image.scale == 1 && image.images == nil)
        #expect(S.pixel(image, 0, 0) == [255, 0, 0, 255])
        #expect(S.pixel(image, 0, 1) == [0, 0, 255, 255])
        // pngData round-trips the pixels.
        let data = try #require(image.pngData())
        let again = try #require(UIImage(data: data))
        #expect(again.cgImage?.pixmap == image.cgImage?.pixmap)
    }

    /// size is in points: "multiply the size values by the value in the scale property to get the
    /// pixel dimensions".
    @Test func dataWithScale() throws {
        let image = try #require(UIImage(data: try S.png(try S.quadrants()), scale: 2))
        #expect(image.size == CGSize(width: 1, height: 1) && image.scale == 2)
    }

    @Test func jpegDecodeAndEncode() throws {
        let solid = try S.pixmap(width: 16, height: 8) { _, _ in [200, 100, 50, 255] }
        let data = try JPEGEncoder.encode(DecodedImage(width: 16, height: 8, pixels: solid.premultipliedBytes), quality: 95)
        let image = try #require(UIImage(data: data))
        #expect(image.size == CGSize(width: 16, height: 8))
        let p = try #require(S.pixel(image, 8, 4))
        #expect(abs(Int(p[0]) - 200) <= 3 && abs(Int(p[1]) - 100) <= 3 && abs(Int(p[2]) - 50) <= 3)
        let written = try #require(image.jpegData(compressionQuality: 0.9))
        #expect(ImageFormat(sniffing: written) == .jpeg)
        #expect(UIImage(data: written)?.size == image.size)
    }

    /// Kinema's deliberate choice: an animated GIF opens as an animated image (iOS shows only
    /// its first frame); duration is the sum of the frames' delays.
    @Test func animatedGIF() throws {
        let writer = try GIFWriter(options: { var o = FrameSinkOptions(); o.dithering = false; return o }())
        let red = try S.pixmap(width: 4, height: 4) { _, _ in [255, 0, 0, 255] }
        let blue = try S.pixmap(width: 4, height: 4) { _, _ in [0, 0, 255, 255] }
        try writer.append(red, duration: 0.2)
        try writer.append(blue, duration: 0.5)
        try writer.finish()
        let data = try #require(writer.data)
        let image = try #require(UIImage(data: data))
        let frames = try #require(image.images)
        #expect(frames.count == 2)
        #expect(abs(image.duration - 0.7) < 1e-9)
        #expect(image.size == CGSize(width: 4, height: 4))
        #expect(S.pixel(image, 0, 0) == [255, 0, 0, 255])      // cgImage is the first frame
        #expect(S.pixel(frames[1], 0, 0) == [0, 0, 255, 255])
    }

    @Test func animatedImageWith() throws {
        let a = UIImage(cgImage: CGImage(pixmap: try S.quadrants()), scale: 2, orientation: .up)
        let image = try #require(UIImage.animatedImage(with: [a, a, a], duration: 1.5))
        #expect(image.size == a.size && image.scale == 2 && image.duration == 1.5 && image.images?.count == 3)
        let (empty, reports) = KinemaDiagnostics.collecting { UIImage.animatedImage(with: [], duration: 1) }
        #expect(empty == nil && reports.count == 1)
    }

    @Test func badInputReturnsNil() throws {
        let (results, reports) = KinemaDiagnostics.collecting { () -> [UIImage?] in
            [UIImage(data: Data()), UIImage(data: Data([1, 2, 3, 4, 5])), UIImage(contentsOfFile: "/nonexistent/kinema.png"),
             UIImage(data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]))]
        }
        #expect(results.allSatisfy { $0 == nil })
        #expect(reports.count == 4)
        let empty = UIImage()
        #expect(empty.size == .zero && empty.cgImage == nil && empty.pngData() == nil)
    }

    /// APPLE_SEMANTICS: CGContext.draw is upside down in a flipped context; UIImage.draw is upright.
    @Test func drawIsUprightInRendererContext() throws {
        let source = UIImage(cgImage: CGImage(pixmap: try S.quadrants()))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: S.format()).image { _ in
            source.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(S.pixel(image, 0, 0) == [255, 0, 0, 255])     // red stays top-left
        #expect(S.pixel(image, 3, 0) == [0, 255, 0, 255])
        #expect(S.pixel(image, 0, 3) == [0, 0, 255, 255])
        #expect(S.pixel(image, 3, 3) == [255, 255, 255, 255])
    }

    /// Orientation: .right is "rotated 90° clockwise" — the stored top-left lands top-right;
    /// .left: bottom-left; .down: bottom-right; .upMirrored: top-right; .leftMirrored is EXIF 5
    /// (transpose: top-left stays), .rightMirrored EXIF 7 (transverse: top-left → bottom-right).
    @Test(arguments: [
        (UIImage.Orientation.up, 0, 0), (.down, 3, 3), (.right, 3, 0), (.left, 0, 3),
        (.upMirrored, 3, 0), (.downMirrored, 0, 3), (.leftMirrored, 0, 0), (.rightMirrored, 3, 3),
    ])
    func orientationsDraw(orientation: UIImage.Orientation, x: Int, y: Int) throws {
        let source = UIImage(cgImage: CGImage(pixmap: try S.quadrants()), scale: 1, orientation: orientation)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: S.format()).image { _ in
            source.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(S.pixel(image, x, y) == [255, 0, 0, 255], "stored red top-left for \(orientation)")
    }

    @Test func leftAndRightSwapSize() throws {
        let wide = try S.pixmap(width: 4, height: 2) { _, _ in [0, 0, 0, 255] }
        #expect(UIImage(cgImage: CGImage(pixmap: wide), scale: 2, orientation: .left).size == CGSize(width: 1, height: 2))
    }

    /// Resizable images draw in nine parts: corners keep their size.
    @Test func resizableNineParts() throws {
        // 3 × 3: a red 1-pixel border around a green centre.
        let pix = try S.pixmap(width: 3, height: 3) { x, y in x == 1 && y == 1 ? [0, 255, 0, 255] : [255, 0, 0, 255] }
        let caps = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
        for mode in [UIImage.ResizingMode.stretch, .tile] {
            let source = UIImage(cgImage: CGImage(pixmap: pix)).resizableImage(withCapInsets: caps, resizingMode: mode)
            #expect(source.capInsets == caps && source.resizingMode == mode)
            let image = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 6), format: S.format()).image { _ in
                source.draw(in: CGRect(x: 0, y: 0, width: 8, height: 6))
            }
            #expect(S.pixel(image, 0, 0) == [255, 0, 0, 255])
            #expect(S.pixel(image, 7, 5) == [255, 0, 0, 255])
            #expect(S.pixel(image, 4, 0) == [255, 0, 0, 255])
            #expect(S.pixel(image, 1, 1) == [0, 255, 0, 255])
            #expect(S.pixel(image, 6, 4) == [0, 255, 0, 255])
        }
        #expect(UIImage().resizableImage(withCapInsets: .zero).resizingMode == .tile)
    }

    @Test func tintAndRenderingMode() throws {
        let source = UIImage(cgImage: CGImage(pixmap: try S.pixmap(width: 2, height: 1) { x, _ in
            x == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0]
        }))
        #expect(source.renderingMode == .automatic)
        #expect(source.withRenderingMode(.alwaysTemplate).renderingMode == .alwaysTemplate)
        let tinted = source.withTintColor(.blue)
        #expect(tinted.renderingMode == .alwaysOriginal)
        #expect(S.pixel(tinted, 0, 0) == [0, 0, 255, 255] && S.pixel(tinted, 1, 0) == [0, 0, 0, 0])
    }

    @Test func drawAsPatternTiles() throws {
        let source = UIImage(cgImage: CGImage(pixmap: try S.quadrants()))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 6, height: 4), format: S.format()).image { _ in
            source.draw(asPatternIn: CGRect(x: 0, y: 0, width: 6, height: 4))
        }
        #expect(S.pixel(image, 2, 2) == [255, 0, 0, 255] && S.pixel(image, 5, 3) == [255, 255, 255, 255])
    }

    @Test func drawWithoutContextReports() throws {
        let source = UIImage(cgImage: CGImage(pixmap: try S.quadrants()))
        let (_, reports) = KinemaDiagnostics.collecting { source.draw(at: .zero) }
        #expect(reports.count == 1)
    }
}

/// The tests that change `UIImage.searchDirectories` (a process-wide list) run one at a time.
@Suite(.serialized) struct UIImageNamedTests {
    typealias S = UIKitTestSupport

    @Test @MainActor func namedLookupInSearchDirectoryWithScaleSuffix() throws {
        // The variant chosen depends on the main screen's scale (a Stage sets it): pin it to 1
        // for this main-actor test, which no Stage can interleave with.
        let screen = UIScreen.main
        UIScreen.main = UIScreen(bounds: screen.bounds, scale: 1)
        defer { UIScreen.main = screen }
        let folder = try S.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "kinema-star-\(UUID().uuidString.prefix(8))"
        try S.png(try S.quadrants()).write(to: folder.appendingPathComponent("\(name)@2x.png"))
        try S.png(try S.pixmap(width: 3, height: 1) { _, _ in [9, 9, 9, 255] }).write(to: folder.appendingPathComponent("\(name)-plain.jpg.png"))
        UIImage.searchDirectories.append(folder)
        defer { UIImage.searchDirectories.removeAll { $0 == folder } }
        // No 1× file: the @2x one is found and its scale comes from the suffix.
        let image = try #require(UIImage(named: name))
        #expect(image.scale == 2 && image.size == CGSize(width: 1, height: 1))
        #expect(UIImage(named: "\(name)@2x.png")?.scale == 2)
        // A 1× file is preferred at screen scale 1.
        try S.png(try S.pixmap(width: 5, height: 5) { _, _ in [1, 2, 3, 255] }).write(to: folder.appendingPathComponent("\(name).png"))
        #expect(UIImage(named: name)?.size == CGSize(width: 5, height: 5))
        #expect(UIImage(named: name)?.scale == 1)
        // Unknown names: nil, as on iOS.
        #expect(UIImage(named: "\(name)-missing") == nil)
        #expect(UIImage(named: "") == nil)
    }

    /// animatedImageNamed: "name0, name1 … up to name1024".
    @Test func animatedImageNamed() throws {
        let folder = try S.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "kinema-spin-\(UUID().uuidString.prefix(8))"
        for i in 0..<3 {
            try S.png(try S.pixmap(width: 2, height: 2) { _, _ in [UInt8(i * 100), 0, 0, 255] })
                .write(to: folder.appendingPathComponent("\(name)\(i).png"))
        }
        UIImage.searchDirectories.append(folder)
        defer { UIImage.searchDirectories.removeAll { $0 == folder } }
        let image = try #require(UIImage.animatedImageNamed(name, duration: 0.9))
        #expect(image.images?.count == 3 && image.duration == 0.9)
        #expect(S.pixel(try #require(image.images?[2]), 0, 0) == [200, 0, 0, 255])
        let (missing, reports) = KinemaDiagnostics.collecting { UIImage.animatedImageNamed("\(name)-none", duration: 1) }
        #expect(missing == nil && reports.count == 1)
        let resizable = try #require(UIImage.animatedResizableImageNamed(name, capInsets: UIEdgeInsets(top: 1, left: 1, bottom: 0, right: 0), duration: 1))
        #expect(resizable.images?.allSatisfy { $0.capInsets.top == 1 } == true)
    }
}
