// Loads the fixtures committed under Fixtures/ (made by Scripts/references/imageio_fixtures.py:
// files written by that script's own PNG/GIF encoders or by Pillow, expected pixels decoded by
// Pillow and converted to premultiplied RGBA8).
import Foundation
import KinemaImageIO

/// One fixture's sidecar (`NAME.json`), with its file and expected pixels.
struct Fixture: Decodable, Sendable {
    struct FrameInfo: Decodable, Sendable { var delay: Double }

    var name: String
    var file: String
    var format: String
    var kind: String
    var description: String
    var width: Int?
    var height: Int?
    var expected: String?
    var tolerance: Int
    var frames: [FrameInfo]?
    var loopCount: Int?
    var orientation: Int?
    var expectError: String?
    var expectMessage: String?
    var reference: String?

    enum CodingKeys: String, CodingKey {
        case name, file, format, kind, description, width, height, expected, tolerance, frames
        case orientation, reference
        case loopCount = "loop_count"
        case expectError = "expect_error"
        case expectMessage = "expect_message"
    }

    static let directory: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    /// Every fixture, by name.
    static let all: [String: Fixture] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var fixtures: [String: Fixture] = [:]
        for file in files where file.hasSuffix(".json") {
            let data = try! Data(contentsOf: directory.appendingPathComponent(file))
            let fixture = try! JSONDecoder().decode(Fixture.self, from: data)
            fixtures[fixture.name] = fixture
        }
        return fixtures
    }()

    /// Names of the fixtures of one format and kind, sorted (test arguments).
    static func names(format: String, kind: String) -> [String] {
        all.values.filter { $0.format == format && $0.kind == kind }.map(\.name).sorted()
    }

    static func named(_ name: String) -> Fixture { all[name]! }

    /// The image file's bytes.
    var data: Data { try! Data(contentsOf: Self.directory.appendingPathComponent(file)) }

    /// The expected premultiplied RGBA8 pixels (all frames, concatenated, for animations).
    var expectedPixels: [UInt8] {
        [UInt8](try! Data(contentsOf: Self.directory.appendingPathComponent(expected!)))
    }

    /// The expected pixels of one still image.
    var expectedImage: DecodedImage {
        DecodedImage(width: width!, height: height!, pixels: expectedPixels)
    }
}

/// The largest per-channel difference between two equally sized pixel arrays.
func maxChannelDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    precondition(a.count == b.count)
    var worst = 0
    for i in a.indices { worst = max(worst, abs(Int(a[i]) - Int(b[i]))) }
    return worst
}

/// The name of an error's case, as the sidecars spell it.
func kindName(_ error: ImageIOError) -> String {
    switch error {
    case .truncated: "truncated"
    case .badSignature: "badSignature"
    case .badCRC: "badCRC"
    case .unsupported: "unsupported"
    case .tooLarge: "tooLarge"
    case .animationTooLarge: "animationTooLarge"
    case .malformed: "malformed"
    case .decoderMessage: "decoderMessage"
    case .outOfMemory: "outOfMemory"
    case .invalidArgument: "invalidArgument"
    case .workBudgetExceeded: "workBudgetExceeded"
    }
}
