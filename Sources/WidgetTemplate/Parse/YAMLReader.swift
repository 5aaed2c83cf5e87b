import Yams
import WidgetModel

/// Text → Yams node tree, with every failure turned into a located Diagnostic.
enum YAMLReader {
    static func compose(_ text: String, file: String, kind: DocumentKind = .layout, limits: Limits = .default) throws(LayoutError) -> Yams.Node {
        // libyaml would skip a leading byte-order mark but count it as a column of line 1.
        let text = ByteOrderMark.dropped(text)
        try SourceCheck.check(text, file: file, kind: kind, limits: limits)
        let aliases = try AliasCheck.scan(text, file: file)
        let node: Yams.Node?
        do {
            node = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw LayoutError(diagnostic(for: error, text: text, file: file, kind: kind))
        } catch {
            throw LayoutError(.error("cannot read YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        guard let node else {
            throw LayoutError(.error("empty \(kind.rawValue) file", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        try AliasCheck.countExpansions(node, aliases: aliases, file: file, limit: limits.aliasExpansions)
        return node
    }

    /// A layout's error adds the likely cause of a misplaced key (YAMLShapeHint); a data file's keeps
    /// libyaml's words alone, since the hint is about views.
    static func diagnostic(for error: YamlError, text: String, file: String, kind: DocumentKind = .data) -> Diagnostic {
        func located(_ context: YamlError.Context?, _ problem: String, _ mark: Mark) -> Diagnostic {
            var message = "invalid YAML: \(problem)"
            if let context { message += " (\(context.text) at \(context.mark.line):\(context.mark.column))" }
            if kind == .layout, let hint = YAMLShapeHint.hint(problem: problem, context: context, at: mark, in: text) {
                message += "\n" + hint
            }
            return .error(message, at: SourceLocation(file: file, line: mark.line, column: mark.column))
        }
        switch error {
        case let .scanner(context, problem, mark, _): return located(context, problem, mark)
        case let .parser(context, problem, mark, _): return located(context, problem, mark)
        case let .composer(context, problem, mark, _): return located(context, problem, mark)
        case let .reader(problem, offset, _, _):
            let bytes = Array(text.utf8)
            let location = offset.map { SourceCheck.location(ofByte: $0, in: bytes, file: file) }
                ?? SourceLocation(file: file, line: 1, column: 1)
            return .error("cannot read the file as YAML text: \(problem)", at: location)
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .error("duplicate key \(keys) in one mapping (each key may appear once)",
                          at: SourceLocation(file: file, line: max(1, context.mark.line), column: max(1, context.mark.column)))
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}

/// Where a Yams node sits in its file.
struct NodeLocator: Sendable {
    var file: String
    func callAsFunction(_ node: Yams.Node) -> SourceLocation {
        let mark = node.mark
        return SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }
}
