import Foundation
import Yams
import WidgetModel

/// Xcode string catalogs (`.xcstrings`, JSON) as a layout's `strings:`, so a widget's texts come
/// from the file the app already translates:
///
///     stringCatalog: Localizable.xcstrings        # or a list of catalogs
///     strings:                                     # inline strings win over the catalog's
///       eta: { ko: 도착 예정, en: Arriving }
///
/// Each catalog key becomes `strings.KEY` (`strings['Arriving soon']` for a key that is not a
/// word), with one text per localization: `{en: …, ko: …}`. The source language's text is the key
/// itself when the catalog gives it no value, as Xcode does. Plural variations become an ICU plural
/// (`one {# day left} other {# days left}`, the number's format specifier turned into `#`) for the
/// `plural:` filter; a device variation takes the iPhone's text (else `other`). Substitutions and
/// format arguments other than a plural's number have no meaning here: they are kept as written and
/// named in one warning.
///
/// Confinement: the name is a relative path inside the layout's folder (no `..`, not absolute), its
/// real path (links resolved) must lie inside that folder, and it is read under the same rules and
/// limits as a data file (`Limits.documentBytes`, `Limits.nestingDepth`).
enum StringCatalog {
    struct Loaded {
        var strings: [String: DataValue]
        var digest: [UInt8]
        var warnings: [String]
    }

    struct Failure: Error { var message: String; var location: SourceLocation? }

    static func load(_ name: String, layoutDirectory: String, limits: Limits) -> Result<Loaded, Failure> {
        guard name.hasSuffix(".xcstrings") else {
            return .failure(Failure(message: "stringCatalog: '\(name)' is not an .xcstrings file (an Xcode string catalog)"))
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0.isEmpty }), name.utf8.count <= 1024 else {
            return .failure(Failure(message: "stringCatalog: '\(name)' must be a relative path inside the layout's folder (no '..', not absolute)"))
        }
        let folder = layoutDirectory.isEmpty ? "." : layoutDirectory
        let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
        guard let realFolder = BoundedFile.realPath(folder) else {
            return .failure(Failure(message: "stringCatalog: the layout's folder cannot be read"))
        }
        guard let real = BoundedFile.realPath(path) else {
            return .failure(Failure(message: "stringCatalog: no file '\(name)' beside the layout"))
        }
        guard real.hasPrefix(realFolder == "/" ? "/" : realFolder + "/") else {
            return .failure(Failure(message: "stringCatalog: '\(name)' leads outside the layout's folder through a symbolic link"))
        }
        let bytes: [UInt8]
        do { bytes = try LayoutLoader.read(path: real, limits: limits, shownAs: name, kind: .data) } catch {
            return .failure(Failure(message: "stringCatalog: " + (error.diagnostics.first?.message ?? "cannot read \(name)")))
        }
        let root: Yams.Node
        do {
            let text = try SourceCheck.decode(bytes, file: name, kind: .data, limits: limits)
            root = try YAMLReader.compose(text, file: name, kind: .data, limits: limits)
        } catch {
            let d = error.diagnostics.first
            return .failure(Failure(message: d?.message ?? "cannot read \(name)", location: d?.location))
        }
        var reader = Reader(file: name)
        let strings = reader.catalog(root)
        if let failure = reader.failure { return .failure(failure) }
        var warnings: [String] = []
        if !reader.withArguments.isEmpty {
            let shown = reader.withArguments.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            warnings.append("\(name): \(reader.withArguments.count) string(s) hold format arguments or substitutions (\(shown)\(reader.withArguments.count > 3 ? ", …" : "")): they are kept as written; bind values with {{…}} in the layout instead")
        }
        if !reader.unknownLocales.isEmpty {
            warnings.append("\(name): localization(s) \(reader.unknownLocales.map { "'\($0)'" }.joined(separator: ", ")) name no language code WidgetShot knows: left out (a preview or --locale in them shows the source language)")
        }
        return .success(Loaded(strings: strings, digest: Array(SHA256Hash.hash(data: bytes)), warnings: warnings))
    }

    /// Walks the catalog's JSON (composed as YAML, which JSON is): errors are located in the file.
    struct Reader {
        var file: String
        var failure: Failure?
        var withArguments: [String] = []
        /// Localizations whose code is no language WidgetShot knows (LocaleCodes), in order seen.
        var unknownLocales: [String] = []

        mutating func fail(_ message: String, _ node: Yams.Node) {
            if failure == nil { failure = Failure(message: message, location: NodeLocator(file: file)(node)) }
        }

        func mapping(_ node: Yams.Node?) -> [(String, Yams.Node)]? {
            guard case .mapping(let m)? = node else { return nil }
            return m.compactMap { k, v in k.scalar.map { ($0.string, v) } }
        }

        func value(_ node: Yams.Node?, _ key: String) -> Yams.Node? {
            mapping(node)?.first(where: { $0.0 == key })?.1
        }

        mutating func catalog(_ root: Yams.Node) -> [String: DataValue] {
            guard mapping(root) != nil else { fail("expected a string catalog (a JSON object with \"strings\"), found something else", root); return [:] }
            let source = value(root, "sourceLanguage")?.scalar?.string ?? "en"
            guard let strings = value(root, "strings") else { fail("a string catalog needs \"strings\"", root); return [:] }
            guard let entries = mapping(strings) else { fail("expected an object for \"strings\"", strings); return [:] }
            var out: [String: DataValue] = [:]
            for (key, entry) in entries {
                guard mapping(entry) != nil else { fail("expected an object for the string '\(key)'", entry); continue }
                var texts: [String: DataValue] = [:]
                if let localizations = value(entry, "localizations") {
                    guard let locs = mapping(localizations) else { fail("expected an object for the localizations of '\(key)'", localizations); continue }
                    for (locale, localization) in locs {
                        // A code the locale tables do not know would make the whole entry no
                        // table of texts (every locale would show nothing): left out, and named.
                        guard LocaleCodes.isCode(locale) else {
                            if !unknownLocales.contains(locale), unknownLocales.count < 16 { unknownLocales.append(locale) }
                            continue
                        }
                        if let text = self.text(localization, key: key) { texts[locale] = .string(text) }
                    }
                }
                if texts[source] == nil {
                    texts[source] = .string(key)
                    if Self.arguments(key) > 0 { note(key) }
                }
                out[key] = .object(texts)
            }
            return out
        }

        /// One localization: a string unit, or plural or device variations of one.
        mutating func text(_ node: Yams.Node, key: String, pluralForm: Bool = false) -> String? {
            if let unit = value(node, "stringUnit") {
                guard let text = value(unit, "value")?.scalar?.string else { fail("a stringUnit of '\(key)' has no \"value\"", unit); return nil }
                // A plural form's one number becomes `#`; any other argument has no meaning here.
                if value(node, "substitutions") != nil || Self.arguments(text) > (pluralForm ? 1 : 0) { note(key) }
                return text
            }
            if let variations = value(node, "variations") {
                if let plural = mapping(value(variations, "plural")) {
                    let order = ["zero", "one", "two", "few", "many", "other"]
                    var forms: [String] = []
                    for (category, form) in plural.sorted(by: { (order.firstIndex(of: $0.0) ?? 9) < (order.firstIndex(of: $1.0) ?? 9) }) {
                        guard let t = text(form, key: key, pluralForm: true) else { continue }
                        forms.append("\(category) {\(Self.numberAsHash(t))}")
                    }
                    return forms.isEmpty ? nil : forms.joined(separator: " ")
                }
                if let device = mapping(value(variations, "device")) {
                    let pick = device.first(where: { $0.0 == "iphone" }) ?? device.first(where: { $0.0 == "other" })
                    return pick.flatMap { text($0.1, key: key) }
                }
                fail("the variations of '\(key)' are neither plural nor device", variations)
                return nil
            }
            if value(node, "substitutions") != nil { note(key) }
            return nil
        }

        mutating func note(_ key: String) { if !withArguments.contains(key) { withArguments.append(key) } }

        static let specifier = try! NSRegularExpression(pattern: "%(?:[0-9]+\\$)?(?:lld|llu|ld|lu|d|i|u|@|(?:\\.[0-9]+)?f)")

        static func arguments(_ text: String) -> Int {
            specifier.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
        }

        /// `%lld days` → `# days`: the plural's own number, as the `plural:` filter writes it.
        static func numberAsHash(_ text: String) -> String {
            specifier.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "#")
        }
    }
}

/// Xcode string catalogs for code that is not a layout (the SwiftUI modules' `Text` looks its keys
/// up in them): each key's text per localization, read under the same rules and limits.
public enum StringCatalogFile {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// `path`'s strings: key → localization → text. A plural variation is an ICU plural here
    /// (`one {# day} other {# days}`), as the layout language reads it.
    public static func texts(at path: String, limits: Limits = .default) throws(Failure) -> [String: [String: String]] {
        let url = URL(fileURLWithPath: path)
        switch StringCatalog.load(url.lastPathComponent, layoutDirectory: url.deletingLastPathComponent().path, limits: limits) {
        case .failure(let f):
            throw Failure(description: f.location.map { "\($0): \(f.message)" } ?? f.message)
        case .success(let loaded):
            var out: [String: [String: String]] = [:]
            for (key, value) in loaded.strings {
                guard case .object(let texts) = value else { continue }
                out[key] = texts.compactMapValues { if case .string(let s) = $0 { s } else { nil } }
            }
            return out
        }
    }
}
