/// A character as an error message shows it: visible ones quoted (`'é'`), invisible ones by name and code
/// point, so a stray byte-order mark reads "a byte-order mark (U+FEFF)" rather than nothing, or "ï" (its first
/// byte shown as Latin-1).
public enum CharacterText {
    /// `'é'`; `a byte-order mark (U+FEFF)`; `a control character (U+0007)`; `an invisible character (U+200B)`.
    /// Without `article`: `byte-order mark (U+FEFF)`, for "unexpected …".
    public static func describe(_ scalar: Unicode.Scalar, article: Bool = true) -> String {
        let code = "U+" + String(repeating: "0", count: max(0, 4 - String(scalar.value, radix: 16).count))
            + String(scalar.value, radix: 16, uppercase: true)
        let named: (String, String)?
        switch scalar.properties.generalCategory {
        case _ where scalar == "\u{FEFF}": named = ("a ", "byte-order mark")
        case .control: named = ("a ", "control character")
        case .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned, .privateUse:
            named = scalar == " " ? nil : ("an ", "invisible character")
        default: named = nil
        }
        guard let (a, name) = named else { return (article ? "" : "character ") + "'\(Character(scalar))'" }
        return (article ? a : "") + "\(name) (\(code))"
    }

    /// The character whose UTF-8 encoding starts at `offset`, described as `describe` does; a byte that
    /// does not start one is `byte 0xEF`.
    public static func describe(byteAt offset: Int, in bytes: [UInt8], article: Bool = true) -> String {
        guard offset >= 0, offset < bytes.count else { return "the end of the data" }
        if let scalar = scalar(at: offset, in: bytes) { return describe(scalar, article: article) }
        let hex = String(bytes[offset], radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" : "") + hex
    }

    /// Text a message quotes, shortened past 40 characters to its start and end: `10000000000000000000…0000000000`.
    public static func shortened(_ text: some StringProtocol) -> String {
        guard text.count > 40 else { return String(text) }
        return text.prefix(20) + "…" + text.suffix(10)
    }

    /// The scalar encoded at `offset`, if a well-formed one starts there.
    static func scalar(at offset: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
            : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
        guard length > 0, offset + length <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = bytes[offset..<(offset + length)].makeIterator()
        if case .scalarValue(let s) = decoder.decode(&iterator) { return s }
        return nil
    }
}
