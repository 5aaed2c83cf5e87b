import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every layout × surface × preview × appearance into a folder with an index.html.",
        discussion: """
        Files are named OUT/LAYOUT/SURFACE/PREVIEW-SCHEME.png; OUT/index.html shows them all, \
        grouped by layout and surface. Uses every core. Warnings are summarised at the end.
        """)

    @Option(name: .long, help: "The folder to write into.")
    var out: String = "out"

    @OptionGroup var selection: MatrixSelection

    @Option(name: .long, help: "The device profile.")
    var device: String = DeviceProfile.default.id

    @Option(name: .long, help: "Pixels per point (default: the device's).")
    var scale: Double?

    @Flag(name: .long, help: "Render everything as WidgetKit's placeholder (text and images as rounded bars).")
    var placeholder = false

    func run() throws {
        let (folders, documents) = try selection.documents()
        let profile = try deviceProfile(named: device)
        let jobs = selection.cells(documents, device: profile)
        if jobs.isEmpty { note("nothing to render (check --layout/--surface/--preview)"); throw ExitCode(2) }

        AtomicFile.removeStaleTempFiles(in: out)
        let pool = RendererPool(fonts: try selection.project.fontLibrary(folders))
        let progress = Progress(total: jobs.count)
        let outDir = out
        let scale = scale
        let placeholder = placeholder
        let started = Date()
        let outcomes = pool.map(jobs.count) { i, renderer -> GalleryOutcome in
            let (document, cell) = jobs[i]
            defer { progress.tick() }
            let preview = document.preview(named: cell.preview)!
            let request = RenderRequest(layout: document, surface: cell.surface, preview: preview, device: profile,
                                        scale: scale, scheme: cell.scheme, placeholder: placeholder)
            do {
                let result = try renderer.render(request)
                try AtomicFile.write(result.png, to: outDir + "/" + cell.relativePath)
                return GalleryOutcome(cell: cell, warnings: result.warnings.count, error: nil,
                                      pointWidth: result.pointSize.width)
            } catch {
                return GalleryOutcome(cell: cell, warnings: 0, error: "\(error)", pointWidth: 0)
            }
        }
        progress.finish()
        let failures = outcomes.filter { $0.error != nil }
        // One problem (a missing image) fails every render that shows it: each distinct error once, with where.
        var renders: [String: [String]] = [:]
        var order: [String] = []
        for f in failures {
            for line in f.error!.split(separator: "\n").map(String.init) {
                if renders[line] == nil { order.append(line) }
                renders[line, default: []].append(f.cell.relativePath)
            }
        }
        for error in order {
            let paths = renders[error]!
            let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
            note("\(error.hasPrefix("error:") || error.contains(": error: ") ? "" : "error: ")\(error)\n  (in \(paths.count) render\(paths.count == 1 ? "" : "s"): \(shown))")
        }
        try GalleryPage.write(outcomes: outcomes, documents: documents, to: outDir + "/index.html")
        let warnings = outcomes.reduce(0) { $0 + $1.warnings }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        print("rendered \(outcomes.count - failures.count) of \(outcomes.count) PNGs into \(outDir)/ in \(seconds) s (\(warnings) warning(s); run `widgetshot lint` for details)")
        print("open \(outDir)/index.html")
        if !failures.isEmpty { throw ExitCode(1) }
    }
}

struct GalleryOutcome: Sendable {
    var cell: MatrixCell
    var warnings: Int
    var error: String?
    var pointWidth: Double
}

/// A progress line on standard error, rewritten in place when it is a terminal.
final class Progress: @unchecked Sendable {
    private let total: Int
    private var done = 0
    private let lock = NSLock()
    private let tty = isatty(2) != 0
    private var lastPrinted = 0

    init(total: Int) { self.total = total }

    func tick() {
        lock.withLock {
            done += 1
            let step = max(1, total / 10)
            if tty {
                FileHandle.standardError.write(Data("\r\(done)/\(total)".utf8))
            } else if done - lastPrinted >= step || done == total {
                lastPrinted = done
                FileHandle.standardError.write(Data("\(done)/\(total)\n".utf8))
            }
        }
    }

    func finish() { if tty { FileHandle.standardError.write(Data("\n".utf8)) } }
}

enum GalleryPage {
    static func write(outcomes: [GalleryOutcome], documents: [LayoutDocument], to path: String) throws {
        var html = """
        <!doctype html><meta charset="utf-8"><title>WidgetShot gallery</title>
        <style>
        body{font:14px -apple-system,system-ui,sans-serif;margin:24px;background:#f2f2f7;color:#1c1c1e}
        h2{margin-top:40px} h3{margin:24px 0 8px;font-size:15px;color:#6e6e73}
        .row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        figure{margin:0;padding:10px;border-radius:12px;background:#fff}
        figure.dark{background:#1c1c1e;color:#f2f2f7}
        figcaption{font-size:12px;margin-top:6px}
        img{display:block;max-width:100%;height:auto}
        .err{color:#c00}
        </style>
        <h1>WidgetShot gallery</h1>
        """
        for document in documents {
            html += "<h2>\(escape(document.name))</h2>"
            let mine = outcomes.filter { $0.cell.layout == document.name }
            var surfaces: [Surface] = []
            for o in mine where !surfaces.contains(o.cell.surface) { surfaces.append(o.cell.surface) }
            for surface in surfaces {
                html += "<h3>\(surface.rawValue) — \(escape(surface.summary))</h3><div class=row>"
                for o in mine where o.cell.surface == surface {
                    let rel = o.cell.relativePath
                    let caption = "\(escape(o.cell.preview)) · \(o.cell.scheme.rawValue)"
                    if let e = o.error {
                        html += "<figure><div class=err>\(escape(e))</div><figcaption>\(caption)</figcaption></figure>"
                    } else {
                        // Shown at 1 pt = 1 CSS px whatever the render scale.
                        let w = Int(o.pointWidth.rounded())
                        html += "<figure class=\(o.cell.scheme.rawValue)><img src=\"\(rel)\" width=\(max(1, w)) loading=lazy alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>"
                    }
                }
                html += "</div>"
            }
        }
        try AtomicFile.write(Array(html.utf8), to: path)
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
