import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot
import WidgetSwiftSource

/// A render call naming a widget of the project's Swift source: the runner's picture it becomes
/// (SwiftProject.picture(for:)), checked by a layout's rules; the data JSON written for the team's
/// decoder; the OpenAPI document. The routes themselves, with a real runner behind a real server,
/// are SwiftSourceCLITests.renderRoutesDrawTheSwift.
@Suite("the render routes and a project's Swift widgets")
struct SwiftRenderRouteTests {
    let scratch = ScratchFolder("swift-render-route")

    /// A project as the runner would describe the example: a widget with three families and two
    /// #Preview pictures on systemSmall, a Live Activity with a #Preview on the island, in the
    /// test's scratch folder. Nothing is built.
    func project() throws -> SwiftProject {
        let dir = scratch.path
        try Data("struct W {}\n".utf8).write(to: URL(fileURLWithPath: dir + "/W.swift"))
        let folder = try SwiftWidgetFolder.scan(widgets: [dir])
        let description = try JSONDecoder().decode(SwiftDescription.self, from: Data("""
            {"failures": [],
             "widgets": [{"name": "DeliveryWidget", "kind": "widget", "families": ["systemSmall", "systemMedium", "accessoryRectangular"]},
                         {"name": "DeliveryLiveActivity", "kind": "activity", "families": []}],
             "previews": [{"symbol": "p_widget", "file": "\(dir)/W.swift", "line": 9, "kind": "widget", "surface": "systemSmall", "pictures": 2, "widget": "DeliveryWidget"},
                          {"symbol": "p_island", "file": "\(dir)/W.swift", "line": 20, "name": "Island", "kind": "activity", "surface": "islandExpanded", "pictures": 1, "widget": "DeliveryLiveActivity"}]}
            """.utf8))
        return SwiftProject(build: SwiftWidgetBuild(folder: folder, cacheRoot: dir + "/.build", packageRoot: dir), description: description)
    }

    static func refusal(_ spec: RenderSpec, in project: SwiftProject) -> RenderSpecError? {
        do { _ = try project.picture(for: spec, dataFile: "/d.json") } catch { return error }
        return nil
    }

    @Test("a preview, a provider's placeholder (redacted), a #Preview's picture, data for a widget and for a Live Activity")
    func pictures() throws {
        let project = try project()
        let first = try project.picture(for: RenderSpec(layout: "DeliveryWidget", surface: "systemMedium"), dataFile: "")
        #expect(first.request["widget"] as? String == "DeliveryWidget" && first.request["family"] as? String == "systemMedium")
        #expect(first.request["entry"] as? String == "placeholder" && first.look.placeholder)
        let second = try project.picture(for: RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", preview: "preview-1", scheme: "dark"), dataFile: "")
        #expect(second.request["preview"] as? String == "p_widget" && second.request["index"] as? Int == 1)
        #expect(second.look.scheme == "dark" && !second.look.placeholder)
        let island = try project.picture(for: RenderSpec(layout: "DeliveryLiveActivity", surface: "islandExpanded"), dataFile: "")
        #expect(island.request["preview"] as? String == "p_island" && island.request["index"] as? Int == 0)

        let entry = try project.picture(for: RenderSpec(layout: "DeliveryWidget", surface: "accessoryRectangular", data: .object(["n": .number(3)])),
                                        dataFile: "/tmp/x.json")
        #expect(entry.request["data"] as? String == "/tmp/x.json" && entry.request["family"] as? String == "accessoryRectangular")
        #expect(entry.data == .object(["n": .number(3)]))
        let state = try project.picture(for: RenderSpec(layout: "DeliveryLiveActivity", surface: "lockScreen", data: .object([:])), dataFile: "/d.json")
        #expect(state.request["surface"] as? String == "lockScreen" && state.request["attributesPreview"] as? String == "p_island")
    }

    @Test("names, surfaces, previews and values are refused as for a layout, each at its field")
    func refusals() throws {
        let project = try project()
        let cases: [(RenderSpec, RenderSpecError.Kind, String)] = [
            (RenderSpec(layout: "Nope", surface: "systemSmall"), .notFound, "layout"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemHuge"), .notFound, "surface"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemLarge"), .notFound, "surface"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", preview: "nope"), .notFound, "preview"),
            // preview-1 is a systemSmall picture.
            (RenderSpec(layout: "DeliveryWidget", surface: "systemMedium", preview: "preview-1"), .notFound, "preview"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", preview: "preview", data: .object([:])), .badValue, "data"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", control: "x"), .badValue, "control"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", pngPreset: .small), .badValue, "png"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", scheme: "sepia"), .badValue, "scheme"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", device: "nokia"), .notFound, "device"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", mode: "vibrant"), .unprocessable, "mode"),
            (RenderSpec(layout: "DeliveryWidget", surface: "systemSmall", scale: 9), .badValue, "scale"),
            // Data: a widget in its families, a Live Activity on its presentations only.
            (RenderSpec(layout: "DeliveryWidget", surface: "systemLarge", data: .object([:])), .notFound, "surface"),
            (RenderSpec(layout: "DeliveryLiveActivity", surface: "systemSmall", data: .object([:])), .notFound, "surface"),
        ]
        for (spec, kind, field) in cases {
            let error = Self.refusal(spec, in: project)
            #expect(error?.kind == kind && error?.field == field, "\(spec.layout) \(spec.surface): \(String(describing: error))")
        }
        #expect(Self.refusal(RenderSpec(layout: "Nope", surface: "systemSmall"), in: project)?.message.contains("DeliveryLiveActivity, DeliveryWidget") == true)
    }

    @Test("data reaches the team's decoder as JSON: whole numbers without a fraction, text escaped, keys sorted")
    func dataJSON() throws {
        let value = DataValue.object(["b": .array([.number(816_999_000), .number(1.5), .bool(true), .null]), "a": .string("q\"\\\n\u{1}é")])
        let text = SwiftRouteJSON.encode(value)
        #expect(text == #"{"a":"q\"\\\n\u0001é","b":[816999000,1.5,true,null]}"#)
        // What Foundation's decoder reads back is the value given.
        let back = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(back["a"] as? String == "q\"\\\n\u{1}é" && (back["b"] as? [Any])?.first as? Int == 816_999_000)
    }

    @Test("openapi.json describes the 500 of a Swift source that does not build on both render routes")
    func documented() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        for (path, method) in [("/v1/render/{layout}/{surface}.png", "get"), ("/v1/render", "post")] {
            let op = (paths[path] as? [String: Any])?[method] as? [String: Any]
            #expect((op?["responses"] as? [String: Any])?["500"] != nil, "\(path) \(method)")
        }
    }
}
