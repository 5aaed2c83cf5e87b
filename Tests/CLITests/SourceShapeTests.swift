import Foundation
import Testing
import TestSupport

/// The shape the codebase keeps (docs/architecture.md): shells thin and the importer in short
/// functions. Function lengths are measured by their braces, skipping string literals and
/// comments: rough, but the same on every machine, and enough to keep a `run()` from growing a
/// benchmark loop again.
@Suite("the shells stay thin and the importer's functions short")
struct SourceShapeTests {
    struct Function { var file: String, line: Int, name: String, lines: Int }

    /// Every `func`/`init` body in the Swift files under `folder`, with its length in lines.
    static func functions(under folder: String) -> [Function] {
        let root = Project.root + "/" + folder
        let files = (FileManager.default.subpaths(atPath: root) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        return files.flatMap { file -> [Function] in
            guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { return [] }
            return measure(text.components(separatedBy: "\n"), file: folder + "/" + file)
        }
    }

    static func measure(_ lines: [String], file: String) -> [Function] {
        var found: [Function] = []
        for (start, line) in lines.enumerated() {
            guard let name = declaredName(line) else { continue }
            var depth = 0, opened = false
            for end in start..<lines.count {
                let code = stripped(lines[end])
                depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
                if code.contains("{") { opened = true }
                if opened && depth <= 0 {
                    found.append(Function(file: file, line: start + 1, name: name, lines: end - start + 1))
                    break
                }
                if !opened && end > start + 8 { break }  // a protocol requirement: no body
            }
        }
        return found
    }

    /// `run` for `    func run() throws {`, `init` for `public init(…`; nil for other lines.
    static func declaredName(_ line: String) -> String? {
        let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
        let modifiers: Set<Substring> = ["public", "private", "fileprivate", "internal", "static", "override", "mutating",
                                         "final", "nonisolated", "@discardableResult", "@inlinable", "package"]
        guard let first = words.firstIndex(where: { !modifiers.contains($0) && !$0.hasPrefix("@") }) else { return nil }
        if words[first] == "func", first + 1 < words.count {
            return String(words[first + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        if words[first].hasPrefix("init(") || words[first].hasPrefix("init?(") || words[first] == "init" { return "init" }
        return nil
    }

    /// The line without string literals and a trailing `//` comment.
    static func stripped(_ line: String) -> String {
        var out = "", inString = false, escaped = false
        var previous: Character = " "
        for c in line {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                continue
            }
            if c == "\"" { inString = true; continue }
            if c == "/" && previous == "/" { out.removeLast(); break }
            out.append(c); previous = c
        }
        return out
    }

    @Test("no command's run() is longer than 50 lines: the work lives in the libraries or in named steps")
    func commandsAreThin() {
        let long = (Self.functions(under: "Sources/WidgetShotCLI") + Self.functions(under: "Sources/WidgetShotImport"))
            .filter { $0.name == "run" && $0.lines > 50 }
        #expect(long.isEmpty, "\(long.map { "\($0.file):\($0.line) run() is \($0.lines) lines" })")
    }

    @Test("no function of the importer is longer than 80 lines: each stage is made of named steps")
    func importerFunctionsAreShort() {
        let long = Self.functions(under: "Sources/WidgetImport").filter { $0.lines > 80 }
        #expect(long.isEmpty, "\(long.map { "\($0.file):\($0.line) \($0.name) is \($0.lines) lines" })")
    }

    @Test("the measure counts a body's lines and skips braces in strings and comments")
    func theMeasureCountsBodies() {
        let text = """
            struct X {
                func run() throws {
                    let s = "{ not a brace"   // } nor this
                    if true {
                        print(s)
                    }
                }
                init(a: Int) { }
            }
            """
        let found = Self.measure(text.components(separatedBy: "\n"), file: "x.swift")
        #expect(found.map(\.name) == ["run", "init"])
        #expect(found.map(\.lines) == [6, 1])
    }
}
