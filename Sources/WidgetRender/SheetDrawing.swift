import CPangoCairo
import Dispatch
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
    public var drawnWidth: Int { CheckedNumber.int((Double(bitmap.width) * scale).rounded(), clampedTo: 0...Int(Int32.max)) }
    public var drawnHeight: Int { CheckedNumber.int((Double(bitmap.height) * scale).rounded(), clampedTo: 0...Int(Int32.max)) }
}

extension Renderer {
    /// Sheets of at least this many pixels are filled and get their tiles in horizontal bands on
    /// every core (each band its own Cairo surface over a slice of the same pixels); the overlay
    /// (text, through this renderer's Pango) is drawn on the calling thread in between. Smaller
    /// sheets are drawn in one piece, as before; the pixels are the same either way. The same
    /// threshold as PNGCodec.bandedMinimumPixels: smaller canvases are drawn while other pictures
    /// are (the whole pool busy), where bands would only add hand-offs.
    public static let bandedSheetMinimumPixels = 4_000_000
    /// Rows per band of a banded sheet (about 2 MB of a 3x filmstrip's rows).
    static let sheetBandRows = 64

    /// Draws a sheet of finished pictures with labels: `background` fills the canvas, then
    /// `overlay` (frames in points, drawn as any placed tree at `scale`), then each tile at its
    /// pixel position, unscaled. `exactTiles` copies each tile's pixels as they are (transparent
    /// corners stay transparent) instead of compositing them over what is below, so a tile's
    /// region is byte-for-byte the picture it came from. `banded` nil: banded from
    /// `bandedSheetMinimumPixels` on; tests force either way.
    public func drawSheet(pixelWidth: Int, pixelHeight: Int, scale: Double, background: RGBA?,
                          overlay: [PlacedNode], tiles: [SheetTile], exactTiles: Bool = false,
                          banded: Bool? = nil) -> Bitmap {
        let (pixelWidth, pixelHeight) = (Self.canvasSide(pixelWidth), Self.canvasSide(pixelHeight))
        let frame = Rect(x: 0, y: 0, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
        var children: [PlacedNode] = []
        let opaque = background.map { $0.a >= 1 } ?? false
        if let background, !opaque {
            children.append(PlacedNode(frame: frame, content: .shape(ShapeContent(shape: .rect, fill: .color(background)))))
        }
        children += overlay
        let root = PlacedNode(frame: frame, children: children)
        guard banded ?? (pixelWidth * pixelHeight >= Self.bandedSheetMinimumPixels) else {
            var sheet = draw(root, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
                             opaqueFill: opaque ? background : nil)
            let (w, h, s) = (sheet.width, sheet.height, sheet.stride)
            sheet.pixels.withUnsafeMutableBufferPointer { buffer in
                Self.drawTiles(tiles, into: buffer.baseAddress!, width: w, rows: 0..<h, stride: s, exactTiles: exactTiles)
            }
            return sheet
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, CheckedNumber.int32(clamping: pixelWidth)))
        let fill = opaque ? background : nil
        let bandRows = Self.sheetBandRows
        let bands = (pixelHeight + bandRows - 1) / bandRows
        // The canvas: its pages are first touched by the bands' fills, on every core.
        var pixels = fill == nil ? [UInt8](repeating: 0, count: stride * pixelHeight)
            : [UInt8](unsafeUninitializedCapacity: stride * pixelHeight) { _, count in count = stride * pixelHeight }
        pixels.withUnsafeMutableBufferPointer { buffer in
            // Only addresses cross threads; each band writes its own rows.
            let base = UInt(bitPattern: buffer.baseAddress!)
            if let fill {
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let r = band * bandRows..<min(pixelHeight, (band + 1) * bandRows)
                    let slice = UnsafeMutablePointer<UInt8>(bitPattern: base + UInt(r.lowerBound * stride))!
                    let surface = cairo_image_surface_create_for_data(slice, CAIRO_FORMAT_ARGB32, CheckedNumber.int32(clamping: pixelWidth),
                                                                      CheckedNumber.int32(clamping: r.count), CheckedNumber.int32(clamping: stride))!
                    let cr = cairo_create(surface)!
                    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                    cairo_set_source_rgba(cr, fill.r, fill.g, fill.b, 1)
                    cairo_paint(cr)
                    cairo_destroy(cr)
                    cairo_surface_finish(surface)
                    cairo_surface_destroy(surface)
                }
            }
            // The overlay (labels: Pango belongs to this renderer's thread) over the whole canvas.
            let surface = cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32,
                                                              CheckedNumber.int32(clamping: pixelWidth), CheckedNumber.int32(clamping: pixelHeight), CheckedNumber.int32(clamping: stride))!
            let cr = cairo_create(surface)!
            cairo_scale(cr, scale, scale)
            pango_cairo_update_context(cr, drawContext)
            drawNode(root, cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
            // The tiles, band by band on every core, if each band's pixels come out as in one piece:
            // at scale 1, or scales whose inverse is a whole number (0.5, 0.25: the filmstrip's
            // StandBy) the band's offset maps to whole source pixels; other scales sample at
            // rounded fixed-point positions that depend on the offset, so then one piece.
            let tileList = tiles
            let bandable = tiles.allSatisfy { $0.scale == 1 || (1 / $0.scale).rounded() == 1 / $0.scale }
            guard bandable else {
                Self.drawTiles(tileList, into: buffer.baseAddress!, width: pixelWidth, rows: 0..<pixelHeight, stride: stride,
                               exactTiles: exactTiles)
                return
            }
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let r = band * bandRows..<min(pixelHeight, (band + 1) * bandRows)
                let slice = UnsafeMutablePointer<UInt8>(bitPattern: base + UInt(r.lowerBound * stride))!
                Self.drawTiles(tileList, into: slice, width: pixelWidth, rows: r, stride: stride, exactTiles: exactTiles)
            }
        }
        return Bitmap(width: pixelWidth, height: pixelHeight, stride: stride, pixels: pixels)
    }

    /// Draws the tiles that reach `rows` of the sheet onto `slice`, the first of those rows.
    static func drawTiles(_ tiles: [SheetTile], into slice: UnsafeMutablePointer<UInt8>, width: Int, rows: Range<Int>,
                          stride: Int, exactTiles: Bool) {
        // A sheet's sides are at most Renderer.maxCanvasSide: these fit Int32.
        let target = cairo_image_surface_create_for_data(slice, CAIRO_FORMAT_ARGB32, CheckedNumber.int32(clamping: width),
                                                         CheckedNumber.int32(clamping: rows.count),
                                                         CheckedNumber.int32(clamping: stride))!
        let cr = cairo_create(target)!
        cairo_translate(cr, 0, -Double(rows.lowerBound))
        cairo_set_operator(cr, exactTiles ? CAIRO_OPERATOR_SOURCE : CAIRO_OPERATOR_OVER)
        for tile in tiles where tile.y < rows.upperBound && tile.y + tile.drawnHeight + 2 > rows.lowerBound {
            // Cairo only reads the tile: its pixels are lent as they are, not copied.
            tile.bitmap.pixels.withUnsafeBufferPointer { tileBuffer in
                let source = cairo_image_surface_create_for_data(
                    UnsafeMutablePointer(mutating: tileBuffer.baseAddress), CAIRO_FORMAT_ARGB32,
                    CheckedNumber.int32(clamping: tile.bitmap.width), CheckedNumber.int32(clamping: tile.bitmap.height),
                    CheckedNumber.int32(clamping: tile.bitmap.stride))!
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
}
