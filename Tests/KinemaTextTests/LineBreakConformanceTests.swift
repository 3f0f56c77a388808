// LineBreaker (ICU's UAX #14 line rules) against Unicode's own conformance file,
// LineBreakTest.txt from Debian's unicode-data (Unicode 15, the version ICU 72 implements).
// Every case is checked; the cases ICU's default rules knowingly answer differently are listed
// below one by one, each with its reason, and counted — none is dropped silently.
import Foundation
@testable import KinemaText
import Testing

@Suite struct LineBreakConformanceTests {
    static let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    struct Case {
        var line: Int
        var scalars: [UInt32]
        /// UTF-16 offsets where the file says a line may break (÷), the start excluded.
        var breaks: [Int]
        var comment: String
    }

    /// Cases where ICU 72's default line rules break differently from LineBreakTest.txt, keyed by
    /// the case's code points (as the file writes them), with the reason. They are exactly the
    /// LineBreakTest.txt cases ICU's own conformance test skips as known issues (ICU-21097, in
    /// `RBBITest::testCaseIsKnownIssue`, rbbitst.cpp); every one is still checked to deviate, so
    /// one ICU fixes falls off this list with a test failure.
    static let knownDeviations: [String: String] = {
        // ICU's root rules keep HY × (AL | NU-like) together: the Finnish tailoring of hyphens
        // moved into root (ICU-8151), where UAX #14 breaks after a hyphen before these.
        let hyphen = "ICU keeps a hyphen with the letter after it (ICU-8151/21097); UAX #14 breaks after it"
        // ICU implements LB25 with UAX #14's §8.2 example 7 (a regular expression for numbers),
        // which does not break between IS and a following digit even when no digit precedes;
        // LineBreakTest.txt tests the plain pair rules, which do.
        let number = "ICU's LB25 number tailoring (UAX #14 §8.2 example 7) keeps IS × NU (ICU-21097)"
        var table: [String: String] = [:]
        for key in ["002D 0023", "002D 0308 0023", "002D 00A7", "002D 0308 00A7", "002D 50005", "002D 0308 50005",
                    "002D 0E01", "002D 0308 0E01"] { table[key] = hyphen }
        for key in ["002C 0030", "002C 0308 0030",
                    "0065 0071 0075 0061 006C 0073 0020 002E 0033 0035 0020 0063 0065 006E 0074 0073", // "equals .35 cents"
                    "0061 002E 0032 0020", "0061 002E 0032 0020 0915", "0061 002E 0032 0020 672C", "0061 002E 0032 3000 672C",
                    "0061 002E 0032 3000 307E", "0061 002E 0032 3000 0033", "0041 002E 0031 0020 BABB",
                    "BD24 C5B4 002E 0020 0041 002E 0032 0020 BCFC", "BD10 C694 002E 0020 0041 002E 0033 0020 BABB",
                    "C694 002E 0020 0041 002E 0034 0020 BABB", "0061 002E 0032 3000 300C"] { table[key] = number }
        return table
    }()

    static func parse(_ contents: String) -> [Case] {
        var cases: [Case] = []
        for (index, raw) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let body = parts.first.map(String.init) ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [UInt32] = []
            var breaks: [Int] = []
            var offset = 0
            for token in tokens {
                if token == "÷" {
                    if offset > 0 { breaks.append(offset) }
                } else if token == "×" {
                    continue
                } else if let value = UInt32(token, radix: 16) {
                    scalars.append(value)
                    offset += value > 0xFFFF ? 2 : 1
                }
            }
            cases.append(Case(line: index + 1, scalars: scalars, breaks: breaks,
                              comment: parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : ""))
        }
        return cases
    }

    static func utf16(_ scalars: [UInt32]) -> [UInt16] {
        var units: [UInt16] = []
        for value in scalars {
            if value > 0xFFFF {
                let v = value - 0x10000
                units.append(UInt16(0xD800 + (v >> 10)))
                units.append(UInt16(0xDC00 + (v & 0x3FF)))
            } else {
                units.append(UInt16(value))
            }
        }
        return units
    }

    static func key(_ scalars: [UInt32]) -> String {
        scalars.map { String(format: "%04X", $0) }.joined(separator: " ")
    }

    @Test func everyCaseOfLineBreakTest() throws {
        guard let contents = try? String(contentsOfFile: Self.path, encoding: .utf8) else {
            Issue.record("\(Self.path) is missing: install Debian's unicode-data (bash Scripts/install-system-deps.sh installs it)")
            return
        }
        let cases = Self.parse(contents)
        // Unicode 15's file has several thousand cases; far fewer means it was not read right.
        #expect(cases.count > 5_000, "only \(cases.count) cases parsed")
        var passed = 0
        var deviated: [String] = []
        var failures: [String] = []
        for testCase in cases {
            let units = Self.utf16(testCase.scalars)
            let found = LineBreaker.opportunities(in: units).map(\.offset)
            if found == testCase.breaks {
                passed += 1
                continue
            }
            let key = Self.key(testCase.scalars)
            if Self.knownDeviations[key] != nil {
                deviated.append(key)
            } else {
                failures.append("line \(testCase.line) [\(key)]: expected breaks \(testCase.breaks), ICU gave \(found) — \(testCase.comment)")
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(cases.count) cases differ:\n" + failures.prefix(40).joined(separator: "\n")))
        // Every listed deviation still happens (a fixed one must come off the list).
        let stale = Set(Self.knownDeviations.keys).subtracting(deviated)
        #expect(stale.isEmpty, "listed as deviating but now passing: \(stale.sorted())")
        #expect(passed + deviated.count + failures.count == cases.count)
        #expect(deviated.count == 22, "known deviations met: \(deviated.count) of 22")
        print("LineBreakTest.txt: \(cases.count) cases, \(passed) pass, \(deviated.count) known ICU deviations skipped, \(failures.count) fail")
    }
}
