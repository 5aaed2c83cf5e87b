import Foundation
import Yams
import WidgetModel

/// Data a template is bound to: JSON values.
public enum DataValue: Hashable, Sendable {
    case null, bool(Bool), number(Double), string(String), array([DataValue]), object([String: DataValue])

    /// Data for a template, e.g. a --data file or a request body; errors carry line/column.
    /// Text whose first character is `{` or `[` is JSON, read by a strict JSON parser (every valid
    /// JSON document, surrogate pairs included; "invalid JSON" errors); anything else is YAML.
    public static func parse(_ text: String, file: String, limits: Limits = .default) throws(LayoutError) -> DataValue {
        if JSONReader.looksLikeJSON(text) {
            try SourceCheck.check(text, file: file, kind: .data, limits: limits, depth: false)
            return try JSONReader.parse(text, file: file, limits: limits)
        }
        let node = try YAMLReader.compose(text, file: file, kind: .data, limits: limits)
        var converter = DataConverter(locate: NodeLocator(file: file), limits: limits)
        let value = converter.convert(node, depth: 0)
        if !converter.errors.isEmpty { throw LayoutError(diagnostics: converter.errors) }
        return value
    }

    /// Reads a data file (a `--data` file): at most `Limits.documentBytes`, checked before reading,
    /// text only, then `parse`.
    public static func load(path: String, limits: Limits = .default) throws(LayoutError) -> DataValue {
        let data: [UInt8]
        do { data = try BoundedFile.read(path, limit: limits.documentBytes) } catch {
            if case .tooLarge(let bytes, _) = error { throw SourceCheck.tooLarge(bytes, .data, limits: limits, file: path) }
            throw LayoutError(.error("cannot read data file: \(error)", at: SourceLocation(file: path, line: 1, column: 1)))
        }
        let text = try SourceCheck.decode(data, file: path, kind: .data, limits: limits)
        // A file named `*.json` is read as JSON whatever it starts with, so its syntax errors say JSON, not YAML.
        if path.lowercased().hasSuffix(".json"), !JSONReader.looksLikeJSON(text) {
            try SourceCheck.check(text, file: path, kind: .data, limits: limits, depth: false)
            return try JSONReader.parse(text, file: path, limits: limits)
        }
        return try parse(text, file: path, limits: limits)
    }

    public subscript(key: String) -> DataValue {
        if case .object(let o) = self { return o[key] ?? .null }
        return .null
    }

    var isNull: Bool { self == .null }
    var isString: Bool { if case .string = self { return true }; return false }

    /// null, false, 0, "" and [] are false.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let b): b
        case .number(let n): n != 0 && !n.isNaN
        case .string(let s): !s.isEmpty
        case .array(let a): !a.isEmpty
        case .object: true
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "list"
        case .object: "mapping"
        }
    }

    var count: Int? {
        switch self {
        case .array(let a): a.count
        case .string(let s): s.count
        case .object(let o): o.count
        default: nil
        }
    }

    /// A number, or a string that reads as one.
    var numberValue: Double? {
        switch self {
        case .number(let n): n
        case .string(let s): ScalarSyntax.number(s.trimmingSpaces)
        case .bool(let b): b ? 1 : 0
        default: nil
        }
    }

    /// `{ko: …, en: …}`: every key a locale code, every value a scalar.
    var localizedTable: [String: DataValue]? {
        // A table has at most one entry per locale code (with regions, a few per language); checking
        // a bigger object key by key on every comparison would cost its size each time.
        guard case .object(let o) = self, !o.isEmpty, o.count <= LocaleCodes.all.count * 2 else { return nil }
        var sawCommon = false
        for (k, v) in o {
            guard LocaleCodes.isCode(k) else { return nil }
            switch v {
            case .array, .object: return nil
            default: break
            }
            if LocaleCodes.common.contains(LocaleCodes.base(k)) { sawCommon = true }
        }
        return sawCommon ? o : nil
    }

    /// A localized table picked for `locale` (fallback en, then the first key alphabetically).
    func localized(_ locale: String) -> DataValue {
        guard let table = localizedTable else { return self }
        if let v = table[locale] { return v }
        if let v = table[LocaleCodes.base(locale)] { return v }
        if let v = table["en"] { return v }
        return table[table.keys.sorted()[0]]!
    }

    /// The text a binding shows. A list's items are joined only until the text is longer than
    /// `limit` UTF-8 bytes (the caller refuses it then anyway).
    func text(locale: String, limit: Int = .max) -> String {
        switch localized(locale) {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return NumberText.plain(n)
        case .string(let s): return s
        case .array(let a):
            var out = ""
            for (i, item) in a.enumerated() {
                if i > 0 { out += ", " }
                out += item.text(locale: locale, limit: limit - out.utf8.count)
                if out.utf8.count > limit { break }
            }
            return out
        case .object: return ""
        }
    }

    /// The value as a message quotes it: its text, cut after 40 characters (a 100 KB value must not
    /// make a 100 KB warning).
    func excerpt(locale: String) -> String {
        let text = self.text(locale: locale, limit: 200)
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: 40, limitedBy: scalars.endIndex),
              end < scalars.endIndex else { return text }
        return String(scalars[..<end]) + "…"
    }

    /// Deep merge for `extends`: objects merge key by key, null deletes, anything else replaces.
    func merged(over base: DataValue) -> DataValue {
        guard case .object(let top) = self, case .object(var result) = base else { return self }
        for (k, v) in top {
            if v == .null { result[k] = nil } else if let old = result[k] { result[k] = v.merged(over: old) } else {
                result[k] = v.removingNulls
            }
        }
        return .object(result)
    }

    var removingNulls: DataValue {
        guard case .object(let o) = self else { return self }
        return .object(o.compactMapValues { $0 == .null ? nil : $0.removingNulls })
    }
}

enum LocaleCodes {
    static let common: Set<String> = ["en", "ko", "ja", "zh"]
    /// ISO 639-1 codes.
    static let all: Set<String> = Set("""
    aa ab af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es \
    et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki \
    kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no \
    nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te \
    tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
    """.split(separator: " ").map(String.init))

    static func base(_ code: String) -> String {
        String(code.prefix { $0 != "-" && $0 != "_" })
    }
    static func isCode(_ key: String) -> Bool { all.contains(base(key)) }
}

/// YAML 1.2 core-schema typing of plain scalars (Yams' default resolver is YAML 1.1: `on` is true there).
enum ScalarSyntax {
    static func isNull(_ s: String) -> Bool { s == "" || s == "~" || s == "null" || s == "Null" || s == "NULL" }

    static func bool(_ s: String) -> Bool? {
        switch s {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// Decimal, 0x/0o integers, `.inf`, `.nan`; nil for anything else.
    static func number(_ s: String) -> Double? {
        switch s {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        var u = Substring(s)
        if u.hasPrefix("0x"), u.count > 2, let v = UInt64(u.dropFirst(2), radix: 16) { return Double(v) }
        if u.hasPrefix("0o"), u.count > 2, let v = UInt64(u.dropFirst(2), radix: 8) { return Double(v) }
        // [-+]? ( . digits | digits ( . digits? )? ) ( [eE] [-+]? digits )?
        if u.first == "-" || u.first == "+" { u = u.dropFirst() }
        var digitsBefore = 0, digitsAfter = 0
        var i = u.startIndex
        while i < u.endIndex, u[i].isASCII, u[i].isNumber { digitsBefore += 1; i = u.index(after: i) }
        if i < u.endIndex, u[i] == "." {
            i = u.index(after: i)
            while i < u.endIndex, u[i].isASCII, u[i].isNumber { digitsAfter += 1; i = u.index(after: i) }
        }
        guard digitsBefore + digitsAfter > 0 else { return nil }
        if i < u.endIndex, u[i] == "e" || u[i] == "E" {
            i = u.index(after: i)
            if i < u.endIndex, u[i] == "-" || u[i] == "+" { i = u.index(after: i) }
            var expDigits = 0
            while i < u.endIndex, u[i].isASCII, u[i].isNumber { expDigits += 1; i = u.index(after: i) }
            guard expDigits > 0 else { return nil }
        }
        guard i == u.endIndex else { return nil }
        return Double(s)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }
}

/// Yams nodes → DataValue, refusing depth beyond the limit. Alias bombs never get here: YAMLReader
/// counts the nodes aliases repeat against `Limits.aliasExpansions` while reading.
struct DataConverter {
    var locate: NodeLocator
    var limits: Limits = .default
    var errors: [Diagnostic] = []

    mutating func convert(_ node: Yams.Node, depth: Int) -> DataValue {
        if depth > limits.nestingDepth {
            if errors.isEmpty { errors.append(.error(SourceCheck.tooDeepMessage(limits), at: locate(node))) }
            return .null
        }
        switch node {
        case .scalar(let scalar):
            return Self.scalarValue(scalar)
        case .sequence(let seq):
            return .array(seq.map { convert($0, depth: depth + 1) })
        case .mapping(let map):
            var object: [String: DataValue] = [:]
            for (k, v) in map {
                guard case .scalar(let ks) = k else {
                    errors.append(.error("expected a string key, found a \(k.isMapping ? "mapping" : "list")", at: locate(k)))
                    continue
                }
                object[ks.string] = convert(v, depth: depth + 1)
            }
            return .object(object)
        case .alias:
            return .null
        }
    }

    static func scalarValue(_ scalar: Yams.Node.Scalar) -> DataValue {
        let s = scalar.string
        guard scalar.style == .plain || scalar.style == .any else { return .string(s) }
        if ScalarSyntax.isNull(s) { return .null }
        if let b = ScalarSyntax.bool(s) { return .bool(b) }
        if let n = ScalarSyntax.number(s) { return .number(n) }
        return .string(s)
    }
}

extension Yams.Node {
    var isMapping: Bool { if case .mapping = self { return true }; return false }
}
