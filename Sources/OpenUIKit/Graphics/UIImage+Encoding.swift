// UIImage+Encoding: PNG and JPEG data of an image.
//
// Audited against: pngData() ("nil if the image has no data or if the underlying CGImageRef
// contains data in an unsupported bitmap format"), jpegData(compressionQuality:) ("0.0 represents
// the maximum compression (or lowest quality) while the value 1.0 represents the least compression
// (or best quality)"). Status: complete for bitmap images. The stored pixels are written as they
// are: the orientation is not applied (iOS's pngData() drops it too; its JPEG keeps it as EXIF,
// Kinema's does not). JPEG has no alpha: transparent pixels are written over black, as the
// premultiplied colour channels are.

import Foundation
import KinemaImageIO
import KinemaSupport

extension UIImage {
    /// The image (first frame of an animated one) as PNG data, or nil for an image without pixels.
    public func pngData() -> Data? {
        guard let pixmap = cgImage?.pixmap else { return nil }
        let image = DecodedImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.premultipliedBytes)
        do {
            return try PNGEncoder.encode(image)
        } catch {
            KinemaDiagnostics.emit("UIImage", "pngData(): \(error); returned nil")
            return nil
        }
    }

    /// The image as JPEG data at `compressionQuality` (clamped to 0…1; mapped to libjpeg's 1…100),
    /// or nil for an image without pixels.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let pixmap = cgImage?.pixmap else { return nil }
        let q = compressionQuality.isNaN ? 0.75 : min(max(compressionQuality, 0), 1)
        let quality = max(1, Int((q * 100).rounded()))
        let image = DecodedImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.premultipliedBytes)
        do {
            return try JPEGEncoder.encode(image, quality: quality)
        } catch {
            KinemaDiagnostics.emit("UIImage", "jpegData(compressionQuality:): \(error); returned nil")
            return nil
        }
    }
}
