import Foundation
import WidgetModel

extension Calibration {
    /// A self-contained page (no scripts or styles from elsewhere) showing the two pictures side by
    /// side, as an onion skin (a slider fades the render over the reference) and flickering between
    /// them, with the matched elements' boxes drawn over them (reference green, render magenta, a line
    /// between their centres; unmatched ones dashed), the summary and a table of matches, worst first.
    /// `reference` and `ours` are the images' file names beside the page.
    public static func page(_ report: Report, reference: String, ours: String, title: String,
                            pointWidth: Double, pointHeight: Double) -> String {
        func e(_ s: String) -> String { MarkupText.escape(s) }
        func n(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
        func rect(_ b: Box, _ cls: String) -> String {
            "<rect class=\"\(cls)\" x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\"/>"
        }
        var svg = ""
        for m in report.matches {
            let o = Box(x: m.ours.x + report.shiftX, y: m.ours.y + report.shiftY, width: m.ours.width, height: m.ours.height)
            svg += rect(m.reference, "ref") + rect(o, "ours")
            svg += "<line x1=\"\(n(m.reference.midX))\" y1=\"\(n(m.reference.midY))\" x2=\"\(n(o.midX))\" y2=\"\(n(o.midY))\"/>"
        }
        for b in report.unmatchedReference { svg += rect(b, "ref lone") }
        for b in report.unmatchedOurs {
            svg += rect(Box(x: b.x + report.shiftX, y: b.y + report.shiftY, width: b.width, height: b.height), "ours lone")
        }
        let overlay = "<svg class=\"boxes\" viewBox=\"0 0 \(n(pointWidth)) \(n(pointHeight))\" preserveAspectRatio=\"none\">\(svg)</svg>"
        let rows = report.matches.sorted { $0.centreError > $1.centreError }.map { m in
            "<tr><td>\(n(m.reference.x, 1)), \(n(m.reference.y, 1))</td><td>\(n(m.reference.width, 1))×\(n(m.reference.height, 1))</td>"
                + "<td>\(n(m.dx))</td><td>\(n(m.dy))</td><td>\(n(m.centreError))</td><td>\(n(m.dWidth))</td><td>\(n(m.dHeight))</td>"
                + "<td>\(n(m.widthError * 100, 1)) %</td></tr>"
        }.joined(separator: "\n")
        let w = Int((pointWidth * 2).rounded())
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(e(title))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        .stage { position: relative; display: inline-block; width: \(w)px; vertical-align: top; margin: 0 16px 16px 0; }
        .stage img { display: block; width: 100%; image-rendering: pixelated; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        .stage .top { position: absolute; left: 0; top: 0; }
        .boxes { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
        .boxes rect { fill: none; stroke-width: 0.5; vector-effect: non-scaling-stroke; }
        .boxes .ref { stroke: #0a0; } .boxes .ours { stroke: #d0d; } .boxes .lone { stroke-dasharray: 3 2; }
        .boxes line { stroke: #f60; stroke-width: 1; vector-effect: non-scaling-stroke; }
        .hide-boxes .boxes { display: none; }
        figure { margin: 0 16px 16px 0; display: inline-block; vertical-align: top; } figure .stage { margin: 0; } figcaption { color: #666; }
        table { border-collapse: collapse; } td, th { padding: 2px 8px; text-align: right; border-bottom: 1px solid #eee; }
        .mode { display: none; } body[data-mode="side"] #side, body[data-mode="onion"] #onion, body[data-mode="flicker"] #flicker { display: block; }
        </style></head>
        <body data-mode="side">
        <h1>\(e(title))</h1>
        <p><b>\(report.matches.count)</b> of \(report.referenceElements) reference elements matched (\(n(report.matchedRatio * 100, 1)) %); the render has \(report.ourElements).
        Centre error: median <b>\(n(report.medianCentreError))</b> pt, 90th percentile <b>\(n(report.p90CentreError))</b> pt.
        Width error: median \(n(report.medianWidthError * 100, 1)) %, 90th percentile \(n(report.p90WidthError * 100, 1)) %.
        The render was shifted by (\(n(report.shiftX, 0)), \(n(report.shiftY, 0))) pt to line up; scale \(n(report.scale, 2))×.</p>
        <p><label><input type="radio" name="mode" value="side" checked> side by side</label>
        <label><input type="radio" name="mode" value="onion"> onion skin</label>
        <label><input type="radio" name="mode" value="flicker"> flicker</label>
        <label><input type="checkbox" id="showBoxes" checked> boxes (reference green, render magenta)</label></p>
        <div id="side" class="mode">
        <figure><div class="stage"><img src="\(e(reference))" alt="reference">\(overlay)</div><figcaption>reference</figcaption></figure>
        <figure><div class="stage"><img src="\(e(ours))" alt="render">\(overlay)</div><figcaption>WidgetShot</figcaption></figure>
        </div>
        <div id="onion" class="mode">
        <p><input type="range" id="fade" min="0" max="100" value="50"> render opacity</p>
        <div class="stage"><img src="\(e(reference))" alt="reference"><img class="top" id="onionTop" src="\(e(ours))" alt="render" style="opacity: 0.5">\(overlay)</div>
        </div>
        <div id="flicker" class="mode">
        <div class="stage"><img id="flickerImage" src="\(e(reference))" alt="flicker">\(overlay)</div>
        <p id="flickerName">reference</p>
        </div>
        <h2>Matches, largest centre error first (points; render minus reference)</h2>
        <table><tr><th>reference at</th><th>size</th><th>dx</th><th>dy</th><th>centre</th><th>d width</th><th>d height</th><th>width</th></tr>
        \(rows)
        </table>
        <p>\(report.unmatchedReference.count) reference elements and \(report.unmatchedOurs.count) of the render's are unmatched (dashed).</p>
        <script>
        for (const r of document.querySelectorAll('input[name=mode]')) r.addEventListener('change', () => { document.body.dataset.mode = r.value; });
        document.getElementById('showBoxes').addEventListener('change', e => document.body.classList.toggle('hide-boxes', !e.target.checked));
        document.getElementById('fade').addEventListener('input', e => { document.getElementById('onionTop').style.opacity = e.target.value / 100; });
        let showingReference = true;
        setInterval(() => {
          if (document.body.dataset.mode !== 'flicker') return;
          showingReference = !showingReference;
          document.getElementById('flickerImage').src = showingReference ? \(jsString(reference)) : \(jsString(ours));
          document.getElementById('flickerName').textContent = showingReference ? 'reference' : 'WidgetShot';
        }, 600);
        </script>
        </body></html>
        """
    }

    private static func jsString(_ s: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [s], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
    }
}
