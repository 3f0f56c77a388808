// UIImage+Loading: images from files, data and names.
//
// Audited against: UIImage docs — init?(named:) ("looks for an image with the specified name in
// the system caches … then in the app's main bundle"; "returns nil if no image is found"; on
// devices with Retina screens the @2x / @3x variant is preferred, and its scale comes from the
// suffix), init?(contentsOfFile:), init?(data:) ("nil if the data could not be read"),
// init?(data:scale:). Status: PNG, JPEG and GIF; no asset catalogues, no trait-based variants
// (~ipad), no cache (every call reads the file).
//
// Kinema choices:
// - Where names are looked for: `Bundle.main`'s resource folder, then its bundle folder, then
//   `UIImage.searchDirectories` (a Kinema addition, thread-safe), in that order.
// - Which file a name means: the name as given (when it names a file), then for each extension
//   png, jpg, jpeg, gif the name with the screen's scale suffix (none for 1×), then higher
//   scales, then lower ones. A name that has an extension tries only that extension.
// - An animated GIF (more than one frame) opens as an animated image: `images` are its frames as
//   displayed, `cgImage` the first frame, `duration` the sum of the frames' delays as browsers play
//   them (delays of 0.01 s or less count as 0.1 s), `frameDurations` each delay. iOS's
//   UIImage(data:) shows only the first frame; Kinema plays GIFs on purpose (docs/UIKIT.md).
// - JPEG EXIF orientation is applied to the pixels when decoding, so `imageOrientation` is `.up`.

import Foundation
import KinemaImageIO
import KinemaRaster
import KinemaSupport
import OpenCoreGraphics

extension UIImage {
    private static let searchDirectoryList = LockedValue<[URL]>([])

    /// Folders `UIImage(named:)` also looks in, after the main bundle (Kinema addition: Linux
    /// programs rarely have a bundle). Each read and each write is atomic; a read-modify-write
    /// such as `append` is two steps, so code that changes the list from several threads at once
    /// must serialize itself.
    public static var searchDirectories: [URL] {
        get { searchDirectoryList.withLock { $0 } }
        set { searchDirectoryList.withLock { $0 = newValue } }
    }

    /// The image file `name` names (see the file header for the search order), or nil when no
    /// file is found or it cannot be decoded.
    public convenience init?(named name: String) {
        guard let (url, scale) = UIImage.locate(named: name),
              let decoded = UIImage.decode(fileAt: url, scale: scale, operation: "init(named: \"\(name)\")") else {
            return nil
        }
        self.init(decoded)
    }

    /// The image in the file at `path` (scale from an @2x / @3x suffix, else 1), or nil when the
    /// file cannot be read or decoded.
    public convenience init?(contentsOfFile path: String) {
        let url = URL(fileURLWithPath: path)
        let scale = UIImage.scaleSuffix(of: url.deletingPathExtension().lastPathComponent) ?? 1
        guard let decoded = UIImage.decode(fileAt: url, scale: scale, operation: "init(contentsOfFile:)") else { return nil }
        self.init(decoded)
    }

    /// The image encoded in `data` (PNG, JPEG or GIF) at scale 1, or nil when it cannot be decoded.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// The image encoded in `data` at `scale` pixels a point (not positive and finite: 1, with a
    /// diagnostic), or nil when it cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat) {
        var s = scale
        if !(s.isFinite && s > 0) {
            KinemaDiagnostics.emit("UIImage", "init(data:scale:): scale \(scale) is not positive and finite; 1 used")
            s = 1
        }
        guard let decoded = UIImage.decode(data, scale: s, operation: "init(data:)") else { return nil }
        self.init(decoded)
    }

    /// Adopts the fields of a freshly decoded image.
    private convenience init(_ other: UIImage) {
        self.init(cgImage: other.cgImage, scale: other.scale, orientation: other.imageOrientation, images: other.images,
                  duration: other.duration, frameDurations: other.frameDurations)
    }

    // MARK: Decoding

    static func decode(fileAt url: URL, scale: CGFloat, operation: String) -> UIImage? {
        guard let data = try? Data(contentsOf: url) else {
            KinemaDiagnostics.emit("UIImage", "\(operation): cannot read \(url.path); returned nil")
            return nil
        }
        return decode(data, scale: scale, operation: operation)
    }

    /// Decodes PNG, JPEG or GIF data; an animated GIF gives an animated image.
    package static func decode(_ data: Data, scale: CGFloat, operation: String) -> UIImage? {
        do {
            if ImageFormat(sniffing: data) == .gif {
                let animation = try GIFDecoder.decode(data)
                let frames = try animation.frames.map { frame in
                    UIImage(cgImage: CGImage(pixmap: try pixmap(frame.image)), scale: scale, orientation: .up)
                }
                guard let first = frames.first else { return nil }
                if frames.count == 1 { return first }
                let delays = animation.frames.map(\.playbackDelay)
                return UIImage(cgImage: first.cgImage, scale: scale, orientation: .up, images: frames,
                               duration: delays.reduce(0, +), frameDurations: delays)
            }
            let decoded = try ImageDecoder.decode(data)
            return UIImage(cgImage: CGImage(pixmap: try pixmap(decoded)), scale: scale, orientation: .up)
        } catch {
            KinemaDiagnostics.emit("UIImage", "\(operation): the data is not a readable PNG, JPEG or GIF (\(error)); returned nil")
            return nil
        }
    }

    private static func pixmap(_ image: DecodedImage) throws -> Pixmap {
        try Pixmap(width: image.width, height: image.height, premultipliedBytes: image.pixels)
    }

    // MARK: Finding named files

    /// The file extensions tried for a name without one, in order.
    static let nameExtensions = ["png", "jpg", "jpeg", "gif"]

    /// The folders names are looked up in: the main bundle's, then `searchDirectories`.
    static var nameDirectories: [URL] {
        var folders: [URL] = []
        if let resources = Bundle.main.resourceURL { folders.append(resources) }
        folders.append(Bundle.main.bundleURL)
        var seen = Set<String>()
        return (folders + searchDirectories).filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The scales to try, best first: the screen's (1, 2 or 3), then higher, then lower.
    static var preferredScales: [Int] {
        let screen = min(max(Int(UIGraphicsScreenScale.current.rounded()), 1), 3)
        return [screen] + (screen + 1...max(screen + 1, 3)).filter { $0 <= 3 } + (1..<screen).reversed()
    }

    /// The file a name means and the scale its suffix gives, or nil.
    static func locate(named name: String) -> (URL, CGFloat)? {
        guard !name.isEmpty else { return nil }
        let fileManager = FileManager.default
        let given = name as NSString
        let ext = given.pathExtension.lowercased()
        let stem = ext.isEmpty ? name : given.deletingPathExtension
        var candidates: [String] = [name]
        let extensions = ext.isEmpty ? nameExtensions : [given.pathExtension]
        // "star@2x" asks for star at any scale, best first, like "star".
        let baseStem = scaleSuffix(of: stem) == nil ? stem : String(stem.dropLast(3))
        for e in extensions {
            for s in preferredScales {
                candidates.append(s == 1 ? "\(baseStem).\(e)" : "\(baseStem)@\(s)x.\(e)")
            }
        }
        for folder in nameDirectories {
            for candidate in candidates {
                let url = folder.appendingPathComponent(candidate)
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    let candidateStem = url.deletingPathExtension().lastPathComponent
                    return (url, scaleSuffix(of: candidateStem) ?? 1)
                }
            }
        }
        return nil
    }

    /// The scale an "@2x" / "@3x" suffix of a file's stem gives, or nil without one.
    static func scaleSuffix(of stem: String) -> CGFloat? {
        for s in [2, 3] where stem.hasSuffix("@\(s)x") { return CGFloat(s) }
        return nil
    }
}
