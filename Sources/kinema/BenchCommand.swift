// `kinema bench`: measures the hot paths, one line per figure.
//
// Every figure is operations per second on one core (single thread), the best of several timed
// rounds after a warm-up round (thread CPU time), in the build the binary was made with. Only release builds give
// meaningful figures (`swift run -c release kinema bench`); a debug build says so in its header.
import ArgumentParser
import Foundation

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure Kinema's hot paths (operations per second, one core)."
    )

    @Option(help: "Only run benchmarks whose name contains this text.")
    var filter: String?

    @Option(help: "Timed rounds per benchmark; the best round is reported.")
    var rounds: Int = 5

    @Option(help: "Minimum seconds per timed round.")
    var seconds: Double = 0.2

    func validate() throws {
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1") }
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be a positive number") }
    }

    func run() throws {
        print(BenchMachine.current.header)
        let selected = BenchSuite.all.filter { filter == nil || $0.name.contains(filter ?? "") }
        if selected.isEmpty {
            print("no benchmark matches \"\(filter ?? "")\"; known: \(BenchSuite.all.map(\.name).joined(separator: ", "))")
            throw ExitCode(1)
        }
        let nameWidth = selected.map(\.name.count).max() ?? 0
        for benchmark in selected {
            let result = benchmark.measure(rounds: rounds, minimumSeconds: seconds)
            print(result.line(nameWidth: nameWidth, machine: BenchMachine.current.short))
        }
    }
}
