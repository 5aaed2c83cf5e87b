/// The page's inline style sheet and script (no network assets: the page works from disk).
enum GalleryAssets {
    static let css = """
    :root{--bg:#f2f2f7;--fg:#1c1c1e;--muted:#6e6e73;--card:#fff;--line:#d1d1d6;--accent:#0a84ff}
    *{box-sizing:border-box}
    body{font:13px/1.4 -apple-system,system-ui,"Segoe UI",Roboto,sans-serif;margin:0;background:var(--bg);color:var(--fg)}
    #bar{position:sticky;top:0;z-index:5;display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:10px 20px;
      background:rgba(242,242,247,.92);backdrop-filter:blur(12px);border-bottom:1px solid var(--line)}
    #bar h1{font-size:17px;margin:0 8px 0 0}
    #bar nav{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center}
    #bar label{color:var(--muted);font-size:12px}
    #bar select{font:inherit;font-size:13px;padding:3px 6px;border-radius:7px;border:1px solid var(--line);background:#fff;color:var(--fg);max-width:12em}
    #bar select.on{border-color:var(--accent);box-shadow:0 0 0 2px rgba(10,132,255,.25)}
    #bar .toggle{color:var(--fg);font-size:13px}
    #bar button{font:inherit;padding:3px 10px;border-radius:7px;border:1px solid var(--line);background:#fff;cursor:pointer}
    #count{color:var(--muted);margin-left:auto}
    #live{color:#30d158;font-weight:600}
    #live.busy{color:#ff9f0a}
    main{padding:4px 20px 40px}
    .problem{margin:12px 20px;padding:10px 14px;border-radius:10px;background:#ffe5e5;border:1px solid #ff453a;color:#8a0000}
    .problem pre,.error pre{white-space:pre-wrap;margin:6px 0 0;font:12px ui-monospace,Menlo,monospace}
    h2{margin:32px 0 4px;font-size:22px} h2 small,h3 small{font-weight:400;color:var(--muted);font-size:12px}
    h2 a,h3 a{color:inherit;text-decoration:none} h2 a:hover,h3 a:hover{text-decoration:underline}
    h3{margin:22px 0 8px;font-size:15px}
    .rows{display:flex;flex-wrap:wrap;gap:18px 30px;align-items:flex-start}
    .row{display:grid;grid-template-columns:repeat(2,auto);gap:8px;align-items:start;justify-content:start;max-width:100%}
    .row-label{grid-column:1/-1;font-weight:600;word-break:break-word}
    .row-label small{font-weight:400;color:var(--muted);margin-left:6px}
    figure{margin:0;padding:10px;border-radius:14px;background:#dcdce1;box-shadow:0 1px 2px rgba(0,0,0,.06);max-width:100%;scroll-margin-top:120px}
    figure.dark{background:#3a3a3c;color:#f2f2f7}
    figure:target{outline:3px solid var(--accent)}
    figure img{display:block;cursor:zoom-in;max-width:none}
    figcaption{font-size:12px;margin-top:6px;max-width:max(100%,240px)}
    figcaption .anchor{color:inherit;font-weight:600;text-decoration:none}
    figcaption .size{opacity:.65}
    .warn{color:#ff9f0a;font-weight:600}
    details summary{cursor:pointer;color:#8e8e93;font-size:11px}
    .warnings{margin:4px 0;padding-left:16px;color:#ff9f0a;max-width:420px}
    .repro{display:grid;grid-template-columns:auto 1fr;gap:2px 6px;max-width:440px;margin-top:4px}
    .repro span{color:#8e8e93;font-size:11px}
    .repro code{font:11px ui-monospace,Menlo,monospace;word-break:break-all;user-select:all}
    .repro a{color:inherit}
    .error{color:#ff453a;max-width:360px}
    [hidden]{display:none!important}
    .stage{position:relative;display:inline-block}
    .ctx{display:none}
    body.context .stage{width:var(--fw);height:var(--fh);overflow:hidden;border-radius:28px;
      background:linear-gradient(160deg,#8ec5fc,#e0c3fc 55%,#f9d29d)}
    body.context .dark .stage{background:linear-gradient(160deg,#0f2027,#203a43 50%,#2c5364)}
    body.context .stage .ctx{display:block;position:absolute;inset:0}
    body.context .stage img{position:absolute;left:var(--ix);top:var(--iy)}
    body.context .stage.ctx-island,body.context .dark .stage.ctx-island{background:linear-gradient(180deg,#3a3a3c,#1c1c1e);box-shadow:inset 0 0 0 8px #111;border-radius:56px 56px 0 0}
    body.context .stage.ctx-standby{background:#000!important;box-shadow:inset 0 0 0 8px #111;border-radius:48px}
    .ctx-status{position:absolute;top:0;left:0;right:0;height:54px;display:flex;justify-content:space-between;align-items:center;padding:0 32px;font-weight:600;font-size:16px;color:#fff}
    .ctx-status span{font-size:10px;letter-spacing:1px}
    .ctx-clock{position:absolute;left:0;right:0;text-align:center;font-size:92px;font-weight:300;line-height:100px;color:rgba(255,255,255,.92);letter-spacing:-2px}
    .ctx-date{position:absolute;left:0;right:0;text-align:center;font-size:17px;font-weight:600;color:rgba(255,255,255,.9)}
    .ctx-icon{position:absolute;width:60px;height:60px;border-radius:14px;background:hsl(var(--hue) 70% 58%)}
    .ctx-icon::after{content:"";position:absolute;left:12px;right:12px;top:66px;height:5px;border-radius:3px;background:rgba(255,255,255,.7)}
    .ctx-sensor{position:absolute;background:#000;border-radius:999px}
    .ctx-lens{position:absolute;right:14px;top:50%;width:12px;height:12px;margin-top:-6px;border-radius:50%;background:radial-gradient(circle at 40% 40%,#2c3e66,#0b0b12 70%)}
    .ctx-over{z-index:2;right:auto;margin-top:0}
    dialog{border:0;border-radius:16px;padding:16px;max-width:96vw;max-height:94vh;overflow:auto;box-shadow:0 20px 60px rgba(0,0,0,.4)}
    dialog::backdrop{background:rgba(0,0,0,.55)}
    dialog form{position:sticky;top:0;float:right}
    dialog form button{border:0;background:#e5e5ea;border-radius:50%;width:28px;height:28px;cursor:pointer}
    .zoom-title{font-weight:600;margin:4px 40px 10px 0}
    .zoom-body{background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;padding:12px;display:inline-block}
    .zoom-body img{display:block;image-rendering:pixelated}
    .zoom-info{font-size:12px;color:#6e6e73;margin-top:8px}
    .foot{color:var(--muted);padding:0 20px 30px}
    .pushes figure.strip{margin:12px 0 22px;background:#fff}
    .strip-scroll{overflow-x:auto;max-width:100%;margin-top:8px}
    .strip-scroll img{display:block;max-width:none;cursor:zoom-in}
    .strip .ok{color:#248a3d;font-weight:600} .strip .bad{color:#d70015;font-weight:600}
    .verify-banner{margin:10px 20px 0;padding:8px 14px;border-radius:10px;background:#e8f8ee;border:1px solid #30d158}
    .verify-banner.failing{background:#fff4e5;border-color:#ff9f0a}
    .verify-banner a{color:inherit;font-weight:600}
    figure.failed{box-shadow:0 0 0 3px #ff453a}
    .verify-mark{color:#ff453a;font-weight:600;text-decoration:none;white-space:nowrap}
    figure.dark .verify-mark{color:#ff6961}
    .verify-mark:hover{text-decoration:underline}
    """

    /// Filters (state in the address: `?surface=systemSmall&scheme=dark&context=1`, or after `#?`
    /// where a file:// page cannot change its query), the in-context toggle, the full-scale dialog
    /// and, when served by `widgetshot serve --watch`, live updates over server-sent events.
    static let js = #"""
    (function () {
      "use strict";
      var FILTERS = ["layout", "surface", "preview", "scheme", "device", "locale", "verify", "section"];
      var selects = {};
      FILTERS.forEach(function (f) { selects[f] = document.querySelector('select[data-filter="' + f + '"]'); });
      var contextBox = document.getElementById("context");

      function readState() {
        var params = new URLSearchParams(location.search);
        if (location.hash.indexOf("#?") === 0) {
          new URLSearchParams(location.hash.slice(2)).forEach(function (v, k) { params.set(k, v); });
        }
        return params;
      }
      function restore() {
        var params = readState();
        FILTERS.forEach(function (f) {
          var v = params.get(f) || "";
          var s = selects[f];
          if (!s) return;
          if (v && !Array.prototype.some.call(s.options, function (o) { return o.value === v; })) {
            var o = document.createElement("option"); o.value = v; o.textContent = v + " (none)"; s.appendChild(o);
          }
          s.value = v;
        });
        contextBox.checked = params.get("context") === "1";
      }
      function writeState() {
        var params = new URLSearchParams();
        FILTERS.forEach(function (f) { if (selects[f] && selects[f].value) params.set(f, selects[f].value); });
        if (contextBox.checked) params.set("context", "1");
        var q = params.toString();
        var hash = location.hash.indexOf("#?") === 0 ? "" : location.hash;
        try {
          history.replaceState(null, "", location.pathname + (q ? "?" + q : "") + hash);
        } catch (e) {
          history.replaceState(null, "", location.pathname + (q ? "#?" + q : ""));
        }
      }
      function wanted() {
        var want = {};
        FILTERS.forEach(function (f) { want[f] = selects[f] ? selects[f].value : ""; });
        return want;
      }
      // Whether the filters show a figure. A filmstrip shows several surfaces (data-surface lists
      // them); a filter it has no value for (a preview, a locale) hides it.
      function shows(fig, want) {
        if (fig.classList.contains("strip")) {
          return FILTERS.every(function (f) {
            return !want[f] || (fig.dataset[f] !== undefined && fig.dataset[f].split(" ").indexOf(want[f]) >= 0);
          });
        }
        return FILTERS.every(function (f) { return !want[f] || fig.dataset[f] === want[f]; });
      }
      function apply() {
        var want = wanted();
        FILTERS.forEach(function (f) { selects[f] && selects[f].classList.toggle("on", !!want[f]); });
        document.body.classList.toggle("context", contextBox.checked);
        var shown = 0, total = 0;
        document.querySelectorAll("main figure.card").forEach(function (fig) {
          total++;
          var ok = shows(fig, want);
          fig.hidden = !ok;
          if (ok) shown++;
        });
        document.querySelectorAll("main figure.strip").forEach(function (fig) { fig.hidden = !shows(fig, want); });
        ["main .row", "main section.surface", "main section.layout"].forEach(function (sel) {
          document.querySelectorAll(sel).forEach(function (el) { el.hidden = !el.querySelector("figure.card:not([hidden]), figure.strip:not([hidden])"); });
        });
        document.getElementById("count").textContent = shown === total ? total + " images" : shown + " of " + total + " images";
      }
      function changed() { apply(); writeState(); }
      FILTERS.forEach(function (f) { if (selects[f]) selects[f].addEventListener("change", changed); });
      contextBox.addEventListener("change", changed);
      function byId(id) {
        // Anchors are URL-safe as written; a browser may hand the fragment back decoded or not.
        var el = document.getElementById(id);
        if (!el) { try { el = document.getElementById(decodeURIComponent(id)); } catch (e) {} }
        return el;
      }
      document.getElementById("reset").addEventListener("click", function () {
        FILTERS.forEach(function (f) { if (selects[f]) selects[f].value = ""; });
        contextBox.checked = false; changed();
      });

      var zoom = document.getElementById("zoom");
      document.addEventListener("click", function (e) {
        var img = e.target.closest && e.target.closest("main figure img");
        if (!img) return;
        var fig = img.closest("figure");
        var big = zoom.querySelector(".zoom-body img");
        big.src = img.src;
        big.alt = img.alt;
        // Full scale: one image pixel per CSS pixel.
        big.style.width = img.naturalWidth + "px";
        zoom.querySelector(".zoom-title").textContent = img.alt;
        var size = fig.querySelector(".size");
        zoom.querySelector(".zoom-info").innerHTML = (size ? size.textContent + " · " : "") +
          '<a href="#' + fig.id + '">#' + fig.id + "</a>";
        zoom.showModal();
      });
      zoom.addEventListener("click", function (e) { if (e.target === zoom) zoom.close(); });

      restore();
      apply();
      if (location.hash && location.hash.indexOf("#?") !== 0) {
        var target = byId(location.hash.slice(1));
        if (target) {
          // A link to an image a filter hides shows it: the filters are cleared.
          if (target.hidden) { FILTERS.forEach(function (f) { if (selects[f]) selects[f].value = ""; }); changed(); }
          target.scrollIntoView();
        }
      }

      // Live: `widgetshot serve --watch` sends an event after each rebuild. When the page kept its
      // frame (the same sections and figure ids in the same order) the event carries the figures
      // that changed and the page replaces just those; otherwise (a preview added, a layout that
      // fails to load, a very large change) it fetches the page and swaps in what differs. Changed
      // images have new addresses; unchanged ones stay as they are.
      function patch(mine, fresh) {
        var a = mine.querySelectorAll("figure"), b = fresh.querySelectorAll("figure");
        if (a.length !== b.length) return false;
        var heads = function (root) { return Array.prototype.map.call(root.querySelectorAll("h2, h3, .row-label"), function (h) { return h.textContent; }).join("\n"); };
        if (heads(mine) !== heads(fresh)) return false;
        for (var i = 0; i < a.length; i++) { if (a[i].id !== b[i].id) return false; }
        for (var j = 0; j < a.length; j++) {
          if (a[j].className !== b[j].className || a[j].innerHTML !== b[j].innerHTML
              || a[j].getAttribute("data-verify") !== b[j].getAttribute("data-verify")) {
            a[j].replaceWith(document.importNode(b[j], true));
          }
        }
        return true;
      }

      if (document.body.dataset.live && window.EventSource && location.protocol.indexOf("http") === 0) {
        var live = document.getElementById("live");
        var body = document.body;
        body.dataset.fetches = "0";
        // Events are handled one after another (a refetch finishes before the next event applies).
        var pending = Promise.resolve();
        // EventSource retries a dropped connection by itself, but gives up on one that fails to
        // open (a refused or blocked request): the page then connects again a second later.
        function connect() {
          var source = new EventSource("gallery-events");
          source.addEventListener("open", function () { live.hidden = false; live.textContent = "● live"; });
          source.addEventListener("error", function () {
            live.textContent = "● reconnecting"; live.classList.add("busy");
            if (source.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
          });
          source.addEventListener("building", function () { live.textContent = "● rendering…"; live.classList.add("busy"); });
          // A page served before a build it was not told about (it connected late, or
          // reconnected) catches up.
          source.addEventListener("hello", function (e) {
            var info = JSON.parse(e.data);
            pending = pending.then(function () {
              if (String(info.version) !== body.dataset.version) return refetch(info, performance.now());
            }).catch(function (err) { console.warn("gallery update failed", err); });
          });
          source.addEventListener("update", onUpdate);
        }
        connect();
        function onUpdate(e) {
          var info = JSON.parse(e.data), received = performance.now();
          pending = pending.then(function () {
            if (info.figures && String(info.from) === body.dataset.version) {
              // One parse for every changed figure; each replaces the node with its id. The frame
              // is the same, so only these figures need the filters applied.
              var holder = document.createElement("template"), want = wanted(), changed = [];
              holder.innerHTML = info.figures.map(function (f) { return f.html; }).join("");
              Array.prototype.slice.call(holder.content.children).forEach(function (fig) {
                var old = document.getElementById(fig.id);
                if (!old) return;
                fig.hidden = !shows(fig, want);
                old.replaceWith(fig);
                changed.push(fig);
              });
              body.dataset.version = info.version;
              finish(info, received, "patch", changed, true);
            } else {
              return refetch(info, received);
            }
          }).catch(function (err) { console.warn("gallery update failed", err); });
        }
        function refetch(info, received) {
          body.dataset.fetches = String(+body.dataset.fetches + 1);
          return fetch(location.pathname, { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (text) {
            var doc = new DOMParser().parseFromString(text, "text/html");
            var mine = document.getElementById("gallery"), fresh = doc.getElementById("gallery");
            var before = {};
            mine.querySelectorAll("figure img").forEach(function (i) { before[i.getAttribute("src")] = true; });
            if (!patch(mine, fresh)) mine.innerHTML = fresh.innerHTML;
            ["problems", "verify-note"].forEach(function (id) {
              var mine = document.getElementById(id), fresh = doc.getElementById(id);
              if (mine && fresh) mine.innerHTML = fresh.innerHTML;
            });
            FILTERS.forEach(function (f) {
              var fresh = doc.querySelector('select[data-filter="' + f + '"]');
              if (selects[f] && fresh) { var v = selects[f].value; selects[f].innerHTML = fresh.innerHTML; selects[f].value = v; }
            });
            body.dataset.version = doc.body.dataset.version || info.version;
            var changed = Array.prototype.filter.call(mine.querySelectorAll("figure"), function (fig) {
              var img = fig.querySelector("img");
              return img && !before[img.getAttribute("src")];
            });
            finish(info, received, "fetch", changed);
          });
        }
        // For measuring: the server's stages (ms from the first file event), the page's swap and
        // the time until the changed images are loaded.
        function finish(info, received, how, changed, filtered) {
          if (!filtered) apply();
          var swapped = performance.now();
          body.dataset.buildMs = info.ms;
          body.dataset.swapMs = Math.round(swapped - received);
          body.dataset.updateMode = how;
          body.dataset.changedFigures = changed.length;
          if (info.stages) {
            body.dataset.stages = info.stages.map(function (s) { return s.name + " " + Math.round(s.ms); }).join(", ");
            body.dataset.serverMs = Math.round(info.serverMs);
          }
          live.classList.remove("busy");
          live.textContent = "● live · updated " + info.rendered + " image(s) in " + info.ms + " ms";
          var imgs = [];
          changed.forEach(function (fig) { fig.querySelectorAll("img").forEach(function (i) { imgs.push(i); }); });
          body.dataset.imagesMs = "";
          Promise.all(imgs.map(function (i) {
            return i.complete ? null : new Promise(function (done) { i.addEventListener("load", done); i.addEventListener("error", done); });
          })).then(function () { body.dataset.imagesMs = Math.round(performance.now() - swapped); });
        }
      }
    })();
    """#
}
