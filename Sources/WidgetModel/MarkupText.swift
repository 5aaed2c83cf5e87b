/// The one escaper for text put into HTML and XML (the gallery, the verify report and its JUnit
/// file, the filmstrips, the calibration page, fontconfig's configuration): `&`, `<`, `>` and `"`
/// become entities, so text is safe between tags and inside double-quoted attributes.
public enum MarkupText {
    public static func escape(_ s: String) -> String {
        // Most text has nothing to escape: returned as it is, without copying (pages hold thousands).
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        for byte in s.utf8 {
            switch byte {
            case 0x26: out += Array("&amp;".utf8)
            case 0x3C: out += Array("&lt;".utf8)
            case 0x3E: out += Array("&gt;".utf8)
            case 0x22: out += Array("&quot;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
