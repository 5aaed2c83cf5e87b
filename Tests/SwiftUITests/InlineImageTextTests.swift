import Foundation
import SwiftUI
import Testing
import WidgetShot

/// Images in a line of text: `Text(Image(systemName:))`, `Text + Text(Image)`, and an image
/// interpolated in a literal (it was written out as "Image(source: …)").
@Suite("images in text: Text(Image), Text + Text(Image), \\(Image) in a literal")
struct InlineImageTextTests {
    static func node<V: SwiftUI.View>(_ view: V) -> ViewNode {
        ViewResolver.node(view, in: EnvironmentValues(look: Look()))
    }

    /// The children of the line: "text" or the symbol's name, in order.
    static func line(_ node: ViewNode) -> [String] {
        guard case .hstack(_, _, let children) = node.kind else { return ["not a line: \(node.kind)"] }
        return children.map { child in
            switch child.kind {
            case .text(let t): return t.string
            case .icon(let icon): return "[\(icon.symbol) \(icon.size)]"
            default: return "\(child.kind)"
            }
        }
    }

    @Test("an interpolated image splits the looked-up text around it; the symbol takes the text's font size")
    func interpolated() {
        let n = Self.node(Text("\(Image(systemName: "star.fill")) rated \(4)").font(.headline))
        #expect(Self.line(n) == ["[star.fill 17.0]", " rated 4"], "\(Self.line(n))")
        let caption = Self.node(Text("Arrives \(Image(systemName: "bolt.fill")) soon").font(.caption))
        #expect(Self.line(caption) == ["Arrives ", "[bolt.fill 12.0]", " soon"], "\(Self.line(caption))")
    }

    @Test("Text(Image) joined to text with + is one line, the symbol in the run's own font")
    func concatenated() {
        let n = Self.node(Text(Image(systemName: "clock")).font(.title) + Text(" 5 min"))
        #expect(Self.line(n) == ["[clock 28.0]", " 5 min"], "\(Self.line(n))")
    }
}
