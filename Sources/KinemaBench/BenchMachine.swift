// What the benchmark ran on: printed with every figure so figures from different machines are
// never compared by mistake.
import Foundation
import KinemaSupport

struct BenchMachine: Sendable {
    var cpuModel: String
    var logicalCores: Int
    var architecture: String
    var buildConfiguration: String

    static let current = BenchMachine(
        cpuModel: readCPUModel() ?? "unknown CPU",
        logicalCores: ProcessInfo.processInfo.activeProcessorCount,
        architecture: machineArchitecture(),
        buildConfiguration: {
            #if DEBUG
            return "debug (figures are not meaningful: use `swift run -c release kinema bench`)"
            #else
            return "release"
            #endif
        }()
    )

    var header: String {
        "kinema \(KinemaVersion.string) bench — \(cpuModel), \(logicalCores) logical cores, \(architecture), "
            + "\(buildConfiguration) build, one thread"
    }

    /// The short machine tag printed at the end of each figure's line.
    var short: String { "\(architecture)/\(logicalCores)c \(cpuModel)" }

    private static func readCPUModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func machineArchitecture() -> String {
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "arm64"
        #else
        return "unknown-arch"
        #endif
    }
}
