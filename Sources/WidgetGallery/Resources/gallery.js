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
    // The page reconnects by itself, a second after any error: EventSource gives up on a
    // connection that fails to open (a refused or blocked request), and its own retries of a
    // dropped one may back off for longer than a reviewer waits (a test once waited 30 s).
    function connect() {
      var source = new EventSource("gallery-events");
      source.addEventListener("open", function () { live.hidden = false; live.textContent = "● live"; });
      source.addEventListener("error", function () {
        live.textContent = "● reconnecting"; live.classList.add("busy");
        source.close();
        setTimeout(connect, 1000);
      });
      source.addEventListener("building", function () { live.textContent = "● rendering…"; live.classList.add("busy"); });
      // A page served before a build it was not told about (it connected late, or
      // reconnected) catches up.
      source.addEventListener("hello", function (e) {
        var info = JSON.parse(e.data);
        if (info.building) { live.textContent = "● rendering…"; live.classList.add("busy"); }
        pending = pending.then(function () {
          if (String(info.version) !== body.dataset.version) return refetch(info, performance.now());
        }).catch(function (err) { console.warn("gallery update failed", err); });
      });
      source.addEventListener("update", onUpdate);
      // The server has nothing more under way (after the updates before it are applied).
      source.addEventListener("idle", function () {
        pending = pending.then(function () {
          if (live.classList.contains("busy")) { live.classList.remove("busy"); live.textContent = "● live"; }
        });
      });
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
      // Busy until the last part of a change has come (a large one comes in two updates).
      if (info.more) { live.textContent = "● rendering the rest…"; } else {
        live.classList.remove("busy");
        live.textContent = "● live · updated " + info.rendered + " image(s) in " + info.ms + " ms";
      }
      var imgs = [];
      changed.forEach(function (fig) { fig.querySelectorAll("img").forEach(function (i) { imgs.push(i); }); });
      body.dataset.imagesMs = "";
      Promise.all(imgs.map(function (i) {
        return i.complete ? null : new Promise(function (done) { i.addEventListener("load", done); i.addEventListener("error", done); });
      })).then(function () { body.dataset.imagesMs = Math.round(performance.now() - swapped); });
    }
  }
})();
