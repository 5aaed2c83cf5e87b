import Foundation
import WidgetShot
import WidgetGoldens

/// The gallery page: one self-contained HTML file (inline CSS and JavaScript, no network assets)
/// that works opened from disk and served. A section per layout, per surface a row per preview
/// with its light and dark image side by side, each at its point size (1 pt = 1 CSS px) with a
/// stable anchor, sizes, lint warnings and the command and URL that reproduce it.
public struct GalleryPage {
    public var entries: [GalleryEntry]
    public var problems: [GalleryProblem]
    public var documents: [LayoutDocument]
    public var options: GalleryOptions
    /// The last verify report's failures: marked on their images, each linked to the report.
    public var verify: GalleryVerifyMarks?
    /// Why the verify report named in the options could not be read.
    public var verifyError: String?
    /// The push and timeline section (OUT/push/…).
    public var filmstrips: GalleryFilmstrips?
    /// Figures written for an earlier page of the same builder (and options), reused when their
    /// image's record and verify mark are the same: a live gallery writes its page after every save.
    var figures: GalleryFigureCache?
    /// The project folder: paths under it are shown relative to it (`Layouts/delivery.yaml`), so
    /// the page, served or opened, never shows where the project sits on the machine.
    public var projectRoot = ""

    public init(entries: [GalleryEntry], problems: [GalleryProblem], documents: [LayoutDocument], options: GalleryOptions,
                verify: GalleryVerifyMarks? = nil, verifyError: String? = nil, filmstrips: GalleryFilmstrips? = nil) {
        self.entries = entries; self.problems = problems; self.documents = documents; self.options = options
        self.verify = verify; self.verifyError = verifyError; self.filmstrips = filmstrips
    }

    /// The strips of the layouts on this page.
    var strips: [GalleryStrip] {
        let names = Set(documents.map(\.name))
        return (filmstrips?.strips ?? []).filter { names.contains($0.layout) }
    }

    public func html() -> String {
        var out = "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        out += "<meta name=viewport content=\"width=device-width, initial-scale=1\">"
        out += "<link rel=icon href=\"data:,\"><title>WidgetShot gallery</title><style>\(GalleryAssets.css)</style></head>\n"
        out += "<body\(options.live ? " data-live=1" : "")>\n"
        out += toolbar()
        out += "<div id=problems>\(problemsHTML())</div>\n"
        out += "<div id=verify-note>\(verifyBanner())</div>\n"
        out += "<main id=gallery>\n"
        for device in options.devices {
            for document in documents {
                let mine = entries.filter { $0.cell.layout == document.name && $0.cell.device == device }
                if mine.isEmpty { continue }
                out += section(document, device: device, entries: mine)
            }
        }
        out += filmstripSection()
        if entries.isEmpty && problems.isEmpty { out += "<p class=empty>No images: no layout has a surface this device shows.</p>" }
        out += "</main>\n"
        out += """
        <dialog id=zoom><form method=dialog><button aria-label=Close>✕</button></form>\
        <div class=zoom-title></div><div class=zoom-body><img alt=""></div><div class=zoom-info></div></dialog>
        <p class=foot>Click an image for full scale · <kbd>Esc</kbd> closes · filters live in the address, so the link you copy shows what you see.</p>
        <script>\(GalleryAssets.js)</script>
        </body></html>\n
        """
        return out
    }

    // MARK: - Toolbar

    private func toolbar() -> String {
        func values(_ key: (GalleryCell) -> String) -> [String] {
            var seen: [String] = []
            for e in entries where !seen.contains(key(e.cell)) { seen.append(key(e.cell)) }
            return seen
        }
        func select(_ name: String, _ label: String, _ values: [String]) -> String {
            let options = values.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined()
            return "<label>\(label) <select data-filter=\(name)><option value=\"\">all</option>\(options)</select></label>"
        }
        var bar = "<header id=bar><h1>WidgetShot</h1><nav>"
        bar += select("layout", "Layout", values(\.layout))
        bar += select("surface", "Surface", values(\.surface.rawValue))
        bar += select("preview", "Preview", values(\.rowName))
        bar += select("scheme", "Appearance", values(\.scheme.rawValue))
        bar += select("device", "Device", values(\.device.id))
        bar += select("locale", "Locale", values(\.locale))
        if let verify {
            var statuses: [String] = []
            for e in entries {
                if let r = verify.records[e.cell.anchor], !statuses.contains(r.status.rawValue) { statuses.append(r.status.rawValue) }
            }
            if !statuses.isEmpty { bar += select("verify", "Verify", statuses) }
        }
        if !strips.isEmpty {
            var kinds = ["images"]
            for s in strips where !kinds.contains(s.kind) { kinds.append(s.kind) }
            bar += select("section", "Show", kinds)
        }
        bar += "<label class=toggle><input type=checkbox id=context> In context</label>"
        bar += "<button type=button id=reset>Reset</button>"
        bar += "</nav><span id=count>\(entries.count) images</span><span id=live hidden>● live</span></header>\n"
        return bar
    }

    /// A line under the toolbar: what the last verify report found, with a link to it.
    private func verifyBanner() -> String {
        if let verifyError {
            return "<div class=\"verify-banner failing\">The verify report could not be read, so no image is marked: \(escape(relative(verifyError)))</div>"
        }
        guard let verify else { return "" }
        let marked = entries.filter { verify.records[$0.cell.anchor] != nil }.count
        var when = ""
        if let written = verify.written {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(secondsFromGMT: 0)
            f.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
            when = " (written \(f.string(from: written)))"
        }
        let text = marked == 0 ? "no image on this page failed" : "\(marked) image\(marked == 1 ? "" : "s") on this page marked ✗"
        return "<div class=\"verify-banner\(marked > 0 ? " failing" : "")\">Last <a href=\"\(escape(verify.href))\">verify report</a>\(escape(when)): \(escape(verify.summary)); \(text).</div>\n"
    }

    private func problemsHTML() -> String {
        problems.map { p in
            "<div class=problem><b>\(escape(relative(p.file)))</b> could not be loaded; its images are left out until it is fixed:<pre>\(escape(relative(p.message)))</pre></div>"
        }.joined()
    }

    // MARK: - Sections

    /// A section per sample push sequence and timeline: its filmstrip (one column per push or
    /// entry, one row per presentation, validation problems marked) and a link to its page.
    private func filmstripSection() -> String {
        let strips = self.strips
        if strips.isEmpty, filmstrips?.error == nil { return "" }
        var out = "<section class=\"layout pushes\" id=push><h2><a href=\"#push\">Pushes and timelines</a> <small>Layouts/samples/ · \(escape(DeviceProfile.default.name)) · light</small></h2>\n"
        if let error = filmstrips?.error {
            out += "<div class=problem>The sample pushes and timelines could not be drawn:<pre>\(escape(relative(error)))</pre></div>"
        }
        for s in strips {
            let id = "push/" + s.name
            let base = options.imageBase + "push/" + s.name.split(separator: "/").map { percent(String($0)) }.joined(separator: "/")
            let width = Double(s.pixelWidth) / s.scale, height = Double(s.pixelHeight) / s.scale
            let marks = s.errors == 0 ? "<span class=ok>✓ every push valid</span>"
                : "<span class=bad>✗ \(s.errors) problem\(s.errors == 1 ? "" : "s") marked</span>"
            out += "<figure class=strip id=\"\(escape(id))\" data-section=\(s.kind) data-layout=\"\(escape(s.layout))\" data-surface=\"\(s.surfaces.joined(separator: " "))\" data-device=\(DeviceProfile.default.id) data-scheme=light>"
            out += "<figcaption><a class=anchor href=\"#\(escape(id))\">\(escape(s.title))</a> · \(s.kind == "pushes" ? marks : "<span class=ok>timeline</span>") · <a href=\"\(escape(base)).html\">page with the checks</a></figcaption>"
            out += "<div class=strip-scroll><img src=\"\(escape(base)).png?v=\(String(filmstrips?.key.prefix(12) ?? ""))\" width=\(Int(width.rounded())) height=\(Int(height.rounded())) alt=\"\(escape(s.title))\" style=\"width:\(GalleryContext.px(width));height:\(GalleryContext.px(height))\"></div>"
            out += "</figure>\n"
        }
        return out + "</section>\n"
    }

    private func section(_ document: LayoutDocument, device: DeviceProfile, entries: [GalleryEntry]) -> String {
        let multi = options.devices.count > 1
        let id = "layout-\(document.name)" + (multi ? "-\(device.id)" : "")
        var out = "<section class=layout id=\"\(escape(id))\" data-layout=\"\(escape(document.name))\" data-device=\(device.id)>"
        out += "<h2><a href=\"#\(escape(id))\">\(escape(document.name))</a> <small>\(escape(relative(document.shownName))) · \(escape(device.name))</small></h2>\n"
        var surfaces: [Surface] = []
        for e in entries where !surfaces.contains(e.cell.surface) { surfaces.append(e.cell.surface) }
        for surface in surfaces {
            let mine = entries.filter { $0.cell.surface == surface }
            let sid = "\(id)-\(surface.rawValue)"
            let size = mine.first { $0.record.error == nil }.map { " · \(points($0.record))" } ?? ""
            out += "<section class=surface id=\"\(escape(sid))\" data-surface=\(surface.rawValue)>"
            out += "<h3><a href=\"#\(escape(sid))\">\(surface.rawValue)</a> <small>\(escape(surface.summary))\(size)</small></h3><div class=rows>\n"
            var rows: [String] = []
            for e in mine where !rows.contains(e.cell.rowName) { rows.append(e.cell.rowName) }
            for row in rows {
                let cells = mine.filter { $0.cell.rowName == row }
                let locale = cells.first?.cell.locale ?? ""
                out += "<div class=row data-preview=\"\(escape(row))\"><div class=row-label>\(escape(row))<small>\(escape(locale))</small></div>"
                for e in cells { out += figure(e) }
                out += "</div>\n"
            }
            out += "</div></section>\n"
        }
        out += "</section>\n"
        return out
    }

    private func figure(_ e: GalleryEntry) -> String {
        let failure = verify?.records[e.cell.anchor]
        guard let figures else { return writeFigure(e, failure: failure) }
        if let known = figures.html(for: e.cell.anchor, record: e.record, failure: failure) { return known }
        let html = writeFigure(e, failure: failure)
        figures.store(html, for: e.cell.anchor, record: e.record, failure: failure)
        return html
    }

    private func writeFigure(_ e: GalleryEntry, failure: ReportRecord?) -> String {
        let c = e.cell, r = e.record
        let verifyAttribute = failure.map { " data-verify=\($0.status.rawValue)" } ?? ""
        let attributes = "id=\"\(escape(c.anchor))\"\(verifyAttribute) data-section=images data-layout=\"\(escape(c.layout))\" data-surface=\(c.surface.rawValue) data-preview=\"\(escape(c.rowName))\" data-scheme=\(c.scheme.rawValue) data-device=\(c.device.id) data-locale=\"\(escape(c.locale))\" data-family=\(c.surface.family.rawValue) data-mode=\(c.mode.rawValue)"
        let modeName = c.modeSuffix.isEmpty ? "" : " · \(c.mode.rawValue)"
        let control = c.control.map { " · " + $0 + (c.controlState.map { " " + $0.rawValue } ?? "") } ?? ""
        // The spanned axes' values (a preview drawn in another locale or text size), in the table's order.
        let spanned = MatrixAxis.all.compactMap { c.axisValues[$0.name] }.map { " · " + $0 }.joined()
        let title = "\(c.layout) · \(c.surface.rawValue)\(control) · \(c.rowName) · \(c.scheme.rawValue)\(modeName)\(spanned)"
        var out = "<figure class=\"card \(c.scheme.rawValue)\(failure == nil ? "" : " failed")\" \(attributes)>"
        if let error = r.error {
            out += "<div class=error><b>could not render</b><pre>\(escape(relative(error)))</pre></div>"
        } else {
            // Shown as large as iOS shows it, 1 pt = 1 CSS px: the pixels over the scale (StandBy's
            // view is magnified 2x, so it is twice its layout size).
            let scale = options.scale ?? c.device.scale
            let size = Size(width: Double(r.pixelWidth) / scale, height: Double(r.pixelHeight) / scale)
            let ctx = GalleryContext.make(for: c, imageSize: size)
            let src = options.imageBase + c.relativePath.split(separator: "/").map { percent(String($0)) }.joined(separator: "/")
                + "?v=\(r.key.prefix(12))"
            let style = "--fw:\(GalleryContext.px(ctx.frameWidth));--fh:\(GalleryContext.px(ctx.frameHeight));--ix:\(GalleryContext.px(ctx.imageX));--iy:\(GalleryContext.px(ctx.imageY))"
            out += "<div class=\"stage ctx-\(ctx.kind)\" style=\"\(style)\"><div class=ctx aria-hidden=true>\(ctx.decorations)</div>"
            out += "<img src=\"\(src)\" width=\(Int(size.width.rounded())) height=\(Int(size.height.rounded())) alt=\"\(escape(title))\" title=\"\(escape(title)) — click for full scale\" style=\"width:\(GalleryContext.px(size.width));height:\(GalleryContext.px(size.height));border-radius:\(radius(c, size))\">"
            out += "</div>"
        }
        out += "<figcaption><a class=anchor href=\"#\(escape(c.anchor))\" title=\"link to this image\">\(c.scheme.rawValue)\(modeName)\(escape(spanned))</a>"
        if r.error == nil { out += " <span class=size>\(points(r)) · \(r.pixelWidth)×\(r.pixelHeight) px</span>" }
        if !r.warnings.isEmpty {
            out += " <span class=warn title=\"lint warnings\">⚠ \(r.warnings.count)</span>"
        }
        if let failure, let verify {
            let href = verify.href + "#" + fragment(c.anchor)
            out += " <a class=verify-mark href=\"\(escape(href))\" title=\"\(escape(failure.reason)) — open it in the verify report\">✗ verify: \(escape(brief(failure)))</a>"
        }
        out += "<details><summary>details</summary>"
        if !r.warnings.isEmpty {
            out += "<ul class=warnings>" + r.warnings.map { "<li>\(escape(relative($0)))</li>" }.joined() + "</ul>"
        }
        let url = renderURL(c)
        out += "<div class=repro><span>CLI</span><code>\(escape(command(c)))</code>"
        let served = !options.serverURL.isEmpty || !options.imageBase.isEmpty
        out += "<span>HTTP</span><code>" + (served ? "<a class=http href=\"\(escape(url))\">GET \(escape(url))</a>" : "GET \(escape(url))") + "</code></div>"
        out += "</details></figcaption></figure>"
        return out
    }

    /// The exact `widgetshot render` command for one image.
    func command(_ c: GalleryCell) -> String {
        let cell = c.matrixCell
        let fields = cell.renderFields(device: c.device, scale: options.scale, placeholder: c.placeholder)
        return cell.renderCommand(fields, output: cell.relativePath(row: c.rowName).replacingOccurrences(of: "/", with: "-"))
            .map(shellQuote).joined(separator: " ")
    }

    /// `140 px differ`, `missing`: what the report says, in a few words.
    private func brief(_ r: ReportRecord) -> String {
        if let p = r.differingPixels, r.status == .failed { return "\(p) px differ" }
        return r.status.rawValue
    }

    /// An anchor as a URL fragment (it is made of URL-safe characters, `%XX` included).
    private func fragment(_ anchor: String) -> String { anchor }

    /// `/v1/render/{layout}/{surface}.png?…`, the server's URL for the same image.
    func renderURL(_ c: GalleryCell) -> String {
        let fields = c.matrixCell.renderFields(device: c.device, scale: options.scale, placeholder: c.placeholder)
        let query = fields.map { "\($0.name)=\(percent($0.value))" }
        return options.serverURL + "/v1/render/\(percent(c.layout))/\(c.surface.rawValue).png?" + query.joined(separator: "&")
    }

    private func radius(_ c: GalleryCell, _ size: Size) -> String {
        switch c.surface {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: GalleryContext.px(c.device.widgetCornerRadius)
        case .accessoryCircular: "50%"
        case .lockScreen: GalleryContext.px(SurfaceMetrics.liveActivityCornerRadius)
        case .standBy: "0"
        case .activitySmall: GalleryContext.px(SurfaceMetrics.smallActivityCornerRadius)
        case .islandCompact, .islandMinimal, .islandExpanded:
            GalleryContext.px(min(SurfaceMetrics.islandCornerRadius, size.height / 2))
        case .controlSmall, .controlLockScreen: "50%"
        case .controlMedium: GalleryContext.px(size.height / 2)
        case .controlLarge: GalleryContext.px(ControlMetrics.largeCornerRadius)
        default: "0"
        }
    }

    private func points(_ r: GalleryRecord) -> String {
        "\(GalleryContext.px(r.pointWidth).dropLast(2))×\(GalleryContext.px(r.pointHeight).dropLast(2)) pt"
    }

    /// Paths in messages relative to the project folder (else to the working directory) when they
    /// are under it.
    private func relative(_ text: String) -> String {
        var text = text
        let root = projectRoot.hasSuffix("/") ? projectRoot : projectRoot + "/"
        if root.count > 1 { text = text.replacingOccurrences(of: root, with: "") }
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return cwd.count > 1 ? text.replacingOccurrences(of: cwd, with: "") : text
    }

    // The page has thousands of these per build: byte loops, not Foundation's string searches.

    private func shellQuote(_ word: String) -> String {
        let safe = word.utf8.allSatisfy { Self.isWordByte($0) || "-_./=:@".utf8.contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Letters, digits and `-._~` as they are; every other byte as `%XX`.
    private func percent(_ s: String) -> String {
        if s.utf8.allSatisfy({ Self.isWordByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "~") }) { return s }
        var out = ""
        for byte in s.utf8 {
            if Self.isWordByte(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// ASCII letters, digits and `_`.
    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    private func escape(_ s: String) -> String { MarkupText.escape(s) }
}

/// The HTML of each figure a page was written with, by anchor, with the record and verify mark it
/// shows. An anchor names one cell (layout, surface, preview, appearance, device, mode), so a figure
/// with the same record and mark is the same HTML. Only figures of the last page are kept.
final class GalleryFigureCache: @unchecked Sendable {
    private struct Figure { var record: GalleryRecord; var failure: ReportRecord?; var html: String }
    private let lock = NSLock()
    private var current: [String: Figure] = [:]
    private var next: [String: Figure] = [:]

    func html(for anchor: String, record: GalleryRecord, failure: ReportRecord?) -> String? {
        lock.withLock {
            guard let f = current[anchor], f.record == record, f.failure == failure else { return nil }
            next[anchor] = f
            return f.html
        }
    }

    func store(_ html: String, for anchor: String, record: GalleryRecord, failure: ReportRecord?) {
        lock.withLock { next[anchor] = Figure(record: record, failure: failure, html: html) }
    }

    /// The page is written: its figures are what the next page reuses.
    func pageDone() { lock.withLock { current = next; next = [:] } }
}
