import Foundation
import WidgetModel

/// A warning for text that would draw missing-glyph boxes: characters no bundled font has (Arabic,
/// Hebrew, Thai … when no font for them is in the project's fonts folder). Fonts come only from
/// that folder, so such text silently drew boxes before.
///
/// Each character is asked of the renderer once per `WidgetRenderer` (a cache of scalars; ASCII is
/// always covered by the bundled fonts and never asked), so a warm render pays a dictionary lookup
/// per non-ASCII character.
struct GlyphCoverage {
    private var covered: [Unicode.Scalar: Bool] = [:]
    /// A renderer keeps at most this many answers (a hostile text could name every code point).
    static let maxEntries = 8_192

    /// Characters not yet known that one render asks Pango about (each costs a text layout); past
    /// it the rest of that render's text goes unchecked, so no text can make the check slow.
    static let lookupsPerRender = 256
    /// Missing characters one warning lists at most (it shows three and their scripts).
    static let maxListed = 32

    /// The characters of `text` that `draws` says would be boxes, in order, without repeats;
    /// `budget` is what is left of this render's `lookupsPerRender`.
    mutating func missing(in text: String, budget: inout Int, draws: (String) -> Bool) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !scalar.isASCII && !Self.isInvisible(scalar) {
            let ok: Bool
            if let known = covered[scalar] { ok = known } else {
                guard budget > 0 else { break }
                budget -= 1
                ok = draws(String(scalar))
                if covered.count < Self.maxEntries { covered[scalar] = ok }
            }
            if !ok, !out.contains(scalar) {
                out.append(scalar)
                if out.count == Self.maxListed { break }
            }
        }
        return out
    }

    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        let c = s.properties.generalCategory
        return c == .format || c == .control || c == .nonspacingMark || s.properties.isWhitespace
            || (0xFE00...0xFE0F).contains(s.value)  // variation selectors
    }

    /// The message naming the text, the scripts and the first characters missing.
    static func message(text: String, missing: [Unicode.Scalar]) -> String {
        var scripts: [String] = []
        for s in missing { let name = script(of: s); if !scripts.contains(name) { scripts.append(name) } }
        let codes = missing.prefix(3).map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")
        let excerpt = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "text \"\(excerpt)\" has characters no font in the fonts folder draws (\(scripts.joined(separator: ", ")): \(codes)"
            + (missing.count > 3 ? ", …" : "") + "); they are drawn as boxes. Add a folder of fonts for them to the bundled ones: fonts: [Fonts/Noto] in widgetshot.yaml "
            + "(scripts/setup --fonts Fonts/Noto copies Debian's Noto fonts there; docs/project.md)"
    }

    /// The script a character belongs to, for the common ones a widget may show; else "other".
    static func script(of s: Unicode.Scalar) -> String {
        let v = s.value
        let table: [(ClosedRange<UInt32>, String)] = [
            (0x0370...0x03FF, "Greek"), (0x0400...0x052F, "Cyrillic"), (0x0530...0x058F, "Armenian"),
            (0x0590...0x05FF, "Hebrew"), (0xFB1D...0xFB4F, "Hebrew"),
            (0x0600...0x06FF, "Arabic"), (0x0750...0x077F, "Arabic"), (0x08A0...0x08FF, "Arabic"),
            (0xFB50...0xFDFF, "Arabic"), (0xFE70...0xFEFF, "Arabic"),
            (0x0900...0x097F, "Devanagari"), (0x0980...0x09FF, "Bengali"), (0x0B80...0x0BFF, "Tamil"),
            (0x0E00...0x0E7F, "Thai"), (0x0E80...0x0EFF, "Lao"), (0x10A0...0x10FF, "Georgian"),
            (0x1100...0x11FF, "Hangul"), (0x3130...0x318F, "Hangul"), (0xAC00...0xD7AF, "Hangul"),
            (0x3040...0x309F, "Hiragana"), (0x30A0...0x30FF, "Katakana"),
            (0x3400...0x4DBF, "Han"), (0x4E00...0x9FFF, "Han"), (0x20000...0x2FFFF, "Han"),
            (0x2600...0x27BF, "symbols"), (0x1F000...0x1FAFF, "emoji"),
        ]
        return table.first { $0.0.contains(v) }?.1 ?? "other"
    }
}
