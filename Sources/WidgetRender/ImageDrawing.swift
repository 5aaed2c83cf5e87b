import CPangoCairo
import WidgetModel

extension Renderer {
    func drawImage(_ image: ImageContent, in frame: Rect, _ cr: OpaquePointer) {
        if image.redacted {
            fillPlaceholder(frame, radius: min(frame.width, frame.height) / 8, color: RGBA(hex: 0x8E8E93), cr)
            return
        }
        guard frame.width > 0, frame.height > 0, let surface = imageSurface(image.path) else { return }
        let iw = Double(cairo_image_surface_get_width(surface)), ih = Double(cairo_image_surface_get_height(surface))
        guard iw > 0, ih > 0 else { return }
        let s = image.contentMode == .fill ? max(frame.width / iw, frame.height / ih)
                                           : min(frame.width / iw, frame.height / ih)
        cairo_save(cr)
        cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
        cairo_clip(cr)
        cairo_translate(cr, frame.midX - iw * s / 2, frame.midY - ih * s / 2)
        cairo_scale(cr, s, s)
        cairo_set_source_surface(cr, surface, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        // PAD keeps the picture's edge pixels opaque when scaled instead of fading into clear.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, iw, ih)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The decoded PNG as a premultiplied ARGB32 surface, decoded once per path (a failed decode
    /// is remembered too, so a broken asset costs one attempt).
    func imageSurface(_ path: String) -> OpaquePointer? {
        if let cached = imageSurfaces[path] { return cached }
        if failedImages.contains(path) { return nil }
        guard let decoded = try? PNGCodec.decode(file: path) else {
            failedImages.insert(path)
            return nil
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(decoded.width), Int32(decoded.height))!
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        decoded.pixels.withUnsafeBufferPointer { src in
            for y in 0..<decoded.height {
                let row = UnsafeMutableRawPointer(data + y * stride)
                for x in 0..<decoded.width {
                    let i = (y * decoded.width + x) * 4
                    let c = RGBA8(r: src[i], g: src[i + 1], b: src[i + 2], a: src[i + 3])
                    row.storeBytes(of: Bitmap.premultiplied(c), toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        imageSurfaces[path] = surface
        return surface
    }
}
