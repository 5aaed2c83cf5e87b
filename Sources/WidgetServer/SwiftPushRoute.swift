import Foundation
import WidgetPush
import WidgetShot
import WidgetSwiftSource

extension PushRoutes {
    /// `POST /v1/live-activity/preview?layout=NAME` where NAME is a Live Activity of the project's
    /// Swift source: the pushes checked by PushValidator's rules (those about a layout's keys need a
    /// layout), then each content-state decoded by the team's own `ContentState` and drawn in each
    /// presentation by the widget runner (SwiftPushPlan, as `push --swift` draws them). A
    /// content-state the app would fail to decode is an error of its push at the decoder's path
    /// (`aps.content-state.minutesLeft`), answered 422 as a layout's rule is. A push's alert is its
    /// band drawn by `renderer` under the runner's expanded island, as for a layout.
    static func swiftPreviews(_ bytes: [UInt8], _ parameters: Parameters, swift: SwiftRouteSource, limits: Limits,
                              layouts: [String], renderer: WidgetRenderer) throws -> [PushPreview] {
        let inputs = try PushValidator.inputs(in: bytes, name: "body", limits: limits)
        let checked = try PushValidator(layout: nil, attributes: parameters.attributes).checkSequence(inputs)
        let loaded = swift.loaded()
        let name = parameters.swiftWidget ?? ""
        guard let project = loaded.project else {
            throw APIError(.internalServerError, "the project's Swift source does not build, so '\(name)' cannot be drawn: \(loaded.error)", field: "layout")
        }
        let activities = project.description.widgets.filter { $0.kind == "activity" }.map(\.name)
        guard activities.contains(name) else {
            throw APIError.notFound("layout", "no layout or Swift Live Activity named '\(name)'; layouts: \(layouts.joined(separator: ", ")); "
                                        + "the Swift source's Live Activities: \(activities.isEmpty ? "none" : activities.joined(separator: ", "))")
        }
        let folder = project.build.directory + "/push-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var attributes: (path: String, name: String)?
            if let given = parameters.attributes {
                try AtomicFile.write(Array(SwiftRouteJSON.encode(given).utf8), to: folder + "/attributes.json")
                attributes = (folder + "/attributes.json", "attributes")
            }
            let plan = try SwiftPushPlan(checked, widget: name, found: project.description, options: parameters.options,
                                         attributes: attributes, folder: folder)
            let drawn = try project.build.render(plan.pictures.map(\.request), look: parameters.options.look, fonts: swift.fonts)
            return try plan.previews(drawn, build: project.build, renderer: renderer) { _, _ in }
        } catch let error as SwiftWidgetBuild.BuildError {
            throw APIError(.internalServerError, error.description, field: "layout")
        }
    }
}
