import Foundation
import Testing
@testable import WidgetImport
import WidgetModel

/// Stage 4, translate modifiers: a chain read off a view, each modifier applied to the nodes in
/// order, what is dropped, what becomes a TODO.
@Suite struct ModifierStageTests {
    static func text(_ s: String = "a") -> DraftNode { DraftNode("text", .string(s)) }

    @Test func theChainIsReadInTheOrderSwiftUIAppliesIt() throws {
        let t = try StageSupport.translator()
        let (e, scope) = try #require(t.snippet("Text(\"a\").font(.caption).padding().foregroundStyle(Color.red.opacity(0.5))"))
        let (root, chain) = t.modifierChain(e, scope)
        #expect(root.trimmedDescription == "Text(\"a\")")
        #expect(chain.map(\.name) == ["font", "padding", "foregroundStyle"])
        #expect(chain.map(\.spot.column) == [11, 26, 36])
    }

    @Test func layoutModifiersBecomeOrderedEntries() throws {
        let t = try StageSupport.translator()
        let nodes = t.applyModifiers(of: "X().padding(.horizontal, 8).padding(.vertical, 4).frame(maxWidth: .infinity).opacity(0.5)", to: [Self.text()])
        let n = try #require(nodes.first)
        #expect(n.entries.map(\.0) == ["padding", "frame", "opacity"])
        // Paddings one after the other add up.
        #expect(StageSupport.yaml(nodes).contains("padding: { horizontal: 8, vertical: 4 }"))
        #expect(n["opacity"]?.numberValue == 0.5)
        #expect(StageSupport.report(t).modifiers == ImportReport.Counts(translated: 4, partly: 0, placeholder: 0))
    }

    @Test func aRepeatedModifierWrapsTheView() throws {
        let t = try StageSupport.translator()
        let nodes = t.applyModifiers(of: "X().opacity(0.5).opacity(0.5)", to: [Self.text()])
        let n = try #require(nodes.first)
        #expect(n.kind == "zstack")
        #expect(n["opacity"]?.numberValue == 0.5)
        #expect(n.children?.first?["opacity"]?.numberValue == 0.5)
    }

    @Test func fontsGoOnATextOrAsAContainersFont() throws {
        let t = try StageSupport.translator()
        let onText = try #require(t.applyModifiers(of: "X().font(.caption.bold()).monospacedDigit()", to: [Self.text()]).first)
        #expect(onText["style"]?.stringValue == "caption")
        #expect(onText["bold"] != nil)
        #expect(onText["monospacedDigit"] != nil)
        let stack = DraftNode.stack("vstack", [Self.text()], origin: nil)
        let onStack = try #require(t.applyModifiers(of: "X().font(.caption.bold())", to: [stack]).first)
        #expect(StageSupport.yaml([onStack]).contains("font: { style: caption, weight: bold }"))
    }

    @Test func nonVisualModifiersAreDroppedAndListed() throws {
        let t = try StageSupport.translator()
        let nodes = t.applyModifiers(of: "X().widgetURL(url).accessibilityLabel(\"x\").privacySensitive()", to: [Self.text()])
        #expect(nodes.first?.entries.isEmpty == true)
        let report = StageSupport.report(t)
        #expect(report.dropped.map(\.modifier) == ["widgetURL", "accessibilityLabel", "privacySensitive"])
        #expect(report.modifiers.total == 0)
    }

    @Test func whatTheLayoutLacksIsLeftOutWithATodo() throws {
        let t = try StageSupport.translator()
        let nodes = t.applyModifiers(of: "X().shadow(radius: 2).italic()", to: [Self.text()])
        #expect(nodes.first?.entries.isEmpty == true)
        let report = StageSupport.report(t)
        #expect(report.modifiers == ImportReport.Counts(translated: 0, partly: 0, placeholder: 2))
        #expect(report.todos.map(\.construct) == [".shadow", ".italic"])
        #expect(report.todos.allSatisfy { $0.why.hasSuffix("is not in the layout language: left out") })
    }

    @Test func surfaceModifiersSetTheSurfacesEffects() throws {
        let t = try StageSupport.translator()
        _ = t.applyModifiers(of: "X().containerBackground(.blue, for: .widget).keylineTint(.orange)", to: [Self.text()])
        #expect(t.surfaceEffects.background?.stringValue == "blue")
        #expect(t.surfaceEffects.keylineTint?.stringValue == "orange")
    }

    @Test func shapeStylesAndTrimOnShapes() throws {
        let t = try StageSupport.translator()
        let stroked = try #require(t.applyModifiers(of: "X().stroke(Color.red, style: StrokeStyle(lineWidth: 3, dash: [4, 2]))",
                                                    to: [DraftNode("circle")]).first)
        #expect(stroked["stroke"]?.stringValue == "red")
        #expect(stroked["lineWidth"]?.numberValue == 3)
        #expect(StageSupport.yaml([stroked]).contains("dash: [4, 2]"))
        let ring = try #require(t.applyModifiers(of: "X().trim(from: 0, to: 0.25).stroke(.green, lineWidth: 4)", to: [DraftNode("circle")]).first)
        #expect(ring.kind == "progress" && ring.value.numberValue == 0.25)
        #expect(ring["tint"]?.stringValue == "green" && ring["thickness"]?.numberValue == 4)
    }
}
