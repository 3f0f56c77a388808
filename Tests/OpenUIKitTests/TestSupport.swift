// Helpers the OpenUIKit tests share: pixels of images, a scale-1 renderer, test images.
import Foundation
import KinemaImageIO
import KinemaRaster
import OpenUIKit

enum UIKitTestSupport {
    /// A renderer format with scale 1 (the default follows the screen hook).
    static func format(scale: CGFloat = 1, opaque: Bool = false) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = opaque
        return format
    }

    /// The premultiplied pixel of `image` at (x, y) pixels from the top-left, as bytes.
    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8]? {
        guard let p = image.cgImage?.pixmap.pixel(x: x, y: y) else { return nil }
        return [p.red, p.green, p.blue, p.alpha]
    }

    /// An image of `width` × `height` pixels whose pixel (x, y) is `color(x, y)` (opaque bytes).
    static func pixmap(width: Int, height: Int, _ color: (Int, Int) -> [UInt8]) throws -> Pixmap {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { bytes += color(x, y) }
        }
        return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    /// A 2 × 2 image: red, green / blue, white (top row first).
    static func quadrants() throws -> Pixmap {
        let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
        return try pixmap(width: 2, height: 2) { x, y in colors[y * 2 + x] }
    }

    static func png(_ pixmap: Pixmap) throws -> Data {
        try PNGEncoder.encode(DecodedImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.premultipliedBytes))
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-uikit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
