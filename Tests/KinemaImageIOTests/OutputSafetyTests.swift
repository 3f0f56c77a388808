// Output safety of the frame sinks (issue 19, "data lost"): an existing output file is never lost
// or half-written — a sink that fails, finishes with no frames or is dropped keeps the old file;
// symlinks are written through; read-only files are refused; no temporary file is left behind.
// Only public API, so each test also runs against the writers before the fix (where it failed).
import Foundation
import KinemaImageIO
import KinemaRaster
import Testing

@Suite("Output safety")
struct OutputSafetyTests {
    /// A fresh, empty folder for one test.
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-output-safety-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The names in `folder`, hidden ones included (temporary files are hidden).
    static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    static let old = Data("the old file, which must survive".utf8)

    @Test("finish() with no frames keeps the existing file and leaves no temporary file")
    func noFramesKeepsOldFile() throws {
        let folder = try Self.folder("no-frames")
        let gif = folder.appendingPathComponent("old.gif")
        let png = folder.appendingPathComponent("old.png")
        try Self.old.write(to: gif)
        try Self.old.write(to: png)
        #expect(throws: EncodingError.noFrames) { try GIFWriter(url: gif).finish() }
        #expect(throws: EncodingError.noFrames) { try APNGWriter(url: png).finish() }
        #expect(try Data(contentsOf: gif) == Self.old)
        #expect(try Data(contentsOf: png) == Self.old)
        #expect(Self.names(in: folder) == ["old.gif", "old.png"])
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a sink dropped before finish() leaves the existing file as it was")
    func droppedSinkKeepsOldFile() throws {
        let folder = try Self.folder("dropped")
        let gif = folder.appendingPathComponent("old.gif")
        try Self.old.write(to: gif)
        do {
            let sink = try GIFWriter(url: gif)
            try sink.append(EncoderScenes.flat(0), duration: 0.1)
            #expect(try Data(contentsOf: gif) == Self.old)
        }
        #expect(try Data(contentsOf: gif) == Self.old)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a finished GIF replaces the old file whole; the new file keeps the old permission bits")
    func finishedReplaces() throws {
        let folder = try Self.folder("replace")
        let gif = folder.appendingPathComponent("out.gif")
        try Self.old.write(to: gif)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: gif.path)
        let sink = try GIFWriter(url: gif)
        try sink.append(EncoderScenes.flat(0), duration: 0.1)
        try sink.finish()
        let bytes = try Data(contentsOf: gif)
        #expect(bytes.starts(with: Data("GIF89a".utf8)))
        #expect(bytes.last == 0x3B)
        let mode = try FileManager.default.attributesOfItem(atPath: gif.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(Self.names(in: folder) == ["out.gif"])
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a symlink is written through: its target gets the file, the link stays")
    func symlinkWrittenThrough() throws {
        let folder = try Self.folder("symlink")
        let real = folder.appendingPathComponent("real.png")
        let link = folder.appendingPathComponent("link.png")
        try Self.old.write(to: real)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.png")
        let sink = try APNGWriter(url: link)
        try sink.append(EncoderScenes.flat(1), duration: 0.5)
        try sink.finish()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.png")
        let bytes = try Data(contentsOf: real)
        #expect(bytes.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))
        #expect(try ImageDecoder.decode(bytes).width == 48)
        #expect(Self.names(in: folder) == ["link.png", "real.png"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// As `cp` without -f: a read-only file is not replaced (also when the tests run as root,
    /// which may write anything: the permission bits state the intent).
    @Test("a read-only file is refused with Permission denied and kept")
    func readOnlyRefused() throws {
        let folder = try Self.folder("read-only")
        let gif = folder.appendingPathComponent("locked.gif")
        try Self.old.write(to: gif)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: gif.path)
        do {
            let sink = try GIFWriter(url: gif)
            try sink.append(EncoderScenes.flat(0), duration: 0.1)
            try sink.finish()
            Issue.record("a read-only file was replaced")
        } catch {
            #expect(error.reason.contains("Permission denied"), "\(error.reason)")
        }
        #expect(try Data(contentsOf: gif) == Self.old)
        #expect(Self.names(in: folder) == ["locked.gif"])
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: gif.path)
        try? FileManager.default.removeItem(at: folder)
    }

    /// ffmpeg opens (truncates) its output at once and may fail later; a stand-in script does
    /// exactly that, so no ffmpeg is needed. The old video must survive and nothing be left over.
    @Test("a video whose encoder fails midway keeps the old file")
    func failedVideoKeepsOldFile() throws {
        let folder = try Self.folder("video")
        let script = folder.appendingPathComponent("fake-ffmpeg.sh")
        try Data("#!/bin/sh\nfor last; do :; done\n: > \"$last\"\ncat > /dev/null\nexit 1\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let video = folder.appendingPathComponent("old.mp4")
        try Self.old.write(to: video)
        var options = FrameSinkOptions()
        options.ffmpegPath = script.path
        let sink = try VideoWriter(url: video, fps: 10, options: options)
        try sink.append(EncoderScenes.flat(0), duration: 0.1)
        #expect(throws: EncodingError.self) { try sink.finish() }
        #expect(try Data(contentsOf: video) == Self.old)
        #expect(Self.names(in: folder) == ["fake-ffmpeg.sh", "old.mp4"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// PNG sequences are staged and moved in at finish, after checking every file to replace: a
    /// read-only manifest stops the run before any old frame is touched.
    @Test("a PNG sequence that cannot finish leaves the old frames as they were")
    func sequenceKeepsOldFrames() throws {
        let folder = try Self.folder("sequence")
        let frame = folder.appendingPathComponent(PNGSequenceWriter.fileName(index: 0))
        let manifest = folder.appendingPathComponent(PNGSequenceWriter.manifestName)
        try Self.old.write(to: frame)
        try Self.old.write(to: manifest)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: manifest.path)
        let sink = try PNGSequenceWriter(directory: folder)
        for i in 0..<3 { try sink.append(EncoderScenes.flat(i), duration: 0.1) }
        #expect(throws: EncodingError.self) { try sink.finish() }
        #expect(try Data(contentsOf: frame) == Self.old)
        #expect(Self.names(in: folder) == ["frame_00000.png", "frames.json"])
        // Made writable, the same recording goes in whole.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: manifest.path)
        let again = try PNGSequenceWriter(directory: folder)
        for i in 0..<3 { try again.append(EncoderScenes.flat(i), duration: 0.1) }
        try again.finish()
        #expect(Self.names(in: folder) == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frames.json"])
        #expect(try ImageDecoder.decode(Data(contentsOf: frame)).width == 48)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test("a sequence into a new folder that fails removes the folder it made")
    func sequenceRemovesItsFolder() throws {
        let parent = try Self.folder("sequence-new")
        let folder = parent.appendingPathComponent("frames")
        #expect(throws: EncodingError.noFrames) { try PNGSequenceWriter(directory: folder).finish() }
        #expect(Self.names(in: parent) == [])
        try? FileManager.default.removeItem(at: parent)
    }
}
