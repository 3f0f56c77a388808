// Helpers shared by the layer tests: tolerant comparisons, small images, pixel reads.

import Foundation
import OpenQuartzCore

/// Whether two numbers agree within `tolerance` (absolute).
func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

func close(_ a: CGSize, _ b: CGSize, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}

func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin, b.origin, tolerance) && close(a.size, b.size, tolerance)
}

func close(_ a: CATransform3D, _ b: CATransform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A small opaque image of `width` × `height` pixels.
func makeImage(width: Int = 2, height: Int = 2) -> CGImage? {
    let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    context?.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    context?.fill(CGRect(x: 0, y: 0, width: width, height: height))
    return context?.makeImage()
}

/// The RGBA bytes of pixel (x, y) of `image`, row 0 the top row, read by drawing the image into a
/// bitmap context (Apple's API, so the check does not depend on Kinema's storage).
func pixel(of image: CGImage, x: Int, y: Int) -> [UInt8] {
    let bytesPerRow = image.width * 4
    var bytes = [UInt8](repeating: 0, count: bytesPerRow * image.height)
    bytes.withUnsafeMutableBytes { buffer in
        let context = CGContext(data: buffer.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                bytesPerRow: bytesPerRow, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        context?.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }
    let start = y * bytesPerRow + x * 4
    return Array(bytes[start ..< start + 4])
}

let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
