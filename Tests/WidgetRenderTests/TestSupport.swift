import Foundation
import TestSupport
import WidgetLayout
import WidgetModel
import WidgetRender

enum TestFonts {
    /// This checkout's Fonts/.
    static let directory = Project.folders.fonts

    static let library: FontLibrary = {
        do { return try FontLibrary(directory: directory) } catch { fatalError("bundled fonts: \(error)") }
    }()
}

extension PlacedNode {
    static func shape(_ kind: ShapeKind, _ frame: Rect, fill: RGBA, opacity: Double = 1) -> PlacedNode {
        PlacedNode(frame: frame, content: .shape(ShapeContent(shape: kind, fill: .color(fill))), opacity: opacity)
    }
}

/// The benchmark's reference widget (Layouts/reference.yaml: "delivery, systemMedium, onTheWay",
/// 338 × 158 pt), placed by hand with the renderer's own text measurements.
enum ReferenceWidget {
    static let size = Size(width: 338, height: 158)
    static let orange = RGBA(hex: 0xFF9500)
    static let gray = RGBA(hex: 0x8E8E93)
    static let ink = RGBA(hex: 0x1C1C1E)

    static func tree(_ measurer: any TextMeasuring) -> PlacedNode {
        func text(_ s: String, _ size: Double, _ weight: FontWeight, _ color: RGBA, lineHeight: Double? = nil,
                  x: Double, y: Double, trailing: Bool = false) -> (PlacedNode, Double) {
            let font = FontSpec(size: size, weight: weight, lineHeight: lineHeight)
            let content = TextContent(string: s, font: font, color: .color(color), lineLimit: 1)
            let m = measurer.measure(content, font: font, width: nil, maxLines: 1)
            let frame = Rect(x: trailing ? x - m.size.width : x, y: y, width: m.size.width, height: m.size.height)
            let placed = PlacedText(content: content, font: font, wrapWidth: nil, maxLines: 1,
                                    lineCount: m.lineCount, truncated: m.truncated)
            return (PlacedNode(frame: frame, content: .text(placed)), m.size.height)
        }
        var children: [PlacedNode] = []
        let circle = Rect(x: 16, y: 16, width: 44, height: 44)
        children.append(.shape(.circle, circle, fill: orange))
        children.append(PlacedNode(frame: circle, content: .icon(IconContent(symbol: "bicycle", glyph: "\u{E52F}", size: 26, color: .color(.white)))))

        var y = 16.0
        let (title, h1) = text("Seoul Kitchen", 17, .semibold, ink, lineHeight: 22, x: 70, y: y)
        children.append(title); y += h1 + 2
        let (status, h2) = text("배달 중 · On the way", 13, .semibold, orange, x: 70, y: y)
        children.append(status); y += h2 + 4
        for line in ["• Bibimbap", "• Tteokbokki", "외 2개"] {
            let (node, h) = text(line, 11, .regular, gray, lineHeight: 14, x: 70, y: y)
            children.append(node); y += h
        }
        var ry = 16.0
        let (time, t1) = text("12:45", 28, .bold, ink, lineHeight: 34, x: 322, y: ry, trailing: true)
        children.append(time); ry += t1
        let (eta, t2) = text("도착 예정", 11, .regular, gray, x: 322, y: ry, trailing: true)
        children.append(eta); ry += t2 + 2
        let (mins, _) = text("in 18 min", 13, .semibold, orange, x: 322, y: ry, trailing: true)
        children.append(mins)

        let light = RGBA(hex: 0xD1D1D6)
        let step = (306.0 - 12) / 4
        for i in 0..<4 {
            let x0 = 16 + Double(i) * step + 12, x1 = 16 + Double(i + 1) * step
            children.append(.shape(.rect, Rect(x: x0, y: 135, width: x1 - x0, height: 2), fill: i < 3 ? orange : light))
        }
        for i in 0..<5 {
            let dot = Rect(x: 16 + Double(i) * step, y: 130, width: 12, height: 12)
            children.append(.shape(.circle, dot, fill: i < 4 ? orange : light))
            if i == 3 { children.append(.shape(.circle, Rect(x: dot.midX - 3, y: dot.midY - 3, width: 6, height: 6), fill: .white)) }
        }
        let background = ShapeContent(shape: .roundedRect(radius: 22, continuous: true),
                                      fill: .linearGradient(stops: [GradientStop(color: RGBA(hex: 0xFFF3E6), location: 0),
                                                                    GradientStop(color: .white, location: 1)],
                                                            start: .topLeading, end: .bottomTrailing))
        return PlacedNode(frame: Rect(origin: .zero, size: size), content: .shape(background), children: children,
                          clip: .roundedRect(radius: 22, continuous: true))
    }
}
