// Malformed, truncated and hostile files throw the expected ImageIOError, never trap.
import KinemaSupport
import Foundation
@_spi(Testing) import KinemaImageIO
import KinemaGeometry
import Testing

@Suite("Corrupt files")
struct CorruptFileTests {
    static let names = ["png", "jpeg", "gif"].flatMap { Fixture.names(format: $0, kind: "error") }

    /// DESIGN.md §6: bad input gets a clear error. Each corrupt fixture names the error case it
    /// must produce, through its own decoder and through the sniffing entry point.
    @Test("throws the expected error", arguments: names)
    func throwsExpected(_ name: String) throws {
        let fixture = Fixture.named(name)
        let expected = try #require(fixture.expectError)
        let data = fixture.data
        do throws(ImageIOError) {
            switch fixture.format {
            case "png": _ = try PNGDecoder.decode(data)
            case "jpeg": _ = try JPEGDecoder.decode(data)
            default: _ = try GIFDecoder.decode(data)
            }
            Issue.record("\(name) decoded; expected \(expected): \(fixture.description)")
        } catch {
            #expect(kindName(error) == expected, "\(name): \(error.reason) — \(fixture.description)")
            if let message = fixture.expectMessage { #expect(error.reason.contains(message), "\(error.reason)") }
        }
        if expected != "badSignature" {
            do throws(ImageIOError) {
                _ = try ImageDecoder.decode(data)
                if fixture.format != "gif" { Issue.record("\(name) decoded through ImageDecoder") }
            } catch {
                // The first-frame path of a GIF can stop before a later frame's fault.
                if fixture.format != "gif" { #expect(kindName(error) == expected) }
            }
        }
    }

    @Test("unknown and empty data are a bad signature")
    func unknownData() {
        #expect(throws: ImageIOError.badSignature) { try ImageDecoder.decode(Data()) }
        #expect(throws: ImageIOError.badSignature) { try ImageDecoder.decode(Data("hello, world".utf8)) }
        #expect(ImageFormat(sniffing: Data([0x42, 0x4D])) == nil)
    }

    @Test("each decoder rejects the other formats' files")
    func wrongDecoder() {
        let png = Fixture.named("png_rgb8").data
        let jpeg = Fixture.named("jpeg_gray").data
        let gif = Fixture.named("gif_animated").data
        #expect(throws: ImageIOError.badSignature) { try PNGDecoder.decode(jpeg) }
        #expect(throws: ImageIOError.badSignature) { try JPEGDecoder.decode(gif) }
        #expect(throws: ImageIOError.badSignature) { try GIFDecoder.decode(png) }
    }

    @Test("every truncation of a valid file throws or decodes, never traps",
          arguments: ["png_rgba8_interlaced", "jpeg_progressive", "gif_animated"])
    func everyTruncation(_ name: String) {
        let data = Fixture.named(name).data
        var threw = 0
        ImageIOTesting.withDiagnosticsMuted {
            for length in 0..<data.count {
                do { _ = try ImageDecoder.decode(data.prefix(length)) } catch { threw += 1 }
            }
        }
        // Every proper prefix of a PNG or JPEG is incomplete; a GIF cut between blocks after its
        // first frame still shows that frame.
        #expect(threw >= data.count / 2)
        if name.hasPrefix("png") || name.hasPrefix("jpeg") { #expect(threw == data.count) }
    }

    @Test("recovered input is reported as a diagnostic")
    func diagnostics() throws {
        let (gif, diagnostics) = try KinemaDiagnostics.collecting {
            try GIFDecoder.decode(Fixture.named("gif_animated").data.dropLast())
        }
        #expect(gif.frames.count == 5)
        #expect(diagnostics.map(\.domain) == ["GIFDecoder"])
    }
}
