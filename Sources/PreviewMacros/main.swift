#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// The compiler plugin behind `#Preview` on Linux (Sources/SwiftUI/Preview.swift declares the
// macros with Apple's signatures; WidgetKit adds the widget and Live Activity ones).
//
// Why not swift-syntax: a macro target normally links swift-syntax, and a team's test build would
// then compile SwiftSyntax, SwiftParser and SwiftCompilerPlugin from source before its first widget
// file; the consumer's dependency graph stays lean (docs/swift.md).
// `#Preview` needs no syntax tree: the compiler has already type-checked its arguments against the
// macro's signature, and Apple documents the expansion as "a declaration that calls this
// initializer" (DeveloperToolsSupport.Preview.init with the same labels). So the expansion is
// textual — `#Preview` becomes `DeveloperToolsSupport.Preview` inside a uniquely named
// `PreviewRegistry` type — and this file speaks the compiler's plugin protocol itself: messages are JSON, each framed by its byte
// count as a little-endian UInt64, on stdin/stdout.

struct Location: Codable { var fileID: String; var fileName: String; var offset: Int; var line: Int; var column: Int }
struct Syntax: Codable { var kind: String; var source: String; var location: Location }
struct MacroReference: Codable { var moduleName: String; var typeName: String; var name: String }

enum HostMessage: Decodable {
    case getCapability
    case expandFreestandingMacro(macro: MacroReference, discriminator: String, syntax: Syntax)
    case other(String)

    private enum Keys: String, CodingKey { case getCapability, expandFreestandingMacro }
    private enum ExpandKeys: String, CodingKey { case macro, discriminator, syntax }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let key = container.allKeys.first else { self = .other("empty"); return }
        switch key.stringValue {
        case Keys.getCapability.rawValue:
            self = .getCapability
        case Keys.expandFreestandingMacro.rawValue:
            let body = try container.nestedContainer(keyedBy: ExpandKeys.self, forKey: key)
            self = .expandFreestandingMacro(macro: try body.decode(MacroReference.self, forKey: .macro),
                                            discriminator: try body.decode(String.self, forKey: .discriminator),
                                            syntax: try body.decode(Syntax.self, forKey: .syntax))
        default:
            self = .other(key.stringValue)
        }
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

struct Diagnostic: Encodable {
    struct Position: Encodable { var fileName: String; var offset: Int }
    var message: String
    var severity = "error"
    var position: Position
    var highlights: [String] = [], notes: [String] = [], fixIts: [String] = []
}

enum PluginMessage: Encodable {
    case capability
    case expansion(source: String?, diagnostics: [Diagnostic])

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        switch self {
        case .capability:
            struct Capability: Encodable { var protocolVersion = 7 }
            struct Result: Encodable { var capability = Capability() }
            try container.encode(Result(), forKey: AnyKey(stringValue: "getCapabilityResult"))
        case .expansion(let source, let diagnostics):
            struct Result: Encodable { var expandedSource: String?; var diagnostics: [Diagnostic] }
            try container.encode(Result(expandedSource: source, diagnostics: diagnostics),
                                 forKey: AnyKey(stringValue: "expandMacroResult"))
        }
    }
}

/// `#Preview(…) { … } timeline: { … }` → a registry type whose `makePreview()` calls
/// `DeveloperToolsSupport.Preview(…) { … } timeline: { … }`: the same arguments, as Apple's expansion passes them.
func expandPreview(_ syntax: Syntax, discriminator: String) -> PluginMessage {
    // The text starts where the node's leading trivia does (after the previous token): comments
    // and blank lines, then any attributes, then `#Preview`.
    let source = syntax.source
    let start = afterTrivia(source)
    guard let hash = source[start...].firstRange(of: "#Preview") else {
        let position = Diagnostic.Position(fileName: syntax.location.fileName, offset: syntax.location.offset)
        return .expansion(source: nil, diagnostics: [Diagnostic(message: "WidgetShot's #Preview expected '#Preview' in \(source.prefix(40))", position: position)])
    }
    let attributes = String(source[start..<hash.lowerBound])
    // Where `#Preview` itself is: the reported location is the trivia's start.
    let before = source[..<hash.lowerBound]
    let newlines = before.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
    let line = syntax.location.line + newlines
    let column = newlines == 0 ? syntax.location.column + before.count
        : before.distance(from: (before.lastIndex(of: "\n").map { before.index(after: $0) })!, to: before.endIndex) + 1
    var rest = source[hash.upperBound...]
    // A generic argument clause (`#Preview<Widget>(…)`) names the types the initializer infers.
    if rest.first == "<", let close = rest.firstIndex(of: ">") { rest = rest[rest.index(after: close)...] }
    // The unique name the compiler expects for a name the expansion makes up: its discriminator,
    // the name's length and the name, then `fMu_` (a macro-unique name).
    let name = "\(discriminator)15PreviewRegistryfMu_"
    let fileID = syntax.location.fileID.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    let maker = "\(discriminator)11makePreviewfMu_"
    let expanded = """
        \(attributes)enum \(name): DeveloperToolsSupport.PreviewRegistry {
            static let fileID: String = "\(fileID)"
            static let line: Int = \(line)
            static let column: Int = \(column)
            @MainActor static func makePreview() throws -> DeveloperToolsSupport.Preview {
                DeveloperToolsSupport.Preview\(rest)
            }
        }
        @_silgen_name("\(previewSymbol(fileID: syntax.location.fileID, line: line))") @MainActor
        public func \(maker)() throws -> DeveloperToolsSupport.Preview { try \(name).makePreview() }
        """
    return .expansion(source: expanded, diagnostics: [])
}

/// The index past leading whitespace, `//` line comments and `/* */` block comments.
func afterTrivia(_ text: String) -> String.Index {
    var index = text.startIndex
    while index < text.endIndex {
        let rest = text[index...]
        if rest.first!.isWhitespace {
            index = text.index(after: index)
        } else if rest.hasPrefix("//") {
            index = rest.firstIndex(of: "\n") ?? text.endIndex
        } else if rest.hasPrefix("/*") {
            index = rest.firstRange(of: "*/")?.upperBound ?? text.endIndex
        } else {
            break
        }
    }
    return index
}

/// The symbol a preview is found by, from the file and line it is written at: a generated runner
/// (or a test) declares `@_silgen_name("widgetshot_preview_App_Widget_swift_42") func …() throws
/// -> Preview` and calls it. Swift cannot list a module's types at run time, so the names are the index.
func previewSymbol(fileID: String, line: Int) -> String {
    let safe = fileID.unicodeScalars.map { scalar -> String in
        (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) ? String(scalar) : "_"
    }.joined()
    return "widgetshot_preview_\(safe)_\(line)"
}

// MARK: - The message loop

func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + filled, count - filled) }
        if got <= 0 { return nil }
        filled += got
    }
    return buffer
}

func writeAll(_ bytes: [UInt8]) {
    var sent = 0
    while sent < bytes.count {
        let wrote = bytes.withUnsafeBytes { write(1, $0.baseAddress! + sent, bytes.count - sent) }
        if wrote <= 0 { exit(1) }
        sent += wrote
    }
}

/// The largest message this plugin accepts (a #Preview's source text and its context): 64 MiB.
let maxMessageBytes = 64 << 20

while let header = readExactly(8) {
    let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    guard length <= UInt64(maxMessageBytes), let body = readExactly(Int(length)) else { exit(1) }
    let reply: PluginMessage
    switch (try? JSONDecoder().decode(HostMessage.self, from: Data(body))) ?? .other("undecodable") {
    case .getCapability:
        reply = .capability
    case .expandFreestandingMacro(_, let discriminator, let syntax):
        reply = expandPreview(syntax, discriminator: discriminator)
    case .other(let kind):
        let position = Diagnostic.Position(fileName: "", offset: 0)
        reply = .expansion(source: nil, diagnostics: [Diagnostic(message: "WidgetShot's preview plugin does not handle '\(kind)'", position: position)])
    }
    guard let json = try? JSONEncoder().encode(reply) else { exit(1) }
    var out = withUnsafeBytes(of: UInt64(json.count).littleEndian) { Array($0) }
    out.append(contentsOf: json)
    writeAll(out)
}
