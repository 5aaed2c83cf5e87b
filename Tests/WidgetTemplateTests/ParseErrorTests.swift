import Testing
import WidgetModel
@testable import WidgetTemplate

@Suite struct ParseErrorTests {
    func only(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
        let errors = parseErrors(yaml, sourceLocation: sourceLocation)
        #expect(errors.count == 1, "\(errors)", sourceLocation: sourceLocation)
        return errors.first
    }

    @Test("invalid YAML is one error at the line and column of the fault") func malformedYAML() throws {
        let d = try #require(only("""
        surfaces:
          systemSmall:
            view: { text: hi
            background: red
        """))
        #expect(d.location?.file == "t.yaml")
        #expect(d.location?.line == 4)
        #expect(d.location?.column == 15)
        #expect(d.message.hasPrefix("invalid YAML"))
        #expect(d.description.hasPrefix("t.yaml:4:15: error: invalid YAML"))
    }

    @Test func unknownNodeKind() throws {
        let d = try #require(only("""
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: hi
                - hstak: []
        """))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 6, column: 11))
        #expect(d.message.contains("unknown node kind 'hstak'"))
        #expect(d.message.contains("did you mean hstack?"))
        #expect(d.message.contains("expected one of vstack, hstack"))
    }

    @Test("a node with two kinds is an error at the node") func twoKinds() throws {
        let d = try #require(only(layout(view: "text: a\nicon: clock")))
        #expect(d.location?.line == 5)
        #expect(d.location?.column == 7)
        #expect(d.message.contains("two node kinds"))
    }

    @Test("an unknown icon is an error at its value suggesting the nearest name") func unknownIcon() throws {
        let d = try #require(only(layout(view: "hstack:\n  - icon: bicycel")))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 5, column: 17))
        #expect(d.message.contains("unknown icon 'bicycel' (did you mean bicycle?)"))
    }

    @Test("an unknown color is an error at its value suggesting the nearest name") func badColor() throws {
        let d = try #require(only(layout(view: "text: hi\ncolor: orang")))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 5, column: 14))
        #expect(d.message == "unknown color 'orang' (did you mean orange?)")
    }

    @Test("a hex color of the wrong length is an error at its value") func badHex() throws {
        let d = try #require(only(layout(view: "rect:\nfill: \"#FF95\"")))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 5, column: 13))
        #expect(d.message.contains("bad hex color '#FF95'"))
    }

    @Test("a string where a number belongs is an error naming the key and the value") func wrongType() throws {
        let d = try #require(only(layout(view: "vstack: []\nspacing: \"wide\"")))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 5, column: 16))
        #expect(d.message == "expected a number for 'spacing', found string 'wide'")
    }

    @Test func unknownKeyWithSuggestion() throws {
        let d = try #require(only(layout(view: "text: hi\npaddng: 4")))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 5, column: 7))
        #expect(d.message.hasPrefix("unknown key 'paddng' for text (did you mean padding?)"))
    }

    @Test("a negative frame size is an error giving the allowed range") func negativeSize() throws {
        let d = try #require(only(layout(view: "rect:\nframe: { width: -5, height: 10 }")))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 5, column: 23))
        #expect(d.message == "expected 0…10000 for 'width', found -5")
    }

    @Test func hugeAndNaNSizes() {
        let huge = parseErrors(layout(view: "rect:\nframe: { width: 1e9 }"))
        #expect(huge.map(\.message) == ["expected 0…10000 for 'width', found 1e9"])
        let nan = parseErrors(layout(view: "rect:\nframe: { height: .nan }"))
        #expect(nan.map(\.message) == ["expected 0…10000 for 'height', found NaN"])
        let infinite = parseErrors(layout(view: "rect:\nframe: { width: .inf }"))
        #expect(infinite.count == 1)
        // `infinity` is fine for max sizes.
        #expect(document(layout(view: "rect:\nframe: { maxWidth: infinity, maxHeight: .inf }")) != nil)
    }

    @Test("an unknown surface is an error at its key suggesting the nearest name") func unknownSurface() throws {
        let d = try #require(only("""
        surfaces:
          systemSmal:
            view: { text: hi }
        """))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 2, column: 3))
        #expect(d.message.hasPrefix("unknown surface 'systemSmal' (did you mean systemSmall?)"))
    }

    @Test func regionOnPlainSurface() throws {
        let d = try #require(only("""
        surfaces:
          systemSmall:
            leading: { text: hi }
        """))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 3, column: 5))
        #expect(d.message.contains("region 'leading' on systemSmall"))
    }

    @Test("a surface without view: is an error at the surface") func missingView() throws {
        let d = try #require(only("""
        surfaces:
          systemSmall:
            background: white
        """))
        #expect(d.location == SourceLocation(file: "t.yaml", line: 3, column: 5))
        #expect(d.message == "missing 'view:' for systemSmall")
    }

    @Test func unknownStyleWeightAlignment() {
        #expect(parseErrors(layout(view: "text: hi\nstyle: headlin")).map(\.message).first?.contains("unknown style 'headlin' (did you mean headline?)") == true)
        #expect(parseErrors(layout(view: "text: hi\nweight: hefty")).map(\.message).first?.contains("unknown weight 'hefty'") == true)
        #expect(parseErrors(layout(view: "vstack: []\nalignment: top")).map(\.message).first?.contains("unknown alignment 'top'") == true)
    }

    @Test("an unknown component is an error suggesting the nearest; recursive components are an error showing the cycle") func components() {
        let unknown = parseErrors(layout(view: "use: stepBr", extra: "components:\n  stepBar: { text: a }\n"))
        #expect(unknown.map(\.message) == ["unknown component 'stepBr' (did you mean stepBar?) (expected one of stepBar)"])
        #expect(unknown.first?.location == SourceLocation(file: "t.yaml", line: 4, column: 12))
        let recursive = parseErrors(layout(view: "use: a", extra: """
        components:
          a: { vstack: [ { use: b } ] }
          b: { hstack: [ { use: a } ] }
        """))
        #expect(recursive.map(\.message) == ["component recursion: a → b → a"])
    }

    @Test("a preview extending an unknown preview, or previews extending each other, is one error") func previewExtends() {
        let unknown = parseErrors(layout(view: "text: hi", extra: """
        previews:
          a: { data: {} }
          b: { extends: c }
        """))
        #expect(unknown.map(\.message) == ["'b' extends unknown preview 'c' (expected one of a, b)"])
        #expect(unknown.first?.location == SourceLocation(file: "t.yaml", line: 7, column: 17))
        let cycle = parseErrors(layout(view: "text: hi", extra: """
        previews:
          a: { extends: b }
          b: { extends: a }
        """))
        #expect(cycle.count == 1)
        #expect(cycle.first?.message.contains("cycle") == true)
    }

    @Test("a missing or unknown filter, an unclosed binding and = for == are errors at their column") func malformedBindings() throws {
        let empty = try #require(only(layout(view: "text: \"Hi {{order.name | }}\"")))
        #expect(empty.message.hasPrefix("missing filter name after '|'"))
        #expect(empty.location == SourceLocation(file: "t.yaml", line: 4, column: 30))
        let unknown = try #require(only(layout(view: "text: \"{{order.eta | tiem}}\"")))
        #expect(unknown.message.hasPrefix("unknown filter 'tiem' (did you mean time?)"))
        #expect(unknown.location == SourceLocation(file: "t.yaml", line: 4, column: 28))
        let unclosed = try #require(only(layout(view: "text: \"{{order.eta\"")))
        #expect(unclosed.message.contains("unclosed"))
        let badWhen = try #require(only(layout(view: "text: hi\nwhen: a = b")))
        #expect(badWhen.message.contains("expected '=='"))
        #expect(badWhen.location == SourceLocation(file: "t.yaml", line: 5, column: 15))
    }

    @Test func manyErrorsAtOnce() {
        let errors = parseErrors(layout(view: "vstack:\n  - text: hi\n    colr: red\n  - icon: nope\n  - rect:\n    fill: orang"))
        #expect(errors.count == 3)
    }
}
