// Console: the CLI's standard output and error. A write that fails (a full disk, /dev/full, a
// closed pipe) is remembered and turns into a message on standard error and a failing exit
// status, never a trap: Foundation's `FileHandle.write(_:)` traps on such errors, and a closed
// pipe would otherwise end the process with SIGPIPE.
//
// Audited against: POSIX write(2), fflush(3)/ferror(3); what `cat` and `ls` do when standard
//   output cannot be written (a "write error" message on standard error, exit status 1).
// Status: complete for the kinema executable (the bench's own printing goes through stdio, whose
//   errors the final flush catches).

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard output and error without trapping, and decides the exit status at the end.
///
/// Both streams are written with write(2), unbuffered, so a failure is seen at the call that
/// failed. (Swift 6 cannot name stdio's `stdout` — a mutable C global — so `print` is not used;
/// what other code prints through stdio is flushed, and its failure caught, by `finish`.)
enum Console {
    /// The first error writing standard output.
    private nonisolated(unsafe) static var outputError: Int32?
    /// Whether a write to standard error failed.
    private nonisolated(unsafe) static var errorFailed = false

    /// Sets up the process: a write to a closed pipe becomes an EPIPE error, not SIGPIPE.
    static func start() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` to standard output.
    static func out(_ text: String) {
        if let code = send(text, to: STDOUT_FILENO), outputError == nil { outputError = code }
    }

    /// Writes `text` to standard error. A failure is remembered: the exit status is then non-zero
    /// even if the command otherwise succeeded.
    static func err(_ text: String) {
        if send(text, to: STDERR_FILENO) != nil { errorFailed = true }
    }

    /// Writes all of `text` to `descriptor`; the error number if that failed.
    private static func send(_ text: String, to descriptor: Int32) -> Int32? {
        fflush(nil)   // stdio output written before (by other code) goes first
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(descriptor, base + done, raw.count - done)
            }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return errno }
            if n == 0 { return EIO }
            done += n
        }
        return nil
    }

    /// Flushes stdio and returns the exit status: `status`, or 1 when output could not be written
    /// (reported on standard error, if that works).
    static func finish(status: Int32) -> Int32 {
        if fflush(nil) != 0, outputError == nil {
            outputError = errno == 0 ? EIO : errno
        }
        var status = status
        if let code = outputError {
            err("kinema: cannot write to standard output: \(String(cString: strerror(code)))\n")
            if status == 0 { status = 1 }
        }
        if errorFailed, status == 0 { status = 1 }
        return status
    }
}
