/// A UTF-8 byte-order mark (U+FEFF, bytes EF BB BF) at the start of JSON or YAML text says only
/// "UTF-8"; RFC 8259 §8.1 and YAML 1.2 let a reader ignore it, and editors and Windows tools write
/// one. Every reader of such text (layout and data files, request bodies, push payloads) skips one
/// here, and only one: a second is a character where the text must start, and the reader's error
/// names it.
public enum ByteOrderMark {
    public static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Bytes of the mark at the start of `bytes`: 3, or 0 when there is none.
    public static func length(in bytes: some Collection<UInt8>) -> Int { bytes.starts(with: utf8) ? utf8.count : 0 }

    /// `text` without one leading mark.
    public static func dropped(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }
}
