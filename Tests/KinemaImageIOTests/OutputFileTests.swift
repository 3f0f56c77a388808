// OutputFile, the all-or-nothing file writer every output goes through: the temporary file and
// its cleanup, commit, and the refusals (empty path, directory, dangling link, link loop,
// missing folder), and devices written in place.
import Foundation
@testable import KinemaImageIO
import Testing

@Suite("OutputFile")
struct OutputFileTests {
    static let old = Data("old".utf8)

    @Test("bytes go to a hidden temporary file beside the target until commit")
    func temporaryUntilCommit() throws {
        let folder = try OutputSafetyTests.folder("outputfile-commit")
        let target = folder.appendingPathComponent("a.gif")
        try Self.old.write(to: target)
        let file = try OutputFile(url: target)
        try file.write(Data("GIF8".utf8))
        try file.patch(at: 3, with: Data("9".utf8))
        let temporary = URL(fileURLWithPath: file.writingPath)
        #expect(temporary.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path)
        #expect(temporary.lastPathComponent.hasPrefix(".a.gif.kinema-"))
        #expect(temporary.pathExtension == "gif")
        #expect(try Data(contentsOf: target) == Self.old)
        try file.commit()
        #expect(try Data(contentsOf: target) == Data("GIF9".utf8))
        #expect(OutputSafetyTests.names(in: folder) == ["a.gif"])
        try file.commit()   // idempotent
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("discard and deinit remove the temporary file and keep the target")
    func discard() throws {
        let folder = try OutputSafetyTests.folder("outputfile-discard")
        let target = folder.appendingPathComponent("a.png")
        try Self.old.write(to: target)
        let file = try OutputFile(url: target)
        try file.write(Data([1, 2, 3]))
        file.discard()
        #expect(throws: EncodingError.self) { try file.commit() }
        do {
            let dropped = try OutputFile(url: target)
            try dropped.write(Data([4]))
        }
        #expect(try Data(contentsOf: target) == Self.old)
        #expect(OutputSafetyTests.names(in: folder) == ["a.png"])
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("refusals: empty path, directory, dangling link, link loop, missing folder")
    func refusals() throws {
        let folder = try OutputSafetyTests.folder("outputfile-refusals")
        #expect(throws: EncodingError.invalidArgument("the output path is empty")) { try OutputFile.resolve("") }
        func reason(_ path: String) -> String {
            do { _ = try OutputFile(url: URL(fileURLWithPath: path)); return "no error" } catch { return error.reason }
        }
        #expect(reason(folder.path).contains("is a directory"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.gif").path,
                                                   withDestinationPath: "missing.gif")
        #expect(reason(folder.appendingPathComponent("dangling.gif").path).contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing.gif").path))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a.gif").path, withDestinationPath: "b.gif")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("b.gif").path, withDestinationPath: "a.gif")
        #expect(reason(folder.appendingPathComponent("a.gif").path).contains("too many levels"))
        #expect(reason(folder.appendingPathComponent("no/such/x.gif").path).contains("does not exist"))
        #expect(OutputSafetyTests.names(in: folder) == ["a.gif", "b.gif", "dangling.gif"])
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a device is written in place, never replaced")
    func device() throws {
        let file = try OutputFile(url: URL(fileURLWithPath: "/dev/null"))
        #expect(file.inPlace)
        #expect(file.writingPath == "/dev/null")
        try file.write(Data([1, 2, 3]))
        try file.commit()
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("one-shot write through a relative symlink chain replaces the final target")
    func symlinkChain() throws {
        let folder = try OutputSafetyTests.folder("outputfile-chain")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Self.old.write(to: folder.appendingPathComponent("sub/real.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("sub/hop.png").path, withDestinationPath: "real.png")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "sub/hop.png")
        try OutputFile.write(Data("new".utf8), to: folder.appendingPathComponent("link.png"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("sub/real.png")) == Data("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.png").path) == "sub/hop.png")
        #expect(OutputSafetyTests.names(in: folder.appendingPathComponent("sub")) == ["hop.png", "real.png"])
        try? FileManager.default.removeItem(at: folder)
    }
}
