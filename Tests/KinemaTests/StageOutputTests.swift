// Stage recording and frame writing with bad times and precious files (issue 19): bad arguments
// are errors before the output is touched; a time the stage could never reach is an error, not a
// hang; an existing file survives a refused call; a read-only file is refused.
import Foundation
import Kinema
import KinemaImageIO
import Testing

@Suite("Stage output safety")
@MainActor
struct StageOutputTests {
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-stage-output-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static let old = Data("an earlier recording".utf8)

    func smallStage() -> Stage {
        let stage = Stage(size: CGSize(width: 16, height: 12), threads: 1)
        stage.withClock {
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            dot.position = CGPoint(x: 8, y: 6)
            dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            stage.rootLayer.addSublayer(dot)
        }
        return stage
    }

    @Test("a refused recording leaves the existing file whole", arguments: [
        (Double.nan, 30.0), (0, 30), (-1, 30), (.infinity, 30), (1e300, 30), (1, .nan), (1, 0), (1, 5000),
    ])
    func refusedRecordingKeepsFile(_ duration: Double, _ fps: Double) throws {
        let folder = try Self.folder("refused-\(duration)-\(fps)")
        let gif = folder.appendingPathComponent("old.gif")
        try Self.old.write(to: gif)
        let stage = smallStage()
        #expect(throws: StageError.self) {
            try stage.withClock { try stage.record(duration: duration, fps: fps, to: gif) }
        }
        #expect(try Data(contentsOf: gif) == Self.old)
        #expect(Self.names(in: folder) == ["old.gif"])
        #expect(stage.time == 0)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Before the fix `.infinity` and `1e300` looped for ever (one turn per 1/60 s of stage time)
    /// and NaN wrote the frame at the clock's time; now each is refused at once, no turn run.
    @Test("writeFrame refuses a time it could never reach, without running any turn",
          arguments: [Double.nan, .infinity, -.infinity, 1e300, 1e7])
    func writeFrameBadTime(_ time: Double) throws {
        let folder = try Self.folder("write-frame-\(time)")
        let png = folder.appendingPathComponent("frame.png")
        try Self.old.write(to: png)
        let stage = smallStage()
        do {
            try stage.withClock { try stage.writeFrame(at: time, to: png) }
            Issue.record("writeFrame(at: \(time)) did not throw")
        } catch let error as StageError {
            #expect(error.description.contains("writeFrame(at: \(time))"), "\(error)")
        }
        #expect(stage.time == 0)
        #expect(try Data(contentsOf: png) == Self.old)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("writeFrame runs the turns on the way and replaces the file whole")
    func writeFrameWrites() throws {
        let folder = try Self.folder("write-frame-ok")
        let png = folder.appendingPathComponent("frame.png")
        try Self.old.write(to: png)
        let stage = smallStage()
        var turns: [Double] = []
        for k in 0..<10 { stage.at(Double(k) * 0.05) { turns.append(stage.time) } }
        try stage.withClock { try stage.writeFrame(at: 0.45, to: png) }
        #expect(stage.time == 0.45)
        // At the stage's 60 fps, turns at k / 60 before 0.45 (k = 1 … 26), then 0.45 itself.
        #expect(turns.count == 10)
        #expect(turns.last == 0.45)
        let image = try ImageDecoder.decode(Data(contentsOf: png))
        #expect(image.width == 16 && image.height == 12)
        #expect(Self.names(in: folder) == ["frame.png"])
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("writeFrame refuses a read-only file and keeps it")
    func writeFrameReadOnly() throws {
        let folder = try Self.folder("write-frame-read-only")
        let png = folder.appendingPathComponent("frame.png")
        try Self.old.write(to: png)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: png.path)
        let stage = smallStage()
        do {
            try stage.withClock { try stage.writeFrame(at: 0.1, to: png) }
            Issue.record("a read-only file was replaced")
        } catch {
            #expect("\(error)".contains("Permission denied"), "\(error)")
        }
        #expect(try Data(contentsOf: png) == Self.old)
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: png.path)
        try? FileManager.default.removeItem(at: folder)
    }
}
