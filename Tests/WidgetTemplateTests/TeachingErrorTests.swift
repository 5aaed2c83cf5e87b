import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Errors that teach.
@Suite struct TeachingErrorTests {
    @Test func unknownKeyListsOnlyKeysValidThere() throws {
        let d = parseErrors("""
        surfaces:
          islandCompact:
            leadng: { text: a }
            trailing: { text: b }
        """)
        let m = try #require(d.first?.message)
        #expect(m.contains("unknown key 'leadng' in islandCompact (did you mean leading?)"))
        // islandCompact rejects `view:`, so it is not offered.
        #expect(!m.contains("view"), "\(m)")
        let small = parseErrors(layout(view: "text: a", extra: "").replacingOccurrences(of: "    view:", with: "    viw:"))
        #expect(small.first?.message.contains("(did you mean view?)") == true)
    }

    @Test func imageAsAColorSuggestsTheNodeForm() throws {
        let d = parseErrors(layout(view: "text: a\nbackground: photo.png"))
        let m = try #require(d.first?.message)
        #expect(m == "'photo.png' is an image, not a color; an image background is a node: background: { image: photo.png, resizable: true }")
    }

    @Test func jsonDataFileErrorsSayJSON() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-expr-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Does not start with `{`: before, it went to the YAML reader and said "invalid YAML".
        let path = dir.appendingPathComponent("data.json").path
        try Array("\"order\": {\"eta\": 3,}\n".utf8).withUnsafeBufferPointer { try Data(buffer: $0).write(to: URL(fileURLWithPath: path)) }
        do {
            _ = try DataValue.load(path: path)
            Issue.record("expected an error")
        } catch {
            let m = error.diagnostics.first?.message ?? ""
            #expect(m.hasPrefix("invalid JSON"), "\(m)")
            #expect(!m.contains("YAML"))
        }
        // A broken JSON object says JSON too.
        try Array("{\"order\": {\"eta\": 3,}}".utf8).withUnsafeBufferPointer { try Data(buffer: $0).write(to: URL(fileURLWithPath: path)) }
        do { _ = try DataValue.load(path: path); Issue.record("expected an error") } catch {
            #expect(error.diagnostics.first?.message.hasPrefix("invalid JSON") == true)
        }
    }

    /// The commonest newcomer mistake: a stack's parameter written after its items, indented as an item
    /// would be. libyaml says only "did not find expected key"; the error says what is likely wrong and
    /// shows the right shape, at the line of the stray key.
    @Test func aParameterAfterTheItemsSaysWhereItBelongs() throws {
        let d = parseErrors("""
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: a
                - text: b
               spacing: 4
        """, file: "w.yaml")
        let e = try #require(d.first)
        #expect(e.location == SourceLocation(file: "w.yaml", line: 7, column: 8), "\(e)")
        #expect(e.message.hasPrefix("invalid YAML: did not find expected key"), "\(e.message)")
        #expect(e.message.contains("likely cause: 'spacing:'"), "\(e.message)")
        #expect(e.message.hasSuffix("\n    vstack:\n      - text: a\n    spacing: 4"), "\(e.message)")
    }

    /// `- spacing: 4` written as one more item, at the stack's own indentation.
    @Test func aParameterWrittenAsAnItemSaysItIsAKey() throws {
        let d = parseErrors("""
        surfaces:
          systemSmall:
            view:
              hstack:
                - text: a
                  color: red
                - text: b
              - alignment: top
        """, file: "w.yaml")
        let e = try #require(d.first)
        #expect(e.location == SourceLocation(file: "w.yaml", line: 8, column: 7), "\(e)")
        #expect(e.message.contains("likely cause: '- alignment:' is written as a list item"), "\(e.message)")
        #expect(e.message.hasSuffix("\n    hstack:\n      - text: a\n    alignment: top"), "\(e.message)")
    }

    /// A key among the items, lined up with neither the items nor the item above: libyaml's
    /// "did not find expected '-' indicator".
    @Test func aKeyAmongTheItemsSaysWhereItBelongs() throws {
        let d = parseErrors("""
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: a
                  style: headline
                 color: red
                - text: b
        """, file: "w.yaml")
        let e = try #require(d.first)
        #expect(e.location == SourceLocation(file: "w.yaml", line: 7, column: 10), "\(e)")
        #expect(e.message.hasPrefix("invalid YAML: did not find expected '-' indicator"), "\(e.message)")
        #expect(e.message.contains("likely cause: 'color:' is inside the list that starts at line 5"), "\(e.message)")
        // The item above has keys at column 11: lining up with them is the other way to mean it.
        #expect(e.message.contains("column 11"), "\(e.message)")
        #expect(e.message.hasSuffix("\n    vstack:\n      - text: a\n    color: red"), "\(e.message)")
    }

    /// `- spacing: 4` among the items at their indentation is valid YAML: a node without a kind. When
    /// all it holds is the stack's parameters or modifiers, it was meant for the stack.
    @Test func aStackParameterWrittenAsItsItemSaysWhereItBelongs() throws {
        let d = parseErrors("""
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: a
                - text: b
                - spacing: 4
        """, file: "w.yaml")
        let e = try #require(d.first)
        #expect(e.location == SourceLocation(file: "w.yaml", line: 7, column: 11), "\(e)")
        #expect(e.message.hasPrefix("'spacing' is a parameter of vstack, written as one of its items"), "\(e.message)")
        #expect(e.message.hasSuffix("\n    vstack:\n      - text: a\n    spacing: 4"), "\(e.message)")
    }

    /// Data files get libyaml's words alone: the stack example is about layouts.
    @Test func dataFilesGetNoLayoutHint() throws {
        do {
            _ = try DataValue.parse("order:\n  status: a\n eta: b\n", file: "d.yaml")
            Issue.record("expected an error")
        } catch {
            let m = error.diagnostics.first?.message ?? ""
            #expect(m.hasPrefix("invalid YAML"), "\(m)")
            #expect(!m.contains("likely cause"), "\(m)")
        }
    }
}
