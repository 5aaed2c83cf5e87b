import Foundation
import WidgetModel
import WidgetShot

/// The report as a reviewer's page: one section per cause (`FailureGroups`), its first golden shown
/// in full with side-by-side, slider, blink and diff-only views at an integer, pixelated zoom,
/// then the other goldens with the same change, each with its numbers. A toolbar filters by layout
/// and surface and picks the view and zoom; that state lives in the URL (`#layout=…&surface=…&view=…
/// &zoom=…`), and every golden has a stable anchor, its `ImageAnchor`
/// (`#delivery/systemSmall/onTheWay/light/iphone15pro`), the same the gallery uses for the image. Self-contained: inline CSS and script, images beside the page.
public struct ReportPage {
    public var document: ReportDocument

    public init(_ document: ReportDocument) { self.document = document }

    var isRecord: Bool { document.kind == .record }

    public func html() -> String {
        let d = document
        let byName = Dictionary(d.results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var body = ""
        for group in d.groups {
            let members = group.members.compactMap { byName[$0] }
            guard let first = members.first else { continue }
            body += "<section class=\"group\" id=\"\(h(group.id))\" data-count=\"\(members.count)\">\n"
            body += "<h2><a class=\"self\" href=\"#\(h(group.id))\">\(h(group.cause))</a>\(points(group.box))</h2>\n"
            body += card(first, full: true)
            if members.count > 1 {
                body += "<p class=\"also\">The same change in \(members.count - 1) more golden\(members.count == 2 ? "" : "s"):</p>\n<ul class=\"members\">\n"
                for m in members.dropFirst() { body += "<li>" + card(m, full: false) + "</li>\n" }
                body += "</ul>\n"
            }
            body += "</section>\n"
        }
        if d.groups.isEmpty {
            body = isRecord ? "<p class=\"empty\">Nothing changed: every golden was already up to date.</p>"
                : "<p class=\"empty\">Every golden matches.</p>"
        }
        let toc = d.groups.map {
            "<li><a href=\"#\(h($0.id))\">\(h($0.cause))</a></li>"
        }.joined(separator: "\n")
        let layouts = Array(Set(d.results.filter { $0.status.needsAttention }.map(\.layout))).sorted()
        let surfaces = Array(Set(d.results.filter { $0.status.needsAttention }.map(\.surface))).sorted()
        func options(_ values: [String]) -> String {
            "<option value=\"\">all</option>" + values.map { "<option value=\"\(h($0))\">\(h($0))</option>" }.joined()
        }
        let title = isRecord ? "widgetshot record: what changed" : "widgetshot verify"
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
        <title>\(h(title)) — \(h(summary))</title>
        <style>\(Self.css)</style></head>
        <body data-kind="\(d.kind.rawValue)" data-view="side" data-groups="\(d.groups.count)">
        <header>
        <h1>\(h(title))</h1>
        <p class="summary">\(h(summary))</p>
        <div class="toolbar">
        <label>Layout <select id="f-layout">\(options(layouts))</select></label>
        <label>Surface <select id="f-surface">\(options(surfaces))</select></label>
        <span class="seg" id="f-view" role="group" aria-label="view"><button data-v="side">side by side</button><button data-v="slider">slider</button><button data-v="blink">blink</button><button data-v="diff">diff only</button></span>
        <label>Zoom <select id="f-zoom"><option value="fit">fit</option><option value="1">1×</option><option value="2">2×</option><option value="3">3×</option><option value="4">4×</option><option value="6">6×</option><option value="8">8×</option></select></label>
        <span id="shown" class="muted"></span>
        </div>
        </header>
        <main>
        \(stackSection())
        \(d.groups.isEmpty ? "" : "<nav class=\"toc\"><h2>\(d.groups.count) \(isRecord ? "change" : "cause")\(d.groups.count == 1 ? "" : "s")</h2><ol>\(toc)</ol></nav>")
        \(body)
        </main>
        <footer class="muted">report.json and junit.xml beside this page hold the same results. <span id="img-status"></span><pre id="img-errors"></pre><pre id="js-errors"></pre></footer>
        <script>\(Self.script)</script>
        </body></html>

        """
    }

    /// A table of the six libraries, recorded against running, differing rows marked, with a
    /// sentence saying whether differences may come from the libraries rather than the widgets.
    func stackSection() -> String {
        guard let stack = document.stack else { return "" }
        let heading: String
        switch stack.status {
        case "same": heading = "Rendered on the library stack that recorded the goldens."
        case "unknown": heading = "The goldens' library stack is unknown: the manifest has none (<code>widgetshot record --mode failed</code> writes it)."
        default: heading = "Rendered on another library stack than the goldens were recorded on: "
            + h(stack.differs.map { "\($0.library) \($0.recorded) → \($0.running)" }.joined(separator: ", "))
            + ". Differences may come from the libraries, not from a change to the widgets."
        }
        var rows = ""
        for name in ReportStack.order {
            let was = stack.recorded?[name], now = stack.running[name] ?? "?"
            let differs = was != nil && was != now
            rows += "<tr\(differs ? " class=\"differs\"" : "")><td>\(h(name))</td><td>\(h(was ?? "unknown"))</td><td>\(h(now))</td></tr>"
        }
        return "<section class=\"libstack \(stack.status)\"><h2>Library stack</h2><p>\(heading)</p>"
            + "<table><tr><th>library</th><th>recorded</th><th>running</th></tr>\(rows)</table></section>"
    }

    /// The changed box in points, as layouts are written: ` = 7×5 pt at (15, 15)`.
    func points(_ box: FailureGroup.Box?) -> String {
        guard let box, let scale = document.scale, scale > 0 else { return "" }
        func pt(_ v: Int) -> String { String(format: "%g", (Double(v) / scale * 10).rounded() / 10) }
        return " <span class=\"pt\">= \(pt(box.width))×\(pt(box.height)) pt at (\(pt(box.x)), \(pt(box.y)))</span>"
    }

    var summary: String {
        let d = document
        var parts: [String] = []
        if isRecord {
            parts = ["\(d.created ?? 0) created", "\(d.updated ?? 0) updated", "\(d.unchanged ?? 0) unchanged"]
            if d.failed > 0 { parts.append("\(d.failed) failed") }
        } else {
            parts = ["\(d.passed) passed", "\(d.failed) failed"]
            if d.missing > 0 { parts.append("\(d.missing) missing") }
        }
        if d.stale > 0 { parts.append("\(d.stale) stale") }
        var text = parts.joined(separator: ", ") + " of \(d.cells) goldens in " + String(format: "%.1f s", d.seconds)
        if let s = d.shard { text += " (shard \(s))" }
        return text
    }

    /// One golden: its name, numbers, links and (for the first of a group, or on demand) its views.
    func card(_ r: ReportRecord, full: Bool) -> String {
        let anchor = h(id(r))
        var out = "<article class=\"case\(full ? " full" : "")\" id=\"\(anchor)\" data-layout=\"\(h(r.layout))\" data-surface=\"\(h(r.surface))\" data-status=\"\(r.status.rawValue)\">"
        out += "<h3><a class=\"self\" href=\"#\(anchor)\">\(h(r.name))</a> <span class=\"tag \(r.status.rawValue)\">\(r.status.rawValue)</span>"
        let detail = "<p class=\"reason\">\(h(r.reason))</p>" + numbers(r) + links(r)
        if full {
            out += "</h3>" + detail + (r.images != nil ? views(r) : "")
        } else {
            // The list under a group's first golden: one line each, the rest on demand.
            out += " <span class=\"brief\">\(h(brief(r)))</span></h3>"
            out += "<details class=\"more\"><summary>numbers, commands\(r.images != nil ? " and images" : "")</summary>\(detail)\(r.images != nil ? views(r) : "")</details>"
        }
        return out + "</article>"
    }

    /// The record's id on this page and the gallery's: its `ImageAnchor`.
    func id(_ r: ReportRecord) -> String {
        r.status == .stale ? r.name : r.anchorID(device: document.device ?? DeviceProfile.default.id)
    }

    /// `140 px differ · max delta 227 · 14×10 at (30, 30)`
    func brief(_ r: ReportRecord) -> String {
        var parts: [String] = []
        if let p = r.differingPixels { parts.append("\(p) px differ") }
        if let m = r.maxDelta { parts.append("max delta \(m)") }
        if let first = r.regions?.first {
            parts.append("\(first.width)×\(first.height) at (\(first.x), \(first.y))" + ((r.regions?.count ?? 0) > 1 ? " +\(r.regions!.count - 1) more" : ""))
        }
        if parts.isEmpty { parts.append(r.reason) }
        return parts.joined(separator: " · ")
    }

    func numbers(_ r: ReportRecord) -> String {
        var items: [(String, String)] = []
        if let p = r.differingPixels {
            items.append(("pixels differ", "\(p) (\(String(format: "%.3f", (r.ratio ?? 0) * 100)) %)"))
        }
        if let a = r.antialiasedPixels, a > 0 { items.append(("antialiased", "\(a) (not counted)")) }
        if let w = r.worstWindow { items.append(("worst window", "\(w.pixels) px in \(w.size)×\(w.size) at (\(w.x), \(w.y))")) }
        if let m = r.maxDelta { items.append(("max delta", "\(m)/255")) }
        if let e = r.expectedSize, let a = r.actualSize {
            items.append(("size", e == a ? "\(e[0])×\(e[1]) px" : "golden \(e[0])×\(e[1]), render \(a[0])×\(a[1]) px"))
        }
        if let regions = r.regions, !regions.isEmpty {
            let shown = regions.prefix(5).map { "\($0.width)×\($0.height) at (\($0.x), \($0.y)): \($0.pixels) px" }
            items.append(("regions", shown.joined(separator: "; ") + (regions.count > 5 ? "; \(regions.count - 5) more" : "")))
        }
        if let warnings = r.warnings, !warnings.isEmpty { items.append(("warnings", warnings.joined(separator: "; "))) }
        guard !items.isEmpty else { return "" }
        return "<dl class=\"num\">" + items.map { "<dt>\(h($0.0))</dt><dd>\(h($0.1))</dd>" }.joined() + "</dl>"
    }

    func links(_ r: ReportRecord) -> String {
        var parts = ["golden <code>\(h(r.file))</code>"]
        if let v = r.view, r.status != .stale { parts.append("changed view at <code>\(h(v))</code>") }
        if let s = r.source { parts.append("preview at <code>\(h(s))</code>") }
        if let g = document.gallery, r.status != .stale { parts.append("<a class=\"gallery\" href=\"\(h(g))#\(h(id(r)))\">in the gallery</a>") }
        var out = "<p class=\"links\">" + parts.joined(separator: " · ") + "</p>"
        if r.status != .stale && r.status != .error {
            out += "<p class=\"cmd\"><code>\(h(renderCommand(r)))</code>"
            if !isRecord && r.status == .failed {
                out += "<br><code>\(h("widgetshot record\(document.ios.map { " --ios \($0)" } ?? "") --mode failed --layout \(r.layout) --surface \(r.surface) --preview \(r.preview)\(spanOptions(r))"))</code> <span class=\"muted\">accepts the change</span>"
            }
            out += "</p>"
        }
        return out
    }

    /// ` --span locale=ko` for each spanned axis the record's cell is at (`record` draws it then).
    func spanOptions(_ r: ReportRecord) -> String {
        MatrixAxis.all.compactMap { axis in r.axes?[axis.name].map { " --span \(axis.name)=\($0)" } }.joined()
    }

    /// The `widgetshot render` that draws the record's image as the suite did (`MatrixCell.renderFields`).
    func renderCommand(_ r: ReportRecord) -> String {
        guard let cell = r.cell else { return "widgetshot render \(r.layout) --surface \(r.surface) --preview \(r.preview)" }
        var device = document.device.flatMap(DeviceProfile.named) ?? .default
        if let ios = document.ios.flatMap({ IOSGeneration(number: String($0)) }) { device = device.on(ios) }
        let fields = cell.renderFields(device: device, scale: document.scale ?? GoldenSuite.defaultScale)
        return cell.renderCommand(fields, output: cell.fileStem + ".png").joined(separator: " ")
    }

    func views(_ r: ReportRecord) -> String {
        let before = isRecord ? "before" : "expected (golden)"
        let after = isRecord ? "after" : "actual (render)"
        let e = r.images?.expected.map(h), a = r.images?.actual.map(h), d = r.images?.diff.map(h)
        func img(_ src: String?, _ cls: String = "") -> String {
            guard let src else { return "" }
            return "<img src=\"\(src)\"\(cls.isEmpty ? "" : " class=\"\(cls)\"") alt=\"\">"
        }
        func figure(_ src: String?, _ caption: String) -> String {
            guard src != nil else { return "" }
            return "<figure>\(img(src))<figcaption>\(caption)</figcaption></figure>"
        }
        var out = "<div class=\"views\">"
        out += "<div class=\"view side\">\(figure(e, before))\(figure(a, after))\(figure(d, "diff: red differs, yellow antialiasing"))</div>"
        if let e, let a {
            out += "<div class=\"view slider\"><div class=\"stack\">\(img(e))\(img(a, "top"))</div><input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"slider: \(before) left, \(after) right\"><p class=\"muted\">left of the line: \(before); right: \(after)</p></div>"
            out += "<div class=\"view blink\"><div class=\"stack\">\(img(e))\(img(a, "b"))</div><p class=\"muted\">alternates \(before) / \(after) every 0.5 s</p></div>"
        } else {
            out += "<div class=\"view slider blink\"><p class=\"muted\">only one image: nothing to compare</p>\(img(a ?? e))</div>"
        }
        out += "<div class=\"view diff\">\(d != nil ? figure(d, "diff") : "<p class=\"muted\">no diff image</p>")</div>"
        return out + "</div>"
    }

    private func h(_ s: String) -> String { MarkupText.escape(s) }

    // Resources/report.css and Resources/report.js, compiled into the binary (`.embedInCode`).
    static let css = String(decoding: PackageResources.report_css, as: UTF8.self)
    static let script = String(decoding: PackageResources.report_js, as: UTF8.self)
}
