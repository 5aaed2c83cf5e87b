import CPangoCairo
import WidgetModel

/// A finished picture placed on a sheet at whole pixels.
public struct SheetTile: Sendable {
    public var bitmap: Bitmap
    public var x: Int
    public var y: Int
    /// Drawn this many times its size (1: pixel for pixel; below 1 filtered down with Cairo's GOOD filter).
    public var scale: Double
    public init(bitmap: Bitmap, x: Int, y: Int, scale: Double = 1) {
        self.bitmap = bitmap; self.x = x; self.y = y; self.scale = scale
    }
    /// The pixels it covers on the sheet.
    public var drawnWidth: Int { Int((Double(bitmap.width) * scale).rounded()) }
    public var drawnHeight: Int { Int((Double(bitmap.height) * scale).rounded()) }
}

extension Renderer {
    /// Draws a sheet of finished pictures with labels: `background` fills the canvas, then
    /// `overlay` (frames in points, drawn as any placed tree at `scale`), then each tile at its
    /// pixel position, unscaled. `exactTiles` copies each tile's pixels as they are (transparent
    /// corners stay transparent) instead of compositing them over what is below, so a tile's
    /// region is byte-for-byte the picture it came from.
    public func drawSheet(pixelWidth: Int, pixelHeight: Int, scale: Double, background: RGBA?,
                          overlay: [PlacedNode], tiles: [SheetTile], exactTiles: Bool = false) -> Bitmap {
        let frame = Rect(x: 0, y: 0, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        var children: [PlacedNode] = []
        let opaque = background.map { $0.a >= 1 } ?? false
        if let background, !opaque {
            children.append(PlacedNode(frame: frame, content: .shape(ShapeContent(shape: .rect, fill: .color(background)))))
        }
        children += overlay
        var sheet = draw(PlacedNode(frame: frame, children: children), pixelWidth: pixelWidth,
                         pixelHeight: pixelHeight, scale: scale, opaqueFill: opaque ? background : nil)
        let (w, h, s) = (sheet.width, sheet.height, sheet.stride)
        sheet.pixels.withUnsafeMutableBufferPointer { buffer in
            let target = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32,
                                                             Int32(w), Int32(h), Int32(s))!
            let cr = cairo_create(target)!
            cairo_set_operator(cr, exactTiles ? CAIRO_OPERATOR_SOURCE : CAIRO_OPERATOR_OVER)
            for tile in tiles {
                // Cairo only reads the tile: its pixels are lent as they are, not copied.
                tile.bitmap.pixels.withUnsafeBufferPointer { tileBuffer in
                    let source = cairo_image_surface_create_for_data(
                        UnsafeMutablePointer(mutating: tileBuffer.baseAddress), CAIRO_FORMAT_ARGB32, Int32(tile.bitmap.width),
                        Int32(tile.bitmap.height), Int32(tile.bitmap.stride))!
                    if tile.scale == 1 {
                        cairo_set_source_surface(cr, source, Double(tile.x), Double(tile.y))
                        cairo_rectangle(cr, Double(tile.x), Double(tile.y), Double(tile.bitmap.width), Double(tile.bitmap.height))
                        cairo_fill(cr)
                    } else {
                        cairo_save(cr)
                        cairo_translate(cr, Double(tile.x), Double(tile.y))
                        cairo_scale(cr, tile.scale, tile.scale)
                        cairo_set_source_surface(cr, source, 0, 0)
                        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                        cairo_rectangle(cr, 0, 0, Double(tile.bitmap.width), Double(tile.bitmap.height))
                        cairo_fill(cr)
                        cairo_restore(cr)
                    }
                    cairo_surface_destroy(source)
                }
            }
            cairo_destroy(cr)
            cairo_surface_flush(target)
            cairo_surface_finish(target)
            cairo_surface_destroy(target)
        }
        return sheet
    }
}
