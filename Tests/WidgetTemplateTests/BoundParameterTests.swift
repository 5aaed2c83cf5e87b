import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Every parameter accepts a binding, checked against its type when bound.
@Suite struct BoundParameterTests {
    @Test("a boolean parameter (countsDown) can be bound from data without a type error") func boundBoolean() throws {
        // The issue's case: `countsDown: '{{t.down}}'` was rejected ("expected true or false … found string").
        let view = """
        vstack:
          - progress: { start: "{{t.start}}", end: "{{t.end}}", countsDown: "{{t.down}}" }
        """
        func fraction(_ down: Bool) throws -> Double {
            let data = #"{"t": {"start": "2026-11-22T12:17:00+09:00", "end": "2026-11-22T12:42:00+09:00", "down": \#(down)}}"#
            let bound = try #require(bindView(view, data: data))
            #expect(bound.diagnostics.isEmpty, "\(bound.diagnostics)")
            guard case .progress(let p)? = bound.view?.children.first?.kind else { Issue.record("no progress"); return -1 }
            return p.fraction
        }
        #expect(abs(try fraction(false) - 0.4) < 1e-9)     // 10 of 25 minutes
        #expect(abs(try fraction(true) - 0.6) < 1e-9)
    }

    @Test func boundAlignmentAndSpacing() throws {
        let view = """
        vstack:
          - text: a
          - text: bb
        alignment: "{{layout.align}}"
        spacing: "{{layout.gap}}"
        """
        for (align, expected) in [("leading", HorizontalAlignment.leading), ("trailing", .trailing)] {
            let bound = try #require(bindView(view, data: #"{"layout": {"align": "\#(align)", "gap": 7}}"#))
            #expect(bound.diagnostics.isEmpty, "\(bound.diagnostics)")
            guard case .vstack(let spacing, let alignment, let children)? = bound.view?.kind else { Issue.record("no vstack"); return }
            #expect(alignment == expected)
            #expect(spacing == 7)
            #expect(children.count == 2)
        }
    }

    @Test func boundTextAndModifierParameters() throws {
        let view = """
        text: hello
        lineLimit: "{{n}}"
        frame: { width: "{{w * 2}}", alignment: "{{a}}" }
        """
        let bound = try #require(bindView(view, data: #"{"n": 2, "w": 30, "a": "leading"}"#))
        #expect(bound.diagnostics.isEmpty, "\(bound.diagnostics)")
        let node = try #require(bound.view)
        #expect(node.text?.lineLimit == 2)
        #expect(node.modifiers.contains(.frame(FrameSpec(width: 60, alignment: Alignment(horizontal: .leading, vertical: .center)))))
    }

    @Test func perItemInForEach() throws {
        let view = """
        forEach: "{{rows}}"
        as: row
        content:
          hstack:
            - text: "{{row.name}}"
          spacing: "{{row.gap}}"
        """
        let bound = try #require(bindView("vstack:\n  - " + view.replacingOccurrences(of: "\n", with: "\n    "),
                                          data: #"{"rows": [{"name": "a", "gap": 1}, {"name": "b", "gap": 9}]}"#))
        #expect(bound.diagnostics.isEmpty, "\(bound.diagnostics)")
        let spacings = bound.view?.children.compactMap { n -> Double? in
            if case .hstack(let s, _, _) = n.kind { return s }; return nil
        }
        #expect(spacings == [1, 9])
        #expect(bound.view?.texts == ["a", "b"])
    }

    @Test func wrongBoundValueIsALocatedError() throws {
        let view = """
        vstack:
          - text: a
        alignment: "{{layout.align}}"
        """
        let bound = try #require(bindView(view, data: #"{"layout": {"align": "sideways"}}"#))
        let d = try #require(bound.diagnostics.first)
        #expect(d.severity == .error)
        #expect(d.message.hasPrefix("unknown alignment 'sideways'"), "\(d.message)")
        #expect(d.message.contains("(expected one of leading, center, trailing)"))
        #expect(d.message.hasSuffix("(from a binding: the value is checked as if written there)"))
        #expect(d.location?.line == 6)      // the binding's line
        #expect(d.location?.column == 18)
        let n = try #require(bindView("text: a\nlineLimit: '{{n}}'", data: #"{"n": "many"}"#))
        #expect(n.diagnostics.first?.message.hasPrefix("expected a number for 'lineLimit', found string 'many'") == true, "\(n.diagnostics)")
    }

    /// In a layout's own preview a bound value that does not fit is a lint warning naming the place,
    /// the parameter and the value, and the preview binds with the parameter at its default.
    @Test func wrongBoundValueInAPreviewIsAWarningAndTheDefault() throws {
        let yaml = layout(view: """
        vstack:
          - text: a
            lineLimit: "{{style.lines}}"
          - text: b
        alignment: "{{style.align}}"
        spacing: 4
        """, extra: """
        previews:
          bad: { now: 2026-11-22T12:27:00+09:00, data: { style: { align: sideways, lines: many } } }
          good: { now: 2026-11-22T12:27:00+09:00, data: { style: { align: leading, lines: 2 } } }
        """)
        let doc = try #require(document(yaml))
        let lint = Linter.lint(doc)
        let text = lint.map(\.description)
        #expect(lint.allSatisfy { $0.severity == .warning }, "\(text)")
        #expect(text.contains { $0.hasPrefix("/tmp/widgetshot-tests/t.yaml:8:18: warning: unknown alignment 'sideways'") }, "\(text)")
        #expect(text.contains { $0.hasPrefix("/tmp/widgetshot-tests/t.yaml:6:22: warning: expected a number for 'lineLimit', found string 'many'") }, "\(text)")
        #expect(text.allSatisfy { $0.hasSuffix("(from a binding in this preview's data: the parameter keeps its default)") })

        let bad = try #require(doc.previews.first { $0.name == "bad" })
        var preview = context()
        preview.isPreview = true
        let shown = doc.bind(surface: .systemSmall, data: bad.data, context: preview)
        #expect(shown.diagnostics.map(\.severity) == [.warning, .warning])
        guard case .vstack(let spacing, let alignment, let children)? = shown.view?.kind else { Issue.record("no stack"); return }
        #expect(alignment == .center && spacing == 4 && children.count == 2)
        #expect(children.first?.text?.lineLimit == nil)
        // The same data bound as data (not a preview): an error, and nothing to show.
        let asData = doc.bind(surface: .systemSmall, data: bad.data, context: context())
        #expect(asData.diagnostics.contains { $0.severity == .error })
    }

    @Test func literalErrorsStayParseErrors() {
        // Without a binding, a wrong literal is still a parse error, and a bad binding's syntax too.
        #expect(!parseErrors(layout(view: "vstack: []\nalignment: sideways")).isEmpty)
        let bad = parseErrors(layout(view: "vstack: []\nspacing: '{{a +}}'"))
        #expect(bad.first?.message.contains("expected a value") == true, "\(bad)")
    }
}
