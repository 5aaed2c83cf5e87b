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
        guard !items.isEmpty else { return "" }
        return "<dl class=\"num\">" + items.map { "<dt>\(h($0.0))</dt><dd>\(h($0.1))</dd>" }.joined() + "</dl>"
    }

    func links(_ r: ReportRecord) -> String {
        var parts = ["golden <code>\(h(r.file))</code>"]
        if let s = r.source { parts.append("preview at <code>\(h(s))</code>") }
        if let g = document.gallery, r.status != .stale { parts.append("<a class=\"gallery\" href=\"\(h(g))#\(h(id(r)))\">in the gallery</a>") }
        var out = "<p class=\"links\">" + parts.joined(separator: " · ") + "</p>"
        if r.status != .stale && r.status != .error {
            let scale = document.scale.map { String(format: "%g", $0) } ?? "2"
            let device = (document.device.map { " --device \($0)" } ?? "") + (document.ios.map { " --ios \($0)" } ?? "")
            let mode = r.mode.map { " --mode \($0)" } ?? ""
            let suffix = r.mode.map { "-\($0)" } ?? ""
            let control = (r.control.map { " --control \($0)" } ?? "") + (r.controlState.map { " --control-state \($0)" } ?? "")
            let render = "widgetshot render \(r.layout) --surface \(r.surface) --preview \(r.preview) --scheme \(r.scheme)\(mode) --scale \(scale)\(device)\(control) -o \(r.preview)-\(r.scheme)\(suffix).png"
            out += "<p class=\"cmd\"><code>\(h(render))</code>"
            if !isRecord && r.status == .failed {
                out += "<br><code>\(h("widgetshot record\(document.ios.map { " --ios \($0)" } ?? "") --mode failed --layout \(r.layout) --surface \(r.surface) --preview \(r.preview)"))</code> <span class=\"muted\">accepts the change</span>"
            }
            out += "</p>"
        }
        return out
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

    private func h(_ s: String) -> String { HTML.escape(s) }

    static let css = #"""
    :root{--bg:#f5f5f7;--card:#fff;--ink:#1d1d1f;--muted:#6e6e73;--accent:#0071e3}
    *{box-sizing:border-box} body{font:14px/1.4 system-ui,-apple-system,sans-serif;margin:0;background:var(--bg);color:var(--ink)}
    header{position:sticky;top:0;z-index:2;background:rgba(245,245,247,.95);border-bottom:1px solid #d2d2d7;padding:12px 24px}
    h1{font-size:20px;margin:0 0 2px} .summary{margin:0 0 8px;font-weight:600}
    main{padding:8px 24px 24px} .muted{color:var(--muted);font-size:12px}
    .toolbar{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
    .toolbar select{font:inherit;padding:2px 6px;border-radius:6px;border:1px solid #c7c7cc;background:#fff}
    .seg button{font:inherit;border:0;background:#e8e8ed;padding:4px 10px;cursor:pointer} .seg button:first-child{border-radius:8px 0 0 8px} .seg button:last-child{border-radius:0 8px 8px 0}
    .seg button.on{background:var(--accent);color:#fff}
    .libstack{background:var(--card);border-radius:12px;padding:10px 16px;margin:16px 0} .libstack h2{font-size:14px;margin:0} .libstack table{border-collapse:collapse;font-size:12px} .libstack td,.libstack th{padding:2px 12px 2px 0;text-align:left} .libstack .differs td{color:#c9190b;font-weight:600}
        .toc{background:var(--card);border-radius:12px;padding:10px 16px;margin:16px 0} .toc h2{font-size:14px;margin:0} .toc ol{margin:6px 0;padding-left:22px}
    .group{background:var(--card);border-radius:12px;padding:14px 16px;margin:16px 0;box-shadow:0 1px 2px rgba(0,0,0,.06)}
    .group>h2{font-size:16px;margin:0 0 10px} a.self{color:inherit;text-decoration:none} a.self:hover{text-decoration:underline}
    .case h3{font-size:14px;margin:0 0 4px;font-family:ui-monospace,monospace} .case .reason{margin:0 0 4px}
    .members{list-style:none;padding:0;margin:0} .members>li{border-top:1px solid #e5e5ea;padding:8px 0}
    .also{margin:14px 0 4px;font-weight:600}
    .tag{font:600 11px system-ui,sans-serif;padding:2px 8px;border-radius:10px;background:#eee;vertical-align:1px}
    .tag.failed,.tag.error{background:#ffd9d6} .tag.missing,.tag.stale{background:#fff1c2} .tag.created{background:#d8f5dd} .tag.updated{background:#dde9ff}
    dl.num{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;margin:4px 0;font-size:12px} dl.num dt{color:var(--muted)} dl.num dd{margin:0;font-variant-numeric:tabular-nums}
    .links,.cmd{margin:4px 0;font-size:12px} code{font:12px ui-monospace,monospace;background:#f0f0f3;padding:1px 4px;border-radius:4px}
    .view{display:none;margin-top:8px} body[data-view=side] .view.side,body[data-view=slider] .view.slider,body[data-view=blink] .view.blink,body[data-view=diff] .view.diff{display:block}
    .view.side{display:none} body[data-view=side] .view.side{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
    figure{margin:0} figcaption{font-size:12px;color:var(--muted)}
    .views img{display:block;image-rendering:pixelated;image-rendering:crisp-edges;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
    .stack{position:relative;display:inline-block} .stack img.top,.stack img.b{position:absolute;left:0;top:0}
    .stack img.top{clip-path:inset(0 0 0 var(--cut,50%))} .slider input{display:block;max-width:100%}
    .slider .stack::after{content:"";position:absolute;top:0;bottom:0;left:var(--cut,50%);width:1px;background:var(--accent)}
    .brief{font:12px system-ui,sans-serif;color:var(--muted);margin-left:6px} .pt{font-weight:400;font-size:13px;color:var(--muted)}
    body.blink-off .stack img.b{visibility:hidden}
    .case:target,.case.target{outline:3px solid var(--accent);outline-offset:4px;border-radius:4px}
    details.more summary{cursor:pointer;color:var(--accent);font-size:12px}
    [hidden]{display:none!important} footer{padding:0 24px 24px} #img-errors:empty,#js-errors:empty{display:none}
    """#

    static let script = #"""
    (function(){
      var jsErrors=document.getElementById('js-errors');
      window.addEventListener('error',function(e){ jsErrors.textContent+=String(e.message)+'\n'; document.body.dataset.jsErrors=(+(document.body.dataset.jsErrors||0))+1; });
      var state={layout:'',surface:'',view:'side',zoom:'fit'};
      var views=['side','slider','blink','diff'];
      function readHash(){
        var raw=location.hash.slice(1), hash=raw;
        if(document.getElementById(raw)) return raw;
        try{ hash=decodeURIComponent(raw); }catch(e){}
        if(hash.indexOf('=')<0||document.getElementById(hash)) return hash;
        hash.split('&').forEach(function(kv){ var i=kv.indexOf('='); if(i>0){ var k=kv.slice(0,i), v=kv.slice(i+1); if(k in state) state[k]=v; } });
        if(views.indexOf(state.view)<0) state.view='side';
        return '';
      }
      function writeHash(){
        var parts=[]; for(var k in state){ var dflt=(k==='view'?'side':k==='zoom'?'fit':''); if(state[k]!==dflt) parts.push(k+'='+encodeURIComponent(state[k])); }
        var url=parts.length?'#'+parts.join('&'):location.pathname+location.search;
        try{ history.replaceState(null,'',url); }catch(e){ location.hash=parts.join('&'); }
      }
      function apply(){
        document.getElementById('f-layout').value=state.layout;
        document.getElementById('f-surface').value=state.surface;
        document.getElementById('f-zoom').value=state.zoom;
        document.body.dataset.view=state.view;
        document.querySelectorAll('#f-view button').forEach(function(b){ b.classList.toggle('on',b.dataset.v===state.view); });
        var shownGroups=0, shownCases=0;
        document.querySelectorAll('.group').forEach(function(g){
          var any=false;
          g.querySelectorAll('.case').forEach(function(c){
            var ok=(!state.layout||c.dataset.layout===state.layout)&&(!state.surface||c.dataset.surface===state.surface);
            var box=c.parentElement.tagName==='LI'?c.parentElement:c; box.hidden=!ok; if(ok){ any=true; shownCases++; }
          });
          g.hidden=!any; if(any) shownGroups++;
          var link=document.querySelector('.toc a[href="#'+g.id+'"]'); if(link) link.parentElement.hidden=!any;
        });
        document.body.dataset.shownGroups=shownGroups; document.body.dataset.shownCases=shownCases;
        document.getElementById('shown').textContent=shownCases+' golden'+(shownCases===1?'':'s')+' in '+shownGroups+' group'+(shownGroups===1?'':'s')+' shown';
        zoom();
      }
      function zoom(){
        document.querySelectorAll('.view').forEach(function(v){
          var imgs=v.querySelectorAll('img'); if(!imgs.length) return;
          var w=0; imgs.forEach(function(i){ w=Math.max(w,i.naturalWidth||0); }); if(!w) return;
          var across=v.classList.contains('side')?v.querySelectorAll('figure').length:1;
          var avail=Math.max(100,(v.closest('.group')||document.body).clientWidth-40-12*(across-1));
          var z=state.zoom==='fit'?Math.floor(avail/(w*across)):+state.zoom;
          if(state.zoom==='fit'&&z<1) z=avail/(w*across); if(state.zoom==='fit') z=Math.min(z,8);
          imgs.forEach(function(i){ if(i.naturalWidth) i.style.width=(i.naturalWidth*z)+'px'; });
          var range=v.querySelector('input[type=range]'); if(range) range.style.width=(w*z)+'px';
        });
      }
      function reveal(id){
        if(!id) return; var el=document.getElementById(id); if(!el) return;
        var c=el.closest('.case'); if(c){ var d=c.querySelector('details'); if(d) d.open=true; }
        var g=el.closest('.group'); if(g&&g.hidden){ state.layout=''; state.surface=''; apply(); }
        document.querySelectorAll('.target').forEach(function(t){ t.classList.remove('target'); });
        if(c) c.classList.add('target'); el.scrollIntoView({block:'start'});
      }
      document.getElementById('f-layout').onchange=function(e){ state.layout=e.target.value; apply(); writeHash(); };
      document.getElementById('f-surface').onchange=function(e){ state.surface=e.target.value; apply(); writeHash(); };
      document.getElementById('f-zoom').onchange=function(e){ state.zoom=e.target.value; apply(); writeHash(); };
      document.querySelectorAll('#f-view button').forEach(function(b){ b.onclick=function(){ state.view=b.dataset.v; apply(); writeHash(); }; });
      document.querySelectorAll('.slider input[type=range]').forEach(function(r){
        var stack=r.parentElement.querySelector('.stack'); r.oninput=function(){ if(stack) stack.style.setProperty('--cut',r.value+'%'); };
      });
      document.querySelectorAll('details.more').forEach(function(d){ d.addEventListener('toggle',zoom); });
      setInterval(function(){ document.body.classList.toggle('blink-off'); },500);
      var images=Array.prototype.slice.call(document.images);
      function tally(){
        var loaded=0, failed=[];
        images.forEach(function(i){ if(i.complete){ if(i.naturalWidth>0) loaded++; else failed.push(i.getAttribute('src')); } });
        document.body.dataset.imagesTotal=images.length; document.body.dataset.imagesLoaded=loaded; document.body.dataset.imagesFailed=failed.length;
        document.getElementById('img-status').textContent=loaded+' of '+images.length+' images loaded';
        document.getElementById('img-errors').textContent=failed.length?'images that did not load:\n'+failed.join('\n'):'';
      }
      images.forEach(function(i){ i.addEventListener('load',function(){ tally(); zoom(); }); i.addEventListener('error',tally); });
      window.addEventListener('resize',zoom);
      window.addEventListener('hashchange',function(){ reveal(readHash()); apply(); });
      var target=readHash(); apply(); tally(); reveal(target);
    })();
    """#
}
