// swift-tools-version: 6.0
// KinemaSnapshotTesting: pointfreeco's swift-snapshot-testing strategies for Kinema's UIView,
// UIViewController, CALayer and Stage on Linux (docs/SNAPSHOT_TESTING.md). A package of its own so
// that the main package never resolves swift-snapshot-testing (nor the swift-syntax it names).
import PackageDescription

// CI sets KINEMA_WARNINGS_AS_ERRORS=1 (.ci/run), as for the main package.
let warningsAsErrors: [SwiftSetting] =
    Context.environment["KINEMA_WARNINGS_AS_ERRORS"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
    name: "KinemaSnapshotTesting",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "KinemaSnapshotTesting", targets: ["KinemaSnapshotTesting"]),
    ],
    dependencies: [
        // Only the SnapshotTesting product is used: InlineSnapshotTesting (and so swift-syntax) is
        // resolved but never compiled.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(name: "Kinema", path: "../.."),
    ],
    targets: [
        .target(
            name: "KinemaSnapshotTesting",
            dependencies: [
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "Kinema", package: "Kinema"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")] + warningsAsErrors
        ),
        .testTarget(
            name: "KinemaSnapshotTestingTests",
            dependencies: [
                "KinemaSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "Kinema", package: "Kinema"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")] + warningsAsErrors
        ),
    ],
    swiftLanguageModes: [.v6]
)
