import Foundation
import WidgetLayout
import WidgetModel
import WidgetRender
import WidgetTemplate
import WidgetShot

/// A grid of pictures: one column per moment (a push, a timeline entry), one row per
/// presentation or surface, a heading above each column and problems marked under it. Drawn as one
/// PNG (Cairo, through the renderer) or as an HTML page with the pictures inline.
public struct Filmstrip: Sendable {
    public struct Column: Sendable {
        /// First heading line, e.g. `12:27:00 · update`.
        public var title: String
        /// Second line, e.g. `stale · alert` or the entry's state.
        public var subtitle: String
        public var errors: [String]
        public var warnings: [String]
        /// Row name → picture; a row without one is an empty cell.
        public var cells: [String: Cell]
        /// A push's content past its stale-date (not a push of its own): drawn with an amber dashed
        /// outline, and marked in the page.
        public var isStale: Bool
        public init(title: String, subtitle: String = "", errors: [String] = [], warnings: [String] = [], cells: [String: Cell] = [:],
                    isStale: Bool = false) {
            self.title = title; self.subtitle = subtitle; self.errors = errors; self.warnings = warnings; self.cells = cells
            self.isStale = isStale
        }
    }

    public struct Cell: Sendable {
        public var bitmap: Bitmap
        public var png: [UInt8]
        /// Shown at this fraction of its size (StandBy, the Lock Screen view at 2x, is shown at ½ so
        /// that its column is not twice as wide as the others).
        public var shownAt: Double
        public init(bitmap: Bitmap, png: [UInt8], shownAt: Double = 1) { self.bitmap = bitmap; self.png = png; self.shownAt = shownAt }
        public var tile: SheetTile { SheetTile(bitmap: bitmap, x: 0, y: 0, scale: shownAt) }
    }

    public var title: String
    public var rows: [String]
    public var columns: [Column]
    /// A last line, e.g. the timeline's reload policy.
    public var footer: String?
    /// Points every column is at least wide, whatever its pictures (an estimate of a sheet before
    /// its pictures are drawn may set it to a picture's known width).
    public var minimumColumnWidth = 150.0
    /// Points a row is at least tall, by row name (a bound on a sheet before its pictures are drawn
    /// sets each to the tallest picture the row can hold).
    public var minimumRowHeights: [String: Double] = [:]

    public init(title: String, rows: [String], columns: [Column], footer: String? = nil) {
        self.title = title; self.rows = rows; self.columns = columns; self.footer = footer
    }

    /// Cells in the grid, empty ones included: rows × columns.
    public var cellCount: Int { rows.count * columns.count }

    // MARK: Geometry (pixels)

    public struct Geometry: Sendable, Equatable {
        public var width: Int, height: Int
        /// [column][row]: where each cell's picture is drawn (its top-left) and the room it has.
        public var cells: [[(x: Int, y: Int, width: Int, height: Int)]]
        public static func == (a: Geometry, b: Geometry) -> Bool {
            a.width == b.width && a.height == b.height
                && a.cells.map { $0.map { [$0.x, $0.y, $0.width, $0.height] } } == b.cells.map { $0.map { [$0.x, $0.y, $0.width, $0.height] } }
        }
    }

    static let margin = 16.0, labelWidth = 120.0, headerHeight = 64.0, gap = 12.0, titleHeight = 30.0, footerHeight = 28.0

    public func geometry(scale: Double) -> Geometry {
        func px(_ pt: Double) -> Int { Int((pt * scale).rounded()) }
        let columnWidths = columns.map { c in max(px(minimumColumnWidth), rows.compactMap { c.cells[$0]?.tile.drawnWidth }.max() ?? 0) }
        let rowHeights = rows.map { r in
            max(px(30), px(minimumRowHeights[r] ?? 0), columns.compactMap { $0.cells[r]?.tile.drawnHeight }.max() ?? 0)
        }
        var cells: [[(x: Int, y: Int, width: Int, height: Int)]] = []
        var x = px(Self.margin + Self.labelWidth)
        for (ci, _) in columns.enumerated() {
            var y = px(Self.margin + Self.titleHeight + Self.headerHeight)
            var column: [(x: Int, y: Int, width: Int, height: Int)] = []
            for (ri, _) in rows.enumerated() {
                column.append((x, y, columnWidths[ci], rowHeights[ri]))
                y += rowHeights[ri] + px(Self.gap)
            }
            cells.append(column)
            x += columnWidths[ci] + px(Self.gap)
        }
        let width = x - (columns.isEmpty ? 0 : px(Self.gap)) + px(Self.margin)
        let height = px(Self.margin + Self.titleHeight + Self.headerHeight) + rowHeights.reduce(0, +)
            + max(0, rows.count - 1) * px(Self.gap) + px(Self.margin) + (footer == nil ? 0 : px(Self.footerHeight))
        return Geometry(width: max(1, width), height: max(1, height), cells: cells)
    }

    // MARK: PNG

    static let background = RGBA(hex: 0x2C2C2E)
    static let emptyCell = RGBA(hex: 0x3A3A3C)
    static let staleMark = RGBA(hex: 0xFF9F0A)

    /// Refuses a sheet past `Limits.sheetPixels`, or with a side longer than a canvas can be
    /// (`Renderer.maxCanvasSide`: Cairo's bound; the sheet would be cut there, its last columns
    /// silently lost): its size is known from the cells, before any pixel of it is allocated.
    public func checkSize(scale: Double, limits: Limits = .default) throws(FilmstripTooLarge) {
        let g = geometry(scale: scale)
        guard !fits(g, limits) else { return }
        throw FilmstripTooLarge(width: g.width, height: g.height, limit: limits.sheetPixels, columns: columns.count, rows: rows.count)
    }

    func fits(_ g: Geometry, _ limits: Limits) -> Bool {
        let (pixels, overflow) = g.width.multipliedReportingOverflow(by: g.height)
        return !overflow && pixels <= limits.sheetPixels && max(g.width, g.height) <= Renderer.maxCanvasSide
    }

    /// The most columns a sheet at `scale` holds (within `Limits.sheetPixels`, no side past
    /// `Renderer.maxCanvasSide`) when each is as wide
    /// as `minimumColumnWidth` and the rows as tall as their minimums (the pictures left out): for
    /// a bound on a sheet (`LiveActivityPreviewer.filmstripBound`), what would fit. 0 when not even
    /// one column does.
    public func mostColumns(scale: Double, limits: Limits = .default) -> Int {
        var strip = self
        strip.columns = [Column(title: "")]
        let one = strip.geometry(scale: scale)
        guard fits(one, limits) else { return 0 }
        strip.columns.append(Column(title: ""))
        let step = strip.geometry(scale: scale).width - one.width
        let widest = min(limits.sheetPixels / one.height, Renderer.maxCanvasSide)
        return 1 + (widest - one.width) / max(1, step)
    }

    /// The grid as one picture at `scale` pixels per point (the pictures' own scale); refused
    /// before it is drawn when it would pass `Limits.sheetPixels`.
    public func draw(with renderer: WidgetRenderer, scale: Double, limits: Limits = .default) throws(FilmstripTooLarge) -> Bitmap {
        try checkSize(scale: scale, limits: limits)
        let g = geometry(scale: scale)
        let engine = LayoutEngine(measurer: renderer.renderer.measurer)
        var overlay: [PlacedNode] = []
        func label(_ s: String, _ rect: Rect, size: Double = 13, weight: FontWeight = .regular, color: RGBA = .white,
                   lines: Int = 1) {
            guard !s.isEmpty else { return }
            let node = ViewNode(.text(TextContent(string: s, font: FontSpec(size: size, weight: weight), color: .color(color),
                                                  lineLimit: lines)),
                                modifiers: [.frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity,
                                                             alignment: Alignment(horizontal: .leading, vertical: .top)))])
            overlay.append(engine.place(node, in: rect, alignment: Alignment(horizontal: .leading, vertical: .top)))
        }
        let pt = { (v: Int) in Double(v) / scale }
        label(title, Rect(x: Self.margin, y: Self.margin, width: pt(g.width) - 2 * Self.margin, height: Self.titleHeight),
              size: 17, weight: .semibold)
        for (ri, row) in rows.enumerated() {
            guard let first = g.cells.first?[ri] else { break }
            label(row, Rect(x: Self.margin, y: pt(first.y), width: Self.labelWidth - 8, height: pt(first.height)),
                  weight: .semibold, color: RGBA(hex: 0xD1D1D6), lines: 2)
        }
        var tiles: [SheetTile] = []
        for (ci, column) in columns.enumerated() {
            let x = pt(g.cells[ci].first?.x ?? 0)
            let w = pt(g.cells[ci].first?.width ?? 0)
            let top = Self.margin + Self.titleHeight
            label(column.title, Rect(x: x, y: top, width: w, height: 18), size: 13, weight: .semibold)
            label(column.subtitle, Rect(x: x, y: top + 18, width: w, height: 16), size: 12, color: RGBA(hex: 0xAEAEB2))
            var marks: [String] = []
            if !column.errors.isEmpty { marks.append("✕ \(column.errors.count) error\(column.errors.count == 1 ? "" : "s"): \(column.errors[0])") }
            if !column.warnings.isEmpty { marks.append("! \(column.warnings.count) warning\(column.warnings.count == 1 ? "" : "s")") }
            label(marks.joined(separator: "  "), Rect(x: x, y: top + 34, width: w, height: 28), size: 11,
                  color: column.errors.isEmpty ? RGBA(hex: 0xFF9F0A) : RGBA(hex: 0xFF453A), lines: 2)
            for (ri, row) in rows.enumerated() {
                let c = g.cells[ci][ri]
                if let cell = column.cells[row] {
                    tiles.append(SheetTile(bitmap: cell.bitmap, x: c.x, y: c.y, scale: cell.shownAt))
                } else {
                    // An empty cell (no alert on this push): a short bar, not a block as tall as the row.
                    overlay.append(PlacedNode(frame: Rect(x: pt(c.x), y: pt(c.y), width: pt(c.width), height: min(pt(c.height), 24)),
                                              content: .shape(ShapeContent(shape: .roundedRect(radius: 8, continuous: true),
                                                                           fill: .color(Self.emptyCell)))))
                }
            }
            if column.isStale, let firstCell = g.cells[ci].first, let lastCell = g.cells[ci].last {
                // An amber dashed outline around a stale column: not a push, the one before it gone stale.
                let frame = Rect(x: pt(firstCell.x) - 4, y: top - 4, width: w + 8, height: pt(lastCell.y + lastCell.height) - top + 8)
                overlay.append(PlacedNode(frame: frame, content: .shape(ShapeContent(
                    shape: .roundedRect(radius: 10, continuous: true),
                    stroke: Stroke(paint: .color(Self.staleMark), width: 2, dash: [6, 4])))))
            }
            if !column.errors.isEmpty, let firstCell = g.cells[ci].first, let lastCell = g.cells[ci].last {
                // A red outline around a column whose push fails validation.
                let frame = Rect(x: pt(firstCell.x) - 4, y: top - 4, width: w + 8, height: pt(lastCell.y + lastCell.height) - top + 8)
                overlay.append(PlacedNode(frame: frame, content: .shape(ShapeContent(
                    shape: .roundedRect(radius: 10, continuous: true), stroke: Stroke(paint: .color(RGBA(hex: 0xFF453A)), width: 2)))))
            }
        }
        if let footer {
            label(footer, Rect(x: Self.margin, y: pt(g.height) - Self.margin - Self.footerHeight + 8,
                               width: pt(g.width) - 2 * Self.margin, height: Self.footerHeight), size: 12, color: RGBA(hex: 0xD1D1D6))
        }
        return renderer.renderer.drawSheet(pixelWidth: g.width, pixelHeight: g.height, scale: scale,
                                           background: Self.background, overlay: overlay, tiles: tiles)
    }

    /// The grid as PNG bytes.
    public func png(with renderer: WidgetRenderer, scale: Double, limits: Limits = .default) throws -> [UInt8] {
        try PNGCodec.encode(draw(with: renderer, scale: scale, limits: limits))
    }

    // MARK: HTML

    /// The page's style sheet: Resources/filmstrip.css, compiled into the binary (`.embedInCode`).
    static let css = String(decoding: PackageResources.filmstrip_css, as: UTF8.self)

    /// A self-contained page (pictures inline as data: URLs, shown at their size in points for
    /// pictures of `scale` pixels per point) with every problem listed per column.
    public func html(scale: Double) -> String {
        func esc(_ s: String) -> String { MarkupText.escape(s) }
        var h = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(title))</title>
        <style>
        \(Self.css)</style></head><body>
        <h1>\(esc(title))</h1>
        <table>
        <tr><th></th>
        """
        for c in columns {
            h += "<th class=\"\(c.errors.isEmpty ? "" : "bad")\(c.isStale ? "stale" : "")\">\(esc(c.title))<div class=\"sub\">\(esc(c.subtitle))</div>"
            if !c.errors.isEmpty || !c.warnings.isEmpty {
                h += "<ul>"
                for e in c.errors { h += "<li class=\"err\">\(esc(e))</li>" }
                for w in c.warnings { h += "<li class=\"warn\">\(esc(w))</li>" }
                h += "</ul>"
            }
            h += "</th>"
        }
        h += "</tr>\n"
        for row in rows {
            h += "<tr><th class=\"row\">\(esc(row))</th>"
            for c in columns {
                if let cell = c.cells[row] {
                    let half = Double(cell.bitmap.width) * cell.shownAt / max(0.25, scale)
                    h += "<td><img alt=\"\(esc(row)) · \(esc(c.title))\" width=\"\(Int(half.rounded()))\" src=\"data:image/png;base64,\(Data(cell.png).base64EncodedString())\"></td>"
                } else {
                    h += "<td class=\"empty\">—</td>"
                }
            }
            h += "</tr>\n"
        }
        h += "</table>\n"
        if let footer { h += "<p>\(esc(footer))</p>\n" }
        h += "</body></html>\n"
        return h
    }
}

/// A filmstrip whose sheet would be larger than `Limits.sheetPixels`: refused before it is drawn.
public struct FilmstripTooLarge: Error, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var limit: Int
    public var columns: Int
    public var rows: Int
    /// What would fit instead, in the caller's terms (`at most 14 pushes at scale 3, …`); nil: the
    /// general advice.
    public var advice: String?

    public var description: String {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        var past: [String] = []
        if overflow || pixels > limit { past.append("more than \(limit) pixels (Limits.sheetPixels)") }
        if max(width, height) > Renderer.maxCanvasSide {
            past.append("\(width > height ? "wider" : "taller") than \(Renderer.maxCanvasSide) pixels (Renderer.maxCanvasSide, the longest side an image can have)")
        }
        return "the filmstrip would be \(width) × \(height) pixels (\(columns) columns × \(rows) rows), \(past.joined(separator: " and ")): "
            + (advice ?? "show fewer pushes, entries or surfaces, or draw it at a smaller scale")
    }
}

extension Filmstrip {
    /// A push sequence's filmstrip: one column per push, one row per presentation.
    public static func pushes(_ previews: [PushPreview], title: String, timeZone: TimeZone) -> Filmstrip {
        var rows: [String] = []
        for p in LiveActivityPresentation.allCases where previews.contains(where: { $0.frames.contains { $0.presentation == p } }) {
            rows.append(p.rawValue)
        }
        func cells(_ frames: [PushFrame]) -> [String: Cell] {
            var cells: [String: Cell] = [:]
            for f in frames {
                cells[f.presentation.rawValue] = Cell(bitmap: f.bitmap, png: f.png, shownAt: f.presentation == .standBy ? 0.5 : 1)
            }
            return cells
        }
        var columns: [Column] = []
        for preview in previews {
            let payload = preview.checked.payload
            let time = payload.map { clock($0.timestamp, timeZone) } ?? "?"
            var subtitle: [String] = []
            if let p = payload, let s = p.staleDate { subtitle.append("stale \(clock(s, timeZone))") }
            if preview.isStale { subtitle.append("shown stale") }
            if payload?.alert != nil { subtitle.append("alert") }
            if let p = payload, let d = p.dismissalDate { subtitle.append("dismiss \(clock(d, timeZone))") }
            if let p = payload { subtitle.append("\(p.byteCount) B") }
            let event = payload?.event.rawValue ?? "unreadable"
            columns.append(Column(title: "\(time) · \(event)",
                                  subtitle: subtitle.joined(separator: " · "),
                                  errors: preview.checked.report.errors.map { "\($0.key): \($0.message)" },
                                  warnings: preview.checked.report.warnings.map { "\($0.key): \($0.message)" },
                                  cells: cells(preview.frames)))
            if let stale = preview.stale {
                // The same content once its stale-date has passed and no newer push has come.
                columns.append(Column(title: "\(clock(stale.at, timeZone)) · stale",
                                      subtitle: "context.isStale · the \(time) \(event), no newer push",
                                      cells: cells(stale.frames), isStale: true))
            }
        }
        return Filmstrip(title: title, rows: rows, columns: columns)
    }

    /// `12:27:00`.
    static func clock(_ date: Date, _ zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.hour, .minute, .second], from: date)
        func two(_ v: Int?) -> String { let v = v ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }
}
