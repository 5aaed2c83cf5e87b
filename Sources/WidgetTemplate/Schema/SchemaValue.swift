import Foundation

/// A piece of JSON Schema (draft-07), kept in the order written so the generated file reads like the
/// key lists it comes from and stays byte-stable between runs.
public indirect enum SchemaValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([SchemaValue])
    case object([Member])

    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: SchemaValue
        public init(_ key: String, _ value: SchemaValue) { self.key = key; self.value = value }
    }

    /// The value under `key` of an object.
    public subscript(key: String) -> SchemaValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }
}

/// The vocabulary the node files describe their keys with (what a value may be).
extension SchemaValue {
    static func type(_ name: String) -> SchemaValue { .object([.init("type", .string(name))]) }
    static let number = type("number")
    static let integer = type("integer")
    static let boolean = type("boolean")
    static let text = type("string")
    static let nothing = type("null")
    static let binding = ref("binding")
    static let node = ref("node")
    static let paint = ref("paint")
    static let color = ref("color")
    static let edges = ref("edges")
    static let localizedText = ref("localizedText")

    static func ref(_ definition: String) -> SchemaValue { .object([.init("$ref", .string("#/definitions/" + definition))]) }
    static func anyOf(_ choices: [SchemaValue]) -> SchemaValue { .object([.init("anyOf", .array(choices))]) }
    /// One of these words.
    static func words(_ words: [String]) -> SchemaValue {
        .object([.init("type", .string("string")), .init("enum", .array(words.map(SchemaValue.string)))])
    }
    /// A value of one of `choices`, or a binding (`'{{…}}'`) checked against the parameter when bound.
    static func bindable(_ choices: SchemaValue...) -> SchemaValue { anyOf(choices + [binding]) }
    /// A mapping with exactly these keys (none required unless named).
    static func record(_ properties: [Member], required: [String] = []) -> SchemaValue {
        var members: [Member] = [.init("type", .string("object")), .init("additionalProperties", .bool(false))]
        if !required.isEmpty { members.append(.init("required", .array(required.map(SchemaValue.string)))) }
        members.append(.init("properties", .object(properties)))
        return .object(members)
    }
    /// `self` with a description in front.
    func described(_ description: String) -> SchemaValue {
        guard case .object(let members) = self else { return self }
        return .object([.init("description", .string(description))] + members)
    }

    /// Every property name and every enum word in this schema, for the fuzz dictionary.
    func words(into out: inout Set<String>) {
        switch self {
        case .object(let members):
            for m in members {
                if m.key == "properties", case .object(let props) = m.value { out.formUnion(props.map(\.key)) }
                if m.key == "enum" || m.key == "required", case .array(let items) = m.value {
                    for case .string(let s) in items { out.insert(s) }
                }
                if m.key == "const", case .string(let s) = m.value { out.insert(s) }
                m.value.words(into: &out)
            }
        case .array(let items): for i in items { i.words(into: &out) }
        default: break
        }
    }

    /// JSON text, one member a line, indented by one space per level; non-ASCII escaped (\uXXXX),
    /// so the file is the same bytes on every machine.
    public func json() -> String {
        var out = ""
        write(to: &out, indent: 0)
        return out + "\n"
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: " ", count: indent + 1)
        let closing = String(repeating: " ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let n): out += String(n)
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent + 1)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closing + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += pad
                Self.quote(m.key, into: &out)
                out += ": "
                m.value.write(to: &out, indent: indent + 1)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += closing + "}"
        }
    }

    /// A JSON string literal, written by Foundation's JSONEncoder (this writer only lays out the
    /// members in their order, which JSONEncoder's keyed containers do not promise).
    private static func quote(_ s: String, into out: inout String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        out += (try? encoder.encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
