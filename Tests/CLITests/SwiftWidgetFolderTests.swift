import Foundation
import Testing
import TestSupport
@testable import WidgetSwiftSource
import WidgetModel

/// The text scan of a widget folder (WidgetSwiftSource): what the generated runner names, found
/// without swift-syntax — and what it must not pick up.
@Suite("the scan of a Swift widget folder")
struct SwiftWidgetFolderTests {
    func folder(_ files: [String: String]) throws -> String {
        let root = scratchDirectory("swift-scan")
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    @Test("widgets at the top level, #Previews by line, @main files left out, private widgets named, comments skipped")
    func scan() throws {
        let root = try folder([
            "Widgets/Steps.swift": """
                import WidgetKit
                struct StepsWidget: Widget {
                    var body: some WidgetConfiguration { fatalError() }
                }
                private struct HiddenWidget: Widget { var body: some WidgetConfiguration { fatalError() } }
                public struct Themed<T>: View, Widget {}
                struct NotAWidget: View, WidgetConfigurationIntent {}
                    struct Nested: Widget {}
                // #Preview { Text("in a comment") }
                /* #Preview {
                   Text("in a block comment") } */
                #Preview("Steps", as: .systemSmall) {
                    StepsWidget()
                } timeline: {}
                """,
            "Widgets/Bundle.swift": """
                @main
                struct Bundle: WidgetBundle {
                    var body: some Widget { StepsWidget() }
                }
                #Preview { Text("left out with its file") }
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scanned = try SwiftWidgetFolder.scan(widgets: [root + "/Widgets"])
        #expect(scanned.widgets.map(\.name) == ["StepsWidget"])  // a generic type cannot be named without its arguments
        #expect(scanned.hiddenWidgets.map(\.name) == ["HiddenWidget"])
        #expect(scanned.previews.map(\.line) == [12])
        #expect(scanned.previews.first?.symbol == "widgetshot_preview_AppWidgets_Steps_swift_12")
        #expect(scanned.entryPoints.map { ($0 as NSString).lastPathComponent } == ["Bundle.swift"])
    }

    @Test("files of the same name get build names of their own, even in folders of the same name")
    func sameNames() throws {
        let root = try folder(["A/Views/Row.swift": "struct A {}\n", "B/Views/Row.swift": "struct B {}\n", "C/Row.swift": "struct C {}\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let scanned = try SwiftWidgetFolder.scan(widgets: [root])
        let names = scanned.files.map(\.buildName)
        #expect(Set(names).count == 3, "\(names)")
        #expect(names.contains("C_Row.swift") && names.contains("Views_Row.swift") && names.contains("Views2_Row.swift"), "\(names)")
    }

    @Test("a folder with no Swift, a missing path and a path that is not Swift are errors naming them")
    func errors() throws {
        let root = try folder(["Notes/readme.md": "hello\n"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: SwiftWidgetFolder.ScanError.self) { try SwiftWidgetFolder.scan(widgets: [root + "/Notes"]) }
        do { _ = try SwiftWidgetFolder.scan(widgets: [root + "/Missing"]) } catch {
            #expect("\(error)" == root + "/Missing: no such file or folder")
        }
        do { _ = try SwiftWidgetFolder.scan(widgets: [root + "/Notes/readme.md"]) } catch {
            #expect("\(error)".hasSuffix("readme.md: not a .swift file or a folder"))
        }
    }
}

/// The names Xcode's asset symbol generation gives, and the file WidgetShot generates from a catalog.
@Suite struct AssetSymbolsTests {
    @Test("set names become lower camel case symbols, a colour's trailing Color dropped; non-identifiers left out")
    func names() {
        #expect(AssetSymbols.symbol(for: "Brand Teal", dropping: "Color") == "brandTeal")
        #expect(AssetSymbols.symbol(for: "AccentColor", dropping: "Color") == "accent")
        #expect(AssetSymbols.symbol(for: "tile-background", dropping: "Color") == "tileBackground")
        #expect(AssetSymbols.symbol(for: "Domain/light", dropping: "Color") == "light")
        #expect(AssetSymbols.symbol(for: "logo-horizontal-text", dropping: "Image") == "logoHorizontalText")
        #expect(AssetSymbols.symbol(for: "URL", dropping: "Color") == "url")
        #expect(AssetSymbols.symbol(for: "1st", dropping: "Color") == nil)
        #expect(AssetSymbols.symbol(for: "switch", dropping: "Color") == nil)
    }

    @Test("the generated file declares each set once, with the shorthands")
    func generated() {
        var catalog = AssetCatalog()
        catalog.colors["Brand Teal"] = .init(light: RGBA(r: 0, g: 0.5, b: 0.5, a: 1), dark: nil)
        catalog.colors["brand-teal"] = .init(light: RGBA(r: 0, g: 0.5, b: 0.5, a: 1), dark: nil)
        catalog.images["logo"] = .init(path: "/x/logo.png", size: Size(width: 1, height: 1), isTemplate: false)
        let text = AssetSymbols.source(for: catalog)
        #expect(text.components(separatedBy: "static let brandTeal = DeveloperToolsSupport.ColorResource(name:").count == 2)
        #expect(text.contains("static var brandTeal: SwiftUI.Color"))
        #expect(text.contains("extension SwiftUI.ShapeStyle where Self == SwiftUI.Color"))
        #expect(text.contains("static let logo = DeveloperToolsSupport.ImageResource(name: \"logo\""))
    }
}

@Suite struct TeamPathTests {
    @Test("a runner's AppWidgets/<build name> is written as the team's path, relative to the base")
    func teamPaths() {
        let folder = SwiftWidgetFolder(roots: ["/p/W"], files: [.init(path: "/p/W/A/View.swift", buildName: "A_View.swift"),
                                                                 .init(path: "/p/W/View.swift", buildName: "View.swift")],
                                       widgets: [], hiddenWidgets: [], previews: [], entryPoints: [])
        #expect(folder.teamPaths(in: "AppWidgets/A_View.swift:38:1: warning: x", base: "/p") == "W/A/View.swift:38:1: warning: x")
        #expect(folder.teamPaths(in: "AppWidgets/View.swift:2:1: w", base: "/q") == "/p/W/View.swift:2:1: w")
        #expect(folder.teamPaths(in: "no path here", base: "/p") == "no path here")
    }
}

@Suite struct PackageStampTests {
    @Test("the runner's build is stamped with WidgetShot's package: a changed source or another path changes the stamp")
    func stamp() throws {
        let root = scratchDirectory("package-stamp")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Sources/SwiftUI", withIntermediateDirectories: true)
        try Data("// manifest".utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        try Data("struct A {}".utf8).write(to: URL(fileURLWithPath: root + "/Sources/SwiftUI/A.swift"))
        let first = SwiftWidgetBuild.packageStamp(root)
        #expect(SwiftWidgetBuild.packageStamp(root) == first)
        try Data("struct A { var b = 1 }".utf8).write(to: URL(fileURLWithPath: root + "/Sources/SwiftUI/A.swift"))
        #expect(SwiftWidgetBuild.packageStamp(root) != first)
        #expect(SwiftWidgetBuild.packageStamp(root + "/.") == SwiftWidgetBuild.packageStamp(root))
    }
}
