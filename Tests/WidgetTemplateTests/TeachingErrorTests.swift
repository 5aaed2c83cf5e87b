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
}
