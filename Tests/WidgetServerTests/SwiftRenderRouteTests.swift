import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// A render route naming a widget of the project's Swift source (widgetshot.yaml's `swift:`): the
/// routes draw layout files only, so the answer is 501 naming why and how to draw it, not a bare
/// "no layout" 404; a name that is neither stays 404, with a word on where the Swift widgets are.
@Suite("the render routes and a project's Swift widgets")
struct SwiftRenderRouteTests {
    static func layouts(swift: [String]) throws -> LoadedLayouts {
        let dir = scratchDirectory("swift-render-route")
        var layouts = try LoadedLayouts(catalog: LayoutCatalog(directory: dir))
        layouts.swiftFolders = swift
        return layouts
    }

    static func refusal(_ name: String, in layouts: LoadedLayouts) throws -> APIError {
        do {
            _ = try RenderParameters(layout: name, surface: "systemSmall", query: []).request(in: layouts)
        } catch { return error }
        Issue.record("'\(name)' was rendered")
        return APIError(.ok, "")
    }

    @Test("a Swift widget the gallery found is 501 naming the runner and the CLI command; another name is 404 with the hint")
    func swiftWidgetIsNotImplemented() throws {
        let layouts = try Self.layouts(swift: ["DeliveryWidgets"])
        layouts.setSwiftNames(["DeliveryWidget", "DeliveryLiveActivity"])
        let swift = try Self.refusal("DeliveryWidget", in: layouts)
        #expect(swift.status == .notImplemented && swift.field == "layout")
        #expect(swift.message.contains("'DeliveryWidget' is a widget of the project's Swift source (swift: DeliveryWidgets)"), "\(swift.message)")
        #expect(swift.message.contains("`widgetshot render DeliveryWidgets --widget DeliveryWidget`"), "\(swift.message)")
        let typo = try Self.refusal("DeliveryWidgte", in: layouts)
        #expect(typo.status == .notFound && typo.message.contains("no layout named 'DeliveryWidgte'"), "\(typo.message)")
        #expect(typo.message.contains("the widgets of the project's Swift source (swift: DeliveryWidgets) are drawn in the gallery at /"))
        // Not yet found by the gallery (it loads on the first page): 404 with the hint, never a render.
        let before = try Self.layouts(swift: ["DeliveryWidgets"])
        #expect(try Self.refusal("DeliveryWidget", in: before).status == .notFound)
        // A project without swift: answers as it always did.
        let plain = try Self.layouts(swift: [])
        plain.setSwiftNames(["DeliveryWidget"])
        let none = try Self.refusal("DeliveryWidget", in: plain)
        #expect(none.status == .notFound && !none.message.contains("Swift"), "\(none.message)")
    }

    @Test("openapi.json describes the 501 on both render routes")
    func documented() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        for (path, method) in [("/v1/render/{layout}/{surface}.png", "get"), ("/v1/render", "post"), ("/render", "post")] {
            let op = (paths[path] as? [String: Any])?[method] as? [String: Any]
            #expect((op?["responses"] as? [String: Any])?["501"] != nil, "\(path) \(method)")
        }
    }
}
