import Foundation
import Testing
import WidgetModel
@testable import WidgetImport

/// Square brackets nested deeper than `Limits.importBracketDepth` make swift-syntax's lookahead take
/// time that doubles per level (22 levels: about a minute; the import fuzz target timed out on
/// such input). The scan that guards the parser counts brackets in code only.
@Suite struct BracketDepthTests {
    @Test func countsNestedSquareBracketsInCode() {
        #expect(BracketDepth.firstTooDeep("let x = [[[1]]]", limit: 3) == nil)
        #expect(BracketDepth.firstTooDeep("let x = [[[[1]]]]", limit: 3) == 11)
        #expect(BracketDepth.firstTooDeep("let x = [([([(1)])])]", limit: 2) == 12)  // other brackets between do not hide them
        #expect(BracketDepth.firstTooDeep("[1] [2] [3] [4] [5]", limit: 1) == nil)   // siblings are not nesting
        #expect(BracketDepth.firstTooDeep(String(repeating: "[", count: 4000), limit: 12) == 12)
    }

    @Test func bracketsInStringsAndCommentsDoNotCount() {
        let deep = String(repeating: "[", count: 40)
        #expect(BracketDepth.firstTooDeep("let s = \"\(deep)\"", limit: 3) == nil)
        #expect(BracketDepth.firstTooDeep("let s = #\"\(deep)\"# + \"a\\\"\(deep)\"", limit: 3) == nil)
        #expect(BracketDepth.firstTooDeep("let s = \"\"\"\n\(deep) \" \"\" \n\"\"\"", limit: 3) == nil)
        #expect(BracketDepth.firstTooDeep("// \(deep)\nlet a = 1 /* \(deep) /* nested */ \(deep) */", limit: 3) == nil)
        // Closing brackets in text cannot hide real ones either.
        #expect(BracketDepth.firstTooDeep("let x = [[ \"]]]]\" [[ /* ]] */ [[", limit: 5) == 31)
    }

    @Test func interpolationIsCode() {
        #expect(BracketDepth.firstTooDeep(#"let s = "a\([[[[1]]]].count) b""#, limit: 3) == 15)
        #expect(BracketDepth.firstTooDeep(#"let s = "a\(f(1)) [[[[ \(g("[[[[", 2))""#, limit: 3) == nil)
        #expect(BracketDepth.firstTooDeep(##"let s = #"a\(x) \#([[[[1]]]])"#"##, limit: 3) == 22)
    }

    @Test func aTooDeepFileIsSkippedWithAWarningNamingTheLimit() throws {
        let deep = "let table = " + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n"
        let good = ImportSupport.widget("Text(\"ok\")")
        let r = try WidgetImporter.run(texts: [("Deep.swift", deep), ("Widget.swift", good)], options: ImportOptions(name: "draft"))
        #expect(r.report.warnings.map(\.description) == [
            "Deep.swift:1:25: warning: square brackets nested more than 12 deep (Limits.importBracketDepth): this file is skipped",
        ], "\(r.report.warnings)")
        #expect(ImportSupport.component(r.yaml).contains("text: ok"))
    }

    /// swift-syntax's diagnostics generator is quadratic in missing tokens (200,000 `(`: 26 s in a
    /// debug build); a file with more than 50 problems gets one warning at the first.
    @Test func manySyntaxProblemsAreOneWarning() throws {
        let broken = "struct V: View { var body: some View { Text(\"a\") } }\nlet x = " + String(repeating: "(", count: 150) + "\n"
        let r = try WidgetImporter.run(texts: [("Broken.swift", broken)], options: ImportOptions(name: "draft"))
        let syntax = r.report.warnings.filter { $0.message.hasPrefix("syntax:") }
        #expect(syntax.count == 1, "\(syntax)")
        #expect(syntax.first?.message.hasSuffix("syntax problems in this file, the first here (translated what parsed)") == true, "\(syntax)")
        #expect(syntax.first?.spot.line == 2, "\(syntax)")
        let few = try WidgetImporter.run(texts: [("Few.swift", "struct V: View { var body: some View { Text(\"a\" } }\n")], options: ImportOptions(name: "draft"))
        #expect(few.report.warnings.contains { $0.message.hasPrefix("syntax: expected ')'") }, "\(few.report.warnings)")
    }
}
