import CPangoCairo
import WidgetLayout
import WidgetModel

struct FontKey: Hashable {
    var families: [String]
    var size: Double
    var weight: FontWeight
    var italic = false
}

/// A system font whose optical-size tracking is known (`opticalSizeTracking`).
struct OpticalSizeKey: Hashable {
    var size: Double
    var weight: FontWeight
    var monospacedDigits: Bool
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
                    alignment: TextAlignment, truncation: TruncationMode = .tail) -> PreparedLayout {
        var (bounded, cutLength) = Self.bounded(string, characters: limits.textLength)
        // A text shorter than textLines cannot have more lines (one per character at most, and one
        // after a final newline), so only longer ones get the limit.
        let lineLimit = max(1, limits.textLines)
        let maxLines = bounded.utf8.count < lineLimit ? maxLines : min(maxLines ?? lineLimit, lineLimit)
        if let width, width.isFinite, let maxLines, truncation == .tail {
            // Wrapped in at most maxLines lines, a text shows no more than this; the rest only costs.
            // (Cut at the head or in the middle, the end shows too: those keep the whole bounded text.)
            let visible = Self.visibleCharacters(width: width, font: font, maxLines: maxLines)
            let (prefix, cut) = Self.bounded(bounded, characters: visible, ellipsis: false)
            if cut { bounded = prefix; cutLength = true }
        }
        return makeBoundedLayout(context, bounded, cutLength: cutLength, font: font, width: width, maxLines: maxLines,
                                 alignment: alignment, truncation: truncation)
    }

    /// Twice the characters `maxLines` lines of `width` can hold (newlines included), plus slack: a
    /// prefix this long still overflows those lines, so Pango cuts and ellipsizes it exactly where it
    /// would cut the whole text.
    static func visibleCharacters(width: Double, font: FontSpec, maxLines: Int) -> Int {
        let perLine = min(1_000_000, (max(0, width) / max(0.25 * font.size, 0.01)).rounded(.up)) + 1
        return CheckedNumber.int(2 * perLine * Double(max(1, maxLines)), clampedTo: 0...1_000_000_000) + 64
    }

    private func makeBoundedLayout(_ context: OpaquePointer, _ string: String, cutLength: Bool, font: FontSpec,
                                   width: Double?, maxLines: Int?, alignment: TextAlignment,
                                   truncation: TruncationMode) -> PreparedLayout {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, fontDescription(fontKey(font)))
        var text = string
        var cutLines = cutLength
        // Layout proposes `.infinity` for "as wide as you like": that is no wrapping at all.
        let width = width.flatMap { $0.isFinite ? min($0, 1_000_000) : nil }
        if let width { text = Self.breakingLongWords(text, every: Self.longestUnbrokenRun(width: width, font: font)) }
        let optical = font.opticalTracking
            ? SystemFontMetrics.tracking(size: font.size) + opticalSizeTracking(context, font: font) : 0
        var attributes = attributeList(AttributeKey(lineHeight: font.lineHeight, tracking: font.tracking + optical,
                                                    monospacedDigits: font.monospacedDigits))
        // SF's tracking is SF's: Hangul, kana and Han are drawn (on iOS) in fonts without it.
        let ownList = optical != 0 ? withoutOpticalTracking(attributes, on: text, keeping: font.tracking) : nil
        defer { if let ownList { pango_attr_list_unref(ownList) } }
        if let ownList { attributes = ownList }
        if let width {
            // Korean wraps between words (HangulWordBreaks.swift); the list is the layout's own.
            if let wordAttributes = hangulWordAttributes(text, width: pango_units_from_double(max(0, width)), font: font,
                                                         base: attributes) {
                pango_layout_set_attributes(layout, wordAttributes)
                pango_attr_list_unref(wordAttributes)
            } else if let attributes {
                pango_layout_set_attributes(layout, attributes)
            }
            pango_layout_set_width(layout, pango_units_from_double(max(0, width)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if let maxLines {
                pango_layout_set_ellipsize(layout, truncation == .head ? PANGO_ELLIPSIZE_START
                                           : truncation == .middle ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END)
                // Negative: at most that many lines per paragraph.
                pango_layout_set_height(layout, -CheckedNumber.int32(clamping: max(1, maxLines)))
            }
        } else if let attributes {
            pango_layout_set_attributes(layout, attributes)
        }
        if width == nil, let maxLines {
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
        return max(16, 2 * CheckedNumber.int(perLine.rounded(.up), clampedTo: 0...1_000_000) + 2)
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
            pango_get_log_attrs(chars, -1, -1, pango_language_get_default(), &attributes, CheckedNumber.int32(clamping: attributes.count))
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
            pango_layout_set_height(layout, -CheckedNumber.int32(clamping: maxLines))
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

    /// A copy of `list` in which the runs of Hangul, kana and Han in `text` have only the written
    /// tracking; nil when `text` has none.
    func withoutOpticalTracking(_ list: OpaquePointer?, on text: String, keeping tracking: Double) -> OpaquePointer? {
        var runs: [(start: Int, end: Int)] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = scalar.utf8.count
            if Self.isEastAsian(scalar.value) {
                if let last = runs.last, last.end == offset { runs[runs.count - 1].end = offset + length }
                else { runs.append((offset, offset + length)) }
            }
            offset += length
        }
        if runs.isEmpty { return nil }
        let copy = list.map { pango_attr_list_copy($0)! } ?? pango_attr_list_new()!
        let written = pango_units_from_double(tracking.isFinite ? tracking : 0)
        for run in runs {
            let attribute = pango_attr_letter_spacing_new(written)!
            attribute.pointee.start_index = guint(run.start)
            attribute.pointee.end_index = guint(run.end)
            pango_attr_list_change(copy, attribute)
        }
        return copy
    }

    /// Tracking in points that sets system-font text as wide as iOS's continuous optical size
    /// would, on average: the width of a sample of Latin text in the text and display faces,
    /// interpolated at the font's size, less its width in the face that draws it, spread over its
    /// characters. One number per size and weight, not per text: a changed digit moves no other
    /// glyph (a per-text number would shift every glyph of "12:46" against "12:45"). 0 outside
    /// the interpolated sizes, for designs other than the default, and without display families.
    /// Measured on iOS 26 snapshots (docs/fidelity.md): a title2 bold line is 3.1–3.7 % wider than
    /// iOS's in Inter, 4.1–4.5 % narrower in Inter Display, and +0.5 % with this tracking.
    func opticalSizeTracking(_ context: OpaquePointer, font: FontSpec) -> Double {
        guard font.families == FontSpec.textFamilies,
              let position = fonts.table.opticalPosition(design: font.design, size: font.size),
              position > 0, position < 1, let display = fonts.table.display else { return 0 }
        let key = OpticalSizeKey(size: font.size, weight: font.weight, monospacedDigits: font.monospacedDigits)
        if let known = opticalSizeTrackings[key] { return known }
        let sample = Self.opticalSizeSample
        let textFaces = fonts.table.families(for: font.design), drawn = position >= 0.5 ? display : textFaces
        func width(_ families: [String], spacing: Double) -> Double {
            let layout = pango_layout_new(context)!
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            pango_layout_set_font_description(layout, fontDescription(FontKey(families: families, size: font.size, weight: font.weight, italic: font.italic)))
            pango_layout_set_attributes(layout, attributeList(AttributeKey(lineHeight: nil, tracking: spacing, monospacedDigits: font.monospacedDigits)))
            pango_layout_set_text(layout, sample, -1)
            var w: Int32 = 0, h: Int32 = 0
            pango_layout_get_size(layout, &w, &h)
            return Double(w) / Double(PANGO_SCALE)
        }
        let textWidth = width(textFaces, spacing: 0), displayWidth = width(display, spacing: 0)
        let drawnWidth = position >= 0.5 ? displayWidth : textWidth
        // How much one point of tracking widens the sample.
        let perPoint = width(drawn, spacing: 1) - drawnWidth
        let target = textWidth + (displayWidth - textWidth) * position
        var tracking = perPoint > 0.5 ? (target - drawnWidth) / perPoint : 0
        if !tracking.isFinite { tracking = 0 }
        if opticalSizeTrackings.count >= 1024 { opticalSizeTrackings.removeAll() }
        opticalSizeTrackings[key] = tracking
        return tracking
    }

    /// Latin text as interfaces set it (capitals, lower case, digits, punctuation, spaces), whose
    /// width stands for any text's in `opticalSizeTracking`.
    public static let opticalSizeSample = "The quick brown fox jumps over the lazy dog. SPHINX OF BLACK QUARTZ, JUDGE MY VOW! 0123456789 12:45 PM, 82%"

    /// Hangul (syllables, jamo), kana, Han and the CJK punctuation and full-width forms.
    static func isEastAsian(_ v: UInt32) -> Bool {
        (0x1100...0x11FF).contains(v) || (0x2E80...0x9FFF).contains(v) || (0xA960...0xA97F).contains(v)
            || (0xAC00...0xD7FF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFFEF).contains(v)
            || (0x20000...0x3FFFF).contains(v)
    }

    /// The families, size and weight Pango is asked for: the system families in the fonts table's
    /// families for the font's design and size (display families from 22.5 pt, halfway along
    /// `FontTable.opticalSizes`).
    func fontKey(_ font: FontSpec) -> FontKey {
        let families = font.families == FontSpec.textFamilies ? fonts.table.families(for: font.design, size: font.size) : font.families
        return FontKey(families: families, size: font.size, weight: font.weight, italic: font.italic)
    }

    func fontDescription(_ key: FontKey) -> OpaquePointer {
        if let d = fontDescriptions[key] { return d }
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, key.families.joined(separator: ","))
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(key.weight.value)))
        pango_font_description_set_absolute_size(d, max(key.size, 0.01) * Double(PANGO_SCALE))
        if key.italic { pango_font_description_set_style(d, PANGO_STYLE_ITALIC) }
        // A variable font's optical-size axis (Apple's SF-Pro.ttf: opsz 17…28 from Text to Display)
        // set to the size in points, as iOS sets it. Left to Pango, opsz follows the size in device
        // pixels, so the 3x draw context took the Display design at every size while the 1x measure
        // context took another. A font without the axis ignores the setting.
        pango_font_description_set_variations(d, "opsz=" + Self.axisValue(key.size))
        fontDescriptions[key] = d
        return d
    }

    /// A size as an axis value in Pango's variation syntax: "17", "22.5" (never a locale's comma).
    static func axisValue(_ size: Double) -> String {
        let v = (max(0, min(size, 10_000)) * 100).rounded() / 100
        return v == v.rounded() ? String(Int(v)) : String(v)
    }

    func attributeList(_ key: AttributeKey) -> OpaquePointer? {
        let lineHeight = key.lineHeight.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let tracking = key.tracking.isFinite ? key.tracking : 0
        if let list = attributeLists[key] { return list }
        let list = pango_attr_list_new()!
        // iOS breaks a word too long for its line between two characters and adds nothing; Pango
        // would end the line with a hyphen.
        pango_attr_list_insert(list, pango_attr_insert_hyphens_new(0))
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

/// One line of a prepared layout, in Pango units (1/1024 pt), vertical numbers from the top of the
/// text block: the same for measuring and drawing.
struct LineBox: Equatable {
    /// Left edge of the line's logical box (alignment within the wrap width) and its advance width.
    var x: Int32
    var width: Int32
    /// Top of the line's box and its height; the next line starts at top + height.
    var top: Int32
    var height: Int32
    /// Baseline, from the top of the text block.
    var baseline: Int32
}

extension Renderer {
    /// Line boxes computed from the fonts' own metrics, not from Pango's line extents.
    ///
    /// Pango shapes, itemises and breaks the text; the vertical numbers are ours, so frames and
    /// baselines do not move with the Pango version. The rule is the one Pango 1.50 applies (so
    /// the goldens recorded with it stay as they are): each run of a line spans its font's
    /// ascender + descender (HarfBuzz, from the font file, at the layout's size in Pango units),
    /// raised by the run's baseline shift (Pango's shaping result, e.g. digits of the Latin font
    /// inside a Hangul item sit on the Hangul baseline); with a line height, each run grows by
    /// (lineHeight − its height), half of it (truncated) above; the line spans from the highest run top to the lowest run bottom, and lines follow
    /// each other `font.lineSpacing` apart (0 unless a text style's leading asks for more). A line
    /// without runs (an empty paragraph) uses the first family's font.
    func lineBoxes(_ layout: OpaquePointer, font: FontSpec) -> [LineBox] {
        let size = CheckedNumber.int32(font.size * Double(PANGO_SCALE), clampedTo: 10...Int32.max / 4)
        let lineHeight = font.lineHeight.flatMap { $0 > 0 && $0.isFinite ? pango_units_from_double($0) : nil }
        // Between one line's box and the next (a text style's leading less its line), bounded.
        let spacing = font.lineSpacing > 0 && font.lineSpacing.isFinite ? pango_units_from_double(min(font.lineSpacing, 1_000)) : 0
        func runBox(_ pangoFont: UnsafeMutablePointer<PangoFont>?, raised: Int32) -> (top: Int32, bottom: Int32) {
            var (ascent, descent) = faceExtents(pangoFont, size: size, fallback: font)
            if let lineHeight {
                let leading = lineHeight - (ascent + descent)
                ascent += leading / 2
                descent = lineHeight - ascent
            }
            return (-ascent - raised, descent - raised)
        }
        var boxes: [LineBox] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var y: Int32 = 0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            var top = Int32.max, bottom = Int32.min
            var run = pango_layout_iter_get_line_readonly(iter)?.pointee.runs
            while let node = run {
                let box = runBox(widgetshot_run_font(node), raised: widgetshot_run_y_offset(node))
                top = min(top, box.top)
                bottom = max(bottom, box.bottom)
                run = node.pointee.next
            }
            if top == Int32.max { (top, bottom) = runBox(nil, raised: 0) }
            boxes.append(LineBox(x: logical.x, width: logical.width, top: y, height: bottom - top, baseline: y - top))
            y += bottom - top + spacing
        } while pango_layout_iter_next_line(iter) != 0
        return boxes
    }

    /// Ascender and descender (both positive) of a run's font at `size`, cached per face and size.
    /// `nil` (an empty line) takes the first family of `fallback` as Pango loads it.
    private func faceExtents(_ pangoFont: UnsafeMutablePointer<PangoFont>?, size: Int32,
                             fallback: FontSpec) -> (Int32, Int32) {
        guard let pangoFont = pangoFont ?? primaryFont(fallback) else { return (size, 0) }
        guard let face = widgetshot_font_face(pangoFont) else { return (size, 0) }
        let key = FaceSizeKey(face: UnsafeRawPointer(face), size: size)
        if let cached = faceExtentsCache[key] { return cached }
        var ascent: Int32 = 0, descent: Int32 = 0
        guard let held = widgetshot_face_extents(pangoFont, size, &ascent, &descent) else { return (size, 0) }
        heldFaces.append(held)   // keeps the key's address from being reused while cached
        faceExtentsCache[key] = (ascent, descent)
        return (ascent, descent)
    }

    /// The font Pango loads for the spec's families (the first that has the face), for empty lines.
    private func primaryFont(_ font: FontSpec) -> UnsafeMutablePointer<PangoFont>? {
        let key = fontKey(font)
        if let loaded = primaryFonts[key] { return loaded }
        guard let loaded = pango_font_map_load_font(fontMap, measureContext, fontDescription(key)) else { return nil }
        primaryFonts[key] = loaded
        return loaded
    }
}

struct FaceSizeKey: Hashable {
    var face: UnsafeRawPointer
    var size: Int32
}
