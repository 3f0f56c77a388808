// The pixel benchmarks' harness: milliseconds per run of one fixed piece of drawing work.
//
// Unlike the timing-maths figures (operations per second over batches), a pixel benchmark is one
// large piece of work (10,000 fills, one blur) timed whole, as the peers time theirs, so the
// figures compare directly: best of `runs` runs after one warm-up run, each run preceded by an
// untimed reset of the target (clear to white, copy the blur source back).
import Foundation
import KinemaRaster

/// The pixmap a benchmark draws into, with the buffers it reuses from run to run (as a renderer
/// keeps its scan converter between frames). A class so the reset, run and picture closures of
/// one benchmark share it.
final class BenchCanvas {
    var pixmap: Pixmap
    var converter = ScanConverter()
    var path = RasterPath()

    init(width: Int, height: Int) {
        // Callers pass the workload's fixed 1280×720, a valid size, so this never fails.
        pixmap = (try? Pixmap(width: width, height: height)) ?? RasterWorkload.standard.image
    }
}

/// One pixel benchmark: a name shared with the peers' script, what it does in a few words, and
/// the work as closures over a `BenchCanvas`.
struct PixelBenchmark {
    /// The name the peers' script uses for the same work (`raster.fill.triangles`, …).
    var name: String
    var summary: String
    /// Puts the target back to where every run starts; not timed.
    var reset: () -> Void
    /// The work; timed.
    var run: () -> Void
    /// The picture the last run left, for `--write-images`.
    var picture: () -> Pixmap
    /// Whether the peers' script does the same work (the compositor's benchmarks have no peer).
    var hasPeers = true

    /// Milliseconds per run, the best of several runs by two clocks (each minimum taken alone).
    struct Timing {
        /// This thread's CPU time: what the comparisons use (other processes' slices not counted).
        var cpuMilliseconds: Double
        /// Wall time, printed beside it: far above the CPU figure means the machine was busy.
        var wallMilliseconds: Double
        var runs: Int
    }

    func measure(runs: Int) -> Timing {
        Self.time(runs: runs, reset: reset, run: run)
    }

    /// Best of `runs` after one untimed warm-up run.
    static func time(runs: Int, reset: () -> Void, run: () -> Void) -> Timing {
        var bestCPU = Double.infinity, bestWall = Double.infinity
        for round in 0 ... max(runs, 1) {
            reset()
            let wallStart = wallSeconds(), cpuStart = threadCPUSeconds()
            run()
            let cpu = threadCPUSeconds() - cpuStart, wall = wallSeconds() - wallStart
            if round > 0 {
                bestCPU = min(bestCPU, cpu)
                bestWall = min(bestWall, wall)
            }
        }
        return Timing(cpuMilliseconds: bestCPU * 1000, wallMilliseconds: bestWall * 1000, runs: max(runs, 1))
    }
}

/// Monotonic wall-clock seconds.
func wallSeconds() -> Double {
    var spec = timespec()
    guard clock_gettime(CLOCK_MONOTONIC, &spec) == 0 else { return 0 }
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// The physical floor the pixel figures are printed beside: copying one 1280×720×4-byte frame
/// (memcpy through `copyMemory`), the least any full-frame pass can cost on this machine.
enum MemcpyFloor {
    static func measure(runs: Int) -> PixelBenchmark.Timing {
        let bytes = RasterWorkload.width * RasterWorkload.height * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer {
            source.deallocate()
            target.deallocate()
        }
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
        target.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        // Between runs (untimed) one byte of the copy is read back and the source changed, so
        // no copy is redundant and the optimizer cannot merge or drop any of them.
        var checksum = 0
        let reset = {
            checksum &+= Int(target.load(fromByteOffset: checksum % bytes, as: UInt8.self))
            source.storeBytes(of: UInt8(truncatingIfNeeded: checksum), toByteOffset: checksum % bytes, as: UInt8.self)
        }
        // Ten times the pixel benchmarks' runs: one copy is a fraction of a millisecond.
        let timing = PixelBenchmark.time(runs: runs * 10, reset: reset, run: { target.copyMemory(from: source, byteCount: bytes) })
        blackHole(Double(checksum))
        return timing
    }
}
