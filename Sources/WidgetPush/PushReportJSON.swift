import Foundation
import WidgetTemplate
import WidgetShot

/// The validation report (and optionally the pictures) as JSON, the same for the CLI's
/// `report.json` and the server's answer.
public enum PushReportJSON {
    /// `{"valid", "pushes": [{"name", "event", "timestamp", "bytes", "stale", "errors": [{rule, key, message}],
    /// "warnings": […], "presentations": {"lockScreen": "<base64 PNG>"|true, …}}]}`; with
    /// `images` false each presentation maps to its PNG's byte count instead.
    public static func object(_ previews: [PushPreview], images: Bool) -> [String: Any] {
        let pushes: [[String: Any]] = previews.map { p in
            var o: [String: Any] = [
                "name": p.checked.input.name,
                "bytes": p.checked.input.bytes.count,
                "valid": p.checked.report.isValid,
                "errors": p.checked.report.errors.map(problem),
                "warnings": p.checked.report.warnings.map(problem),
                "stale": p.isStale,
            ]
            if let payload = p.checked.payload {
                o["event"] = payload.event.rawValue
                o["timestamp"] = Int(payload.timestamp.timeIntervalSince1970)
                if let a = payload.alert { o["alert"] = ["title": a.title, "body": a.body, "sound": a.sound.map { $0 as Any } ?? NSNull()] as [String: Any] }
            }
            var frames: [String: Any] = [:]
            for f in p.frames {
                frames[f.presentation.rawValue] = images ? Data(f.png).base64EncodedString() : f.png.count as Any
            }
            o["presentations"] = frames
            return o
        }
        return ["valid": previews.allSatisfy { $0.checked.report.isValid }, "pushes": pushes]
    }

    public static func data(_ previews: [PushPreview], images: Bool) -> Data {
        (try? JSONSerialization.data(withJSONObject: object(previews, images: images),
                                     options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    static func problem(_ p: PushProblem) -> [String: Any] {
        ["rule": p.rule.rawValue, "key": p.key, "message": p.message]
    }
}
