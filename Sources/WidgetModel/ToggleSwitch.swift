/// iOS's switch (`UISwitch`, SwiftUI's `Toggle` in its default `.switch` style) as a view of
/// shapes, so layout, rendering modes and every renderer draw it without a kind of its own:
/// a 51 × 31 pt capsule track, filled with the tint when on (systemGreen by default) and with
/// `secondarySystemFill` when off (Apple: "use this color to fill medium-size shapes, such as the
/// background of a switch"), and a white 27 pt knob 2 pt inside the track's leading edge (off) or
/// trailing edge (on), over a faint shadow. Built for a layout's `toggle:` node and for the
/// SwiftUI module's `Toggle`: `ToggleSwitch.node(isOn:tint:scheme:)`.
public enum ToggleSwitch {
    /// UISwitch's size on iOS 7 … 18 (its `intrinsicContentSize`, in points).
    public static let trackWidth = 51.0
    public static let trackHeight = 31.0
    /// The knob's diameter and its distance from the track's edges.
    public static let knobDiameter = 27.0
    public static let knobInset = 2.0

    /// The default on colour: systemGreen of the scheme.
    public static func defaultTint(scheme: ColorScheme, generation: ColorGeneration = .ios18) -> RGBA {
        SystemColors.color(named: "green", scheme: scheme, generation: generation) ?? RGBA(hex: 0x34C759)
    }

    /// The off track: secondarySystemFill (rgb 120 120 128 at 16 % light, 32 % dark).
    public static func offTrack(scheme: ColorScheme, generation: ColorGeneration = .ios18) -> RGBA {
        SystemColors.color(named: "secondarySystemFill", scheme: scheme, generation: generation)
            ?? RGBA(r: 120 / 255, g: 120 / 255, b: 128 / 255, a: scheme == .light ? 0.16 : 0.32)
    }

    /// The switch as a view: 51 × 31 pt, track and knob. `tint` nil: systemGreen. A track's
    /// paint may be a gradient (a tint written as one); the knob is always white.
    public static func node(isOn: Bool, tint: Paint? = nil, scheme: ColorScheme,
                            generation: ColorGeneration = .ios18, source: SourceLocation? = nil) -> ViewNode {
        let trackPaint: Paint = isOn ? (tint ?? .color(defaultTint(scheme: scheme, generation: generation)))
            : .color(offTrack(scheme: scheme, generation: generation))
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
        let side = Alignment(horizontal: isOn ? .trailing : .leading, vertical: .center)
        return ViewNode(.zstack(alignment: side, children: [track, knob]), source: source)
    }
}
