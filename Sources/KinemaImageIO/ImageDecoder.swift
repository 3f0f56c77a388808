// ImageDecoder: decode a file whatever its format, chosen by signature.

import Foundation

/// The file formats KinemaImageIO reads.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, gif

    /// The bytes a file of the format starts with (for GIF, either version; JPEG: SOI and the
    /// first byte of the next marker).
    var signatures: [[UInt8]] {
        switch self {
        case .png: [PNGDecoder.signature]
        case .jpeg: [[0xFF, 0xD8, 0xFF]]
        case .gif: [Array("GIF87a".utf8), Array("GIF89a".utf8)]
        }
    }

    /// The format whose signature `data` starts with, or nil. Extensions and MIME types are not
    /// consulted: the first bytes decide (PNG: its 8-byte signature; JPEG: FF D8 FF; GIF:
    /// "GIF87a" or "GIF89a").
    public init?(sniffing data: Data) {
        let head = [UInt8](data.prefix(8))
        guard let format = Self.allCases.first(where: { $0.signatures.contains { head.starts(with: $0) } }) else {
            return nil
        }
        self = format
    }

    /// Whether `data` is non-empty and shorter than, and a prefix of, one of the signatures:
    /// a file cut inside its signature.
    static func isCutSignature(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(8))
        return !head.isEmpty && allCases.contains { format in
            format.signatures.contains { head.count < $0.count && $0.starts(with: head) }
        }
    }
}

/// Decodes an image file of any supported format to its first (or only) frame.
///
/// ```swift
/// let image = try ImageDecoder.decode(Data(contentsOf: url))
/// ```
///
/// The format is chosen by signature (`ImageFormat(sniffing:)`); unknown or empty data throws
/// `.badSignature` (`.truncated` if the data stops inside a signature). JPEGs come back upright
/// (EXIF orientation applied); GIFs give their first frame as displayed. For all frames of a GIF
/// use `GIFDecoder.decode(_:)`.
public enum ImageDecoder {
    public static func decode(_ data: Data,
                              limits: ImageDecodingLimits = .default) throws(ImageIOError) -> DecodedImage {
        guard let format = ImageFormat(sniffing: data) else {
            guard ImageFormat.isCutSignature(data) else { throw .badSignature }
            throw .truncated("\(data.count) bytes, inside the file signature")
        }
        return switch format {
        case .png: try PNGDecoder.decode(data, limits: limits)
        case .jpeg: try JPEGDecoder.decode(data, limits: limits)
        case .gif: try GIFDecoder.decodeFirstFrame(data, limits: limits)
        }
    }
}
