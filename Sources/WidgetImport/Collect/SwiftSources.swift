import Foundation
import SwiftDiagnostics
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import WidgetModel

/// Why an import could not run at all (nothing is written).
public struct ImportError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One Swift file, parsed (never compiled) with operators folded, so `a + b * c` is a tree.
struct SwiftSource {
    var path: String
    var text: String
    var tree: SourceFileSyntax
    var converter: SourceLocationConverter

    func spot(_ node: some SyntaxProtocol) -> SourceSpot {
        let l = node.startLocation(converter: converter)
        return SourceSpot(file: path, line: l.line, column: l.column)
    }

    /// Where a node's text proper starts (after leading comments and blank lines).
    func spot(ofPosition p: AbsolutePosition) -> SourceSpot {
        let l = converter.location(for: p)
        return SourceSpot(file: path, line: l.line, column: l.column)
    }
}

/// Reading the files an import is given: paths of `.swift` files or folders searched for them.
enum SourceReader {
    /// Files in a stable order (sorted by path) and within `Limits.importFiles` and `importBytes`.
    static func files(_ paths: [String], limits: Limits) throws(ImportError) -> [String] {
        var out: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ImportError("\(path): no such file or folder")
            }
            if !isDirectory.boolValue {
                out.append(path)
                continue
            }
            guard let walker = fm.enumerator(atPath: path) else { throw ImportError("\(path): cannot list the folder") }
            var found: [String] = []
            while let item = walker.nextObject() as? String {
                let name = (item as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "Pods" || name == "Carthage" || name == "DerivedData" {
                    walker.skipDescendants(); continue
                }
                if item.hasSuffix(".swift") { found.append(path.hasSuffix("/") ? path + item : path + "/" + item) }
                if found.count > limits.importFiles { break }
            }
            out += found.sorted()
        }
        // Sorted as a whole: the draft must not depend on the order the paths were given in.
        out = Array(Set(out)).sorted()
        if out.count > limits.importFiles {
            throw ImportError("more than \(limits.importFiles) Swift files to import (Limits.importFiles); name the widget extension's folder or files")
        }
        if out.isEmpty { throw ImportError("no Swift files in \(paths.joined(separator: " ")) (looked for *.swift)") }
        return out
    }

    /// Reads and parses every file; swift-syntax's recovered syntax errors become warnings.
    static func read(_ paths: [String], limits: Limits) throws(ImportError) -> (sources: [SwiftSource], warnings: [ImportWarning]) {
        var total = 0
        var texts: [(String, String)] = []
        for path in paths {
            // Read within what is left of the budget: a linked 1 GiB file costs an error, not a read.
            let data: [UInt8]
            do { data = try BoundedFile.read(path, limit: limits.importBytes - total) } catch {
                if error.isTooLarge {
                    throw ImportError("\(path): the Swift files come to more than \(limits.importBytes) bytes (Limits.importBytes); import the widget extension's files only")
                }
                throw ImportError("\(path): \(error)")
            }
            total += data.count
            if total > limits.importBytes {
                throw ImportError("\(path): the Swift files come to more than \(limits.importBytes) bytes (Limits.importBytes); import the widget extension's files only")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw ImportError("\(path): not UTF-8 text")
            }
            texts.append((path, text))
        }
        return parse(texts, limits: limits)
    }

    static func parse(_ texts: [(path: String, text: String)], limits: Limits) -> (sources: [SwiftSource], warnings: [ImportWarning]) {
        var sources: [SwiftSource] = []
        var warnings: [ImportWarning] = []
        for (path, text) in texts {
            ImportProgress.current = path
            if let (offset, message) = BracketDepth.firstProblem(text, limits: limits) {
                warnings.append(ImportWarning(spot: spot(ofByte: offset, in: text, file: path), message: message))
                continue
            }
            // The parser's own nesting bound keeps it off the end of the stack on deep input.
            var parser = Parser(text, maximumNestingLevel: limits.importDepth * 4)
            let parsed = SourceFileSyntax.parse(from: &parser)
            // Measured without recursion before anything recursive (the location converter, the
            // diagnostics, operator folding, the translator) walks the tree.
            if let (offset, message) = SyntaxShape.firstProblem(parsed, limits: limits) {
                warnings.append(ImportWarning(spot: spot(ofByte: offset, in: text, file: path), message: message))
                continue
            }
            let converter = SourceLocationConverter(fileName: path, tree: parsed)
            // swift-syntax's diagnostics generator takes time that grows with the square of the
            // missing tokens (200,000 `(` took 26 s in a debug build), so it runs only on a file with
            // few problems; a file with many gets one warning at the first.
            let problems = SyntaxProblems(viewMode: .all)
            problems.walk(parsed)
            if problems.count <= maxSyntaxProblems {
                for d in ParseDiagnosticsGenerator.diagnostics(for: parsed) {
                    let l = d.location(converter: converter)
                    warnings.append(ImportWarning(spot: SourceSpot(file: path, line: l.line, column: l.column),
                                                  message: "syntax: \(d.message) (translated what parsed)"))
                }
            } else if let first = problems.first {
                let l = converter.location(for: first)
                warnings.append(ImportWarning(spot: SourceSpot(file: path, line: l.line, column: l.column),
                                              message: "syntax: \(problems.count) syntax problems in this file, the first here (translated what parsed)"))
            }
            // Operators folded into a tree; an operator the standard table lacks stays a sequence.
            let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
            sources.append(SwiftSource(path: path, text: text, tree: folded,
                                       converter: SourceLocationConverter(fileName: path, tree: folded)))
        }
        return (sources, warnings.sorted())
    }
}

/// The line and column of a byte offset, counted without the parser (for files it is not given).
private func spot(ofByte offset: Int, in text: String, file: String) -> SourceSpot {
    let prefix = text.utf8.prefix(offset)
    let line = prefix.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    let column = String(decoding: prefix.reversed().prefix { $0 != UInt8(ascii: "\n") }.reversed(), as: UTF8.self).count + 1
    return SourceSpot(file: file, line: line, column: column)
}

/// The file being read or parsed now, for the message of an import stopped at its deadline.
public enum ImportProgress {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var path: String?
    public static var current: String? {
        get { lock.withLock { path } }
        set { lock.withLock { path = newValue } }
    }
}

/// A parsed tree's depth and its longest operator chain, measured with a loop and a list (never
/// recursion), so a tree too deep for the recursive walks after it is refused before them.
enum SyntaxShape {
    static func firstProblem(_ tree: SourceFileSyntax, limits: Limits) -> (offset: Int, message: String)? {
        var pending: [(Syntax, Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = pending.popLast() {
            if depth > limits.importSyntaxDepth {
                return (node.positionAfterSkippingLeadingTrivia.utf8Offset,
                        "code nested more than \(limits.importSyntaxDepth) levels deep (Limits.importSyntaxDepth; a chain of calls or members counts a level per link): this file is skipped")
            }
            if let chain = node.as(SequenceExprSyntax.self), chain.elements.count > limits.importOperatorChain * 2 {
                return (node.positionAfterSkippingLeadingTrivia.utf8Offset,
                        "an operator chain of more than \(limits.importOperatorChain) operators (Limits.importOperatorChain): this file is skipped")
            }
            for child in node.children(viewMode: .all) { pending.append((child, depth + 1)) }
        }
        return nil
    }
}

/// Syntax problems the parser recovered from (missing tokens, unexpected text), counted in one
/// pass, with the position of the first.
private final class SyntaxProblems: SyntaxVisitor {
    var count = 0
    var first: AbsolutePosition?

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { note(token.positionAfterSkippingLeadingTrivia) }
        return .skipChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        note(node.positionAfterSkippingLeadingTrivia)
        return .skipChildren
    }

    private func note(_ p: AbsolutePosition) {
        count += 1
        if first == nil || p < first! { first = p }
    }
}

/// Files with more syntax problems than this get one warning (see `SourceReader.parse`).
private let maxSyntaxProblems = 50
