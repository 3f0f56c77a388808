// FrameSinkOutputFile: how every Kinema output file is written without ever losing the file it
// replaces — bytes go to a temporary file in the target's folder, which is renamed over the
// target only when complete.
//
// Audited against: POSIX rename(2) (atomic replacement of a directory entry on one filesystem),
//   open(2) O_CREAT|O_EXCL, symlink(7) path resolution (at most 40 links, ELOOP); GNU cp's
//   behaviour for existing destinations (writes through a symlink to its target, refuses a
//   dangling one, "Permission denied" for a read-only file without -f).
// Status: complete for regular files and for existing non-regular files (devices, FIFOs), which
//   are written in place. Left out: keeping hard links (a replaced file gets a new inode, so other
//   names of the old file keep the old bytes), extended attributes and ACLs of the replaced file,
//   fsync of the folder (the rename is atomic, but survives a power cut only once the folder's
//   metadata reaches the disk).

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One output file being written: the target path (symlinks resolved), and the temporary file in
/// the same folder that holds the bytes until `commit()` renames it over the target.
///
/// ```swift
/// let file = try OutputFile(url: URL(fileURLWithPath: "spin.gif"))
/// try file.write(bytes)
/// try file.commit()          // spin.gif is replaced in one step
/// ```
///
/// **Semantics.**
/// - *Never loses the old file.* Until `commit()`, the target is untouched; a failure, `discard()`
///   or dropping the object removes the temporary file and leaves the old target as it was.
///   `commit()` flushes the bytes to disk (fsync) and renames, so readers see the old file or the
///   whole new one, never a part.
/// - *Symlinks* (the last path component, followed link by link like open(2), at most 40) are
///   written through: their final target is replaced and the link stays. A dangling link is an
///   error, as for `cp`.
/// - *A read-only file* (no write permission bit, or not writable by this user) is refused with
///   "Permission denied", even for root, as `cp` without `-f` does; so are a directory and a
///   missing folder. A replaced file keeps its permission bits (and, for root, its owner).
/// - *Devices and FIFOs* (an existing non-regular target such as `/dev/null`) are written in place:
///   there is nothing to replace atomically.
/// - The temporary file is `.NAME.kinema-XXXXXXXX.EXT` beside the target (hidden; the same
///   extension, so tools that infer a format from it — ffmpeg — see the right one).
///
/// **Cost.** One extra `fsync` and `rename` per file; no copy.
package final class OutputFile {
    /// The path the caller named.
    package let requestedPath: String
    /// The file that will be replaced: `requestedPath` with symlinks followed.
    package let targetPath: String
    /// Where the bytes go until `commit()`: a temporary sibling of the target, or the target itself
    /// for a device or FIFO.
    package let writingPath: String
    /// Whether the target is written in place (an existing device or FIFO), not replaced.
    package let inPlace: Bool
    private var descriptor: Int32
    private var offset: UInt64 = 0
    private var state = State.open

    private enum State { case open, committed, discarded }

    /// Opens `url` for writing: resolves it, checks it may be replaced, and creates the temporary
    /// file. With `external` the temporary file is created and closed at once, for another
    /// process (ffmpeg) to write to `writingPath`; `commit()` then only renames.
    package init(url: URL, external: Bool = false) throws(EncodingError) {
        let requested = url.path
        requestedPath = requested
        let target = try Self.resolve(requested)
        targetPath = target.path
        if let existing = target.existing, !Self.isRegular(existing.st_mode) {
            inPlace = true
            writingPath = target.path
            if external {
                descriptor = -1
            } else {
                let fd = open(target.path, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw .unwritable(path: requested, reason: Self.errorText(errno)) }
                descriptor = fd
            }
            return
        }
        inPlace = false
        let (fd, path) = try Self.createTemporary(for: target.path, requested: requested)
        writingPath = path
        descriptor = fd
        if let existing = target.existing {
            // Keep the replaced file's permission bits (not setuid/setgid/sticky: an image is
            // no program) and, when allowed, its owner.
            _ = fchmod(fd, existing.st_mode & 0o777)
            if getuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        }
        if external {
            close(fd)
            descriptor = -1
        }
    }

    deinit { discard() }

    /// Appends `data`.
    package func write(_ data: Data) throws(EncodingError) {
        // A FIFO or device cannot seek: written in place, bytes go in order.
        try write(at: offset, data, sequential: inPlace)
        offset += UInt64(data.count)
    }

    /// Overwrites bytes at `position` (which were written before); the end stays where it was.
    /// (A FIFO cannot be patched: that is an "Illegal seek" error.)
    package func patch(at position: UInt64, with data: Data) throws(EncodingError) {
        try write(at: position, data, sequential: false)
    }

    private func write(at position: UInt64, _ data: Data, sequential: Bool) throws(EncodingError) {
        guard state == .open, descriptor >= 0 else {
            throw .unwritable(path: requestedPath, reason: "the file is already closed")
        }
        let fd = descriptor
        let failure: Int32? = data.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var done = 0
            while done < raw.count {
                let n = sequential
                    ? Glibc.write(fd, base + done, raw.count - done)
                    : pwrite(fd, base + done, raw.count - done, off_t(position) + off_t(done))
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if n == 0 { return EIO }
                done += n
            }
            return nil
        }
        if let failure { throw .unwritable(path: requestedPath, reason: Self.errorText(failure)) }
    }

    /// Makes the bytes the target's: flushes them to disk and renames the temporary file over the
    /// target (or closes a device / FIFO). After an error the temporary file is gone and the old
    /// target is as it was.
    package func commit() throws(EncodingError) {
        guard state == .open else {
            if state == .committed { return }
            throw .unwritable(path: requestedPath, reason: "the file was discarded")
        }
        if descriptor >= 0 {
            let fd = descriptor
            descriptor = -1
            if !inPlace, fsync(fd) != 0, errno != EINVAL, errno != EROFS {
                let code = errno
                close(fd)
                discard()
                throw .unwritable(path: requestedPath, reason: Self.errorText(code))
            }
            if close(fd) != 0, errno != EINTR {
                let code = errno
                discard()
                throw .unwritable(path: requestedPath, reason: Self.errorText(code))
            }
        }
        if !inPlace, rename(writingPath, targetPath) != 0 {
            let code = errno
            discard()
            throw .unwritable(path: requestedPath, reason: Self.errorText(code))
        }
        state = .committed
    }

    /// Gives up: closes and removes the temporary file; the target is left as it was. Idempotent.
    package func discard() {
        guard state == .open else { return }
        state = .discarded
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if !inPlace { unlink(writingPath) }
    }

    /// Writes `data` to `url` in one step: all of it replaces the old file, or nothing changes.
    package static func write(_ data: Data, to url: URL) throws(EncodingError) {
        let file = try OutputFile(url: url)
        do throws(EncodingError) {
            try file.write(data)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    // MARK: Checks

    /// The most symlinks followed (Linux's limit, after which open(2) fails with ELOOP).
    static let maximumSymlinks = 40

    /// `path` with the symlinks of its last component followed, and its status if it exists.
    /// Throws for what may not be replaced: an empty path, a dangling link, a directory, a
    /// read-only file, a missing or unwritable folder.
    package static func resolve(_ requested: String) throws(EncodingError) -> (path: String, existing: stat?) {
        guard !requested.isEmpty else { throw .invalidArgument("the output path is empty") }
        var path = requested
        var links = 0
        var info = stat()
        while lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            links += 1
            guard links <= maximumSymlinks else {
                throw .unwritable(path: requested, reason: "too many levels of symbolic links")
            }
            guard let destination = readLink(path) else {
                throw .unwritable(path: requested, reason: "the symbolic link could not be read: \(errorText(errno))")
            }
            path = destination.hasPrefix("/")
                ? destination
                : (URL(fileURLWithPath: path).deletingLastPathComponent().path as NSString).appendingPathComponent(destination)
        }
        var existing: stat?
        if stat(path, &info) == 0 {
            existing = info
        } else if errno == ENOENT, links > 0 {
            throw .unwritable(path: requested, reason: "it is a symbolic link to \(path), which does not exist (not writing through a dangling link)")
        }
        if let existing {
            if (existing.st_mode & S_IFMT) == S_IFDIR {
                throw .unwritable(path: requested, reason: "it is a directory")
            }
            if isRegular(existing.st_mode), existing.st_mode & 0o222 == 0 || access(path, W_OK) != 0 {
                throw .unwritable(path: requested, reason: "Permission denied: the file is read-only (make it writable or remove it to replace it)")
            }
            if !isRegular(existing.st_mode) { return (path, existing) }
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else {
            throw .unwritable(path: requested, reason: "the directory \(folder) does not exist")
        }
        guard (folderInfo.st_mode & S_IFMT) == S_IFDIR else {
            throw .unwritable(path: requested, reason: "\(folder) is not a directory")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw .unwritable(path: requested, reason: "Permission denied: the directory \(folder) is not writable")
        }
        return (path, existing)
    }

    /// Creates `.NAME.kinema-XXXXXXXX.EXT` beside `target`, exclusively (never an existing file).
    private static func createTemporary(for target: String, requested: String) throws(EncodingError) -> (Int32, String) {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        var name = url.lastPathComponent
        if name.utf8.count > 200 { name = "" }   // keep the temporary name under NAME_MAX (255)
        // The extension the caller named (a link "a.mp4" to "b.bin" is still written as MP4).
        let requestedExtension = URL(fileURLWithPath: requested).pathExtension
        let ext = requestedExtension.utf8.count <= 16 ? requestedExtension : ""
        var lastError: Int32 = EEXIST
        for _ in 0..<16 {
            let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let path = (folder as NSString).appendingPathComponent(
                ".\(name).kinema-\(tag)" + (ext.isEmpty ? "" : ".\(ext)"))
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (fd, path) }
            lastError = errno
            if lastError != EEXIST { break }
        }
        throw .unwritable(path: requested, reason: "the temporary file beside it could not be created: \(errorText(lastError))")
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func isRegular(_ mode: mode_t) -> Bool { (mode & S_IFMT) == S_IFREG }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
