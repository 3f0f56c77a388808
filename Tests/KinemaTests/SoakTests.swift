// A soak test (issue 19, "keep it so"): a changing scene recorded to a GIF for many frames, with
// the process's resident memory, open file descriptors and threads read from /proc before, after
// warm-up and at the end. `KINEMA_LONG_TESTS=1` runs 50,000 frames; the default run makes 600 so
// that CI exercises the same path cheaply.
//
// Audited against: proc(5) (/proc/self/statm: resident pages in the second field; /proc/self/fd
//   and /proc/self/task: one entry per descriptor and thread).

import Foundation
import Kinema
import KinemaTestSupport
import Testing

/// What /proc says about this process now.
private struct ProcessFootprint {
    var residentBytes: Int
    var descriptors: Int
    var threads: Int

    static func now() -> ProcessFootprint {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let fields = statm.split(separator: " ")
        let pages = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
        return ProcessFootprint(residentBytes: pages * page, descriptors: fds, threads: tasks)
    }
}

@Suite("Soak")
@MainActor
struct SoakTests {
    @Test("recording a changing scene: memory flat after warm-up, no descriptors or threads left behind")
    func longRecording() throws {
        let long = TestEnvironment.runsLongTests
        let frames = long ? 50_000 : 600
        let warmUp = long ? 5_000 : 200
        let stage = Stage(size: CGSize(width: 48, height: 32), scale: 1, threads: 1)
        let square = CALayer()
        let label = CATextLayer()
        var tick = 0
        stage.withClock {
            square.frame = CGRect(x: 0, y: 8, width: 12, height: 12)
            square.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
            stage.rootLayer.addSublayer(square)
            label.frame = CGRect(x: 20, y: 0, width: 28, height: 16)
            label.fontSize = 10
            stage.rootLayer.addSublayer(label)
            // Every frame something changes: a new implicit animation of the square, new text,
            // now and then an explicit animation and a layer added and removed.
            let link = CADisplayLink(handler: { _ in
                tick += 1
                square.position = CGPoint(x: CGFloat(6 + tick % 36), y: 14)
                label.string = "\(tick % 1000)"
                if tick % 30 == 0 {
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.toValue = Double.pi
                    spin.duration = 0.4
                    square.add(spin, forKey: "spin")
                    let flash = CALayer()
                    flash.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
                    flash.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                    stage.rootLayer.addSublayer(flash)
                    flash.removeFromSuperlayer()
                }
            })
            link.add(to: .main, forMode: .common)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-soak-\(UUID().uuidString).gif")
        defer { try? FileManager.default.removeItem(at: url) }
        let before = ProcessFootprint.now()
        var warm: ProcessFootprint?
        var peakAfterWarmUp = 0
        try stage.withClock {
            try stage.record(duration: Double(frames) / 60, fps: 60, to: url) { done, _ in
                if done == warmUp { warm = ProcessFootprint.now() }
                if done > warmUp, done % 500 == 0 { peakAfterWarmUp = max(peakAfterWarmUp, ProcessFootprint.now().residentBytes) }
            }
        }
        let after = ProcessFootprint.now()
        let warmed = try #require(warm)
        peakAfterWarmUp = max(peakAfterWarmUp, after.residentBytes)
        #expect(tick >= frames - 1)
        // Flat: after warm-up, resident memory grows by at most 16 MB (allocator noise; a leak
        // of one 48 × 32 frame per frame would add 300 MB over 50,000 frames).
        #expect(peakAfterWarmUp - warmed.residentBytes < 16 << 20,
                "resident \(warmed.residentBytes >> 20) MB after warm-up, \(peakAfterWarmUp >> 20) MB at most afterwards")
        // The encoder's file and queue are gone once the recording is finished.
        #expect(after.descriptors <= before.descriptors)
        #expect(after.threads <= before.threads + 1)
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        #expect(size > 1000)
        if long {
            print("soak: \(frames) frames; resident \(before.residentBytes >> 20) MB before, \(warmed.residentBytes >> 20) MB after \(warmUp), \(peakAfterWarmUp >> 20) MB peak after; fds \(before.descriptors) → \(after.descriptors); threads \(before.threads) → \(after.threads); GIF \(size >> 10) KB")
        }
    }
}
