import CPangoCairo
import WidgetModel

/// Korean wraps between words, as iOS does.
///
/// UAX #14 (and so Pango) allows a line break between any two Hangul syllables, so `맛있게` can wrap
/// as `맛있 / 게`. UIKit's standard line-break strategy includes Hangul word priority
/// (`NSParagraphStyle.LineBreakStrategy.hangulWordPriority`): Korean breaks only between words
/// (space-separated runs), and inside a word only when the word alone is wider than the line.
///
/// Done with Pango's allow-breaks attribute (`pango_attr_allow_breaks_new`, Pango ≥ 1.44) over every
/// word that holds Hangul and fits on a line: the text Pango shapes is unchanged (no joiners
/// inserted), so glyphs, advances and byte offsets stay what they were; only the break opportunities
/// inside those words go. A word wider than the line keeps them, so it still wraps by syllable
/// instead of running past the edge. Measuring and drawing share this through `makeLayout`.
extension Renderer {
    /// One space-separated run of the text that holds Hangul, as UTF-8 byte offsets [start, end).
    struct HangulWord: Equatable {
        var start: Int
        var end: Int
        var characters: Int
    }

    /// The words of `text` that contain Hangul. Separators are whitespace and U+200B (the zero-width
    /// space `breakingLongWords` inserts into very long runs). Runs of one character have no break
    /// inside and are left out.
    static func hangulWords(in text: String) -> [HangulWord] {
        var words: [HangulWord] = []
        var offset = 0
        var start = 0, characters = 0
        var hasHangul = false
        func close() {
            if hasHangul, characters > 1 { words.append(HangulWord(start: start, end: offset, characters: characters)) }
            hasHangul = false
            characters = 0
        }
        for scalar in text.unicodeScalars {
            let length = UTF8.width(scalar)
            if scalar.properties.isWhitespace || scalar == "\u{200B}" {
                close()
                start = offset + length
            } else {
                if characters == 0 { start = offset }
                characters += 1
                if isHangul(scalar) { hasHangul = true }
            }
            offset += length
        }
        close()
        return words
    }

    /// Hangul syllables and jamo (Unicode blocks Hangul Jamo, Compatibility Jamo, Jamo Extended-A/B,
    /// Hangul Syllables).
    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF: true
        default: false
        }
    }

    /// The attribute list for `text` wrapped at `width` (Pango units): `base` (the font's cached
    /// attributes, not consumed) plus a no-breaks range over each Hangul word that fits on a line.
    /// Returns nil when nothing changes (no Hangul words, or none fits); otherwise a new list the
    /// caller owns.
    func hangulWordAttributes(_ text: String, width: Int32, font: FontSpec, base: OpaquePointer?) -> OpaquePointer? {
        let words = Self.hangulWords(in: text)
        if words.isEmpty { return nil }
        // No glyph of a text face advances more than 1.5 em (Hangul syllables are 1 em or less): a
        // word below that bound fits without measuring, and only longer ones are measured.
        let tracking = font.tracking.isFinite ? abs(font.tracking) : 0
        let perCharacter = pango_units_from_double(1.5 * max(font.size, 0.01) + tracking)
        let unsure = words.contains { Int64($0.characters) * Int64(perCharacter) > Int64(width) }
        let widths = unsure ? measuredWidths(of: words, in: text, font: font, base: base) : nil
        var kept = false
        let list = base.map { pango_attr_list_copy($0)! } ?? pango_attr_list_new()!
        for (i, word) in words.enumerated() {
            if let widths, widths[i] > width { continue }
            let attribute = pango_attr_allow_breaks_new(0)!
            attribute.pointee.start_index = guint(word.start)
            attribute.pointee.end_index = guint(word.end)
            pango_attr_list_insert(list, attribute)
            kept = true
        }
        if !kept { pango_attr_list_unref(list); return nil }
        return list
    }

    /// Each word's advance width where it stands in the unwrapped text (Pango units), with the
    /// text's font and attributes, so it is the width the word takes on a line of its own.
    private func measuredWidths(of words: [HangulWord], in text: String, font: FontSpec, base: OpaquePointer?) -> [Int32] {
        let layout = pango_layout_new(measureContext)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fontDescription(fontKey(font)))
        if let base { pango_layout_set_attributes(layout, base) }
        pango_layout_set_text(layout, text, -1)
        return words.map { word in
            var start = PangoRectangle(), end = PangoRectangle()
            pango_layout_index_to_pos(layout, CheckedNumber.int32(clamping: word.start), &start)
            // The end offset is where the next separator starts; a word ending the text ends where
            // the last line does.
            if word.end < text.utf8.count {
                pango_layout_index_to_pos(layout, CheckedNumber.int32(clamping: word.end), &end)
                return abs(end.x - start.x)
            }
            var logical = PangoRectangle()
            let line = pango_layout_get_line_readonly(layout, pango_layout_get_line_count(layout) - 1)
            pango_layout_line_get_extents(line, nil, &logical)
            return abs(logical.x + logical.width - start.x)
        }
    }
}
