import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate
import WidgetPush

struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Render a widget's timeline: a surface at each entry's date, as a filmstrip.",
        discussion: """
        The entries come from the layout's `timeline:` section (an interval per state, e.g. every \
        5 min while preparing, 1 min on the way, 30 s nearby, within a horizon, at most maxEntries), \
        applied to the data of --preview (default: the first) or --data, starting at --now (default: \
        the preview's now); or from --entries FILE, an explicit list:
          {"entries": [{"date": "2026-11-22T12:27:00+09:00", "data": {…}}, …],
           "reload": "atEnd"}

        Each entry is rendered with `now` = its date, so relative and timer texts advance between \
        entries as iOS shows them. The reload policy (atEnd, never, after DURATION) and when \
        WidgetKit asks for the next timeline are printed and shown under the filmstrip.

        Written to --output DIR: NN-SURFACE.png per entry and surface, timeline.png and timeline.html. \
        A filmstrip past Limits.sheetPixels is refused before anything is drawn or written.

        Exit codes: 0 written, 2 bad input (unknown layout, surface or preview, a bad timeline section \
        or entries file).
        """)

    @Argument(help: "A layout name in Layouts/ (e.g. delivery) or a path to a layout file.")
    var layout: String

    @Option(name: .long, help: "The surface to render (repeatable: one filmstrip row each).")
    var surface: [Surface]

    @Option(name: .long, help: "The preview whose data the timeline's entries bind (default: the first).")
    var preview: String?

    @Option(name: .long, help: "A data file to bind instead of a preview.")
    var data: String?

    @Option(name: .long, help: "An explicit timeline: {entries: [{date, data}], reload} (JSON or YAML).")
    var entries: String?

    /// `--now` is the first entry's date (default: the preview's now); each picture is drawn at its entry's.
    @OptionGroup(title: "How it looks") var look: LookOptions

    @Option(name: [.short, .customLong("output")], help: "The folder to write into (created if missing).")
    var output: String = "timeline-out"

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if surface.isEmpty { throw ValidationError("give at least one --surface") }
        if preview != nil && data != nil { throw ValidationError("give --preview or --data, not both") }
        if entries != nil && (preview != nil || data != nil) { throw ValidationError("--entries carries its own data: no --preview or --data with it") }
    }

    func run() throws {
        let folders = try project.folders()
        let document: LayoutDocument
        do { document = try LayoutCatalog(directory: folders.layouts).load(layout) } catch { throw CLIError("\(error)") }
        let (timeline, defaults) = try readTimeline(document)
        // A surface given twice is one row, drawn once per entry.
        var surfaces: [Surface] = []
        for s in surface where !surfaces.contains(s) { surfaces.append(s) }
        var resolved = Look()
        for s in surfaces {
            do { resolved = try look.spec.resolve(for: s, preview: defaults) } catch { throw CLIError(LookOptions.message(error)) }
        }
        let previewer = TimelinePreviewer(layout: document, surfaces: surfaces, look: resolved)
        // A column per entry, as wide as the widest widget, and a row per surface: a sheet past
        // Limits.sheetPixels even so is refused before any picture is drawn.
        var least = Filmstrip(title: "", rows: surfaces.map(\.rawValue), columns: timeline.entries.map { _ in Filmstrip.Column(title: "") })
        least.minimumColumnWidth = max(least.minimumColumnWidth, surfaces.compactMap { previewer.device.widgetSizes[$0]?.width }.max() ?? 0)
        do { try least.checkSize(scale: previewer.effectiveScale) } catch { throw CLIError("timeline.png: \(error)") }
        let renderer = WidgetRenderer(fonts: try project.fontLibrary(folders))
        let renders: [[(Surface, RenderResult)]]
        do { renders = try previewer.render(timeline, with: renderer) } catch { throw CLIError("\(error)") }
        let strip = Filmstrip.timeline(timeline, renders: renders,
                                       title: "\(document.name) timeline · \(surfaces.map(\.rawValue).joined(separator: ", "))",
                                       timeZone: previewer.timeZone)
        // Its real size, known now: refused before anything is written.
        do { try strip.checkSize(scale: previewer.effectiveScale) } catch { throw CLIError("timeline.png: \(error)") }
        try writeOutputs(timeline, renders, strip: strip, previewer: previewer, renderer: renderer)
        note("\(timeline.entries.count) entries × \(surfaces.count) surface\(surfaces.count == 1 ? "" : "s") in \(output)/")
    }

    /// The entries (from --entries, or the layout's `timeline:` policy over a preview's or --data's
    /// data from --now or the preview's `now`) and the preview whose locale, time zone and `now`
    /// fill what the options leave out.
    private func readTimeline(_ document: LayoutDocument) throws -> (Timeline, Preview?) {
        var startDate: Date?
        if let now = look.now { startDate = try parseNow(now).0 }
        var defaults = document.previews.first
        if let entries {
            let value: DataValue
            do { value = try DataValue.load(path: entries) } catch { throw CLIError(error.description) }
            do { return (try TimelineFile.parse(value), defaults) } catch { throw CLIError("\(entries): \(error)") }
        }
        let policy: TimelinePolicy
        do {
            guard let p = try TimelinePreviewer.policy(of: document) else {
                throw CLIError("layout '\(document.name)' has no timeline: section; add one or pass --entries FILE")
            }
            policy = p
        } catch let e as TimelineError { throw CLIError("\(document.path): \(e)") }
        var value: DataValue
        if let data {
            do { value = try DataValue.load(path: data) } catch { throw CLIError(error.description) }
            startDate = startDate ?? document.previews.first?.now
        } else {
            let p = try pickPreview(preview, in: document)
            value = p.data
            defaults = p
            startDate = startDate ?? p.now
        }
        guard let start = startDate else { throw CLIError("no start time: pass --now") }
        return (policy.timeline(start: start, data: value), defaults)
    }

    /// One PNG per entry and surface, the entries listed, the sheet and its page.
    private func writeOutputs(_ timeline: Timeline, _ renders: [[(Surface, RenderResult)]], strip: Filmstrip,
                              previewer: TimelinePreviewer, renderer: WidgetRenderer) throws {
        do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
            throw CLIError("cannot create \(output): \(error.localizedDescription)")
        }
        for (i, (entry, results)) in zip(timeline.entries, renders).enumerated() {
            for (s, r) in results { try write(r.png, String(format: "%02d-%@.png", i + 1, s.rawValue)) }
            print("\(String(format: "%2d", i + 1))  \(Self.iso(entry.date, previewer.timeZone))  \(entry.note)")
        }
        print(timeline.reloadSummary(timeZone: previewer.timeZone))
        do { try write(try strip.png(with: renderer, scale: previewer.effectiveScale), "timeline.png") } catch let e as CLIError { throw e } catch {
            throw CLIError("timeline.png: \(error)")
        }
        try write(Array(strip.html(scale: previewer.effectiveScale).utf8), "timeline.html")
    }

    static func iso(_ d: Date, _ zone: TimeZone) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = zone
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: d)
    }

    func write(_ bytes: [UInt8], _ name: String) throws {
        let path = (output as NSString).appendingPathComponent(name)
        do { try AtomicFile.write(bytes, to: path) } catch { throw CLIError("cannot write \(path): \(error.localizedDescription)") }
    }
}
