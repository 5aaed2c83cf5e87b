// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WidgetShot",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "WidgetShot", targets: ["WidgetShot"]),
        .library(name: "WidgetServer", targets: ["WidgetServer"]),
        .executable(name: "widgetshot", targets: ["widgetshot"]),
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
    ],
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"])]
        ),
        // libpng reports errors with setjmp/longjmp, which Swift cannot call: the codec is C.
        // libdeflate (Debian libdeflate-dev) compresses the `small` preset and checksums the `fast`
        // one (our own pixeldeflate.c): both measured faster and smaller than zlib through libpng
        // on our widgets (table in Sources/WidgetRender/PNGCodec.swift).
        .target(
            name: "CPNG",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("deflate")]
        ),

        // The temporary files being written, where a signal handler can remove them (C: a handler
        // may only do async-signal-safe things).
        .target(name: "CTempFiles"),

        // Pipeline stages.
        .target(name: "WidgetModel"),
        .target(name: "WidgetLayout", dependencies: ["WidgetModel"]),
        .target(name: "WidgetTemplate", dependencies: [
            "WidgetModel", .product(name: "Yams", package: "Yams"), .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "WidgetRender", dependencies: ["WidgetModel", "WidgetLayout", "CPangoCairo", "CPNG"]),
        .target(name: "WidgetDiff"),
        .target(name: "WidgetShot", dependencies: [
            "CTempFiles", "WidgetModel", "WidgetLayout", "WidgetTemplate", "WidgetRender", "WidgetDiff",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The preview gallery: the page, its incremental build and the live (watching) gallery.
        .target(name: "WidgetGallery", dependencies: ["WidgetShot"]),
        // The HTTP endpoint: a thin layer that turns a URL or a JSON body into a RenderRequest.
        .target(name: "WidgetServer", dependencies: [
            "WidgetShot",
            "WidgetGallery",
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
        ]),
        .executableTarget(
            name: "widgetshot",
            dependencies: ["WidgetShot", "WidgetGallery", "WidgetServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

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
            "WidgetImport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
        .executableTarget(name: "FuzzManifest", dependencies: ["FuzzSupport", "WidgetGallery", "WidgetShot"]),

        .testTarget(name: "WidgetLayoutTests", dependencies: ["WidgetLayout"]),
        .testTarget(name: "WidgetTemplateTests", dependencies: ["WidgetTemplate"]),
        .testTarget(name: "WidgetRenderTests", dependencies: ["WidgetRender", "WidgetLayout"]),
        .testTarget(name: "WidgetShotTests", dependencies: ["WidgetShot"]),
        .testTarget(name: "WidgetDiffTests", dependencies: ["WidgetDiff"]),
        .testTarget(name: "GoldenTests", dependencies: ["WidgetShot"]),
        .testTarget(name: "WidgetServerTests", dependencies: ["WidgetServer", "WidgetShot"]),
        // Fixtures/ holds SwiftUI sources the importer reads (never compiled here).
        .testTarget(name: "WidgetImportTests", dependencies: ["WidgetImport", "WidgetShot", "WidgetTemplate"],
                    exclude: ["Fixtures"]),
        // Builds the gallery and drives headless Chromium over it (scripts/setup installs chromium).
        .testTarget(name: "GalleryTests", dependencies: [
            "WidgetGallery", "WidgetServer", "WidgetShot",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
