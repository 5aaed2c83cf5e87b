// swift-tools-version:6.0
// An app repository's own Swift tests of its widget layouts: the WidgetShotTesting library only
// (renderer and diff; not the HTTP server, the CLI or the importer).
import PackageDescription

let package = Package(
    name: "WidgetTests",
    platforms: [.macOS(.v14)],
    dependencies: [
        // A team writes .package(url: "https://github.com/<owner>/widgetshot", from: "0.6.0");
        // this example uses the checkout it lives in.
        .package(name: "WidgetShot", path: "../../.."),
    ],
    targets: [
        .testTarget(name: "StepsWidgetTests", dependencies: [.product(name: "WidgetShotTesting", package: "WidgetShot")]),
    ]
)
