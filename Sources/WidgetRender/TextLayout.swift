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
        /// Lines were dropped before Pango saw the text (unwrapped text with more lines than allowed).
        var cutLines: Bool
    }

    /// The one layout setup shared by measuring and drawing, so both agree on every size.
    func makeLayout(_ context: OpaquePointer, _ string: String, font: FontSpec, width: Double?, maxLines: Int?,
                    alignment: TextAlignment) -> PreparedLayout {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(FontKey(families: font.families, size: font.size, weight: font.weight)))
        if let attributes = attributeList(AttributeKey(lineHeight: font.lineHeight, tracking: font.tracking,
                                                       monospacedDigits: font.monospacedDigits)) {
            pango_layout_set_attributes(layout, attributes)
        }
        var text = string
        var cutLines = false
        // Layout proposes `.infinity` for "as wide as you like": that is no wrapping at all.
        let width = width.flatMap { $0.isFinite ? min($0, 1_000_000) : nil }
        if let width {
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
                text = lines.prefix(max(1, maxLines)).joined(separator: "\n") + "…"
                cutLines = true
            }
        }
        pango_layout_set_alignment(layout, alignment == .center ? PANGO_ALIGN_CENTER
                                   : alignment == .trailing ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, text, -1)
        if width != nil, let maxLines, text.contains("\n") {
            cutLines = limitParagraphs(layout, maxLines: max(1, maxLines))
        }
        return PreparedLayout(layout: layout, cutLines: cutLines)
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
