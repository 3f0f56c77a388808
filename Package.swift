// swift-tools-version: 6.1
// Kinema: Apple's animation stack (Core Graphics, Core Animation, UIKit animation) for Linux.
// Module chain (a module imports only modules above it): see docs/ARCHITECTURE.md.
import PackageDescription

// CI sets KINEMA_WARNINGS_AS_ERRORS=1 (.ci/run): every target of this package then builds with
// warnings as errors, for `swift build` and `swift test` alike (the dependencies are left alone).
let warningsAsErrors: [SwiftSetting] =
    Context.environment["KINEMA_WARNINGS_AS_ERRORS"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
] + warningsAsErrors

// The targets holding the seed articles' iOS code compile it as an iOS project does: Swift 6
// without upcoming features (ExistentialAny would flag `UIViewControllerContextTransitioning?`,
// which iOS code writes without `any`), still warning-free under CI.
let seedSwift: [SwiftSetting] = warningsAsErrors

let package = Package(
    name: "Kinema",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenCoreGraphics", targets: ["OpenCoreGraphics"]),
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
        .library(name: "OpenUIKit", targets: ["OpenUIKit"]),
        .library(name: "Kinema", targets: ["Kinema"]),
        .executable(name: "kinema", targets: ["kinema"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (DocC); a plugin only, linked into no target.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Not a product: the diagnostics channel (and swift-log), LockedValue, SplitMix64.
        .target(
            name: "KinemaSupport",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSwift
        ),
        // Points, transforms, decomposition. No pixels, no time.
        .target(name: "KinemaGeometry", dependencies: ["KinemaSupport"], swiftSettings: strictSwift),
        // The maths of motion: timing curves, springs, media timing, the media clock. No layers.
        .target(name: "KinemaTiming", dependencies: ["KinemaSupport", "KinemaGeometry"], swiftSettings: strictSwift),
        // Pixels: Pixmap, anti-aliased scan conversion, paints, blending, masks, blur.
        .target(name: "KinemaRaster", dependencies: ["KinemaSupport", "KinemaGeometry", "CKinemaRasterSupport"], swiftSettings: strictSwift),
        // Machine-level helpers for the rasterizer (prefetch, saturating conversion), static inline C;
        // the affine image span kernel in C (AVX2 chosen at run time, portable C elsewhere).
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
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaRaster", "CKinemaCodecs"],
            swiftSettings: strictSwift
        ),
        // Apple's Core Graphics API.
        .target(name: "OpenCoreGraphics", dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaRaster"], swiftSettings: strictSwift),
        // The text stack's C libraries (docs/DEPENDENCIES.md says why each): fontconfig finds fonts,
        // FreeType reads their outlines and metrics, HarfBuzz shapes, ICU breaks lines (UAX #14).
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // ICU's line breaker called from C (ICU's versioned entry-point macros are not callable from Swift).
        .target(name: "CKinemaICU", dependencies: ["CICU"], path: "Sources/CKinemaICU"),
        // The text engine (docs/TEXT.md): fonts, shaping, line breaking, paragraph layout, glyph
        // outlines for Kinema's rasterizer; Apple's shared text value types (NSParagraphStyle,
        // NSShadow, the attribute keys) that CATextLayer and UIKit both use. No Core Graphics:
        // the render server draws text layers with it, and the Open modules draw into CGContexts.
        .target(
            name: "KinemaText",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaRaster", "CKinemaRasterSupport", "CFontconfig", "CFreeType", "CHarfBuzz", "CKinemaICU"],
            resources: [.copy("Resources")],
            swiftSettings: strictSwift
        ),
        // The render side of Core Animation: layer state values, committed animations and their
        // evaluation, the render tree, the render server and the compositor. Sendable, any
        // thread; never sees a CALayer (the compiler keeps Apple's client/server line).
        .target(
            name: "KinemaRenderServer",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaTiming", "KinemaRaster", "OpenCoreGraphics", "CKinemaRasterSupport", "KinemaText"],
            swiftSettings: strictSwift
        ),
        // Apple's Core Animation API (the client side: layers, animations, transactions).
        .target(
            name: "OpenQuartzCore",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaTiming", "OpenCoreGraphics", "KinemaRenderServer", "KinemaText"],
            swiftSettings: strictSwift
        ),
        // Apple's UIKit subset: views and their animation APIs, images, drawing, view controllers,
        // touches and gestures (docs/UIKIT.md). Main-thread confined, like UIKit.
        .target(
            name: "OpenUIKit",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaTiming", "KinemaRaster", "KinemaImageIO", "OpenCoreGraphics", "OpenQuartzCore", "KinemaRenderServer", "KinemaText"],
            swiftSettings: strictSwift
        ),
        // The headless host: Stage (window, clock, run loop, render server, compositor, recording).
        .target(
            name: "KinemaStage",
            dependencies: ["KinemaSupport", "KinemaRaster", "KinemaImageIO", "KinemaTiming", "OpenCoreGraphics", "OpenQuartzCore", "KinemaRenderServer", "OpenUIKit"],
            swiftSettings: strictSwift
        ),
        // Umbrella, re-exports only: Apple's names and an explicit list of Kinema's (Sources/Kinema/Exports.swift).
        .target(
            name: "Kinema",
            dependencies: ["KinemaSupport", "OpenCoreGraphics", "OpenQuartzCore", "OpenUIKit", "KinemaStage", "KinemaImageIO", "KinemaRaster", "KinemaTiming"],
            swiftSettings: strictSwift
        ),
        // Live playback in an X11 window: libX11 is loaded at run time (dlopen), so nothing here is
        // needed to build or test the rest. docs/LIVE.md; the choice in docs/DEPENDENCIES.md.
        .target(name: "CKinemaX11", path: "Sources/CKinemaX11"),
        .target(name: "KinemaLive", dependencies: ["KinemaRenderServer", "KinemaSupport", "Kinema", "KinemaGeometry", "CKinemaX11"], swiftSettings: strictSwift),
        // The demos `kinema demo` records: the seed articles' samples as Core Animation scenes.
        .target(name: "KinemaDemos", dependencies: ["Kinema", "KinemaImageIO"], resources: [.copy("Resources")],
                swiftSettings: seedSwift),
        // Plain C baselines that `kinema bench` measures beside Kinema (benchmark only).
        .target(name: "KinemaBenchBaselines", path: "Sources/KinemaBenchBaselines"),
        // A malloc counter for the bench's allocation figures: it defines malloc, so only the
        // kinema executable links it (through KinemaBench), never a library or a test.
        .target(name: "KinemaBenchAllocations", path: "Sources/KinemaBenchAllocations"),
        // The layer benchmarks' scene and its C evaluation floor, shared by the bench and the
        // tests that check the floor computes what the render server does.
        .target(name: "KinemaBenchScenes", dependencies: ["KinemaRenderServer", "OpenQuartzCore", "KinemaGeometry", "KinemaBenchBaselines"],
                swiftSettings: strictSwift),
        // `kinema bench`: the benchmarks, their peers and the reference compositing scene (tooling,
        // not a product; the kinema executable registers its command).
        .target(
            name: "KinemaBench",
            dependencies: [
                "KinemaSupport", "Kinema", "KinemaGeometry", "KinemaTiming", "KinemaRaster", "KinemaImageIO", "OpenQuartzCore",
                "KinemaRenderServer", "KinemaStage", "KinemaBenchBaselines", "KinemaBenchScenes", "KinemaText", "KinemaBenchAllocations",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources/BenchScene")],
            swiftSettings: strictSwift
        ),
        // What the test targets share (not a product): the golden-image harness, reference data,
        // seeded draws, Pixmap ⇄ PNG, and the two environment variables (docs/TESTING.md).
        .target(
            name: "KinemaTestSupport",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaRaster", "KinemaImageIO"],
            path: "Tests/KinemaTestSupport",
            swiftSettings: strictSwift
        ),
        // The libFuzzer target for image decoding (Scripts/fuzz.sh builds it with the fuzzer; a
        // plain build makes it a replay tool for crash files and the corpus).
        .executableTarget(name: "KinemaFuzzImages", dependencies: ["KinemaImageIO"], swiftSettings: strictSwift),
        // The libFuzzer targets for CGPath building and stroking and for byte-driven sequences of
        // CGContext and CALayer calls (built as KinemaFuzzImages is); their bodies are in
        // KinemaFuzzing, which the corpus test runs too.
        .target(
            name: "KinemaFuzzing",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaRaster", "KinemaTiming", "OpenCoreGraphics", "OpenQuartzCore", "KinemaRenderServer"],
            swiftSettings: strictSwift
        ),
        .executableTarget(name: "KinemaFuzzPaths", dependencies: ["KinemaSupport", "KinemaFuzzing"], swiftSettings: strictSwift),
        .executableTarget(name: "KinemaFuzzLayers", dependencies: ["KinemaSupport", "KinemaFuzzing"], swiftSettings: strictSwift),
        // The command-line tool: demo, play, draw, version; `bench` comes from KinemaBench.
        .executableTarget(
            name: "kinema",
            dependencies: [
                "KinemaSupport", "Kinema", "KinemaImageIO", "OpenCoreGraphics", "KinemaDemos", "KinemaLive", "KinemaBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaTests",
            dependencies: ["KinemaSupport", "Kinema", "KinemaImageIO", "KinemaRaster", "KinemaTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaDemosTests",
            dependencies: ["KinemaRenderServer", "KinemaSupport", "KinemaDemos", "Kinema", "KinemaImageIO", "KinemaRaster", "KinemaTestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "KinemaSupportTests", dependencies: ["KinemaSupport"], swiftSettings: strictSwift),
        .testTarget(
            name: "KinemaGeometryTests",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("References")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaTimingTests",
            dependencies: ["KinemaSupport", "KinemaTiming", "KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("References")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaRasterTests",
            dependencies: ["KinemaSupport", "KinemaRaster", "KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaImageIOTests",
            dependencies: ["KinemaSupport", "KinemaImageIO", "KinemaRaster", "KinemaGeometry", "KinemaTestSupport"],
            resources: [.copy("Fixtures"), .copy("EncoderFixtures")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "OpenCoreGraphicsTests",
            dependencies: ["KinemaSupport", "OpenCoreGraphics", "KinemaRaster", "KinemaImageIO", "KinemaTestSupport"],
            resources: [.copy("Golden")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaLiveTests",
            dependencies: ["KinemaRenderServer", "KinemaSupport", "KinemaLive", "Kinema", "KinemaGeometry", "KinemaRaster"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "OpenQuartzCoreTests",
            dependencies: ["KinemaGeometry", "KinemaRenderServer", "KinemaSupport", "OpenQuartzCore", "Kinema", "KinemaRaster", "KinemaImageIO", "KinemaBenchScenes", "KinemaTestSupport", "KinemaFuzzing"],
            resources: [.copy("CompositorGolden")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KinemaTextTests",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaRaster", "KinemaText", "CKinemaRasterSupport", "KinemaImageIO", "KinemaTestSupport"],
            resources: [.copy("References")],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "OpenUIKitTests",
            dependencies: ["KinemaSupport", "KinemaGeometry", "KinemaTiming", "KinemaRaster", "KinemaImageIO", "KinemaText", "OpenUIKit", "Kinema", "KinemaTestSupport"],
            resources: [.copy("References")],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
