import CPangoCairo
import WidgetLayout
import WidgetModel

/// Pango's glyph id for "nothing drawn here" (PANGO_GLYPH_EMPTY) and the flag on a glyph the
/// font lacks, drawn as a hex box (PANGO_GLYPH_UNKNOWN_FLAG); C cast macros, not imported.
private let glyphEmpty: UInt32 = 0x0FFF_FFFF
private let glyphUnknownFlag: UInt32 = 0x1000_0000

extension Renderer {
    /// Whether any glyph of `text` in `font` is missing (would draw a box/hex).
    public func hasMissingGlyphs(_ text: String, font: FontSpec) -> Bool {
        let prepared = makeLayout(measureContext, text, font: font, width: nil, maxLines: nil, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(prepared.layout)) }
        var missing = false
        let bytes = Array(prepared.text.utf8)
        forEachRun(prepared.layout) { run in
            let glyphs = run.pointee.glyphs.pointee
            for i in 0..<Int(glyphs.num_glyphs) {
                let glyph = glyphs.glyphs[i].glyph
                if glyph == glyphEmpty || glyph & glyphUnknownFlag != 0 {
                    // An empty glyph is also how Pango draws a newline or zero-width joiner.
                    if glyph == glyphEmpty, isInvisibleCluster(run, glyphIndex: i, bytes: bytes) { continue }
                    missing = true
                }
            }
        }
        return missing
    }

    private func isInvisibleCluster(_ run: UnsafeMutablePointer<PangoGlyphItem>, glyphIndex: Int, bytes: [UInt8]) -> Bool {
        let item = run.pointee.item.pointee
        let clusterStart = Int(item.offset) + Int(run.pointee.glyphs.pointee.log_clusters[glyphIndex])
        guard clusterStart < bytes.count else { return true }
        let scalar = String(decoding: bytes[clusterStart...].prefix(4), as: UTF8.self).unicodeScalars.first
        guard let scalar else { return true }
        return scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .control
            || scalar.properties.isWhitespace
    }

    /// The font file (in the library's folder) Pango picked for the first character of `text`.
    public func fontFile(for text: String, font: FontSpec) -> String? {
        guard !text.isEmpty else { return nil }
        let prepared = makeLayout(measureContext, text, font: font, width: nil, maxLines: nil, alignment: .leading)
        defer { g_object_unref(UnsafeMutableRawPointer(prepared.layout)) }
        var file: String?
        forEachRun(prepared.layout) { run in
            guard file == nil, let pangoFont = run.pointee.item.pointee.analysis.font else { return }
            let fcFont = UnsafeMutableRawPointer(pangoFont).assumingMemoryBound(to: PangoFcFont.self)
            guard let pattern = pango_fc_font_get_pattern(fcFont) else { return }
            var value: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &value) == FcResultMatch, let value {
                file = fonts.originalFile(of: String(cString: value))
            }
        }
        return file
    }

    private func forEachRun(_ layout: OpaquePointer, _ body: (UnsafeMutablePointer<PangoGlyphItem>) -> Void) {
        var lines = pango_layout_get_lines_readonly(layout)
        while let node = lines {
            if let line = node.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                var runs = line.pointee.runs
                while let r = runs {
                    if let run = r.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) { body(run) }
                    runs = r.pointee.next
                }
            }
            lines = node.pointee.next
        }
    }
}
