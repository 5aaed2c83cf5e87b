#include <cairo.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <pixman.h>
#include <math.h>

/// The FreeType version loaded at run time (FT_Library_Version; 0.0.0 if FreeType cannot start).
static inline void widgetshot_freetype_version(int *major, int *minor, int *patch) {
    FT_Library library;
    *major = *minor = *patch = 0;
    if (FT_Init_FreeType(&library) == 0) {
        FT_Library_Version(library, major, minor, patch);
        FT_Done_FreeType(library);
    }
}

/// The ascender (up, positive) and descender (down, positive) of `font`'s face at `scale` units per
/// em, read by HarfBuzz from the font file's own tables (OS/2 typo metrics when the font asks for
/// them, else hhea). A HarfBuzz font of our own, so the numbers do not depend on how a Pango version
/// sets up (or rounds) its font. Returns the face with a reference taken (the caller keeps it as a
/// cache key and releases it with hb_face_destroy), or NULL when the font has no face.
static inline hb_face_t *widgetshot_face_extents(PangoFont *font, int scale, int *ascent, int *descent) {
    hb_font_t *pango_hb = pango_font_get_hb_font(font);
    if (pango_hb == NULL) return NULL;
    hb_face_t *face = hb_font_get_face(pango_hb);
    hb_font_t *own = hb_font_create(face);
    hb_font_set_scale(own, scale, scale);
    hb_font_extents_t extents;
    hb_font_get_h_extents(own, &extents);
    hb_font_destroy(own);
    *ascent = extents.ascender;
    *descent = -extents.descender;
    return hb_face_reference(face);
}

/// The face of `font` (no reference taken): the cache key for widgetshot_face_extents.
static inline const void *widgetshot_font_face(PangoFont *font) {
    hb_font_t *pango_hb = pango_font_get_hb_font(font);
    return pango_hb == NULL ? NULL : hb_font_get_face(pango_hb);
}

/// The font of a line's run (`run` is a GSList node of PangoLayoutLine.runs).
static inline PangoFont *widgetshot_run_font(GSList *run) {
    return ((PangoGlyphItem *)run->data)->item->analysis.font;
}

/// How far Pango moved a run's baseline up (PangoGlyphItem.y_offset: e.g. Latin glyphs of the Latin
/// font inside a Hangul item sit on the Hangul font's baseline).
static inline int widgetshot_run_y_offset(GSList *run) {
    return ((PangoGlyphItem *)run->data)->y_offset;
}

/// Draws one laid-out line with its baseline origin at (x, y) in user space, every glyph's origin
/// moved to the nearest whole device pixel (floor(v + 0.5), what cairo 1.16's image compositor does
/// itself). Cairo 1.17.6 and later place glyphs at quarter-pixel phases instead, so the same Pango
/// positions drew different edges on Debian 13; snapped here, both stacks draw the same pixels, and
/// cairo 1.16 draws what pango_cairo_show_layout_line drew. Runs with unknown glyphs (Pango draws
/// hex boxes for those) are left to Pango.
static inline void widgetshot_show_line_snapped(cairo_t *cr, PangoLayoutLine *line, double x, double y) {
    int advance = 0;
    cairo_glyph_t stack_glyphs[128];
    cairo_save(cr);
    for (GSList *r = line->runs; r != NULL; r = r->next) {
        PangoGlyphItem *item = r->data;
        PangoGlyphString *glyphs = item->glyphs;
        PangoFont *font = item->item->analysis.font;
        int run_width = 0, unknown = 0;
        for (int g = 0; g < glyphs->num_glyphs; g++) {
            run_width += glyphs->glyphs[g].geometry.width;
            if (glyphs->glyphs[g].glyph & PANGO_GLYPH_UNKNOWN_FLAG) unknown = 1;
        }
        if (unknown || font == NULL) {
            cairo_move_to(cr, x + (double)advance / PANGO_SCALE, y - (double)item->y_offset / PANGO_SCALE);
            pango_cairo_show_glyph_string(cr, font, glyphs);
            cairo_new_path(cr);
            advance += run_width;
            continue;
        }
        cairo_glyph_t *out = glyphs->num_glyphs <= 128 ? stack_glyphs : g_new(cairo_glyph_t, glyphs->num_glyphs);
        int n = 0;
        for (int g = 0; g < glyphs->num_glyphs; g++) {
            PangoGlyphInfo *info = &glyphs->glyphs[g];
            if (info->glyph != PANGO_GLYPH_EMPTY) {
                double gx = x + (double)(advance + info->geometry.x_offset) / PANGO_SCALE;
                double gy = y + (double)(info->geometry.y_offset - item->y_offset) / PANGO_SCALE;
                cairo_user_to_device(cr, &gx, &gy);
                gx = floor(gx + 0.5);
                gy = floor(gy + 0.5);
                cairo_device_to_user(cr, &gx, &gy);
                out[n].index = info->glyph;
                out[n].x = gx;
                out[n].y = gy;
                n++;
            }
            advance += info->geometry.width;
        }
        if (n > 0) {
            cairo_set_scaled_font(cr, pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(font)));
            cairo_show_glyphs(cr, out, n);
        }
        if (out != stack_glyphs) g_free(out);
    }
    cairo_restore(cr);
}
