import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender

/// What `verify --report DIR` leaves for a person and for CI: per failure the expected, actual and
/// diff PNGs; one index.html with side-by-side, slider and blink views; report.json; junit.xml.
public struct VerifyReport {
    public struct Entry: Sendable {
        public var cell: MatrixCell
        public var golden: String
        public var status: String            // passed, failed, missing, error, stale
        public var result: DiffResult?
        public var message: String?
        /// PNG bytes, only for failures.
        public var expectedPNG: [UInt8]?
        public var actualPNG: [UInt8]?
        public var diffPNG: [UInt8]?

        public init(cell: MatrixCell, golden: String, status: String, result: DiffResult? = nil, message: String? = nil) {
            self.cell = cell; self.golden = golden; self.status = status; self.result = result; self.message = message
        }
    }

    /// One outcome as the report shows it; failures get their three PNGs (fast preset: only
    /// failures pay for encoding).
    public static func entry(for outcome: GoldenOutcome, suite: GoldenSuite) -> Entry {
        var e = Entry(cell: outcome.cell, golden: suite.path(of: outcome.cell), status: "passed")
        func png(_ image: DiffImage?) -> [UInt8]? {
            guard let image, image.width > 0, image.height > 0 else { return nil }
            return try? PNGCodec.encode(Bitmap(straight: RGBAImage(width: image.width, height: image.height, pixels: image.pixels)))
        }
        switch outcome.status {
        case .passed: break
        case .missing:
            e.status = "missing"; e.message = "no golden (run `widgetshot record`)"
            e.actualPNG = png(outcome.actual)
        case .error(let m):
            e.status = "error"; e.message = m
        case .failed(let r):
            e.status = "failed"; e.result = r; e.message = r.failureReason
            e.expectedPNG = png(outcome.expected)
            e.actualPNG = png(outcome.actual)
            if let a = outcome.expected, let b = outcome.actual {
                e.diffPNG = png(ImageDiff.diffImage(expected: a, actual: b, result: r, options: suite.options(for: outcome.cell)))
            }
        }
        return e
    }

    public var entries: [Entry]
    public var stale: [String]
    public var seconds: Double
    /// The goldens' library stack against the running one; nil leaves it out of the report.
    public var stack: StackCheck?

    public init(entries: [Entry], stale: [String], seconds: Double) {
        self.entries = entries; self.stale = stale; self.seconds = seconds
    }

    public func write(to dir: String) throws {
        for e in entries where e.status != "passed" {
            let base = dir + "/" + e.cell.relativePath.replacingOccurrences(of: ".png", with: "")
            if let b = e.expectedPNG { try AtomicFile.write(b, to: base + ".expected.png") }
            if let b = e.actualPNG { try AtomicFile.write(b, to: base + ".actual.png") }
            if let b = e.diffPNG { try AtomicFile.write(b, to: base + ".diff.png") }
        }
        try AtomicFile.write(Array(html().utf8), to: dir + "/index.html")
        try AtomicFile.write(Array(json().utf8), to: dir + "/report.json")
        try AtomicFile.write(Array(junit().utf8), to: dir + "/junit.xml")
    }

    var counts: (passed: Int, failed: Int, missing: Int) {
        (entries.filter { $0.status == "passed" }.count,
         entries.filter { $0.status == "failed" || $0.status == "error" }.count,
         entries.filter { $0.status == "missing" }.count)
    }

    func json() -> String {
        var items: [String] = []
        for e in entries {
            var fields = ["\"file\":\(q(e.golden))", "\"layout\":\(q(e.cell.layout))", "\"surface\":\(q(e.cell.surface.rawValue))",
                          "\"preview\":\(q(e.cell.preview))", "\"scheme\":\(q(e.cell.scheme.rawValue))", "\"status\":\(q(e.status))"]
            if let m = e.message { fields.append("\"message\":\(q(m))") }
            if let r = e.result {
                fields.append("\"differingPixels\":\(r.differingPixels)")
                fields.append("\"antialiasedPixels\":\(r.antialiasedPixels)")
                fields.append("\"ratio\":\(r.ratio)")
                fields.append("\"expectedSize\":[\(r.expectedSize.width),\(r.expectedSize.height)]")
                fields.append("\"actualSize\":[\(r.actualSize.width),\(r.actualSize.height)]")
                let regions = r.regions.map { "{\"x\":\($0.x),\"y\":\($0.y),\"width\":\($0.width),\"height\":\($0.height),\"pixels\":\($0.pixels)}" }
                fields.append("\"regions\":[\(regions.joined(separator: ","))]")
            }
            items.append("{" + fields.joined(separator: ",") + "}")
        }
        for s in stale { items.append("{\"file\":\(q(s)),\"status\":\"stale\"}") }
        let c = counts
        return "{\"passed\":\(c.passed),\"failed\":\(c.failed),\"missing\":\(c.missing),\"stale\":\(stale.count),\"seconds\":\(seconds),"
            + stackJSON() + "\"results\":[\n"
            + items.joined(separator: ",\n") + "\n]}\n"
    }

    // MARK: the library stack

    /// `"stack":{"status":"same|different|unknown","recorded":{…}|null,"running":{…},"differs":[…]},`
    /// (with its trailing comma), or nothing without a stack check.
    func stackJSON() -> String {
        guard let stack else { return "" }
        func object(_ s: LibraryStack?) -> String {
            guard let s else { return "null" }
            return "{" + s.libraries.map { "\(q($0.name)):\(q($0.version))" }.joined(separator: ",") + "}"
        }
        let differs = stack.differences.map { "{\"library\":\(q($0.library)),\"recorded\":\(q($0.recorded)),\"running\":\(q($0.running))}" }
        return "\"stack\":{\"status\":\(q(stackStatus(stack))),\"recorded\":\(object(stack.recorded)),\"running\":\(object(stack.running)),"
            + "\"differs\":[\(differs.joined(separator: ","))]},"
    }

    func stackStatus(_ stack: StackCheck) -> String {
        !stack.isKnown ? "unknown" : stack.matches ? "same" : "different"
    }

    /// JUnit `<properties>`: the status, and each library as recorded and as running.
    func stackProperties() -> String {
        guard let stack else { return "" }
        var xml = "  <properties>\n    <property name=\"stack\" value=\"\(x(stackStatus(stack)))\"/>\n"
        if let note = stack.note { xml += "    <property name=\"stack.note\" value=\"\(x(note))\"/>\n" }
        for (name, version) in stack.recorded?.libraries ?? [] {
            xml += "    <property name=\"stack.recorded.\(x(name))\" value=\"\(x(version))\"/>\n"
        }
        for (name, version) in stack.running.libraries {
            xml += "    <property name=\"stack.running.\(x(name))\" value=\"\(x(version))\"/>\n"
        }
        return xml + "  </properties>\n"
    }

    /// A table of the six libraries, recorded against running, differing rows marked.
    func stackHTML() -> String {
        guard let stack else { return "" }
        let heading: String
        switch stackStatus(stack) {
        case "same": heading = "Rendered on the library stack that recorded the goldens."
        case "unknown": heading = "The goldens' library stack is unknown: the manifest has none (<code>widgetshot record --mode failed</code> writes it)."
        default: heading = "Rendered on another library stack than the goldens were recorded on: "
            + h(stack.differences.map(\.description).joined(separator: ", "))
            + ". Differences may come from the libraries, not from a change to the widgets."
        }
        var rows = ""
        let recorded = stack.recorded?.libraries
        for (i, lib) in stack.running.libraries.enumerated() {
            let was = recorded?[i].version
            let differs = was != nil && was != lib.version
            rows += "<tr\(differs ? " class=\"differs\"" : "")><td>\(h(lib.name))</td><td>\(h(was ?? "unknown"))</td><td>\(h(lib.version))</td></tr>"
        }
        return "<section class=\"case stack \(stackStatus(stack))\"><h2>Library stack</h2><p>\(heading)</p>"
            + "<table><tr><th>library</th><th>recorded</th><th>running</th></tr>\(rows)</table></section>"
    }

    func junit() -> String {
        let c = counts
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites><testsuite name=\"widgetshot verify\" tests=\"\(entries.count + stale.count)\" failures=\"\(c.failed + c.missing + stale.count)\" time=\"\(String(format: "%.3f", seconds))\">\n"
        xml += stackProperties()
        for e in entries {
            let cls = x("\(e.cell.layout).\(e.cell.surface.rawValue)")
            let name = x("\(e.cell.preview)-\(e.cell.scheme.rawValue)")
            if e.status == "passed" {
                xml += "  <testcase classname=\"\(cls)\" name=\"\(name)\"/>\n"
            } else {
                let msg = x(e.message ?? e.result?.failureReason ?? e.status)
                xml += "  <testcase classname=\"\(cls)\" name=\"\(name)\"><failure message=\"\(msg)\">\(x(e.golden)): \(msg)</failure></testcase>\n"
            }
        }
        for s in stale {
            xml += "  <testcase classname=\"stale\" name=\"\(x(s))\"><failure message=\"stale golden: no preview produces it\"/></testcase>\n"
        }
        return xml + "</testsuite></testsuites>\n"
    }

    func html() -> String {
        let c = counts
        var body = ""
        for e in entries where e.status != "passed" {
            let base = e.cell.relativePath.replacingOccurrences(of: ".png", with: "")
            let reason = e.message ?? e.result?.failureReason ?? e.status
            var numbers = ""
            if let r = e.result {
                numbers = "\(r.differingPixels) px differ (\(String(format: "%.4f", r.ratio * 100)) %), \(r.antialiasedPixels) antialiased; golden \(r.expectedSize.width)×\(r.expectedSize.height), render \(r.actualSize.width)×\(r.actualSize.height)"
                if !r.regions.isEmpty {
                    numbers += "; regions " + r.regions.prefix(6).map { "\($0.width)×\($0.height) at (\($0.x), \($0.y))" }.joined(separator: ", ")
                }
            }
            let exp = e.expectedPNG != nil ? "\(base).expected.png" : ""
            let act = e.actualPNG != nil ? "\(base).actual.png" : ""
            let dif = e.diffPNG != nil ? "\(base).diff.png" : ""
            body += """
            <section class="case"><h2>\(h(e.cell.relativePath)) <span class="tag \(e.status)">\(e.status)</span></h2>
            <p>\(h(reason))</p><p class="num">\(h(numbers))</p>
            <div class="tabs"><button data-v="side" class="on">side by side</button><button data-v="slider">slider</button><button data-v="blink">blink</button></div>
            <div class="view side"><figure><img src="\(exp)"><figcaption>expected (golden)</figcaption></figure><figure><img src="\(act)"><figcaption>actual</figcaption></figure><figure><img src="\(dif)"><figcaption>diff</figcaption></figure></div>
            <div class="view slider" hidden><div class="stack"><img src="\(exp)"><div class="top"><img src="\(act)"></div></div><input type="range" min="0" max="100" value="50"></div>
            <div class="view blink" hidden><div class="stack"><img src="\(exp)"><img class="b" src="\(act)"></div><p>alternates expected / actual every 0.5 s</p></div>
            </section>
            """
        }
        if !stale.isEmpty {
            body += "<section class=case><h2>Stale goldens</h2><ul>" + stale.map { "<li>\(h($0))</li>" }.joined() + "</ul><p>No preview produces these; <code>widgetshot prune</code> deletes them.</p></section>"
        }
        if body.isEmpty { body = "<p>Every golden matches.</p>" }
        body = stackHTML() + body
        return """
        <!doctype html><meta charset="utf-8"><title>widgetshot verify</title>
        <style>
        body{font:14px system-ui,sans-serif;margin:24px;background:#f5f5f7;color:#1d1d1f}
        .case{background:#fff;border-radius:12px;padding:16px;margin:16px 0}
        h2{font-size:15px;margin:0 0 6px} .num{color:#6e6e73;font-size:12px}
        .tag{font-size:11px;padding:2px 8px;border-radius:10px;background:#eee} .failed,.error{background:#ffd9d6} .missing{background:#fff1c2}
        .view.side{display:flex;gap:12px;flex-wrap:wrap} figure{margin:0} figcaption{font-size:12px;color:#6e6e73}
        img{max-width:100%;image-rendering:pixelated;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        .stack{position:relative;display:inline-block} .stack img{display:block}
        .stack .top{position:absolute;inset:0;overflow:hidden;width:50%} .stack .top img{max-width:none}
        .stack .b{position:absolute;inset:0}
        .stack table{border-collapse:collapse;font-size:12px} .stack td,.stack th{padding:2px 12px 2px 0;text-align:left} .stack .differs td{color:#c9190b;font-weight:600}
        .tabs button{border:0;background:#e8e8ed;border-radius:8px;padding:4px 10px;margin:6px 4px 10px 0;cursor:pointer} .tabs .on{background:#0071e3;color:#fff}
        </style>
        <h1>widgetshot verify</h1>
        <p>\(c.passed) passed, \(c.failed) failed\(c.missing > 0 ? ", \(c.missing) missing" : "")\(stale.isEmpty ? "" : ", \(stale.count) stale") in \(String(format: "%.1f", seconds)) s</p>
        \(body)
        <script>
        document.querySelectorAll('.case').forEach(function(c){
          c.querySelectorAll('.tabs button').forEach(function(b){ b.onclick=function(){
            c.querySelectorAll('.tabs button').forEach(function(x){x.classList.toggle('on',x===b)});
            c.querySelectorAll('.view').forEach(function(v){v.hidden=!v.classList.contains(b.dataset.v)});
          }});
          var r=c.querySelector('input[type=range]'), t=c.querySelector('.slider .top');
          if(r&&t){ var img=t.querySelector('img'), base=c.querySelector('.slider .stack > img');
            var sync=function(){ t.style.width=r.value+'%'; img.style.width=base.clientWidth+'px'; };
            r.oninput=sync; base.onload=sync; sync(); }
        });
        setInterval(function(){ document.querySelectorAll('.blink .b').forEach(function(b){ b.style.visibility = b.style.visibility==='hidden' ? 'visible' : 'hidden'; }); }, 500);
        </script>
        """
    }

    private func q(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 { out += String(format: "\\u%04x", ch.value) } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    private func h(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private func x(_ s: String) -> String { h(s).replacingOccurrences(of: "'", with: "&apos;") }
}
