import WidgetLayout
import WidgetModel
import WidgetTemplate

/// Draws a control (iOS 18) as Control Center and the Lock Screen show it. Control Center is
/// always its dark material, whatever the phone's appearance, so a control renders the same in
/// light and dark. Sizes and colors: `ControlMetrics` (each number says where it comes from).
///
/// - small: a circle of one grid cell, the glyph in its middle (no title: "Depending on the size,
///   the title and value text aren't always visible", WidgetKit documentation);
/// - medium: a capsule two cells wide, the glyph in the leading cell, title and value beside it;
/// - large: a two-by-two tile, the glyph at the top leading corner, title and value at the bottom;
/// - Lock Screen: a circle of 50 pt with the glyph only, drawn monochrome.
///
/// A toggle that is on fills the module with its tint and draws the glyph white; off (and a
/// button) is a translucent gray module with a white glyph. On the Lock Screen, on is white with
/// a black glyph (the Lock Screen shows no tints).
extension SurfaceComposer {
    func control(_ bound: BoundSurface, surface: Surface) -> ComposedSurface {
        let size = ControlMetrics.size(of: surface) ?? .zero
        let canvas = Rect(origin: .zero, size: size)
        guard let control = bound.control else {
            return ComposedSurface(size: size, root: PlacedNode(frame: canvas), magnification: 1, mode: .fullColor)
        }
        let clip: ClipShape
        switch surface {
        case .controlLarge: clip = .roundedRect(radius: ControlMetrics.largeCornerRadius, continuous: true)
        case .controlMedium: clip = .capsule
        default: clip = .circle
        }
        let lockScreen = surface == .controlLockScreen
        let fill: RGBA
        let glyphColor: RGBA
        if control.isFilled {
            fill = lockScreen ? ControlMetrics.lockScreenOn : control.tint
            glyphColor = lockScreen ? .black : .white
        } else {
            fill = ControlMetrics.moduleFill
            glyphColor = .white
        }
        var children = [
            PlacedNode(frame: canvas, content: .shape(ShapeContent(shape: .rect, fill: .color(ControlMetrics.material)))),
            PlacedNode(frame: canvas, content: .shape(ShapeContent(shape: .rect, fill: .color(fill)))),
        ]
        if let view = Self.controlView(control, surface: surface, glyphColor: glyphColor) {
            children.append(engine.place(view, in: canvas, alignment: .topLeading))
        }
        return ComposedSurface(size: size, root: PlacedNode(frame: canvas, children: children, clip: clip),
                               magnification: 1, mode: .fullColor)
    }

    /// The glyph, title and value as a view laid out by the ordinary layout engine.
    static func controlView(_ control: BoundControl, surface: Surface, glyphColor: RGBA) -> ViewNode? {
        let size = ControlMetrics.size(of: surface) ?? .zero
        func glyph(_ points: Double) -> ViewNode {
            guard let g = control.glyph else { return ViewNode(.empty) }
            return ViewNode(.icon(IconContent(symbol: control.symbol, glyph: g, size: points, color: .color(glyphColor))))
        }
        func texts() -> ViewNode {
            let titleColor: RGBA = .white
            let valueColor = RGBA.white.multipliedAlpha(control.isFilled ? 0.8 : 0.6)
            var lines = [ViewNode(.text(TextContent(string: control.label,
                                                    font: FontSpec(size: ControlMetrics.titleSize, weight: .semibold),
                                                    color: .color(titleColor), lineLimit: 1)), source: control.source)]
            if let value = control.value {
                lines.append(ViewNode(.text(TextContent(string: value, font: FontSpec(size: ControlMetrics.valueSize),
                                                        color: .color(valueColor), lineLimit: 1)), source: control.source))
            }
            return ViewNode(.vstack(spacing: 1, alignment: .leading, children: lines))
        }
        let full = FrameSpec(width: size.width, height: size.height)
        switch surface {
        case .controlSmall:
            return ViewNode(.zstack(alignment: .center, children: [glyph(ControlMetrics.smallGlyph)]), modifiers: [.frame(full)])
        case .controlLockScreen:
            return ViewNode(.zstack(alignment: .center, children: [glyph(ControlMetrics.lockScreenGlyph)]), modifiers: [.frame(full)])
        case .controlMedium:
            let glyphCell = ViewNode(.zstack(alignment: .center, children: [glyph(ControlMetrics.mediumGlyph)]),
                                     modifiers: [.frame(FrameSpec(width: ControlMetrics.mediumGlyphColumn, height: ControlMetrics.cell))])
            let label = ViewNode(texts().kind, modifiers: [
                .frame(FrameSpec(maxWidth: .infinity, alignment: Alignment(horizontal: .leading, vertical: .center))),
                .padding(EdgeInsets(trailing: ControlMetrics.padding)),
            ])
            return ViewNode(.hstack(spacing: 0, alignment: .center, children: [glyphCell, label]), modifiers: [.frame(full)])
        case .controlLarge:
            let content = ViewNode(.vstack(spacing: 0, alignment: .leading, children: [
                glyph(ControlMetrics.largeGlyph), ViewNode(.spacer(minLength: 0)), texts(),
            ]), modifiers: [
                .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)),
                .padding(EdgeInsets(all: ControlMetrics.padding)),
            ])
            return ViewNode(content.kind, modifiers: content.modifiers + [.frame(full)])
        default:
            return nil
        }
    }
}
