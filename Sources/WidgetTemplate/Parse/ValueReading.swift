import Foundation
import Yams
import WidgetModel

/// Collects diagnostics while reading typed values out of Yams nodes.
struct LayoutParser {
    var file: String
    var errors: [Diagnostic] = [] {
        didSet { if !ignoredErrorMarks.isEmpty { errors.removeAll { $0.location.map(ignoredErrorMarks.contains) ?? false } } }
    }
    var warnings: [Diagnostic] = []
    /// Errors at these places are dropped as they come, so the value there keeps its default: a deferred
    /// node's bound parameters when it is read for what else it holds (`DeferredNode.skeleton`), or a bound
    /// value that does not fit, in a preview (`Binder.resolve`).
    var ignoredErrorMarks: Set<SourceLocation> = []
    var componentNames: Set<String> = [] { didSet { sortedComponentNames = componentNames.sorted() } }
    /// Sorted once, for messages: a file with thousands of names and errors must not sort per error.
    private(set) var sortedComponentNames: [String] = []
    let limits: Limits
    /// SHA-256 of every string catalog the layout read (`stringCatalog:`), in order: part of the
    /// layout's digests, so a changed catalog is a changed layout.
    var catalogDigests: [UInt8] = []
    /// Every localization the string catalogs hold, sorted (`LayoutDocument.catalogLocales`).
    var catalogLocales: Set<String> = []
    var locate: NodeLocator { NodeLocator(file: file) }
    /// The layout file's own path when `file` is only the name messages show (`Layouts/x.yaml`,
    /// relative to the project rather than the working directory).
    var path: String?
    /// The layout's folder (its images, `Icons/` and string catalogs are found there): from the
    /// file's path, never from the name it is shown by, which may not resolve from here.
    var directory: String { URL(fileURLWithPath: path ?? file).deletingLastPathComponent().path }

    init(file: String, limits: Limits = .default, path: String? = nil) { self.file = file; self.limits = limits; self.path = path }

    mutating func error(_ message: String, _ node: Yams.Node) { errors.append(.error(message, at: locate(node))) }

    static let sizeRange = 0.0...10000.0

    /// What a node is, for "expected …, found …".
    func describe(_ node: Yams.Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let s):
            switch DataConverter.scalarValue(s) {
            case .null: return "null"
            case .bool(let b): return "boolean \(b)"
            case .number: return "number \(s.string)"
            default:
                let text = s.string.count > 40 ? String(s.string.prefix(40)) + "…" : s.string
                return "string '\(text)'"
            }
        }
    }

    func scalarValue(_ node: Yams.Node) -> DataValue? {
        if case .scalar(let s) = node { return DataConverter.scalarValue(s) }
        return nil
    }

    func stringValue(_ node: Yams.Node) -> String? {
        if case .scalar(let s) = node { return s.string }
        return nil
    }

    /// Where the characters of a scalar string start.
    func origin(of node: Yams.Node) -> StringOrigin {
        let location = locate(node)
        guard case .scalar(let s) = node else { return StringOrigin(location: location, lead: 0, exact: false) }
        switch s.style {
        case .plain, .any:
            return StringOrigin(location: location, lead: 0, exact: !s.string.contains("\n"))
        case .singleQuoted:
            return StringOrigin(location: location, lead: 1, exact: !s.string.contains("\n") && !s.string.contains("'"))
        case .doubleQuoted:
            return StringOrigin(location: location, lead: 1, exact: !s.string.contains("\n") && !s.string.contains("\\") && !s.string.contains("\""))
        default:
            return StringOrigin(location: location, lead: 0, exact: false)
        }
    }

    mutating func number(_ node: Yams.Node, _ key: String, in range: ClosedRange<Double> = sizeRange,
                         allowInfinity: Bool = false) -> Double? {
        if allowInfinity, let s = stringValue(node), s == "infinity" || s == ".inf" || s == "inf" { return .infinity }
        guard case .number(let n)? = scalarValue(node) else {
            error("expected a number for '\(key)', found \(describe(node))", node)
            return nil
        }
        if n.isNaN || !range.contains(n) {
            if allowInfinity, n == .infinity { return n }
            error("expected \(fmtRange(range)) for '\(key)', found \(n.isNaN ? "NaN" : describe(node).replacingOccurrences(of: "number ", with: ""))", node)
            return nil
        }
        return n
    }

    func fmtRange(_ r: ClosedRange<Double>) -> String { "\(NumberText.plain(r.lowerBound))…\(NumberText.plain(r.upperBound))" }

    mutating func integer(_ node: Yams.Node, _ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let n = number(node, key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard n.rounded() == n, let whole = CheckedNumber.int(n) else {
            error("expected a whole number for '\(key)', found \(describe(node))", node)
            return nil
        }
        return whole
    }

    mutating func bool(_ node: Yams.Node, _ key: String) -> Bool? {
        guard case .bool(let b)? = scalarValue(node) else {
            error("expected true or false for '\(key)', found \(describe(node))", node)
            return nil
        }
        return b
    }

    mutating func string(_ node: Yams.Node, _ key: String) -> String? {
        guard case .scalar(let s) = node, DataConverter.scalarValue(s) != .null else {
            error("expected a string for '\(key)', found \(describe(node))", node)
            return nil
        }
        return s.string
    }

    /// One of a fixed set of words, with a did-you-mean.
    mutating func word<T>(_ node: Yams.Node, _ key: String, _ choices: [String], _ make: (String) -> T?) -> T? {
        guard case .scalar(let s) = node, case .string(let w) = DataConverter.scalarValue(s) else {
            error("expected one of \(choices.joined(separator: ", ")) for '\(key)', found \(describe(node))", node)
            return nil
        }
        if let v = make(w) { return v }
        error("unknown \(key) '\(w)'\(Suggestion.hint(w, in: choices)) (expected one of \(choices.joined(separator: ", ")))", node)
        return nil
    }

    mutating func interpolated(_ node: Yams.Node, _ key: String) -> Interpolated? {
        guard case .scalar(let s) = node else {
            error("expected a string for '\(key)', found \(describe(node))", node)
            return nil
        }
        return interpolate(s.string, node)
    }

    mutating func interpolate(_ text: String, _ node: Yams.Node) -> Interpolated? {
        if text.count > 10_000 {
            warnings.append(.warning("very long string (\(text.count) characters)", at: locate(node)))
        }
        do {
            return try InterpolationParser.parse(text, origin: origin(of: node), limits: limits)
        } catch {
            errors.append(error.diagnostic)
            return nil
        }
    }

    /// Keys of a mapping, reporting non-string keys.
    mutating func pairs(_ node: Yams.Node) -> [(key: String, keyNode: Yams.Node, value: Yams.Node)] {
        guard case .mapping(let m) = node else { return [] }
        var out: [(String, Yams.Node, Yams.Node)] = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { error("expected a string key, found \(describe(k))", k); continue }
            out.append((s.string, k, v))
        }
        return out
    }

    mutating func unknownKey(_ key: String, _ keyNode: Yams.Node, in context: String, allowed: [String]) {
        error("unknown key '\(key)' in \(context)\(Suggestion.hint(key, in: allowed)) (expected one of \(allowed.joined(separator: ", ")))", keyNode)
    }
}
