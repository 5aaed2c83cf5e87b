/// iOS's switch (`UISwitch`, SwiftUI's `Toggle` in its default `.switch` style) as a view of
/// shapes, so layout, rendering modes and every renderer draw it without a kind of its own:
/// a 51 × 31 pt capsule track, filled with the tint when on (systemGreen by default) and with
/// `secondarySystemFill` when off (Apple: "use this color to fill medium-size shapes, such as the
/// background of a switch"), and a white 27 pt knob 2 pt inside the track's leading edge (off) or
/// trailing edge (on), over a faint shadow. Built for a layout's `toggle:` node and for the
/// SwiftUI module's `Toggle`: `ToggleSwitch.node(isOn:tint:scheme:)`.
///
/// iOS 26 draws another switch (`generation: .ios26`, the device's or `--ios 26`): a 63 × 28 pt
/// capsule track, the tint when on and tertiaryLabel when off, and a white 37 × 24 pt capsule
/// knob 2 pt inside the trailing (on) or leading (off) edge, without a shadow; it lays out 59 pt
/// wide and its track reaches 2 pt past either side (both snapshots draw it 2 pt beyond the
/// trailing margin: to x 392 in gradus' 390 pt row, to 360 in home-assistant's row whose content
/// ends at 358). Apple publishes no
/// numbers for it; they were measured on public iOS 26 simulator snapshots (@3x): home-assistant's
/// `ServerSwitchingSettingsView` and `PrivacyView` (Tests/App/Settings/__Snapshots__, light and
/// dark: track 189 × 84 px, knob 111 × 72 px, 6 px in; off 197,197,199 over white, 90,90,94 over
/// 28,28,29) and gradus' `ListRow.toggle` (the same 63 × 28 track, off 197,197,199 over white and
/// 70,70,73 over black: tertiaryLabel, 60,60,67 / 235,235,245 at 30 %, fits all four).
public enum ToggleSwitch {
    /// UISwitch's size on iOS 7 … 18 (its `intrinsicContentSize`, in points).
    public static let trackWidth = 51.0
    public static let trackHeight = 31.0
    /// The knob's diameter and its distance from the track's edges.
    public static let knobDiameter = 27.0
    public static let knobInset = 2.0

    /// iOS 26's switch (measured, above): its track and its capsule knob.
    public static let trackWidth26 = 63.0
    public static let trackHeight26 = 28.0
    public static let knobWidth26 = 37.0
    public static let knobHeight26 = 24.0
    /// The width iOS 26's switch takes in layout: the track less 2 pt a side, which it draws past.
    public static let layoutWidth26 = 59.0

    /// The default on colour: systemGreen of the scheme.
    public static func defaultTint(scheme: ColorScheme, generation: ColorGeneration = .ios18) -> RGBA {
        SystemColors.color(named: "green", scheme: scheme, generation: generation) ?? RGBA(hex: 0x34C759)
    }

    /// The off track: secondarySystemFill (rgb 120 120 128 at 16 % light, 32 % dark); on iOS 26
    /// tertiaryLabel (60,60,67 / 235,235,245 at 30 %).
    public static func offTrack(scheme: ColorScheme, generation: ColorGeneration = .ios18) -> RGBA {
        if generation == .ios26 {
            return SystemColors.color(named: "tertiaryLabel", scheme: scheme, generation: generation)
                ?? (scheme == .light ? RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.3) : RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.3))
        }
        return SystemColors.color(named: "secondarySystemFill", scheme: scheme, generation: generation)
            ?? RGBA(r: 120 / 255, g: 120 / 255, b: 128 / 255, a: scheme == .light ? 0.16 : 0.32)
    }

    /// The switch as a view: 51 × 31 pt (63 × 28 on iOS 26), track and knob. `tint` nil:
    /// systemGreen. A track's paint may be a gradient (a tint written as one); the knob is always white.
    public static func node(isOn: Bool, tint: Paint? = nil, scheme: ColorScheme,
                            generation: ColorGeneration = .ios18, source: SourceLocation? = nil) -> ViewNode {
        let trackPaint: Paint = isOn ? (tint ?? .color(defaultTint(scheme: scheme, generation: generation)))
            : .color(offTrack(scheme: scheme, generation: generation))
        let side = Alignment(horizontal: isOn ? .trailing : .leading, vertical: .center)
        if generation == .ios26 {
            let track = ViewNode(.shape(ShapeContent(shape: .capsule, fill: trackPaint)),
                                 modifiers: [.frame(FrameSpec(width: trackWidth26, height: trackHeight26))], source: source)
            let knob = ViewNode(.shape(ShapeContent(shape: .capsule, fill: .color(.white))),
                                modifiers: [.frame(FrameSpec(width: knobWidth26, height: knobHeight26)),
                                            .padding(EdgeInsets(all: knobInset))], source: source)
            // The 59 pt frame round the 63 pt drawing, as the kind of the node (`toggle:` keeps
            // the kind and puts the node's own modifiers on it).
            let drawn = ViewNode(.zstack(alignment: side, children: [track, knob]),
                                 modifiers: [.frame(FrameSpec(width: layoutWidth26, height: trackHeight26))], source: source)
            return ViewNode(.zstack(alignment: .center, children: [drawn]), source: source)
        }
        let track = ViewNode(.shape(ShapeContent(shape: .capsule, fill: trackPaint)),
                             modifiers: [.frame(FrameSpec(width: trackWidth, height: trackHeight))], source: source)
        // A soft shadow under the knob: a slightly larger, faint black disc, a point lower
        // (UISwitch's knob casts one; without it a white knob vanishes on a light off track).
        let shadow = ViewNode(.shape(ShapeContent(shape: .circle, fill: .color(RGBA(r: 0, g: 0, b: 0, a: 0.12)))),
                              modifiers: [.frame(FrameSpec(width: knobDiameter + 1, height: knobDiameter + 1)),
                                          .offset(x: 0, y: 1)], source: source)
        let knob = ViewNode(.shape(ShapeContent(shape: .circle, fill: .color(.white),
                                                stroke: Stroke(paint: .color(RGBA(r: 0, g: 0, b: 0, a: 0.04)), width: 0.5,
                                                               inside: true))),
                            modifiers: [.frame(FrameSpec(width: knobDiameter, height: knobDiameter)),
                                        .background(shadow, alignment: .center),
                                        .padding(EdgeInsets(all: knobInset))], source: source)
        // The track's fixed frame makes the stack 51 × 31.
        return ViewNode(.zstack(alignment: side, children: [track, knob]), source: source)
    }
}
