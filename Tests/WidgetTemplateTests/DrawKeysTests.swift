import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// The layout keys of the drawing slice: rotation/scale effects, template images,
/// inherited text settings, container backgrounds as views, the island's keyline.
@Suite struct DrawKeysTests {
    func texts(_ node: ViewNode) -> [TextContent] {
        switch node.kind {
        case .text(let t): return [t]
        case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c): return c.flatMap(texts)
        default: return []
        }
    }

    @Test func rotationScaleAndAnchor() throws {
        let bound = try #require(bindView("""
        rect:
        rotation: -20
        scale: { x: 2, y: 0.5 }
        anchor: bottomLeading
        """))
        #expect(bound.view?.modifiers == [.rotation(degrees: -20, anchor: .bottomLeading),
                                          .scale(x: 2, y: 0.5, anchor: .bottomLeading)])
        let plain = try #require(bindView("rect:\nscale: 1.5\nanchor: { x: 0.25, y: 1 }"))
        #expect(plain.view?.modifiers == [.scale(x: 1.5, y: 1.5, anchor: UnitPoint(x: 0.25, y: 1))])
    }

    /// On an image, `scale:` stays the asset's pixel density; the effect is `scaleEffect:`.
    @Test func imageScaleIsTheAssetScale() throws {
        let errors = parseErrors(layout(view: "rect:\nanchor: top"))
        #expect(errors.map(\.message).contains { $0.contains("'anchor' without 'rotation' or 'scale'") })
        let bad = parseErrors(layout(view: "rect:\nrotation: left"))
        #expect(bad.count == 1 && bad[0].message.contains("rotation"))
    }

    @Test func imageColorMakesATemplate() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-draw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A valid 1×1 PNG (opaque white).
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
                            8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8,
                            0xFF, 0xFF, 0xFF, 0x7F, 0x00, 0x09, 0xFB, 0x03, 0xFD, 0xE3, 0x55, 0xF2, 0x9C, 0, 0, 0, 0, 0x49, 0x45,
                            0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        try Data(png).write(to: dir.appendingPathComponent("pot.png"))
        let yaml = layout(view: """
        vstack:
          - image: pot.png
            color: orange
          - image: pot.png
            renderingMode: template
          - image: pot.png
          - image: pot.png
            renderingMode: original
            color: orange
        color: blue
        """)
        let doc = try LayoutLoader.parse(yaml, path: dir.appendingPathComponent("t.yaml").path)
        let bound = doc.bind(surface: .systemSmall, data: .object([:]), context: context())
        guard case .vstack(_, _, let children)? = bound.view?.kind else { Issue.record("no stack"); return }
        let tints: [Paint?] = children.map { if case .image(let i) = $0.kind { return i.tint } else { return nil } }
        let orange = SystemColors.color(named: "orange", scheme: .light)!
        let blue = SystemColors.color(named: "blue", scheme: .light)!
        #expect(tints == [.color(orange), .color(blue), nil, nil])
    }

    @Test func textSettingsInheritFromAStack() throws {
        let bound = try #require(bindView("""
        vstack:
          - text: a
          - text: b
            lineLimit: 3
            multilineAlignment: leading
          - hstack:
              - text: c
            minimumScaleFactor: 0.5
        lineLimit: 1
        multilineAlignment: center
        monospacedDigit: true
        """))
        let t = texts(try #require(bound.view))
        #expect(t.map(\.lineLimit) == [1, 3, 1])
        #expect(t.map(\.alignment) == [.center, .leading, .center])
        #expect(t.map(\.minimumScaleFactor) == [1, 1, 0.5])
        #expect(t.allSatisfy { $0.font.monospacedDigits })
    }

    /// `truncationMode` inherits as `lineLimit` does: from a stack and through a `use:`, a text's own winning.
    @Test func truncationModeInherits() throws {
        let bound = try #require(bindView("""
        vstack:
          - text: a
          - text: b
            truncationMode: tail
          - hstack:
              - text: c
              - use: label
            truncationMode: head
          - text: d
            truncationMode: '{{mode}}'
        truncationMode: middle
        lineLimit: 1
        """, data: #"{"mode": "head"}"#, extra: """
        components:
          label:
            text: e
        """))
        let t = texts(try #require(bound.view))
        #expect(t.map(\.truncationMode) == [.middle, .tail, .head, .head, .head])
        #expect(t.map(\.lineLimit) == [1, 1, 1, 1, 1])
        // Through a use: the component's text takes what the use sets.
        let used = try #require(bindView("use: label\ntruncationMode: head", extra: """
        components:
          label:
            vstack:
              - text: one
              - text: two
                truncationMode: tail
        """))
        #expect(texts(try #require(used.view)).map(\.truncationMode) == [.head, .tail])
        // Unset: tail, as in SwiftUI.
        #expect(texts(try #require(bindView("text: x")?.view)).map(\.truncationMode) == [.tail])
        #expect(parseErrors(layout(view: "text: x\ntruncationMode: start")).first?.message.contains("head, middle, tail") == true)
    }

    @Test func textSettingsInheritThroughUse() throws {
        let bound = try #require(bindView("""
        use: label
        lineLimit: 2
        font: caption
        color: red
        """, extra: """
        components:
          label:
            vstack:
              - text: "one two three"
              - text: x
                lineLimit: 1
        """))
        let t = texts(try #require(bound.view))
        #expect(t.map(\.lineLimit) == [2, 1])
        #expect(t[0].font.size == TextStyle.caption.size)
        #expect(t[0].color == .color(SystemColors.color(named: "red", scheme: .light)!))
    }

    @Test func containerBackgroundAsAView() throws {
        let doc = try #require(document("""
        surfaces:
          lockScreen:
            background:
              zstack:
                - rect:
                  fill: { linearGradient: [blue, black] }
                - text: bg
            view: { text: front }
        """))
        let bound = doc.bind(surface: .lockScreen, data: .object([:]), context: context(.lockScreen))
        #expect(bound.background == nil)
        guard case .zstack(_, let c)? = bound.backgroundView?.kind else { Issue.record("no background view"); return }
        #expect(c.count == 2)
        let paint = try #require(document("surfaces:\n  systemSmall:\n    background: red\n    view: { text: x }"))
        let p = paint.bind(surface: .systemSmall, data: .object([:]), context: context())
        #expect(p.background != nil && p.backgroundView == nil)
    }

    @Test func islandRejectsWhatItDoesNotHonour() {
        for surface in ["islandMinimal:\n    view: { text: x }", "islandCompact:\n    leading: { text: x }\n    trailing: { text: y }"] {
            for key in ["background: red", "margins: 4"] {
                let errors = parseErrors("surfaces:\n  \(surface)\n    \(key)")
                #expect(errors.count == 1)
                #expect(errors.first?.message.contains("does not honour") == true)
            }
        }
        let misplaced = parseErrors("surfaces:\n  systemSmall:\n    view: { text: x }\n    keylineTint: red")
        #expect(misplaced.first?.message.contains("Dynamic Island") == true)
    }

    @Test func keylineTintBinds() throws {
        let doc = try #require(document("surfaces:\n  islandMinimal:\n    view: { text: x }\n    keylineTint: \"{{c}}\""))
        let bound = doc.bind(surface: .islandMinimal, data: .object(["c": .string("#FF0000")]), context: context(.islandMinimal))
        #expect(bound.keylineTint == .color(RGBA(r: 1, g: 0, b: 0)))
    }
}
