// XCTestCompatibilityTests: the strategies under XCTest too (swift-snapshot-testing reports
// through XCTFail there) — the seed button against SeedSnapshotTests' reference, and a changed
// one failing. XCTest because this checks that test library, which the rules allow where a tool
// needs it.
//
// Audited against: swift-snapshot-testing 1.19's `verifySnapshot` outside Swift Testing
//   (`Test.current` nil). Status: complete.

import Foundation
import Kinema
import SnapshotTesting
import XCTest
@testable import KinemaSnapshotTesting

final class XCTestCompatibilityTests: XCTestCase {
    // Not `@MainActor func`: corelibs XCTest cannot call an isolated test method (it traps on
    // the cast); it runs tests on the main thread, where the body asserts the main actor.
    func testSeedButtonUnderXCTest() throws {
        try MainActor.assumeIsolated { try Self.seedButton() }
    }

    @MainActor
    private static func seedButton() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/SeedSnapshotTests").path
        let button = PushButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        XCTAssertNil(verifySnapshot(of: button, as: .image(scale: 2), named: "1", record: .never,
                                    snapshotDirectory: directory, testName: "pushButton()"))
        let changed = PushButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        changed.isAddButton = false
        let message = try XCTUnwrap(verifySnapshot(of: changed, as: .image(scale: 2), named: "1", record: .never,
                                                   snapshotDirectory: directory, testName: "pushButton()"))
        XCTAssertTrue(message.contains("pixels differ"), message)
        // Outside Swift Testing the difference image goes under generic names.
        let path = try XCTUnwrap(differencePath(in: message))
        XCTAssertTrue(path.contains("/KinemaSnapshotTesting/snapshot.difference-"), path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        try? FileManager.default.removeItem(atPath: path)
    }
}
