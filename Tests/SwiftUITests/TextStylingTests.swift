import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

/// Text styling past the font: what each becomes in the engine's text, and the pixels of the lines
/// and the slant.
@Suite("SwiftUI text styling: tracking, case, lines, italic, baseline offset, Text + Text")
struct TextStylingTests {
    static func node<V: SwiftUI.View>(_ view: V, locale: String = "en-US") -> ViewNode {
        var look = Look()
        look.locale = locale
        return ViewResolver.node(view, in: EnvironmentValues(look: look))
    }

    static func text(_ node: ViewNode) -> TextContent? {
        if case .text(let t) = node.kind { return t }
        return nil
    }

    @Test("Text + Text of one style is one string; of two styles, runs side by side on one line")
    func concatenation() {
        let same = Self.node(Text("Arrives ") + Text("12:45"))
        #expect(Self.text(same)?.string == "Arrives 12:45")
        let mixed = Self.node((Text("72") .font(.title) + Text("°F").foregroundColor(.secondary)).bold())
        guard case .hstack(let spacing, let alignment, let children) = mixed.kind else { Issue.record("\(mixed.kind)"); return }
        #expect(spacing == 0 && alignment == .firstTextBaseline)
        #expect(children.compactMap(Self.text).map(\.string) == ["72", "°F"])
        #expect(children.compactMap(Self.text).map(\.lineLimit) == [1, 1])
    }

    @Test("tracking and kerning add to the font's tracking; textCase writes the locale's case; truncationMode and lineSpacing reach the text")
    func trackingCaseAndLines() throws {
        let plain = try #require(Self.text(Self.node(Text("istanbul"))))
        let tracked = try #require(Self.text(Self.node(Text("istanbul").kerning(1.5))))
        #expect(abs(tracked.font.tracking - plain.font.tracking - 1.5) < 1e-9)
        guard case .vstack(_, _, let stacked) = Self.node(VStack { Text("istanbul") }.tracking(2)).kind else { Issue.record("no stack"); return }
        let viewTracked = try #require(stacked.first.flatMap(Self.text))
        #expect(abs(viewTracked.font.tracking - plain.font.tracking - 2) < 1e-9)
        #expect(Self.text(Self.node(Text("istanbul").textCase(.uppercase)))?.string == "ISTANBUL")
        #expect(Self.text(Self.node(Text("istanbul").textCase(.uppercase), locale: "tr-TR"))?.string == "İSTANBUL")
        let middle = try #require(Self.text(Self.node(Text("x").truncationMode(.middle).lineSpacing(3))))
        #expect(middle.truncationMode == .middle)
        #expect(abs(middle.font.lineSpacing - plain.font.lineSpacing - 3) < 1e-9)
    }

    @Test("underline and strikethrough take the text's colour unless given one; baselineOffset raises without moving layout")
    func linesAndOffset() throws {
        let under = try #require(Self.text(Self.node(Text("x").foregroundColor(.black).underline())))
        #expect(under.underline == RGBA(r: 0, g: 0, b: 0) && under.strikethrough == nil)
        let struck = try #require(Self.text(Self.node(Text("x").strikethrough(color: .red))))
        #expect(struck.strikethrough == Color.red.rgba(in: EnvironmentValues(look: Look())))
        let raised = Self.node(Text("x").baselineOffset(4))
        #expect(raised.modifiers == [.offset(x: 0, y: -4)])
        #expect(Self.text(Self.node(Text("x").italic()))?.font.italic == true)
        #expect(Self.text(Self.node(Text("x").font(.body.italic())))?.font.italic == true)
    }

    /// Ink (dark pixels) per row of a 120 × 40 canvas with the text alone.
    static func inkRows<V: SwiftUI.View>(_ view: V) throws -> [Int] {
        let picture = try CanvasPicture(view.foregroundColor(.black), width: 120, height: 40)
        return (0..<picture.rgba.height).map { y in (0..<picture.rgba.width).filter { x in picture.at(x, y)[0] < 200 }.count }
    }

    @Test("an underline is a row of ink under the letters; italic slants the same letters")
    func pixels() throws {
        let plain = try Self.inkRows(Text("HHHH"))
        let under = try Self.inkRows(Text("HHHH").underline())
        // A row below the letters' last inked row has ink only when underlined, as wide as the word.
        let lastPlainRow = try #require(plain.lastIndex { $0 > 0 })
        let extra = under.indices.filter { $0 > lastPlainRow && under[$0] > 0 }
        #expect(!extra.isEmpty, "\(under)")
        #expect(extra.map { under[$0] }.max() ?? 0 >= 30, "\(under)")
        let italic = try Self.inkRows(Text("HHHH").italic())
        #expect(italic != plain, "the italic text draws other pixels")
    }
}

@Suite("dates, texts and formats inside a localized string")
struct LocalizedInterpolationTests {
    @Test("\\(date, style: .relative) is written at the render's now; \\(Text) and \\(value, format:) in place")
    func lateArguments() {
        var look = Look(locale: "en-US")
        look.now = Date(timeIntervalSince1970: 1_800_000_000)
        let environment = EnvironmentValues(look: look)
        let due = look.now.addingTimeInterval(2 * 3600 + 5 * 60)
        let node = ViewResolver.node(Text("Due in \(due, style: .relative) · \(Text("now").bold()) · \(2.5, format: .number)"), in: environment)
        guard case .text(let text) = node.kind else { Issue.record("\(node.kind)"); return }
        #expect(text.string == "Due in 2 hr, 5 min · now · 2.5", "\(text.string)")
    }
}
