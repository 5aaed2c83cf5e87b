import Foundation
import WidgetShot

/// The gallery page: one self-contained HTML file (inline CSS and JavaScript, no network assets)
/// that works opened from disk and served. A section per layout, per surface a row per preview
/// with its light and dark image side by side, each at its point size (1 pt = 1 CSS px) with a
/// stable anchor, sizes, lint warnings and the command and URL that reproduce it.
public struct GalleryPage {
    public var entries: [GalleryEntry]
    public var problems: [GalleryProblem]
    public var documents: [LayoutDocument]
    public var options: GalleryOptions

    public init(entries: [GalleryEntry], problems: [GalleryProblem], documents: [LayoutDocument], options: GalleryOptions) {
        self.entries = entries; self.problems = problems; self.documents = documents; self.options = options
    }

    public func html() -> String {
        var out = "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        out += "<meta name=viewport content=\"width=device-width, initial-scale=1\">"
        out += "<link rel=icon href=\"data:,\"><title>WidgetShot gallery</title><style>\(GalleryAssets.css)</style></head>\n"
        out += "<body\(options.live ? " data-live=1" : "")>\n"
        out += toolbar()
        out += "<div id=problems>\(problemsHTML())</div>\n"
        out += "<main id=gallery>\n"
        for device in options.devices {
            for document in documents {
                let mine = entries.filter { $0.cell.layout == document.name && $0.cell.device == device }
                if mine.isEmpty { continue }
                out += section(document, device: device, entries: mine)
            }
        }
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
        bar += "<label class=toggle><input type=checkbox id=context> In context</label>"
        bar += "<button type=button id=reset>Reset</button>"
        bar += "</nav><span id=count>\(entries.count) images</span><span id=live hidden>● live</span></header>\n"
        return bar
    }

    private func problemsHTML() -> String {
        problems.map { p in
            "<div class=problem><b>\(escape(p.file))</b> could not be loaded; its images are left out until it is fixed:<pre>\(escape(p.message))</pre></div>"
        }.joined()
    }

    // MARK: - Sections

    private func section(_ document: LayoutDocument, device: DeviceProfile, entries: [GalleryEntry]) -> String {
        let multi = options.devices.count > 1
        let id = "layout-\(document.name)" + (multi ? "-\(device.id)" : "")
        var out = "<section class=layout id=\"\(escape(id))\" data-layout=\"\(escape(document.name))\" data-device=\(device.id)>"
        out += "<h2><a href=\"#\(escape(id))\">\(escape(document.name))</a> <small>\(escape(relative(document.path))) · \(escape(device.name))</small></h2>\n"
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
        let c = e.cell, r = e.record
        let attributes = "id=\"\(escape(c.anchor))\" data-layout=\"\(escape(c.layout))\" data-surface=\(c.surface.rawValue) data-preview=\"\(escape(c.rowName))\" data-scheme=\(c.scheme.rawValue) data-device=\(c.device.id) data-locale=\"\(escape(c.locale))\" data-family=\(c.surface.family.rawValue) data-mode=\(c.mode.rawValue)"
        let modeName = c.modeSuffix.isEmpty ? "" : " · \(c.mode.rawValue)"
        let control = c.control.map { " · " + $0 + (c.controlState.map { " " + $0.rawValue } ?? "") } ?? ""
        let title = "\(c.layout) · \(c.surface.rawValue)\(control) · \(c.rowName) · \(c.scheme.rawValue)\(modeName)"
        var out = "<figure class=\"card \(c.scheme.rawValue)\" \(attributes)>"
        if let error = r.error {
            out += "<div class=error><b>could not render</b><pre>\(escape(error))</pre></div>"
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
        out += "<figcaption><a class=anchor href=\"#\(escape(c.anchor))\" title=\"link to this image\">\(c.scheme.rawValue)\(modeName)</a>"
        if r.error == nil { out += " <span class=size>\(points(r)) · \(r.pixelWidth)×\(r.pixelHeight) px</span>" }
        if !r.warnings.isEmpty {
            out += " <span class=warn title=\"lint warnings\">⚠ \(r.warnings.count)</span>"
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
        var words = ["widgetshot", "render", c.layout, "--surface", c.surface.rawValue, "--preview", c.preview,
                     "--scheme", c.scheme.rawValue]
        if c.device.id != DeviceProfile.default.id { words += ["--device", c.device.id] }
        if c.device.ios != c.device.shipsWith { words += ["--ios", String(c.device.ios.number)] }
        if let scale = options.scale { words += ["--scale", "\(scale)"] }
        if c.placeholder { words.append("--placeholder") }
        if !c.modeSuffix.isEmpty { words += ["--mode", c.mode.rawValue] }
        if let control = c.control { words += ["--control", control] }
        if let state = c.controlState { words += ["--control-state", state.rawValue] }
        let controlPart = c.control.map { "-" + $0 + (c.controlState.map { "-" + $0.rawValue } ?? "") } ?? ""
        words += ["-o", "\(c.layout)-\(c.surface.rawValue)\(controlPart)-\(c.rowName)-\(c.scheme.rawValue)\(c.modeSuffix).png"]
        return words.map(shellQuote).joined(separator: " ")
    }

    /// `/render/{layout}/{surface}.png?…`, the server's URL for the same image.
    func renderURL(_ c: GalleryCell) -> String {
        var query = ["preview=\(percent(c.preview))", "scheme=\(c.scheme.rawValue)"]
        if c.device.id != DeviceProfile.default.id { query.append("device=\(c.device.id)") }
        if c.device.ios != c.device.shipsWith { query.append("ios=\(c.device.ios.number)") }
        if let scale = options.scale { query.append("scale=\(scale)") }
        if c.placeholder { query.append("placeholder=true") }
        if !c.modeSuffix.isEmpty { query.append("mode=\(c.mode.rawValue)") }
        if let control = c.control { query.append("control=\(percent(control))") }
        if let state = c.controlState { query.append("controlState=\(state.rawValue)") }
        return options.serverURL + "/render/\(percent(c.layout))/\(c.surface.rawValue).png?" + query.joined(separator: "&")
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

    /// Paths in messages relative to the working directory when they are under it.
    private func relative(_ text: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return text.replacingOccurrences(of: cwd, with: "")
    }

    private func shellQuote(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./=:@".unicodeScalars.contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private func percent(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#&=+"))) ?? s
    }

    public static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
    private func escape(_ s: String) -> String { Self.escape(s) }
}
