import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Issue 7's reproductions: inputs that crashed (stack overflow) or hung the template stage now give
/// a located error naming the limit, and inputs just inside each limit still work.
@Suite struct LimitsTests {
    /// Milliseconds `body` takes: a bound on hangs (the old code took tens of seconds), not a speed test.
    func elapsed(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// previews p0 … p(count-1), each extending the one before; returns the YAML and the line of p(i)'s `extends:`.
    func extendsChain(_ count: Int) -> (yaml: String, extendsLine: (Int) -> Int) {
        var yaml = layout(view: "text: \"{{n}}\"") + "previews:\n  p0:\n    data: { n: 0 }\n"
        for i in 1..<count { yaml += "  p\(i):\n    extends: p\(i - 1)\n    data: { n: \(i) }\n" }
        // layout() is 4 lines, `previews:` line 5, p0 lines 6-7; p(i) starts at 8 + 3(i-1), its extends one line below.
        return (yaml, { i in 9 + 3 * (i - 1) })
    }

    @Test func longExtendsChainIsALocatedErrorNotAStackOverflow() throws {
        // 8,000 previews used to overflow the stack in the recursive resolve (SIGSEGV, and `serve` died at start).
        let (yaml, line) = extendsChain(8_000)
        var errors: [Diagnostic] = []
        let ms = elapsed { errors = parseErrors(yaml) }
        #expect(errors.map(\.message) == ["preview 'p33' extends a chain of 33 previews, more than the limit of 32 (Limits.extendsDepth)"])
        #expect(errors.first?.location == SourceLocation(file: "t.yaml", line: line(33), column: 14))
        #expect(ms < 5_000)
    }

    @Test func extendsChainAtTheLimitResolves() throws {
        let (yaml, _) = extendsChain(33)   // p32 extends 32 previews
        let doc = try #require(document(yaml))
        #expect(doc.previews.count == 33)
        #expect(doc.preview(named: "p32")?.data == .object(["n": .number(32)]))
        // A higher limit lets the 8,000-chain through, still without recursion.
        var limits = Limits.default
        limits.extendsDepth = 10_000
        limits.previewSurfaces = 10_000  // 8,000 previews on the one surface
        let long = try LayoutLoader.parse(extendsChain(8_000).yaml, path: "t.yaml", limits: limits)
        #expect(long.preview(named: "p7999")?.data == .object(["n": .number(7999)]))
    }

    @Test func extendsCycleStillReported() {
        let errors = parseErrors(layout(view: "text: hi", extra: "previews:\n  a: { extends: b }\n  b: { extends: c }\n  c: { extends: a }\n"))
        #expect(errors.map(\.message) == ["preview 'extends' cycle: a → b → c → a"])
    }

    // MARK: Expressions

    func when(_ condition: String) -> String { layout(view: "text: hi\nwhen: \"\(condition)\"") }

    @Test func hugeConditionIsRefusedByLength() {
        // 60,000 `&&` terms used to overflow the stack in the parser and the binder.
        let condition = Array(repeating: "a", count: 60_000).joined(separator: " && ")
        let errors = parseErrors(when(condition))
        #expect(errors.map(\.message) == ["in 'when': expression is 299996 characters, more than the limit of 2000 (Limits.expressionLength)"])
        #expect(errors.first?.location?.line == 5)
    }

    @Test func flatChainsAreWideNotDeep() throws {
        // Just inside the length limit: 400 terms, 1,995 characters.
        let terms = Array(repeating: "a", count: 399) + ["b"]
        let chain = terms.joined(separator: " && ")
        #expect(chain.count <= 2_000)
        let parsed = try ExpressionParser.parse(chain)
        guard case .and(let items) = parsed else { Issue.record("expected one wide && node"); return }
        #expect(items.count == 400)
        let shown = try #require(bindView("text: hi\nwhen: \"\(chain)\"", data: #"{"a": true, "b": 1}"#))
        #expect(shown.view?.texts == ["hi"])
        let hidden = try #require(bindView("text: hi\nwhen: \"\(chain)\"", data: #"{"a": true, "b": 0}"#))
        #expect(hidden.view?.texts ?? [] == [])
        // With the length limit lifted, the 60,000-term chain parses and evaluates without deep recursion.
        var limits = Limits.default
        limits.expressionLength = 1_000_000
        let huge = Array(repeating: "a", count: 60_000).joined(separator: " || ") + " || b"
        let doc = try LayoutLoader.parse(when(huge), path: "t.yaml", limits: limits)
        let bound = doc.bind(surface: .systemSmall, data: .object(["b": .bool(true)]), context: context())
        #expect(bound.view?.texts == ["hi"])
    }

    @Test func nestingIsBoundedByExpressionDepth() throws {
        let deep = String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40)
        let errors = parseErrors(when(deep))
        #expect(errors.map(\.message) == ["in 'when': expression nested deeper than 32 levels (Limits.expressionDepth)"])
        #expect(errors.first?.location == SourceLocation(file: "t.yaml", line: 5, column: 14 + 32))
        let nots = parseErrors(when(String(repeating: "!", count: 100) + "a"))
        #expect(nots.first?.message.hasSuffix("(Limits.expressionDepth)") == true)
        // In a binding too.
        let binding = parseErrors(layout(view: "text: \"{{ \(String(repeating: "[", count: 50))1\(String(repeating: "]", count: 50)) }}\""))
        #expect(binding.first?.message == "expression nested deeper than 32 levels (Limits.expressionDepth)")
        // Inside the limit.
        let ok = String(repeating: "(", count: 30) + "a" + String(repeating: ")", count: 30)
        #expect(bindView("text: hi\nwhen: \"\(ok)\"", data: #"{"a": 1}"#)?.view?.texts == ["hi"])
    }

    // MARK: Aliases

    /// Ten components, each a stack of ten aliases of the one before: 10¹⁰ nodes if expanded.
    func aliasBombLayout() -> String {
        var yaml = "components:\n  c0: &c0 { text: x }\n"
        for i in 1...9 {
            yaml += "  c\(i): &c\(i) { vstack: [" + Array(repeating: "*c\(i - 1)", count: 10).joined(separator: ", ") + "] }\n"
        }
        yaml += "surfaces:\n  systemSmall:\n    view: *c9\n"
        return yaml
    }

    @Test func aliasBombInAViewIsRefusedWhereTheAliasIs() {
        // Took 46 s and 3.3 GB.
        let yaml = aliasBombLayout()
        var errors: [Diagnostic] = []
        let ms = elapsed { errors = parseErrors(yaml) }
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("alias *c") == true)
        #expect(errors.first?.message.hasSuffix("repeats more nodes than the limit of 10000 (Limits.aliasExpansions) for nodes reached through aliases in one file") == true)
        // Subtrees: c0 3 nodes, c1 33, c2 333, c3 3,333. Defining c1…c3 repeats 30 + 330 + 3,330 nodes;
        // c4's second alias of c3 takes the count past 10,000.
        #expect(errors.first?.location == SourceLocation(file: "t.yaml", line: 6, column: 27))
        #expect(ms < 5_000)
    }

    @Test func aliasBombInDataIsRefused() {
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 0..<10 {
            yaml += "b\(i): &b\(i) [" + Array(repeating: i == 0 ? "*a" : "*b\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        do {
            _ = try DataValue.parse(yaml, file: "bomb.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.message.contains("(Limits.aliasExpansions)") == true)
            #expect(error.diagnostics.first?.location?.file == "bomb.yaml")
        }
    }

    @Test func aliasAsAKeyIsRefusedBeforeYamsHashesIt() {
        // Yams hashes every key of a mapping (duplicate check), an aliased tree in full.
        var yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 0..<9 {
            yaml += "b\(i): &b\(i) [" + Array(repeating: i == 0 ? "*a" : "*b\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let key = yaml + "*b8 : 1\n"
        do { _ = try DataValue.parse(key, file: "k.yaml"); Issue.record("expected an error") } catch {
            #expect(error.diagnostics.map(\.message) == ["alias *b8 used as a mapping key (an alias may only be a value)"])
            #expect(error.diagnostics.first?.location == SourceLocation(file: "k.yaml", line: 11, column: 1))
        }
        // A comment ending in `|` opens no block scalar, so it cannot hide the key.
        let hidden = yaml + "x: # |\n  *b8 : 1\n"
        do { _ = try DataValue.parse(hidden, file: "k.yaml"); Issue.record("expected an error") } catch {
            #expect(error.diagnostics.first?.message == "alias *b8 used as a mapping key (an alias may only be a value)")
        }
        // Inside a real block scalar the same text is only text.
        let text = try? DataValue.parse("a: &a 1\nb: *a\nnote: |\n  *b8 : 1\n  ? x\nc: *a\n", file: "k.yaml")
        #expect(text == .object(["a": .number(1), "b": .number(1), "note": .string("*b8 : 1\n? x\n"), "c": .number(1)]))
        let flowKey = yaml + "[*b8, *b8]: 1\n"
        do { _ = try DataValue.parse(flowKey, file: "k.yaml"); Issue.record("expected an error") } catch {
            #expect(error.diagnostics.first?.message.hasPrefix("a list, mapping or '? ' explicit key used as a mapping key") == true)
        }
    }

    @Test func manyAliasesAreLocatedInOnePass() {
        // 60,000 aliases on one line: each located without rescanning the file.
        let yaml = "a: &a x\nb: [" + Array(repeating: "*a", count: 60_000).joined(separator: ",") + "]\n"
        var errors: [Diagnostic] = []
        let ms = elapsed {
            do { _ = try DataValue.parse(yaml, file: "d.yaml") } catch let e as LayoutError { errors = e.diagnostics } catch {}
        }
        #expect(errors.map(\.message) == ["alias *a repeats more nodes than the limit of 10000 (Limits.aliasExpansions) for nodes reached through aliases in one file"])
        #expect(errors.first?.location == SourceLocation(file: "d.yaml", line: 2, column: 5 + 3 * 10_000))
        #expect(ms < 5_000)
    }

    @Test func aFewAliasesStillWork() throws {
        let yaml = """
        components:
          badge: &badge { text: hi, padding: 4 }
        surfaces:
          systemSmall:
            view:
              vstack: [*badge, *badge, *badge]
        """
        let doc = try #require(document(yaml))
        #expect(doc.bind(surface: .systemSmall, data: .object([:]), context: context()).view?.texts == ["hi", "hi", "hi"])
        let data = try DataValue.parse("base: &b { x: 1 }\nitems: [*b, *b]\n", file: "d.yaml")
        #expect(data["items"] == .array([.object(["x": .number(1)]), .object(["x": .number(1)])]))
    }

    // MARK: Components, forEach, expanded nodes

    /// c0 uses c1 … uses c(count-1), which is a text.
    func componentChain(_ count: Int) -> String {
        var yaml = "surfaces:\n  systemSmall:\n    view:\n      use: c0\ncomponents:\n"
        for i in 0..<(count - 1) { yaml += "  c\(i): { use: c\(i + 1) }\n" }
        yaml += "  c\(count - 1): { text: end }\n"
        return yaml
    }

    @Test func longComponentChainIsALocatedErrorAndFast() {
        // 2,000 took 11 s (4,000: over a minute) in the cycle check's path copies.
        var errors: [Diagnostic] = []
        let ms = elapsed { errors = parseErrors(componentChain(4_000)) }
        #expect(errors.map(\.message) == ["component 'c3967' starts a chain of 33 components using each other (c3967 → c3968 → c3969 → c3970 → c3971 → … → c3997 → c3998 → c3999), more than the limit of 32 (Limits.componentDepth)"])
        // c3967's line: 5 header lines, c(i) on line 6 + i.
        #expect(errors.first?.location == SourceLocation(file: "t.yaml", line: 6 + 3967, column: 10))
        #expect(ms < 5_000)
        // A higher limit: the check is linear, no error, no recursion.
        var limits = Limits.default
        limits.componentDepth = 10_000
        #expect(throws: Never.self) { try LayoutLoader.parse(componentChain(4_000), path: "t.yaml", limits: limits) }
    }

    @Test func componentChainAtTheLimitBinds() throws {
        let doc = try #require(document(componentChain(32)))
        #expect(doc.bind(surface: .systemSmall, data: .object([:]), context: context()).view?.texts == ["end"])
    }

    @Test func componentFanOutIsBoundedByExpandedNodes() throws {
        // Five levels of ten uses each: 100,000 texts.
        var yaml = "surfaces:\n  systemSmall:\n    view:\n      use: c0\ncomponents:\n"
        for i in 0..<5 { yaml += "  c\(i): { vstack: [" + Array(repeating: "{ use: c\(i + 1) }", count: 10).joined(separator: ", ") + "] }\n" }
        yaml += "  c5: { text: x }\n"
        let doc = try #require(document(yaml))
        var bound: BoundSurface?
        let ms = elapsed { bound = doc.bind(surface: .systemSmall, data: .object([:]), context: context()) }
        let errors = bound?.diagnostics.filter { $0.severity == .error } ?? []
        #expect(errors.map(\.message) == ["more than 5000 view nodes on systemSmall once components and forEach are expanded (Limits.expandedNodes)"])
        #expect(errors.first?.location?.file == "/tmp/widgetshot-tests/t.yaml")
        #expect(ms < 5_000)
    }

    @Test func forEachIsCappedAndNestedForEachIsBounded() throws {
        let items = "[" + (0..<600).map(String.init).joined(separator: ",") + "]"
        let capped = try #require(bindView("vstack:\n  - forEach: items\n    content: { text: \"{{item}}\" }", data: #"{"items": \#(items)}"#))
        #expect(capped.view?.texts.count == 500)
        #expect(capped.diagnostics.map(\.message).contains("forEach over 'items' has 600 items; only the first 500 are shown (Limits.forEachItems)"))
        // 300 × 300 = 90,000 views: refused by expandedNodes.
        let grid = "[" + (0..<300).map(String.init).joined(separator: ",") + "]"
        let nested = try #require(bindView("""
            vstack:
              - forEach: rows
                as: row
                content:
                  hstack:
                    - forEach: rows
                      content: { text: "{{item}}" }
            """, data: #"{"rows": \#(grid)}"#))
        #expect(nested.diagnostics.contains { $0.severity == .error && $0.message.hasSuffix("(Limits.expandedNodes)") })
        // `limit:` above the bound is a parse error.
        let errors = parseErrors(layout(view: "vstack:\n  - forEach: items\n    limit: 10000\n    content: { text: x }"))
        #expect(errors.map(\.message) == ["forEach 'limit' is 10000, more than the limit of 500 items (Limits.forEachItems)"])
    }

    @Test func hiddenViewsCountToo() throws {
        // 500 × 500 nodes hidden by `when:` still cost a visit each.
        let items = "[" + (0..<500).map(String.init).joined(separator: ",") + "]"
        var bound: BoundSurface?
        let ms = elapsed {
            bound = bindView("""
                vstack:
                  - forEach: items
                    as: row
                    content:
                      vstack:
                        - forEach: items
                          content: { text: x, when: "row < 0" }
                """, data: #"{"items": \#(items)}"#)
        }
        #expect(bound?.diagnostics.contains { $0.severity == .error && $0.message.hasSuffix("(Limits.expandedNodes)") } == true)
        #expect(ms < 5_000)
    }

    @Test func evaluationWorkIsBoundedByBindSteps() throws {
        // `in` over a 200,000-item list, once per item of a 500-item forEach: 10⁸ comparisons.
        let big = "[" + (0..<200_000).map(String.init).joined(separator: ",") + "]"
        let items = "[" + (0..<500).map(String.init).joined(separator: ",") + "]"
        var bound: BoundSurface?
        let ms = elapsed {
            bound = bindView("""
                vstack:
                  - forEach: items
                    content: { text: x, when: "item in d.big" }
                """, data: #"{"items": \#(items), "d": {"big": \#(big)}}"#)
        }
        let errors = bound?.diagnostics.filter { $0.severity == .error } ?? []
        #expect(errors.map(\.message) == ["binding systemSmall takes more than 1000000 steps evaluating conditions and bindings (Limits.bindSteps)"])
        #expect(ms < 5_000)
        // A substring search of a 600 KB needle in a 1.2 MB string.
        let hay = String(repeating: "a", count: 1_200_000), needle = String(repeating: "a", count: 600_000) + "b"
        let search = try #require(bindView("text: x\nwhen: \"d.n in d.h\"", data: #"{"d": {"h": "\#(hay)", "n": "\#(needle)"}}"#))
        #expect(search.diagnostics.map(\.message) == ["binding systemSmall takes more than 1000000 steps evaluating conditions and bindings (Limits.bindSteps)"])
        // Ordinary lists are nowhere near it.
        let small = try #require(bindView("text: x\nwhen: \"3 in d.big\"", data: #"{"d": {"big": [1, 2, 3]}}"#))
        #expect(small.view?.texts == ["x"])
        #expect(small.diagnostics.isEmpty)
    }

    @Test func manyUnknownNamesStayCheap() {
        // 3,000 components and 3,000 uses of unknown ones: no edit distance per name per error, short messages.
        var yaml = "surfaces:\n  systemSmall:\n    view:\n      vstack:\n"
        for i in 0..<3_000 { yaml += "        - use: nope\(i)\n" }
        yaml += "components:\n"
        for i in 0..<3_000 { yaml += "  c\(i): { text: x }\n" }
        var errors: [Diagnostic] = []
        let ms = elapsed { errors = parseErrors(yaml) }
        #expect(errors.count == 3_000)
        #expect(errors.first?.message == "unknown component 'nope0' (expected one of c0, c1, c10, c100, c1000, c1001, c1002, c1003, c1004, c1005, c1006, c1007, c1008, c1009, c101, c1010, c1011, c1012, c1013, c1014, … and 2980 more)")
        #expect(ms < 5_000)
    }

    @Test func lintStopsBindingAtItsBudget() throws {
        var yaml = layout(view: "vstack:\n  - forEach: rows\n    content: { text: \"{{item}}\" }") + "previews:\n"
        for i in 0..<50 { yaml += "  p\(i): { data: { rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } }\n" }
        var limits = Limits.default
        limits.lintSteps = 1_000
        let doc = try LayoutLoader.parse(yaml, path: "t.yaml", limits: limits)
        let lint = Linter.lint(doc)
        #expect(lint.count == 1)
        #expect(lint.first?.message.hasPrefix("lint stopped binding after ") == true)
        #expect(lint.first?.message.hasSuffix("takes more than 1000 steps (Limits.lintSteps)") == true)
        // The default budget binds every combination of an ordinary layout.
        #expect(Linter.lint(try LayoutLoader.parse(yaml, path: "t.yaml")).isEmpty)
    }

    // MARK: Text length

    @Test func boundTextLongerThanTheLimitIsRefused() throws {
        let big = String(repeating: "x", count: 1_000_000)
        var bound: BoundSurface?
        let ms = elapsed { bound = bindView("vstack:\n  - text: \"{{s}}\"\n  - text: ok", data: #"{"s": "\#(big)"}"#) }
        let errors = bound?.diagnostics.filter { $0.severity == .error } ?? []
        #expect(errors.map(\.message) == ["text is more than 5000 characters once bound (Limits.textLength)"])
        #expect(errors.first?.location?.line == 5)
        #expect(bound?.view?.texts == ["ok"])
        #expect(ms < 5_000)
        let atLimit = try #require(bindView("text: \"{{s}}\"", data: #"{"s": "\#(String(repeating: "y", count: 5_000))"}"#))
        #expect(atLimit.diagnostics.isEmpty)
        #expect(atLimit.view?.text?.string.count == 5_000)
    }

    /// Found by hostile testing: 500 texts of 4,900 characters, each within textLength, from a 16 KB
    /// data file took 11 s to draw. The texts of one surface together are bounded too.
    @Test func theTextsOfASurfaceTogetherAreBounded() throws {
        let piece = String(repeating: "가나다 abc ", count: 490)
        let many = try #require(bindView("forEach: xs\ncontent:\n  text: \"{{big}}\"",
                                         data: #"{"xs": [\#((0..<500).map(String.init).joined(separator: ","))], "big": "\#(piece)"}"#))
        let errors = many.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors == ["the texts of systemSmall come to more than 20000 characters once bound (Limits.surfaceTextLength)"])
        let four = try #require(bindView("forEach: xs\ncontent:\n  text: \"{{big}}\"",
                                         data: #"{"xs": [1, 2, 3, 4], "big": "\#(piece)"}"#))
        #expect(four.diagnostics.isEmpty)
    }

    @Test func deepComponentNestingTimesViewNestingIsBounded() throws {
        // Each of 30 components nests 20 stacks: 600 levels of views once expanded.
        var yaml = "surfaces:\n  systemSmall:\n    view:\n      use: c0\ncomponents:\n"
        for i in 0..<30 {
            let inner = i == 29 ? "{ text: end }" : "{ use: c\(i + 1) }"
            yaml += "  c\(i): " + String(repeating: "{ vstack: [", count: 20) + inner + String(repeating: "] }", count: 20) + "\n"
        }
        let doc = try #require(document(yaml))
        let bound = doc.bind(surface: .systemSmall, data: .object([:]), context: context())
        #expect(bound.diagnostics.map(\.message) == ["views nested deeper than 64 levels once components are expanded (Limits.viewDepth)"])
    }
}

@Suite struct DataInputTests {
    @Test func surrogatePairsAreJSON() throws {
        let value = try DataValue.parse(#"{"dish": "\ud83c\udf5c ramen", "é": "\u00e9\/"}"#, file: "d.json")
        #expect(value == .object(["dish": .string("🍜 ramen"), "é": .string("é/")]))
        // Every kind of JSON value, numbers in every form.
        let all = try DataValue.parse(#"[0, -1.5e3, 2E-2, true, false, null, "", {}, [], {"a": [{}]}]"#, file: "d.json")
        #expect(all == .array([.number(0), .number(-1500), .number(0.02), .bool(true), .bool(false), .null, .string(""),
                               .object([:]), .array([]), .object(["a": .array([.object([:])])])]))
    }

    func jsonError(_ text: String) -> Diagnostic? {
        do { _ = try DataValue.parse(text, file: "d.json"); Issue.record("expected an error for \(text)"); return nil } catch {
            return error.diagnostics.first
        }
    }

    @Test func loneSurrogatesAndSyntaxErrorsAreJSONErrorsWithLineAndColumn() {
        let lone = jsonError("{\n  \"a\": \"x\\ud83c y\"\n}")
        #expect(lone?.message == "invalid JSON: lone high surrogate \\ud83c (it must be followed by a low surrogate \\udc00–\\udfff)")
        #expect(lone?.location == SourceLocation(file: "d.json", line: 2, column: 10))
        #expect(jsonError(#"["\udf5c"]"#)?.message.hasPrefix("invalid JSON: lone low surrogate \\udf5c") == true)
        let missingColon = jsonError("{\n  \"a\": 1,\n  \"b\" 2\n}\n")
        #expect(missingColon?.message == "invalid JSON: expected ':' after the key \"b\", found '2'")
        #expect(missingColon?.location == SourceLocation(file: "d.json", line: 3, column: 7))
        #expect(jsonError(#"{"a": }"#)?.message == "invalid JSON: expected a value, found '}'")
        #expect(jsonError(#"{"a": 1} x"#)?.message == "invalid JSON: unexpected 'x' after the end of the JSON value")
        #expect(jsonError(#"[01]"#)?.message == "invalid JSON: a number may not start with 0 followed by digits")
        #expect(jsonError("[\"a\tb\"]")?.message == "invalid JSON: control character U+0009 in a string (write it escaped, as \\u0009)")
        #expect(jsonError(#"{"a": 1,}"#)?.message == "invalid JSON: expected a quoted key or '}', found '}'")
        #expect(jsonError(#"["\x"]"#)?.message.hasPrefix("invalid JSON: unknown escape \\x") == true)
        #expect(jsonError("[1, 2")?.message == "invalid JSON: expected ',' or ']' in an array, found the end of the data")
    }

    @Test func deepJSONIsRefusedWithoutRecursion() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let d = jsonError(deep)
        #expect(d?.message == "nesting deeper than 256 levels (Limits.nestingDepth)")
        var limits = Limits.default
        limits.nestingDepth = 300
        let ok = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: Never.self) { try DataValue.parse(ok, file: "d.json", limits: limits) }
    }

    @Test func emptyDataFileSaysData() throws {
        for text in ["", "  \n", "# nothing\n"] {
            do { _ = try DataValue.parse(text, file: "d.json"); Issue.record("expected an error") } catch {
                #expect(error.diagnostics.map(\.message) == ["empty data file"])
            }
        }
        let path = NSTemporaryDirectory() + "widgetshot-empty-\(UUID().uuidString).json"
        FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try DataValue.load(path: path); Issue.record("expected an error") } catch {
            #expect(error.description == "\(path):1:1: error: empty data file")
        }
    }

    @Test func dataFileSizeIsCheckedBeforeReading() throws {
        let path = NSTemporaryDirectory() + "widgetshot-big-\(UUID().uuidString).json"
        FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x20, count: 3 * 1024 * 1024))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try DataValue.load(path: path); Issue.record("expected an error") } catch {
            #expect(error.diagnostics.map(\.message) == ["data file is 3145728 bytes, more than the limit of 2097152 bytes (Limits.documentBytes)"])
        }
    }
}

@Suite struct StrictDateTests {
    func reason(_ text: String) -> String? {
        do { _ = try ISODate.readInstant(text); return nil } catch { return error.reason }
    }

    @Test("a strict instant may omit seconds, carry fractions, Z, ±HHMM or an offset up to ±18:00, and fall on a leap day") func validInstants() throws {
        #expect(try ISODate.readInstant("2026-11-22T12:27:00+09:00").date == fixedNow)
        #expect(try ISODate.readInstant("2026-11-22T03:27:00.000Z").date == fixedNow)
        #expect(try ISODate.readInstant("2026-11-22T12:27+0900").date == fixedNow)
        #expect(try ISODate.readInstant("2026-11-22T12:27:00+09:00").secondsFromGMT == 9 * 3600)
        #expect(try ISODate.readInstant("2026-11-22T00:00:00-18:00").secondsFromGMT == -18 * 3600)
        #expect(try ISODate.readInstant("2024-02-29T23:59:59Z").date == Date(timeIntervalSince1970: 1_709_251_199))
    }

    @Test func whatWasWrong() {
        #expect(reason("2026-11-22T12:27:00+99:99") == "offset +99:99 is out of range (at most ±18:00, minutes 00–59)")
        #expect(reason("2026-11-22T12:27:00+18:30") == "offset +18:30 is out of range (at most ±18:00, minutes 00–59)")
        #expect(reason("2026-11-22T12:27:00+09:60") == "offset +09:60 is out of range (at most ±18:00, minutes 00–59)")
        #expect(reason("2026-11-22T12:27:00+09:00junk") == "unexpected 'junk' after the date")
        #expect(reason("2026-11-22T12:27:00+09:00 ") == "unexpected ' ' after the date")
        #expect(reason("2026-02-30T12:00:00Z") == "day 30 does not exist in February 2026")
        #expect(reason("2026-04-31T12:00:00Z") == "day 31 does not exist in April 2026")
        #expect(reason("2025-02-29T12:00:00Z") == "day 29 does not exist in February 2025")
        #expect(reason("2026-13-01T12:00:00Z") == "month 13 does not exist (01–12)")
        #expect(reason("2026-11-22T24:00:00Z") == "hour 24 does not exist (00–23)")
        #expect(reason("2026-11-22T12:60:00Z") == "minute 60 does not exist (00–59)")
        #expect(reason("2026-11-22T12:27:60Z") == "second 60 does not exist (00–59)")
        #expect(reason("2026-11-22T12:27:00") == "no time zone offset (add Z or ±HH:MM, e.g. 2026-11-22T12:27:00+09:00)")
        #expect(reason("2026-11-22") == "missing the time (THH:MM:SS)")
        #expect(reason("soon") == "expected 4 digits for the year, found 'soon'")
        #expect(reason("2026-11-22 12:27:00Z") == "expected 'T' and a time after the date, found ' 12:27:00Z'")
    }

    @Test func dataDatesAreStrictToo() throws {
        #expect(ISODate.parse("2026-02-30") == nil)
        #expect(ISODate.parse("2026-11-22T12:45:00+99:99") == nil)
        #expect(ISODate.parse(" 2026-11-22 12:45 ")?.offset == nil)
        let bound = try #require(bindView("text: \"at {{t | time}}\"", data: #"{"t": "2026-02-30T12:00:00+09:00"}"#))
        #expect(bound.diagnostics.map(\.message) == ["filter 'time' expected a date (ISO 8601 or epoch seconds), found string '2026-02-30T12:00:00+09:00' (day 30 does not exist in February 2026)"])
    }

    @Test func previewNowSaysWhy() {
        let errors = parseErrors(layout(view: "text: hi", extra: "previews:\n  a: { now: \"2026-11-22T24:00:00+09:00\" }\n"))
        #expect(errors.map(\.message) == ["expected an ISO 8601 date with offset for 'now' such as 2026-11-22T12:27:00+09:00: '2026-11-22T24:00:00+09:00' is not an ISO 8601 date: hour 24 does not exist (00–23)"])
        #expect(errors.first?.location?.line == 6)
    }
}
