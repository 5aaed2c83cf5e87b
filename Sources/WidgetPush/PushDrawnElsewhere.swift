import Foundation
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Pushes drawn outside the layout previewer: `push --swift` decodes each content-state with the
/// team's own `ContentState` and draws it with the team's views through the widget runner, then
/// hands its pictures, and the decoder's refusals, to the same report, files and filmstrip.
extension PushProblem {
    /// An error of a push found outside the validator (the team's decoder refusing a content-state).
    public static func error(_ rule: PushRule, key: String, message: String) -> PushProblem {
        PushProblem(severity: .error, rule: rule, key: key, message: message)
    }
}

extension PushFrame {
    /// One presentation drawn elsewhere: its PNG and its pixels (a filmstrip draws them).
    public static func drawn(_ presentation: LiveActivityPresentation, png: [UInt8], bitmap: Bitmap) -> PushFrame {
        PushFrame(presentation: presentation, png: png, bitmap: bitmap, warnings: [])
    }
}

extension PushFrame {
    /// A push's alert drawn elsewhere: the band with its title and body under `base`, the alert's
    /// base presentation (`LiveActivityPresentation.alertBase`: the expanded island, or the Lock
    /// Screen on a phone without one) at `scale`, as the layout previewer draws it.
    public static func alert(_ alert: PushAlert, under base: Bitmap, scale: Double, renderer: WidgetRenderer,
                             preset: PNGPreset) throws -> PushFrame {
        let bitmap = AlertBand.draw(alert, under: base, scale: scale, renderer: renderer)
        return PushFrame(presentation: .alert, png: try PNGCodec.encode(bitmap, preset: preset == .small ? .small : .fast),
                         bitmap: bitmap, warnings: [])
    }
}

extension StalePreview {
    /// A push's presentations drawn elsewhere at its stale date, shown stale (the filmstrip's stale column).
    public static func drawn(at date: Date, frames: [PushFrame]) -> StalePreview {
        StalePreview(at: date, frames: frames)
    }
}

extension PushRenderOptions {
    /// When a push drawn elsewhere gets a stale column: the rule the layout previewer follows
    /// (`LiveActivityPreviewer.staleColumnDate`: with `staleColumns`, no fixed `now`, a stale-date
    /// after the push and before the next push, or before the last push's dismissal).
    public func staleColumnDate(for payload: PushPayload, next: PushPayload?) -> Date? {
        LiveActivityPreviewer(layout: .drawnElsewhere(name: "", path: "", surfaces: [], previews: []), options: self)
            .staleColumnDate(for: payload, next: next)
    }
}
