// swift-tools-version:6.1
// An app repository's own Swift tests: its widget layouts (StepsWidgetTests) and its widget
// extension's own SwiftUI code (DeliveryWidgetTests), with the WidgetShotTesting library only.
import PackageDescription

let package = Package(
    name: "WidgetTests",
    platforms: [.macOS(.v14)],
    dependencies: [
        // A team writes .package(url: "https://github.com/<owner>/widgetshot", from: "0.7.0", traits: []);
        // this example uses the checkout it lives in. `traits: []` leaves out the tools' dependencies
        // (the CLI, the server, the importer): SwiftPM resolves Yams and nothing else.
        .package(name: "WidgetShot", path: "../../..", traits: []),
    ],
    targets: [
        // The widget extension's folder as the app's Xcode project has it (Sources/DeliveryWidgets is a
        // link to ../DeliveryWidgets: SwiftPM takes no target outside the package), compiled unmodified. On
        // Linux, WidgetShotTesting brings `SwiftUI`, `WidgetKit` and `ActivityKit` backed by the
        // renderer (docs/swift.md); on a Mac the condition leaves Apple's. The bundle's `@main` is
        // the extension's entry point, not a test's.
        .target(name: "DeliveryWidgets",
                dependencies: [.product(name: "WidgetShotTesting", package: "WidgetShot", condition: .when(platforms: [.linux]))],
                exclude: ["DeliveryBundle.swift"]),
        .testTarget(name: "StepsWidgetTests", dependencies: [.product(name: "WidgetShotTesting", package: "WidgetShot")]),
        .testTarget(name: "DeliveryWidgetTests", dependencies: [
            "DeliveryWidgets", .product(name: "WidgetShotTesting", package: "WidgetShot"),
        ]),
    ]
)
