import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

@Suite struct RobustnessTests {
    func loadErrors(bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
        let path = NSTemporaryDirectory() + "widgetshot-robust-\(UUID().uuidString).yaml"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try LayoutLoader.load(path: path)
            Issue.record("expected a LayoutError", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func deepFlowNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let errors = parseErrors("surfaces: " + deep)
        #expect(errors.count == 1)
        #expect(errors.first?.message == "nesting deeper than 256 levels (Limits.nestingDepth)")
        #expect(errors.first?.location?.line == 1)
        #expect(throws: LayoutError.self) { try DataValue.parse(deep, file: "d.json") }
        let objects = String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(throws: LayoutError.self) { try DataValue.parse(objects, file: "d.json") }
        // Unclosed, too.
        #expect(throws: LayoutError.self) { try DataValue.parse(String(repeating: "[", count: 10_000), file: "d.json") }
    }

    @Test func deepBlockNesting() {
        // 10,000 indentation levels take 50 MB of spaces: refused for size before anything reads it.
        var huge = [UInt8]()
        huge.reserveCapacity(50_100_000)
        for i in 0..<10_000 { huge += [UInt8](repeating: 0x20, count: i) + Array("k:\n".utf8) }
        let sizeErrors = parseErrors(String(decoding: huge, as: UTF8.self))
        #expect(sizeErrors.count == 1)
        #expect(sizeErrors.first?.message.hasSuffix("bytes, more than the limit of 2097152 bytes (Limits.documentBytes)") == true)
        // 1,500 levels fit in 2 MB: refused for depth, at the line that goes too deep.
        var yaml = ""
        for i in 0..<1_500 { yaml += String(repeating: " ", count: i) + "k\(i):\n" }
        let errors = parseErrors(yaml)
        #expect(errors.map(\.message) == ["nesting deeper than 256 levels (Limits.nestingDepth)"])
        #expect(errors.first?.location == SourceLocation(file: "t.yaml", line: 257, column: 257))
        // Sequences on one line: `- - - - x`.
        let dashes = String(repeating: "- ", count: 10_000) + "x"
        #expect(parseErrors(dashes).map(\.message) == ["nesting deeper than 256 levels (Limits.nestingDepth)"])
        // Sequences by indentation.
        var seq = ""
        for i in 0..<1_000 { seq += String(repeating: " ", count: i) + "-\n" }
        #expect(parseErrors(seq).map(\.message) == ["nesting deeper than 256 levels (Limits.nestingDepth)"])
        // Just under the limit is accepted by the check (and then read as data).
        var ok = ""
        for i in 0..<200 { ok += String(repeating: " ", count: i) + "k\(i):\n" }
        #expect(throws: Never.self) { try DataValue.parse(ok, file: "d.yaml") }
    }

    @Test func moderateNestingIsFine() {
        // 60 nested stacks (Limits.viewDepth is 64) parse and bind.
        var view = "text: leaf"
        for _ in 0..<60 { view = "vstack: [ { \(view) } ]" }
        let doc = document(layout(view: view))
        #expect(doc != nil)
        let bound = doc?.bind(surface: .systemSmall, data: .object([:]), context: context())
        #expect(bound?.view?.texts == ["leaf"])
    }

    @Test("a text longer than Limits.textLength is refused where it is written; under a higher limit it binds and lints as very long") func longString() throws {
        let long = String(repeating: "가나다 abc ", count: 10_000)
        // Longer than Limits.textLength: refused where it is written.
        let refused = parseErrors(layout(view: "text: \"\(long)\""))
        #expect(refused.map(\.message) == ["text is 80000 characters, more than the limit of 5000 (Limits.textLength)"])
        #expect(refused.first?.location == SourceLocation(file: "t.yaml", line: 4, column: 13))
        // With a higher limit it parses, warns and binds.
        var limits = Limits.default
        limits.textLength = 100_000
        limits.surfaceTextLength = 100_000
        let doc = try LayoutLoader.parse(layout(view: "text: \"\(long)\""), path: "t.yaml", limits: limits)
        let lint = Linter.lint(doc)
        #expect(lint.contains { $0.severity == .warning && $0.message.hasPrefix("very long string") })
        let bound = doc.bind(surface: .systemSmall, data: .object([:]), context: context())
        #expect(bound.view?.text?.string == long)
        // Long strings with bindings still parse quickly.
        let bindings = String(repeating: "{{a.b}} ", count: 10_000)
        #expect(document(layout(view: "text: \"\(bindings)\"")) != nil)
    }

    @Test("an empty or comment-only layout is the error empty layout file, and empty data is an error") func emptyFiles() {
        #expect(parseErrors("").map(\.message) == ["empty layout file"])
        #expect(parseErrors("   \n\n# only a comment\n").map(\.message) == ["empty layout file"])
        #expect(loadErrors(bytes: []).map(\.message) == ["empty layout file"])
        #expect(throws: LayoutError.self) { try DataValue.parse("", file: "d.json") }
    }

    @Test("bytes holding a NUL are refused as binary data, located at the NUL") func binaryGarbage() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var bytes = (0..<512).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes[100] = 0
            let errors = loadErrors(bytes: bytes)
            #expect(errors.count == 1)
            #expect(errors.first?.message.hasPrefix("binary data, not a text file") == true)
        }
        let nul = parseErrors("surfaces:\n  sys\u{0}temSmall: {}\n")
        #expect(nul.map(\.message) == ["binary data, not a text file (NUL byte at byte offset 15)"])
        #expect(nul.first?.location == SourceLocation(file: "t.yaml", line: 2, column: 6))
    }

    @Test func invalidUTF8() {
        let bytes = Array("surfaces:\n  x: \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        let errors = loadErrors(bytes: bytes)
        #expect(errors.map(\.message) == ["binary data, not a text file (invalid UTF-8 at byte offset 16)"])
        #expect(errors.first?.location?.line == 2)
        #expect(errors.first?.location?.column == 7)
        // Overlong encodings and surrogates are invalid too.
        #expect(loadErrors(bytes: [0x61, 0xC0, 0xAF]).count == 1)
        #expect(loadErrors(bytes: [0x61, 0xED, 0xA0, 0x80]).count == 1)
    }

    @Test("a control character in a layout is one error on its line") func controlCharacters() {
        let errors = parseErrors("surfaces:\n  a: \"\u{7}\"\n")
        #expect(errors.count == 1)
        #expect(errors.first?.location?.line == 2)
    }

    @Test("a layout or data file over Limits.documentBytes is refused by its size") func tooLarge() {
        let big = "# " + String(repeating: "x", count: 2 * 1024 * 1024) + "\n"
        #expect(parseErrors(big).first?.message == "layout file is 2097155 bytes, more than the limit of 2097152 bytes (Limits.documentBytes)")
        #expect(throws: LayoutError.self) { try DataValue.parse(big, file: "d.yaml") }
    }

    @Test("a YAML alias bomb in data is refused, not expanded") func aliasBomb() {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for i in 0..<10 {
            let name = "b\(i)"
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        #expect(throws: LayoutError.self) { try DataValue.parse(yaml, file: "bomb.yaml") }
    }

    @Test("a layout of the wrong shape or with an out-of-range value is a parse error, never a crash") func wrongShapes() {
        #expect(!parseErrors("- just\n- a list\n").isEmpty)
        #expect(!parseErrors("surfaces: 3").isEmpty)
        #expect(!parseErrors("surfaces:\n  systemSmall:\n    view: 42\n").isEmpty)
        #expect(!parseErrors("surfaces:\n  systemSmall:\n    view:\n      - text: a\n").isEmpty)
        #expect(!parseErrors(layout(view: "text: hi\nframe: { width: -0.5 }")).isEmpty)
        #expect(!parseErrors(layout(view: "text: hi\npadding: -3")).isEmpty)
        #expect(!parseErrors(layout(view: "text: hi\nopacity: 2")).isEmpty)
        #expect(!parseErrors(layout(view: "text: hi\nlineLimit: 1.5")).isEmpty)
        #expect(!parseErrors(layout(view: "progress: 3")).isEmpty)
        #expect(!parseErrors(layout(view: "text: {fr: a, nope: b}")).isEmpty)
        #expect(!parseErrors("surfaces: {}\nprevious: {}").isEmpty)
    }
}

@Suite struct DepthCheckTests {
    @Test func atTheLimitParsesWithoutCrashing() throws {
        let flow = String(repeating: "[", count: 250) + "1" + String(repeating: "]", count: 250)
        var value = try DataValue.parse(flow, file: "d.json")
        var depth = 0
        while case .array(let a) = value, let first = a.first { value = first; depth += 1 }
        #expect(depth == 250)
        #expect(value == .number(1))
    }

    @Test func commentsAndQuotesCannotHideNesting() {
        var yaml = ""
        for i in 0..<600 { yaml += String(repeating: " ", count: i) + "k\(i):\n# comment\n" }
        #expect(parseErrors(yaml).map(\.message) == ["nesting deeper than 256 levels (Limits.nestingDepth)"])
        // A stray bracket or quote in a plain scalar does not switch the check off.
        let stray = "a: x [ y 'z\n" + String(repeating: "- ", count: 5_000) + "x\n"
        #expect(parseErrors(stray).map(\.message) == ["nesting deeper than 256 levels (Limits.nestingDepth)"])
    }

    @Test func ordinaryTextIsNotMistakenForNesting() throws {
        var yaml = "surfaces:\n  systemSmall:\n    view:\n      vstack:\n"
        for i in 0..<300 {
            yaml += "        - text: \"it's [\(i)\"\n        - text: don't { stop\n"
        }
        yaml += "previews:\n  a:\n    data: { note: \"# not a comment\", list: [a, [b, {c: d}]] }\n"
        yaml += "components:\n  art:\n    text: |\n" + (0..<400).map { String(repeating: " ", count: 6 + $0) + "x" }.joined(separator: "\n") + "\n"
        var limits = Limits.default
        limits.textLength = 100_000   // the block scalar is 80,600 characters
        let doc = try LayoutLoader.parse(yaml, path: "t.yaml", limits: limits)
        #expect(doc.surfaces == [.systemSmall])
    }
}
