import CPangoCairo
import WidgetLayout
import WidgetModel

struct FontKey: Hashable {
    var families: [String]
    var size: Double
    var weight: FontWeight
}

/// What goes into a layout's attribute list besides the font.
struct AttributeKey: Hashable {
    var lineHeight: Double?
    var tracking: Double
    var monospacedDigits: Bool
}

extension Renderer {
    struct PreparedLayout {
        var layout: OpaquePointer
        /// Text was dropped before Pango saw it (beyond `Limits.textLength`, or unwrapped text with
        /// more lines than allowed).
        var cutLines: Bool
        /// The text Pango laid out (byte offsets in the layout refer to it).
        var text: String
    }

    /// The one layout setup shared by measuring and drawing, so both agree on every size.
    ///
    /// Pango's cost grows with the text it is given, and faster than linearly for long words (see
    /// `breakingLongWords`), so the text is bounded first: at most `limits.textLength` characters
    /// (a longer one is cut and ends in "…", and counts as truncated), and no unbreakable run longer
    /// than a couple of lines.
    func makeLayout(_ context: OpaquePointer, _ string: String, font: FontSpec, width: Double?, maxLines: Int?,
                    alignment: TextAlignment) -> PreparedLayout {
        var (bounded, cutLength) = Self.bounded(string, characters: limits.textLength)
        if let width, width.isFinite, let maxLines {
            // Wrapped in at most maxLines lines, a text shows no more than this; the rest only costs.
            let visible = Self.visibleCharacters(width: width, font: font, maxLines: maxLines)
            let (prefix, cut) = Self.bounded(bounded, characters: visible, ellipsis: false)
            if cut { bounded = prefix; cutLength = true }
        }
        return makeBoundedLayout(context, bounded, cutLength: cutLength, font: font, width: width, maxLines: maxLines,
                                 alignment: alignment)
    }

    /// Twice the characters `maxLines` lines of `width` can hold (newlines included), plus slack: a
    /// prefix this long still overflows those lines, so Pango cuts and ellipsizes it exactly where it
    /// would cut the whole text.
    static func visibleCharacters(width: Double, font: FontSpec, maxLines: Int) -> Int {
        let perLine = min(1_000_000, (max(0, width) / max(0.25 * font.size, 0.01)).rounded(.up)) + 1
        return Int(min(1_000_000_000, 2 * perLine * Double(max(1, maxLines)))) + 64
    }

    private func makeBoundedLayout(_ context: OpaquePointer, _ string: String, cutLength: Bool, font: FontSpec,
                                   width: Double?, maxLines: Int?, alignment: TextAlignment) -> PreparedLayout {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(FontKey(families: font.families, size: font.size, weight: font.weight)))
        if let attributes = attributeList(AttributeKey(lineHeight: font.lineHeight, tracking: font.tracking,
                                                       monospacedDigits: font.monospacedDigits)) {
            pango_layout_set_attributes(layout, attributes)
        }
        var text = string
        var cutLines = cutLength
        // Layout proposes `.infinity` for "as wide as you like": that is no wrapping at all.
        let width = width.flatMap { $0.isFinite ? min($0, 1_000_000) : nil }
        if let width {
            text = Self.breakingLongWords(text, every: Self.longestUnbrokenRun(width: width, font: font))
            pango_layout_set_width(layout, pango_units_from_double(max(0, width)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if let maxLines {
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
                // Negative: at most that many lines per paragraph.
                pango_layout_set_height(layout, -Int32(max(1, maxLines)))
            }
        } else if let maxLines {
            // Unwrapped text only breaks at newlines; Pango cannot ellipsize without a width, so
            // keep the first lines and end the last one with an ellipsis, as SwiftUI does.
            let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > max(1, maxLines) {
                text = lines.prefix(max(1, maxLines)).joined(separator: "\n")
                if !cutLength { text += "…" }
                cutLines = true
            }
        }
        pango_layout_set_alignment(layout, alignment == .center ? PANGO_ALIGN_CENTER
                                   : alignment == .trailing ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, text, -1)
        if width != nil, let maxLines, text.contains("\n") {
            cutLines = limitParagraphs(layout, maxLines: max(1, maxLines))
        }
        return PreparedLayout(layout: layout, cutLines: cutLines, text: text)
    }

    /// At most `characters` characters of `string`, and nothing from a NUL on (Pango stops there
    /// too); a longer text is cut (and ends in "…" if `ellipsis`). Costs O(`characters`), not O(string).
    static func bounded(_ string: String, characters: Int, ellipsis: Bool = true) -> (String, cut: Bool) {
        var kept = Substring(string)
        var cut = false
        if string.utf8.count > characters,
           let end = string.index(string.startIndex, offsetBy: max(0, characters), limitedBy: string.endIndex),
           end < string.endIndex {
            kept = string[..<end]
            cut = true
        }
        if let nul = kept.utf8.firstIndex(of: 0) {
            return (String(kept[..<nul]), false)
        }
        guard cut else { return (string, false) }
        return (String(kept) + (ellipsis ? "…" : ""), true)
    }

    /// Characters a word may run without a break opportunity before one is added: twice the most
    /// characters one line of `width` can hold (no glyph of a text face is narrower than a quarter em),
    /// so a run this long always spans more than a line. The rescan per line is at most this long.
    static func longestUnbrokenRun(width: Double, font: FontSpec) -> Int {
        let perLine = width / max(0.25 * font.size, 0.01)
        return max(16, 2 * Int(min(1_000_000, perLine.rounded(.up))) + 2)
    }

    /// Pango 1.50 wraps a word wider than the line (PANGO_WRAP_WORD_CHAR) by rescanning the rest of
    /// the word for every line it fills, so a 10,000-letter word costs seconds and 20,000 letters
    /// in a widget's ETA column took 7 s. A zero-width space every `run` characters of such a word
    /// bounds that rescan and makes the cost linear. Only runs with no break opportunity longer
    /// than `run` change (each such run wraps as before, except that a new line starts at each
    /// inserted break); ordinary text is returned as it is.
    static func breakingLongWords(_ text: String, every run: Int) -> String {
        var unbroken = 0
        var needed = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace { unbroken = 0; continue }
            unbroken += 1
            if unbroken > run { needed = true; break }
        }
        guard needed else { return text }

        let scalars = Array(text.unicodeScalars)
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: scalars.count + 1)
        text.withCString { chars in
            pango_get_log_attrs(chars, -1, -1, pango_language_get_default(), &attributes, Int32(attributes.count))
        }
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count + scalars.count / run + 1)
        unbroken = 0
        for (i, scalar) in scalars.enumerated() {
            let attribute = attributes[i]
            if attribute.is_line_break != 0 {
                unbroken = 0
            } else if unbroken >= run, attribute.is_char_break != 0 {
                result.append("\u{200B}")
                unbroken = 0
            }
            result.append(scalar)
            unbroken += 1
        }
        return String(result)
    }

    /// A negative layout height limits lines per paragraph, not in total. With several paragraphs,
    /// lay out without a limit, then limit the height to what the first `maxLines` lines take
    /// (Pango then drops the rest; it adds an ellipsis only when the last kept line is itself cut).
    /// Returns whether lines were dropped.
    private func limitParagraphs(_ layout: OpaquePointer, maxLines: Int) -> Bool {
        pango_layout_set_height(layout, -1 - Int32(Int16.max))   // effectively unlimited per paragraph
        guard Int(pango_layout_get_line_count(layout)) > maxLines else {
            pango_layout_set_height(layout, -Int32(maxLines))
            return false
        }
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var bottom: Int32 = 0
        for _ in 0..<maxLines {
            var line = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &line)
            bottom = line.y + line.height
            if pango_layout_iter_next_line(iter) == 0 { break }
        }
        // A little slack so rounding never drops the last wanted line.
        pango_layout_set_height(layout, bottom + Int32(PANGO_SCALE) / 8)
        return true
    }

    func fontDescription(_ key: FontKey) -> OpaquePointer {
        if let d = fontDescriptions[key] { return d }
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, key.families.joined(separator: ","))
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(key.weight.value)))
        pango_font_description_set_absolute_size(d, max(key.size, 0.01) * Double(PANGO_SCALE))
        fontDescriptions[key] = d
        return d
    }

    func attributeList(_ key: AttributeKey) -> OpaquePointer? {
        let lineHeight = key.lineHeight.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let tracking = key.tracking.isFinite ? key.tracking : 0
        if lineHeight == nil, tracking == 0, !key.monospacedDigits { return nil }
        if let list = attributeLists[key] { return list }
        let list = pango_attr_list_new()!
        if let lineHeight {
            pango_attr_list_insert(list, pango_attr_line_height_new_absolute(pango_units_from_double(lineHeight)))
        }
        if tracking != 0 {
            pango_attr_list_insert(list, pango_attr_letter_spacing_new(pango_units_from_double(tracking)))
        }
        if key.monospacedDigits {
            pango_attr_list_insert(list, pango_attr_font_features_new("tnum 1"))
        }
        attributeLists[key] = list
        return list
    }
}
