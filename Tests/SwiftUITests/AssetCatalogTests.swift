import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

/// A team's asset catalog read as Xcode reads it: colour sets (light, dark, every component
/// spelling, system references), namespaces, image sets by their largest PNG, and SwiftUI drawing
/// `Color("name")`, `Color(.name)` and `Image(.name)` from it.
@Suite("the app's .xcassets: colour and image sets")
struct AssetCatalogTests {
    /// A catalog in a scratch folder: `Brand Teal` (hex, dark 0–1 floats), `Ink` (0–255 integers,
    /// no dark), `Link` (a system colour reference), `Domain/light` (a namespace), `logo` (1x and
    /// 2x PNGs, a template), and a broken set. `folder` is the test's scratch folder.
    static func catalog(in folder: String) throws -> String {
        let root = folder + "/Assets.xcassets"
        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: (root + "/" + path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }
        try write("Brand Teal.colorset/Contents.json", """
            {"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1.000","blue":"0x80","green":"0x80","red":"0x00"}},"idiom":"universal"},
            {"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"alpha":"0.500","blue":"0.900","green":"0.900","red":"0.200"}},"idiom":"universal"}]}
            """)
        try write("Ink.colorset/Contents.json", #"{"colors":[{"color":{"components":{"alpha":"1","blue":"51","green":"34","red":"17"}},"idiom":"universal"}]}"#)
        try write("Link.colorset/Contents.json", #"{"colors":[{"color":{"platform":"ios","reference":"systemBlueColor"},"idiom":"universal"}]}"#)
        try write("Domain/Contents.json", #"{"properties":{"provides-namespace":true}}"#)
        try write("Domain/light.colorset/Contents.json", #"{"colors":[{"color":{"components":{"alpha":"1","blue":"0","green":"0.8","red":"1"}},"idiom":"universal"}]}"#)
        try write("Broken.colorset/Contents.json", "{not json")
        try write("logo.imageset/Contents.json", """
            {"images":[{"filename":"a.png","idiom":"universal","scale":"1x"},{"filename":"b.png","idiom":"universal","scale":"2x"}],
             "properties":{"template-rendering-intent":"template"}}
            """)
        for (name, side) in [("a.png", 10), ("b.png", 20)] {
            var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            png += [0, 0, 0, UInt8(side), 0, 0, 0, UInt8(side * 3)]
            try Data(png).write(to: URL(fileURLWithPath: root + "/logo.imageset/" + name))
        }
        return root
    }

    @Test("colour sets: hex, floats and 0–255 components, the dark appearance, a system reference, a namespace; a broken set is a warning")
    func colours() throws {
        let scratch = scratchDirectory("xcassets")
        defer { removeScratch(scratch) }
        let assets = AssetCatalog(catalogs: [try Self.catalog(in: scratch)])
        let teal = try #require(assets.color(named: "Brand Teal"))
        #expect(teal.light == RGBA(r: 0, g: 128.0 / 255, b: 128.0 / 255, a: 1))
        #expect(teal.color(for: .dark) == RGBA(r: 0.2, g: 0.9, b: 0.9, a: 0.5))
        #expect(assets.color(named: "Ink")?.color(for: .dark) == RGBA(r: 17.0 / 255, g: 34.0 / 255, b: 51.0 / 255, a: 1))
        #expect(assets.color(named: "Link")?.light == SystemColors.color(named: "blue", scheme: .light))
        #expect(assets.colors["Domain/light"] != nil && assets.color(named: "light") != nil)
        #expect(assets.warnings.contains { $0.contains("Broken.colorset/Contents.json: not a JSON object") }, "\(assets.warnings)")
    }

    @Test("an image set is its largest PNG, sized in points; a template set says so")
    func images() throws {
        let scratch = scratchDirectory("xcassets")
        defer { removeScratch(scratch) }
        let assets = AssetCatalog(catalogs: [try Self.catalog(in: scratch)])
        let logo = try #require(assets.image(named: "logo"))
        #expect(logo.path?.hasSuffix("logo.imageset/b.png") == true)
        #expect(logo.size == Size(width: 10, height: 30))
        #expect(logo.isTemplate)
    }

    @Test("Color(\"name\"), Color(.resource) and Image(.resource) draw from the catalog in the render's scheme")
    func drawnFromTheCatalog() throws {
        var environment = EnvironmentValues(look: Look())
        let scratch = scratchDirectory("xcassets")
        defer { removeScratch(scratch) }
        environment.assets = AssetCatalog(catalogs: [try Self.catalog(in: scratch)])
        let named = ViewResolver.node(Rectangle().fill(Color("Brand Teal")), in: environment)
        guard case .shape(let shape) = named.kind else { Issue.record("\(named.kind)"); return }
        #expect(shape.fill == .color(RGBA(r: 0, g: 128.0 / 255, b: 128.0 / 255, a: 1)))
        var dark = environment
        dark.look.scheme = .dark
        let resource = ViewResolver.node(Rectangle().fill(Color(ColorResource(name: "Brand Teal", bundle: .main))), in: dark)
        guard case .shape(let darkShape) = resource.kind else { Issue.record("\(resource.kind)"); return }
        #expect(darkShape.fill == .color(RGBA(r: 0.2, g: 0.9, b: 0.9, a: 0.5)))
        let image = ViewResolver.node(Image(ImageResource(name: "logo", bundle: .main)).foregroundColor(.red), in: environment)
        guard case .image(let content) = image.kind else { Issue.record("\(image.kind)"); return }
        #expect(content.naturalSize == Size(width: 10, height: 30) && content.tint != nil)
        #expect(environment.collector.warnings.isEmpty, "\(environment.collector.warnings)")
        _ = ViewResolver.node(Color("Missing"), in: environment)
        #expect(environment.collector.warnings.contains { $0.message.contains("no colour set 'Missing'") })
    }
}
