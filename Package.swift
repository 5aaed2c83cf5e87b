// swift-tools-version:6.1
import PackageDescription
import CompilerPluginSupport

// The SwiftUI-compatible modules (docs/swift.md): a team's widget code, compiled here against
// Apple's names and drawn by the engine. Declared on Linux only: on a Mac, `import SwiftUI` and
// `import WidgetKit` must find Apple's, so these targets do not exist there at all (a module named
// SwiftUI in the build folder would shadow the SDK's for every target, swift-snapshot-testing's
// included).
#if os(Linux)
let swiftUITargets: [Target] = [
    // `import CoreGraphics` / `import UIKit` as widget code writes them (CG types are Foundation's).
    // Empty cross-import overlays swift-testing asks for when a test imports Testing and UIKit or
    // CoreGraphics (which `import SwiftUI` re-exports, as Apple's): Linux ships none.
    .target(name: "_Testing_CoreGraphics"),
    .target(name: "_Testing_UIKit"),
    .target(name: "CoreGraphics", dependencies: ["_Testing_CoreGraphics"]),
    .target(name: "UIKit", dependencies: ["CoreGraphics", "_Testing_UIKit", "WidgetModel"]),
    // `#Preview`: the expansion is a compiler plugin of our own (no swift-syntax in a team's build,
    // Sources/PreviewMacros/main.swift says why); the expansion calls DeveloperToolsSupport's Preview.
    .macro(name: "PreviewMacros"),
    .target(name: "DeveloperToolsSupport"),
    .target(name: "SwiftUI", dependencies: ["WidgetModel", "CoreGraphics", "UIKit", "DeveloperToolsSupport", "PreviewMacros"]),
    .target(name: "ActivityKit"),
    .target(name: "AppIntents", dependencies: ["SwiftUI"]),
    .target(name: "WidgetKit", dependencies: ["SwiftUI", "ActivityKit", "AppIntents", "WidgetModel"]),
    // Swift Charts' common marks and axes, drawn by the engine (docs/swift.md, Charts).
    .target(name: "Charts", dependencies: ["SwiftUI", "WidgetModel"]),
    // SwiftUI views → WidgetRenderer: the one place the modules meet the engine's façade.
    .target(name: "WidgetShotSwiftUI", dependencies: ["SwiftUI", "DeveloperToolsSupport", "WidgetKit", "ActivityKit", "WidgetShot"]),
]
let swiftUITests: [Target] = [
    .testTarget(name: "SwiftUITests", dependencies: ["SwiftUI", "DeveloperToolsSupport", "WidgetKit", "ActivityKit", "AppIntents", "UIKit", "Charts", "WidgetShotSwiftUI", "WidgetShot",
                                                     "WidgetShotTesting", "TestSupport"]),
]
// assertWidgetSnapshot(of: view) for a team's own SwiftUI views (WidgetShotTesting/ViewSnapshot.swift), and the
// Apple-named modules a team's widget code imports (Charts among them: a widget runner and a
// consumer package reach them through WidgetShotTesting alone).
let viewSnapshots: [Target.Dependency] = ["WidgetShotSwiftUI", "SwiftUI", "WidgetKit", "ActivityKit", "Charts"]
#else
let swiftUITargets: [Target] = [], swiftUITests: [Target] = [], viewSnapshots: [Target.Dependency] = []
#endif

let package = Package(
    name: "WidgetShot",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WidgetShot", targets: ["WidgetShot"]),
        .library(name: "WidgetServer", targets: ["WidgetServer"]),
        // Snapshot tests of widget layouts from a team's own Swift tests (`assertWidgetSnapshot`):
        // the renderer and the diff, without the HTTP server.
        .library(name: "WidgetShotTesting", targets: ["WidgetShotTesting"]),
        // The same pictures as a swift-snapshot-testing strategy: assertSnapshot(of: WidgetCell(…), as: .widget).
        .library(name: "WidgetShotSnapshotTesting", targets: ["WidgetShotSnapshotTesting"]),
        // The executable's target is WidgetShotCLI, not `widgetshot`: Sources/widgetshot and
        // Sources/WidgetShot would be one folder on a case-insensitive (macOS) checkout.
        .executable(name: "widgetshot", targets: ["WidgetShotCLI"]),
        // SwiftUI code → a draft layout (`widgetshot import` runs it). Its own product, so
        // swift-syntax never enters the renderer, the server or the main binary.
        .executable(name: "widgetshot-import", targets: ["WidgetShotImport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Already in Hummingbird's graph; named here because the server imports them directly.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        // SHA-256 for the render cache key (RenderKey) and the ETag; HMAC-SHA256 for signed URLs
        // and constant-time comparison of bearer tokens.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // GET /metrics: swift-metrics' API, exported in Prometheus text by swift-prometheus.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `serve` options from environment variables and a config file.
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        // The importer's Swift parser: 603 is the parser of the Swift 6.3 toolchain.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // Only WidgetShotSnapshotTesting builds it (its SnapshotTesting target has no dependencies).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `make docs`: DocC for the library products (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"]), .brew(["pango", "cairo", "fontconfig"])]
        ),
        // libpng and libdeflate through pkg-config too, so their headers and libraries are found
        // where Homebrew puts them as well as where Debian does.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // librsvg draws a project's own symbols (SVG, as the SF Symbols app exports them) with cairo.
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        // GLib (already in Pango's graph) for SHA-256: SHA256Hash.
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"]), .brew(["glib"])]
        ),
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // libpng reports errors with setjmp/longjmp, which Swift cannot call: the codec is C.
        // libdeflate (Debian libdeflate-dev) compresses the `small` preset and checksums the `fast`
        // one (our own pixeldeflate.c): both measured faster and smaller than zlib through libpng
        // on our widgets (table in Sources/WidgetRender/PNGCodec.swift).
        .target(
            name: "CPNG", dependencies: ["CLibPNG", "CLibDeflate"]
        ),

        // The temporary files being written, where a signal handler can remove them (C: a handler
        // may only do async-signal-safe things).
        .target(name: "CTempFiles"),
        // malloc_trim for the server's idle moments (Swift's Glibc module lacks <malloc.h>).
        .target(name: "CMemory"),

        // Pipeline stages.
        .target(name: "WidgetModel", dependencies: ["CTempFiles"]),
        // The layout language: parse, bind, lint, the schema.
        .target(name: "WidgetTemplate", dependencies: [
            "WidgetModel", "CGLib", .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "WidgetLayout", dependencies: ["WidgetModel"]),
        // Surface chrome: each family's canvas, margins, container background, mask and regions.
        .target(name: "WidgetCompose", dependencies: ["WidgetModel", "WidgetTemplate", "WidgetLayout"]),
        .target(name: "WidgetRender", dependencies: ["WidgetModel", "WidgetLayout", "CPangoCairo", "CPNG", "CRsvg",
                                                      .product(name: "Yams", package: "Yams")]),
        .target(name: "WidgetDiff", dependencies: ["WidgetModel"]),
        .target(name: "WidgetShot", dependencies: [
            "CTempFiles", "WidgetModel", "WidgetLayout", "WidgetTemplate", "WidgetCompose", "WidgetRender", "WidgetDiff",
            .product(name: "Yams", package: "Yams"),
        ]),
        // Text that is not Swift (the OpenAPI document, the pages' CSS and JavaScript) lives in each
        // target's Resources/ and is compiled into the binary as bytes (`.embedInCode`: a
        // `PackageResources` constant), so the binary needs no bundle beside it and can be moved.
        // Golden images: record, verify, the manifest, reports (HTML, JSON, JUnit), shards, annotations.
        .target(name: "WidgetGoldens", dependencies: ["WidgetShot"],
                resources: [.embedInCode("Resources/report.css"), .embedInCode("Resources/report.js")]),
        // Live Activity pushes and widget timelines: payloads, validation, plans, filmstrips.
        .target(name: "WidgetPush", dependencies: ["WidgetShot"],
                resources: [.embedInCode("Resources/filmstrip.css")]),
        // The preview gallery: the page, its incremental build and the live (watching) gallery.
        .target(name: "WidgetGallery", dependencies: ["WidgetShot", "WidgetGoldens", "WidgetPush"],
                resources: [.embedInCode("Resources/gallery.css"), .embedInCode("Resources/gallery.js")]),
        // A team's widget folder as a source: scanned as text, built against the SwiftUI modules into
        // a runner program in a cached scratch package, and asked for its widgets and pictures.
        // RunnerModules/ holds modules only a widget runner's scratch package builds (`os`: a module of
        // that name in this package's graph would turn on swift-argument-parser's, swift-syntax's and
        // xctest-dynamic-overlay's Darwin-only `#if canImport(os)` code).
        .target(name: "WidgetSwiftSource", dependencies: ["WidgetModel", "WidgetShot", "WidgetPush"], exclude: ["RunnerModules"]),
        // The HTTP endpoint: a thin layer that turns a URL or a JSON body into a RenderRequest.
        .target(name: "WidgetServer", dependencies: [
            "WidgetShot",
            "CMemory",
            "WidgetGallery",
            "WidgetPush",
            "WidgetSwiftSource",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Configuration", package: "swift-configuration"),
            .product(name: "Yams", package: "Yams"),
        ], resources: [.embedInCode("Resources/openapi.json")]),
        .executableTarget(
            name: "WidgetShotCLI",
            dependencies: ["WidgetShot", "WidgetGoldens", "WidgetPush", "WidgetGallery", "WidgetServer", "WidgetSwiftSource", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

    ] + swiftUITargets + [
        // Snapshot tests in a team's own Swift tests: assertWidgetSnapshot, and the same pictures as a
        // swift-snapshot-testing strategy.
        .target(name: "WidgetShotTesting", dependencies: ["WidgetShot", "WidgetGoldens", "WidgetDiff"] + viewSnapshots),
        .target(name: "WidgetShotSnapshotTesting", dependencies: [
            "WidgetShotTesting", "WidgetShot", "WidgetDiff", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),

        // The importer: SwiftUI widget code (parsed, never compiled) → the layout language's YAML.
        // Only it and its executable see swift-syntax.
        .target(name: "WidgetImport", dependencies: [
            "WidgetModel", "WidgetTemplate",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            .product(name: "SwiftOperators", package: "swift-syntax"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .executableTarget(name: "WidgetShotImport", dependencies: [
            "WidgetImport", "WidgetModel", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Fuzz targets (Fuzz/README.md, scripts/fuzz): libFuzzer drives them in a `-D FUZZING`
        // build; a normal build replays their seed corpora and regressions (`make test`).
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
        .executableTarget(name: "FuzzLayout", dependencies: ["FuzzSupport", "WidgetShot"]),
        .executableTarget(name: "FuzzData", dependencies: ["FuzzSupport", "WidgetShot"]),
        .executableTarget(name: "FuzzExpression", dependencies: ["FuzzSupport", "WidgetShot"]),
        .executableTarget(name: "FuzzPNG", dependencies: ["FuzzSupport", "WidgetShot"]),
        .executableTarget(name: "FuzzRequest", dependencies: [
            "FuzzSupport", "WidgetShot", "WidgetServer", .product(name: "HummingbirdCore", package: "hummingbird"),
        ]),

        .executableTarget(name: "FuzzImport", dependencies: ["FuzzSupport", "WidgetImport", "WidgetTemplate"]),
        .executableTarget(name: "FuzzLayoutData", dependencies: ["FuzzSupport", "WidgetShot"]),
        .executableTarget(name: "FuzzSignature", dependencies: [
            "FuzzSupport", "WidgetServer", .product(name: "HummingbirdCore", package: "hummingbird"),
        ]),
        .executableTarget(name: "FuzzConfig", dependencies: ["FuzzSupport", "WidgetServer"]),
        .executableTarget(name: "FuzzPush", dependencies: ["FuzzSupport", "WidgetPush", "WidgetShot"]),
        .executableTarget(name: "FuzzSymbol", dependencies: ["FuzzSupport", "WidgetShot"]),
        .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport", "WidgetGallery", "WidgetShot"]),

        // Tests mirror the targets. TestSupport: this checkout's folders, the CLI run as a child
        // process, headless Chromium, and the tiers (make check skips child processes and browsers).
        .target(name: "TestSupport", dependencies: ["WidgetShot", "WidgetGoldens", "WidgetRender", "WidgetTemplate"], path: "Tests/TestSupport"),
        .testTarget(name: "WidgetLayoutTests", dependencies: ["WidgetLayout"]),
        // Crypto: SHA256HashTests checks GLib's SHA-256 against swift-crypto's.
        .testTarget(name: "WidgetTemplateTests", dependencies: ["WidgetTemplate", "TestSupport", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "WidgetComposeTests", dependencies: ["WidgetCompose", "WidgetShot", "TestSupport"]),
        // Fixtures/: PNGs written by other encoders, for the decoder.
        .testTarget(name: "WidgetRenderTests", dependencies: ["WidgetRender", "WidgetLayout", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "WidgetShotTests", dependencies: ["WidgetShot", "TestSupport"]),
        .testTarget(name: "WidgetDiffTests", dependencies: ["WidgetDiff"]),
        .testTarget(name: "WidgetGoldensTests", dependencies: ["WidgetGoldens", "WidgetShot", "TestSupport"]),
        .testTarget(name: "WidgetShotTestingTests", dependencies: ["WidgetShotTesting", "WidgetShot", "TestSupport"]),
        .testTarget(name: "WidgetShotSnapshotTestingTests", dependencies: [
            "WidgetShotSnapshotTesting", "WidgetShotTesting", "TestSupport", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        .testTarget(name: "WidgetPushTests", dependencies: ["WidgetPush", "WidgetShot", "TestSupport"]),
        // The product goldens (Golden/) and the feature goldens (Tests/Features/).
        .testTarget(name: "GoldenTests", dependencies: ["WidgetShot", "WidgetGoldens", "TestSupport"]),
        .testTarget(name: "WidgetServerTests", dependencies: ["WidgetServer", "WidgetShot", "WidgetPush", "WidgetSwiftSource", "TestSupport"]),
        // Fixtures/ holds SwiftUI sources the importer reads (never compiled here).
        .testTarget(name: "WidgetImportTests", dependencies: ["WidgetImport", "WidgetShot", "WidgetTemplate", "TestSupport"],
                    exclude: ["Fixtures"]),
        // Builds the gallery and drives headless Chromium over it (scripts/setup installs chromium).
        .testTarget(name: "WidgetGalleryTests", dependencies: [
            "WidgetGallery", "WidgetServer", "WidgetShot", "WidgetGoldens", "TestSupport",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        // The executables as a user runs them: widgetshot's commands, signals, the deploy files, the
        // fuzz replayers.
        .testTarget(name: "CLITests", dependencies: ["WidgetShot", "WidgetGoldens", "WidgetPush", "WidgetSwiftSource", "TestSupport"]),
    ] + swiftUITests,
    swiftLanguageModes: [.v6]
)

// A team that only tests its widgets adds WidgetShot with `traits: []`: every dependency on
// another package but Yams belongs to the tools (the CLI and the server, the importer,
// swift-snapshot-testing's strategy) and is guarded by the Tools trait, which is on by default, so
// SwiftPM then resolves and builds only the renderer's graph (Yams) instead of 31 packages
// (measured with `swift package resolve` in a consumer: docs/swift.md). Set here, not in
// `Package(…)`, because the initializer with one more argument no longer type-checks in time.
package.traits = [
    .trait(name: "Tools", description: "The widgetshot CLI, the server, the importer, the swift-snapshot-testing strategy and their dependencies (on by default)."),
    .default(enabledTraits: ["Tools"]),
]
for target in package.targets {
    target.dependencies = target.dependencies.map { dependency in
        guard case .productItem(let name, let packageName, let aliases, _) = dependency, packageName != "Yams" else {
            return dependency
        }
        return .productItem(name: name, package: packageName, moduleAliases: aliases, condition: .when(traits: ["Tools"]))
    }
}

// The fuzz build (scripts/fuzz): `WIDGETSHOT_FUZZ=1 swift build --product FuzzLayout` compiles this
// package's own modules — the parsers, binder, layout, renderer, server code under test — with
// libFuzzer's coverage and AddressSanitizer, and links the fuzz executables with libFuzzer. The
// dependencies (NIO, Hummingbird, swift-syntax, Yams, swift-crypto) are not instrumented, so the
// fuzz pass reuses the ordinary build's compiled dependencies instead of building all of them a
// second time with sanitizers (`-Xswiftc -sanitize=…` on the command line reaches every package).
if Context.environment["WIDGETSHOT_FUZZ"] == "1" {
    let cTargets: Set = ["CPNG", "CTempFiles", "CMemory", "CFuzzDriver"]
    for target in package.targets where target.type == .regular || target.type == .executable {
        if cTargets.contains(target.name) {
            target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=fuzzer-no-link,address"])]
        } else {
            target.swiftSettings = (target.swiftSettings ?? []) + [.define("FUZZING"), .unsafeFlags(["-sanitize=fuzzer,address"])]
        }
        if target.type == .executable {
            // lld: gold fails on ASan's symbols.
            target.linkerSettings = (target.linkerSettings ?? []) + [
                .unsafeFlags(["-sanitize=fuzzer,address", "-Xclang-linker", "-fuse-ld=lld"]),
            ]
        }
    }
}
