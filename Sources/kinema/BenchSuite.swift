// The benchmarks `kinema bench` runs (filled in as the measured APIs land).
enum BenchSuite {
    static var all: [Benchmark] { [] }
}
