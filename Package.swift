// swift-tools-version: 6.1
// Kinema: Apple's animation stack (Core Graphics, Core Animation, UIKit animation) for Linux.
// Module chain (a module imports only modules above it): see docs/ARCHITECTURE.md.
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Kinema",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenCoreGraphics", targets: ["OpenCoreGraphics"]),
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
        .library(name: "Kinema", targets: ["Kinema"]),
        .executable(name: "kinema", targets: ["kinema"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Points, transforms, decomposition. No pixels, no time.
        .target(
            name: "KinemaGeometry",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSwift
        ),
        // The maths of motion: timing curves, springs, media timing, the media clock. No layers.
        .target(name: "KinemaTiming", dependencies: ["KinemaGeometry"], swiftSettings: strictSwift),
        // Pixels: Pixmap, anti-aliased scan conversion, paints, blending, masks, blur.
        .target(name: "KinemaRaster", dependencies: ["KinemaGeometry", "CKinemaRasterSupport"], swiftSettings: strictSwift),
        // Machine-level helpers for the rasterizer (prefetch, saturating conversion), static inline C.
        .target(name: "CKinemaRasterSupport", path: "Sources/CKinemaRasterSupport"),
        // C codecs, through the system's libraries (pkg-config finds them; apt names the package).
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // The C side of the codecs: every libpng / libjpeg call runs here under setjmp, because
        // both libraries report errors by longjmp, which must never cross a Swift frame.
        .target(name: "CKinemaCodecs", dependencies: ["CLibPNG", "CLibJPEG"]),
        // Image files in and out: PNG, JPEG, GIF (APNG and video with the compositor issue).
        .target(
            name: "KinemaImageIO",
            dependencies: ["KinemaGeometry", "KinemaRaster", "CKinemaCodecs"],
            swiftSettings: strictSwift
        ),
        // Apple's Core Graphics API.
        .target(name: "OpenCoreGraphics", dependencies: ["KinemaGeometry", "KinemaRaster"], swiftSettings: strictSwift),
        // Apple's Core Animation API.
        .target(
            name: "OpenQuartzCore",
            dependencies: ["KinemaGeometry", "KinemaTiming", "OpenCoreGraphics", "CKinemaRasterSupport"],
            swiftSettings: strictSwift
        ),
        // Umbrella: `import Kinema` brings in the Open modules.
        .target(name: "Kinema", dependencies: ["OpenCoreGraphics", "OpenQuartzCore", "KinemaImageIO", "KinemaRaster", "KinemaTiming"],
                swiftSettings: strictSwift),
        // Live playback in an X11 window: libX11 is loaded at run time (dlopen), so nothing here is
        // needed to build or test the rest. docs/LIVE.md; the choice in docs/DEPENDENCIES.md.
        .target(name: "CKinemaX11", path: "Sources/CKinemaX11"),
        .target(name: "KinemaLive", dependencies: ["Kinema", "KinemaGeometry", "CKinemaX11"], swiftSettings: strictSwift),
        // The demos `kinema demo` records: the seed articles' samples as Core Animation scenes.
        .target(name: "KinemaDemos", dependencies: ["Kinema"], swiftSettings: strictSwift),
        // Plain C baselines that `kinema bench` measures beside Kinema (benchmark only).
        .target(name: "KinemaBenchBaselines", path: "Sources/KinemaBenchBaselines"),
        // The layer benchmarks' scene and its C evaluation floor, shared by the bench and the
        // tests that check the floor computes what the render server does.
        .target(name: "KinemaBenchScenes", dependencies: ["OpenQuartzCore", "KinemaGeometry", "KinemaBenchBaselines"],
                swiftSettings: strictSwift),
        // The command-line tool: version, seed drawings to PNG, benchmarks.
        .executableTarget(
            name: "kinema",
            dependencies: [
                "Kinema", "KinemaGeometry", "KinemaTiming", "KinemaRaster", "KinemaImageIO", "OpenCoreGraphics",
                "KinemaBenchBaselines", "KinemaBenchScenes", "KinemaDemos", "KinemaLive", "OpenQuartzCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources/BenchScene")],
            swiftSettings: strictSwift
        ),
        // What the test targets share (not a product): the golden-image harness, reference data,
        // seeded draws, Pixmap ⇄ PNG, and the two environment variables (docs/TESTING.md).
        .target(
            name: "KinemaTestSupport",
            dependencies: ["KinemaGeometry", "KinemaRaster", "KinemaImageIO"],
            path: "Tests/KinemaTestSupport",
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaTests",
            dependencies: ["Kinema", "KinemaImageIO", "KinemaRaster", "KinemaTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaDemosTests",
            dependencies: ["KinemaDemos", "Kinema", "KinemaImageIO", "KinemaRaster", "KinemaTestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaGeometryTests",
            dependencies: ["KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("References")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaTimingTests",
            dependencies: ["KinemaTiming", "KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("References")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaRasterTests",
            dependencies: ["KinemaRaster", "KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaImageIOTests",
            dependencies: ["KinemaImageIO", "KinemaRaster", "KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("Fixtures"), .copy("EncoderFixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "OpenCoreGraphicsTests",
            dependencies: ["OpenCoreGraphics", "KinemaRaster", "KinemaImageIO", "KinemaTestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaLiveTests",
            dependencies: ["KinemaLive", "Kinema", "KinemaGeometry", "KinemaRaster"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "OpenQuartzCoreTests",
            dependencies: ["OpenQuartzCore", "Kinema", "KinemaRaster", "KinemaImageIO", "KinemaBenchScenes", "KinemaTestSupport"],
            resources: [.copy("CompositorGolden")],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
