import Foundation
import FuzzSupport
import WidgetPush
import WidgetShot

/// Bytes → a push file (one APNs payload or a JSON array of them, as `widgetshot push` and
/// `POST /v1/live-activity/preview` read it) → `PushValidator.inputs` → check and plan the
/// sequence against the shipped delivery layout → draw its Lock Screen and minimal island at 1x,
/// stale columns on → the JSON report. Asserts the report serializes and that each push got a
/// report. The limits are the defaults, so a quadratic check or an unbounded plan shows up as a
/// timeout or an out-of-memory.
@main enum FuzzPush {
    static let root = FuzzHarness.projectRoot
    static let layout = try! LayoutCatalog(directory: root + "/Layouts").load("delivery")
    static let attributes = try! DataValue.parse(String(contentsOfFile: root + "/Layouts/samples/delivery/attributes.json", encoding: .utf8),
                                                 file: "attributes.json")
    static let fonts = try! FontLibrary(directory: root + "/Fonts")
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: fonts)  // one thread: libFuzzer runs inputs in turn
    static let previewer: LiveActivityPreviewer = {
        var options = PushRenderOptions(scale: 1, presentations: [.lockScreen, .islandMinimal, .alert])
        options.staleColumns = true
        return LiveActivityPreviewer(layout: layout, attributes: attributes, options: options)
    }()

    static func main() {
        FuzzHarness.main(target: "push") { bytes in
            guard let inputs = try? PushValidator.inputs(in: Array(bytes), name: "fuzz.json") else { return }
            guard let previews = try? previewer.renderSequence(inputs, with: renderer) else { return }
            precondition(previews.count == inputs.count, "\(inputs.count) pushes gave \(previews.count) previews")
            let report = PushReportJSON.object(previews, images: false)
            precondition(JSONSerialization.isValidJSONObject(report), "the push report is not JSON")
            _ = try! JSONSerialization.data(withJSONObject: report)
        }
    }
}
