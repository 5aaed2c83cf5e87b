import WidgetRender

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
