// The two environment variables the test suite reads, read here and nowhere else (docs/TESTING.md).
//
//   KINEMA_UPDATE_GOLDEN=1  rewrite what the tests compare against and Kinema itself made (the
//                           self-rendered golden images, the encoder fixtures), and write every
//                           compared or rendered picture to `TestEnvironment.outputFolder` for
//                           looking at. Independent references (Skia, NumPy, Pillow) are never
//                           rewritten: their scripts under Scripts/references make them.
//   KINEMA_LONG_TESTS=1     seeded tests run their long counts (hundreds of seeds) instead of the
//                           short counts the default run and CI use.
import Foundation

public enum TestEnvironment {
    /// Whether KINEMA_UPDATE_GOLDEN is 1: rewrite self-made goldens and fixtures, keep pictures.
    public static let updatesGoldens = flag("KINEMA_UPDATE_GOLDEN")

    /// Whether KINEMA_LONG_TESTS is 1: seeded tests take their long counts.
    public static let runsLongTests = flag("KINEMA_LONG_TESTS")

    /// `ci` normally (what CI runs and the suite's expectations were measured with), `long` under
    /// KINEMA_LONG_TESTS=1.
    public static func count(ci: Int, long: Int) -> Int { runsLongTests ? long : ci }

    /// The seeds 1…`ci`, or 1…`long` under KINEMA_LONG_TESTS=1, for `@Test(arguments:)`.
    public static func seeds(ci: Int, long: Int) -> [UInt64] { (1...UInt64(count(ci: ci, long: long))).map { $0 } }

    /// Where pictures for looking at go: `$TMPDIR/kinema-tests/<name>`. Written to on a golden
    /// failure always, and for every comparison under KINEMA_UPDATE_GOLDEN=1.
    public static func outputFolder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinema-tests").appendingPathComponent(name)
    }

    /// Writes `data` as `<outputFolder(folder)>/<file>`, creating the folder; errors are ignored
    /// (the pictures are for looking at, no test depends on them).
    public static func keep(_ data: Data?, as file: String, in folder: String) {
        guard let data else { return }
        let directory = outputFolder(folder)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: directory.appendingPathComponent(file))
    }

    private static func flag(_ name: String) -> Bool { ProcessInfo.processInfo.environment[name] == "1" }
}
