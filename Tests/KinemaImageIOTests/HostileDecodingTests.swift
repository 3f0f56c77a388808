// Hostile input (issue 19): limits that saturate, allocations that fail, cut files, tiny files
// claiming huge sizes, work budgets, and file bytes kept out of logs.
import Foundation
@_spi(Testing) import KinemaImageIO
import KinemaRaster
import Testing

@Suite("Hostile decoding")
struct HostileDecodingTests {
    static let unlimited = ImageDecodingLimits(maxWidth: .max, maxHeight: .max, maxPixels: .max, maxFrames: .max,
                                               maxAnimationPixels: .max, maxInflatedBytes: .max, maxLZWIndices: .max)

    // MARK: 1. Limit arithmetic saturates

    @Test("limits of .max decode valid files instead of trapping")
    func unlimitedLimits() throws {
        let jpeg = try JPEGDecoder.decode(Fixture.named("jpeg_baseline_420").data, limits: Self.unlimited)
        #expect(jpeg.width > 0 && jpeg.pixels.count == jpeg.width * jpeg.height * 4)
        let only = ImageDecodingLimits(maxPixels: .max)
        let again = try JPEGDecoder.decode(Fixture.named("jpeg_baseline_420").data, limits: only)
        #expect(again == jpeg)
        let png = try PNGDecoder.decode(Fixture.named("png_rgb8").data, limits: Self.unlimited)
        #expect(png.pixels.count == png.width * png.height * 4)
        let gif = try GIFDecoder.decode(Fixture.named("gif_animated").data, limits: Self.unlimited)
        #expect(gif.frames.count == 5)
    }

    // MARK: 2. A refused allocation is .outOfMemory

    @Test("a pixel buffer beyond the address space is .outOfMemory, not a trap")
    func allocationBeyondAddressSpace() {
        // 2^20 × 2^30 pixels × 4 bytes = 4 PiB: no 64-bit Linux process can map that, whatever
        // the overcommit mode, so the real allocator refuses it.
        let png = Data(HostileFiles.pngClaiming(width: 1 << 20, height: 1 << 30))
        #expect {
            _ = try PNGDecoder.decode(png, limits: Self.unlimited)
        } throws: { error in
            guard case .outOfMemory = error as? ImageIOError else { return false }
            return true
        }
    }

    @Test("every decoder turns a refused allocation into .outOfMemory", arguments: ["png_rgb8", "jpeg_baseline_420", "gif_animated"])
    func refusedAllocation(_ name: String) {
        var outcome: Result<DecodedImage, ImageIOError>?
        let measured = ImageIOTesting.measuring(failingAllocationsAbove: 64) {
            outcome = Result { () throws(ImageIOError) in try ImageDecoder.decode(Fixture.named(name).data) }
        }
        guard case .failure(.outOfMemory(let what)) = outcome else {
            Issue.record("\(name): expected .outOfMemory, got \(describe(outcome))")
            return
        }
        #expect(measured.largestAllocation > 64, "\(what)")
    }

    @Test("a refused pixmap allocation is PixmapError.outOfMemory")
    func refusedPixmap() {
        _ = ImageIOTesting.measuring(failingAllocationsAbove: 1 << 20) {
            #expect(throws: PixmapError.outOfMemory(width: 1024, height: 1024)) { try Pixmap(width: 1024, height: 1024) }
            #expect(throws: PixmapError.outOfMemory(width: 600, height: 600)) {
                try Pixmap(width: 600, height: 600, premultipliedBytes: [UInt8](repeating: 0, count: 600 * 600 * 4))
            }
            #expect((try? Pixmap(width: 256, height: 256)) != nil)   // 256 KiB: under the limit
        }
    }

    // MARK: 3. A cut JPEG is .truncated with or without EOI

    @Test("a JPEG cut inside its scan is .truncated, with or without an EOI after the cut",
          arguments: [0.3, 0.6, 0.9])
    func cutJPEG(_ fraction: Double) throws {
        let jpeg = try HostileFiles.noisyJPEG(size: 64)
        let start = HostileFiles.scanStart(jpeg)
        let cut = start + Int(Double(jpeg.count - 2 - start) * fraction)
        let withoutEOI = Data(jpeg[..<cut])
        let withEOI = Data(jpeg[..<cut] + [0xFF, 0xD9])
        for data in [withoutEOI, withEOI] {
            #expect {
                _ = try ImageIOTesting.withDiagnosticsMuted { try JPEGDecoder.decode(data) }
            } throws: { error in
                guard case .truncated = error as? ImageIOError else { return false }
                return true
            }
        }
        #expect(try JPEGDecoder.decode(Data(jpeg)).width == 64)   // the whole file still decodes
    }

    @Test("a progressive JPEG cut inside a scan, EOI appended, is .truncated")
    func cutProgressiveJPEG() {
        let jpeg = [UInt8](Fixture.named("jpeg_progressive").data)
        let data = Data(jpeg[..<(jpeg.count * 2 / 3)] + [0xFF, 0xD9])
        #expect {
            _ = try ImageIOTesting.withDiagnosticsMuted { try JPEGDecoder.decode(data) }
        } throws: { error in
            guard case .truncated = error as? ImageIOError else { return false }
            return true
        }
    }

    @Test("a progressive JPEG cut between two scans, EOI appended, is .truncated")
    func progressiveCutBetweenScans() throws {
        let jpeg = [UInt8](Fixture.named("jpeg_progressive").data)
        // SOS markers: FF DA (inside entropy-coded data a literal FF is always followed by 00).
        let scans = (0..<(jpeg.count - 1)).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }
        #expect(scans.count >= 3)
        for scan in scans.dropFirst() {
            let data = Data(jpeg[..<scan] + [0xFF, 0xD9])
            #expect {
                _ = try ImageIOTesting.withDiagnosticsMuted { try JPEGDecoder.decode(data) }
            } throws: { error in
                guard case .truncated = error as? ImageIOError else { return false }
                return true
            }
        }
        #expect(try JPEGDecoder.decode(Data(jpeg)).width > 0)
    }

    // MARK: 4. A tiny file costs a tiny amount

    @Test("a 19-byte GIF claiming 16384 × 16384 allocates nothing canvas-sized")
    func tinyGIFHeader() {
        let header = Array("GIF89a".utf8) + [0x00, 0x40, 0x00, 0x40, 0x00, 0x00, 0x00] + [0x2C, 0, 0, 0, 0, 1]
        #expect(header.count == 19)
        var outcome: Result<AnimatedImage, ImageIOError>?
        let measured = ImageIOTesting.measuring {
            outcome = Result { () throws(ImageIOError) in try GIFDecoder.decode(Data(header)) }
        }
        guard case .failure(.truncated) = outcome else {
            Issue.record("expected .truncated, got \(describe(outcome))")
            return
        }
        #expect(measured.largestAllocation < 1 << 16, "allocated \(measured.largestAllocation) bytes")
    }

    @Test("a GIF whose first frame's data is cut allocates no canvas")
    func tinyGIFCutFrame() {
        // Whole sub-blocks, but LZW data for 100 of the frame's 2^28 pixels.
        let gif = HostileFiles.gif(width: 16384, height: 16384, frames: [(0, 0, 16384, 16384)], indicesPerFrame: 100)
        var outcome: Result<AnimatedImage, ImageIOError>?
        let measured = ImageIOTesting.measuring {
            outcome = Result { () throws(ImageIOError) in try GIFDecoder.decode(Data(gif)) }
        }
        guard case .failure(.malformed) = outcome else {
            Issue.record("expected .malformed, got \(describe(outcome))")
            return
        }
        #expect(measured.largestAllocation < 1 << 16, "allocated \(measured.largestAllocation) bytes")
    }

    @Test("a small JPEG claiming 16384 × 16384, cut and closed with EOI, allocates about 1 MiB")
    func tinyJPEGClaimingHugeSize() throws {
        let small = try HostileFiles.noisyJPEG(size: 16)
        let claiming = HostileFiles.jpeg(small, claiming: 16384, 16384)
        let file = Array(claiming[..<(claiming.count - 2)]) + [0xFF, 0xD9]
        #expect(file.count < 1000)
        var outcome: Result<DecodedImage, ImageIOError>?
        let measured = ImageIOTesting.measuring {
            outcome = ImageIOTesting.withDiagnosticsMuted {
                Result { () throws(ImageIOError) in try JPEGDecoder.decode(Data(file)) }
            }
        }
        guard case .failure(.truncated) = outcome else {
            Issue.record("expected .truncated, got \(describe(outcome))")
            return
        }
        // 16 rows of 16384 RGBA pixels (one MCU row) is 1 MiB; the whole claim would be 1 GiB.
        #expect(measured.largestAllocation <= 1 << 20, "allocated \(measured.largestAllocation) bytes")
    }

    @Test("a flat JPEG whose size is implausible for its bytes still decodes exactly (banded path)")
    func flatJPEGBanded() throws {
        let size = 1024
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) { p[i] = 40; p[i + 1] = 120; p[i + 2] = 200 }
        }
        let flat = DecodedImage(width: size, height: size, pixels: pixels)
        let jpeg = try JPEGEncoder.encode(flat, quality: 90)
        // 4 MiB of output from a few KB: past plausibleOutputBytesPerInputByte, so rows grow in bands.
        #expect(jpeg.count * 256 + (1 << 20) < size * size * 4)
        let decoded = try JPEGDecoder.decode(jpeg)
        #expect(decoded.width == size && decoded.height == size)
        #expect(decoded.pixels.count == size * size * 4)
        let (r, g, b, a) = decoded[x: size - 1, y: size - 1]
        #expect(abs(Int(r) - 40) <= 2 && abs(Int(g) - 120) <= 2 && abs(Int(b) - 200) <= 2 && a == 255)
    }

    // MARK: 5. Work is bounded

    @Test("zlib data after a PNG's last row is not read or inflated")
    func pngSurplusNotInflated() throws {
        // 200,000 surplus matches: 325 KB of file that would inflate to 51.6 MB.
        let png = HostileFiles.pngWithSurplus(width: 16, height: 16, pixel: [10, 20, 30, 255], surplusMatches: 200_000)
        #expect(png.count > 300_000)
        var outcome: Result<DecodedImage, ImageIOError>?
        let measured = ImageIOTesting.measuring {
            outcome = Result { () throws(ImageIOError) in try PNGDecoder.decode(Data(png)) }
        }
        let image = try #require(try outcome?.get())
        #expect(image.width == 16 && image[x: 15, y: 15] == (10, 20, 30, 255))
        // libpng reads the header chunks and at most one 8 KiB input buffer past the last row:
        // far below the 325 KB it would otherwise read (and inflate at 159:1).
        #expect(measured.pngBytesRead < 32 << 10, "libpng read \(measured.pngBytesRead) bytes")
    }

    @Test("PNG image data over maxInflatedBytes is .workBudgetExceeded before decoding")
    func pngInflateBudget() {
        var limits = ImageDecodingLimits.default
        limits.maxInflatedBytes = 10   // png_rgb8 needs height × (width × 3 + 1)
        #expect {
            _ = try PNGDecoder.decode(Fixture.named("png_rgb8").data, limits: limits)
        } throws: { error in
            guard case .workBudgetExceeded(let what) = error as? ImageIOError else { return false }
            return what.contains("maxInflatedBytes")
        }
    }

    @Test("GIF frames outside the canvas count against maxLZWIndices")
    func gifLZWBudget() throws {
        let gif = Data(HostileFiles.gif(width: 16, height: 16, frames: [(200, 200, 100, 100), (300, 300, 100, 100)]))
        var limits = ImageDecodingLimits.default
        let full = ImageIOTesting.measuring { _ = try? GIFDecoder.decode(gif, limits: limits) }
        #expect(full.lzwIndices == 20_000)
        #expect(try GIFDecoder.decode(gif, limits: limits).frames.count == 2)

        limits.maxLZWIndices = 15_000
        var outcome: Result<AnimatedImage, ImageIOError>?
        let bounded = ImageIOTesting.measuring {
            outcome = Result { () throws(ImageIOError) in try GIFDecoder.decode(gif, limits: limits) }
        }
        guard case .failure(.workBudgetExceeded) = outcome else {
            Issue.record("expected .workBudgetExceeded, got \(describe(outcome))")
            return
        }
        #expect(bounded.lzwIndices == 10_000)   // the second frame was refused before decoding
    }

    // MARK: 6. Messages are log-safe; kinds are consistent

    @Test("chunk bytes in error messages are escaped")
    func escapedChunkType() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += HostileFiles.chunk(Array("IHDR".utf8), HostileFiles.bigEndian(1) + HostileFiles.bigEndian(1) + [8, 6, 0, 0, 0])
        png += [0x80, 0, 0, 0, 0x1B, 0x5B, 0x32, 0x0A] + [UInt8](repeating: 0, count: 16)   // ESC [ 2 newline, length 2^31
        #expect {
            _ = try PNGDecoder.decode(Data(png))
        } throws: { error in
            guard let error = error as? ImageIOError, case .malformed = error else { return false }
            let reason = error.reason
            return reason.contains("\\x1B[2\\x0A")
                && reason.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) || $0.value == 0xD7 || $0.value == 0x2026 }
        }
    }

    @Test("a 65,535-wide JPEG is .tooLarge, whatever the limits")
    func hugeJPEGKind() throws {
        let jpeg = HostileFiles.jpeg(try HostileFiles.noisyJPEG(size: 16), claiming: 65535, 16)
        for limits in [ImageDecodingLimits.default, Self.unlimited] {
            #expect(throws: ImageIOError.tooLarge(width: 65535, height: 16)) {
                try JPEGDecoder.decode(Data(jpeg), limits: limits)
            }
        }
    }
}

/// A decode's outcome for a failure message: the error, or only the size of what was decoded
/// (describing a decoded image would print every pixel).
private func describe<T>(_ outcome: Result<T, ImageIOError>?) -> String {
    switch outcome {
    case .failure(let error): "\(error)"
    case .success(let image as DecodedImage): "success, \(image.width)×\(image.height)"
    case .success(let animation as AnimatedImage): "success, \(animation.frames.count) frame(s)"
    case .success: "success"
    case nil: "no outcome"
    }
}
