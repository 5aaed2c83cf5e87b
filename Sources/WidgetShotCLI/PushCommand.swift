import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate
import WidgetPush

extension LiveActivityPresentation: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

struct PushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Validate ActivityKit push payloads and render them as the phone shows them.",
        discussion: """
        PAYLOAD is the JSON an app server sends to APNs for a Live Activity ({"aps": {"timestamp", \
        "event", "content-state", …}}), or a JSON array of them (a sequence, e.g. a delivery from \
        start to end). Several files may be given; they are read in order as one sequence.

        Each push is checked (errors and warnings apart, each naming its key, e.g. \
        aps.content-state.order.eta): required keys per event, types, the 4,096-byte APNs limit \
        (the exact byte count is reported), timestamps in order, dismissal-date only with end, \
        alert and attributes with start, and content-state keys the layout binds that are missing \
        or that no surface reads.

        Then every presentation is rendered: lockScreen, standBy, islandCompact, islandMinimal, \
        islandExpanded, and alert (for a push with an alert: the expanded island, or the Lock Screen \
        banner on a device without one, with the alert's title and body beneath as Apple Watch \
        shows them). The data is the content-state over the attributes (from the start push, or \
        --attributes for updates); `now` is each push's aps.timestamp unless --now is given; past \
        aps.stale-date the layout sees context.isStale = true. An end without content-state shows \
        the content before it.

        Written to --output DIR: PUSH-PRESENTATION.png for every push and presentation (PUSH is \
        the push's number and event, e.g. 03-update), report.json, and for more than one push \
        filmstrip.png and filmstrip.html (one column per push, one row per presentation). When a \
        push's stale-date passes before the next push arrives (for the last push: before its \
        dismissal-date, if any), the filmstrip adds a column at that moment showing the content \
        stale (context.isStale), outlined in dashed amber, and PUSH-stale-PRESENTATION.png is \
        written for it (not with --now, which fixes the time of every picture).

        The pictures are drawn on --jobs threads at once (default: one per core); they are the \
        same bytes whatever the count.

        The 4,096-byte rule counts the payload: whitespace after it in its file (the last newline) \
        is not counted. What one run may check and draw is bounded (Limits: sequencePushes pushes in \
        all the files together, pushLeaves content-state values per push and sequenceLeaves in all, \
        pushReportBytes of findings, sheetPixels for the filmstrip); past a limit nothing is drawn or \
        written and the message names it. The filmstrip is checked at its largest (every picture at \
        its tallest, a stale column where a push goes stale) once the pushes are read: past the \
        limit the message says how many columns fit at this --scale and which scale fits them all. \
        A leading UTF-8 byte-order mark in a file is skipped (it is not part of the payload).

        A widget extension's own code instead of a layout: --swift FOLDER (--include the app code it \
        needs; --widget picks one of several Live Activities), or, without --layout, the project's \
        swift: folders. The pushes are checked by the same rules (those about a layout's keys aside); \
        each content-state is decoded by the team's own ContentState with a default JSONDecoder (a \
        Date is seconds since 2001-01-01, as Swift's JSONEncoder writes it), over the attributes of \
        the start push, --attributes, or else the activity's first #Preview, and drawn by its \
        ActivityConfiguration. A content-state the app would fail to decode is an error of that push \
        at the decoder's path (aps.content-state.minutesLeft: expected Int, found String "soon"), \
        and nothing is drawn for it. The alert picture is drawn for a layout only (docs/swift.md, \
        "Data from JSON").

        Exit codes: 0 every push valid, 1 a push breaks a rule (pictures are still written), \
        2 unusable input (not JSON, unknown layout, unreadable file, a limit passed).
        """)

    @OptionGroup var source: PushSource

    @Option(name: [.short, .customLong("output")], help: "The folder to write into (created if missing).")
    var output: String = "push-out"

    func run() throws {
        let drawn = try source.swiftFolders().map { try SwiftPush.draw(source, widgets: $0.widgets, include: $0.include) }
            ?? source.load().drawn(title: source.payloads.joined(separator: ", "))
        let previews = drawn.previews
        do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
            throw CLIError("cannot create \(output): \(error.localizedDescription)")
        }
        let written = try writePictures(previews, single: source.payloads.count == 1 && drawn.inputCount == 1)
        try write([UInt8](PushReportJSON.data(previews, images: false)), "report.json")
        if let strip = drawn.strip {
            do { try write(try strip.png(with: drawn.renderer, scale: drawn.sheetScale), "filmstrip.png") } catch let e as CLIError { throw e } catch {
                throw CLIError("filmstrip: \(error)")
            }
            try write(Array(strip.html(scale: drawn.sheetScale).utf8), "filmstrip.html")
        }
        let errors = previews.reduce(0) { $0 + $1.checked.report.errors.count }
        let warnings = previews.reduce(0) { $0 + $1.checked.report.warnings.count }
        note("\(previews.count) push\(previews.count == 1 ? "" : "es"), \(written) pictures in \(output)/; \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    /// PUSH-PRESENTATION.png for every push (and its stale column), the problems on standard error.
    private func writePictures(_ previews: [PushPreview], single: Bool) throws -> Int {
        var written = 0
        for (i, p) in previews.enumerated() {
            let stem = previews.count == 1 && single ? ""
                : String(format: "%02d-%@-", i + 1, p.checked.payload?.event.rawValue ?? "unreadable")
            for f in p.frames {
                try write(f.png, "\(stem)\(f.presentation.rawValue).png")
                written += 1
            }
            for f in p.stale?.frames ?? [] {
                try write(f.png, "\(stem)stale-\(f.presentation.rawValue).png")
                written += 1
            }
            for problem in p.checked.report.problems { note("\(p.checked.input.name): \(problem)") }
        }
        return written
    }

    func write(_ bytes: [UInt8], _ name: String) throws {
        let path = (output as NSString).appendingPathComponent(name)
        do { try AtomicFile.write(bytes, to: path) } catch { throw CLIError("cannot write \(path): \(error.localizedDescription)") }
    }
}

/// What `push` and `bench push` read: the payloads, the layout, the attributes and the look.
struct PushSource: ParsableArguments {
    @Argument(help: "Payload files (JSON object, or an array of objects).")
    var payloads: [String]

    @Option(name: .long, help: "A layout name in Layouts/ (e.g. delivery) or a path to a layout file.")
    var layout: String?

    @Option(name: .customLong("swift"), help: ArgumentHelp("A widget extension's folder (or .swift file) to draw instead of a layout (repeatable; a project's swift: when neither is given).",
                                                           discussion: "Each content-state is decoded by the team's own ContentState and drawn by its ActivityConfiguration (docs/swift.md); one it would fail to decode is an error at the decoder's path."))
    var swift: [String] = []

    @Option(name: .long, help: "With --swift: a folder (or .swift file) of the app's own code the widget code needs (repeatable).")
    var include: [String] = []

    @Option(name: .long, help: "With a Swift source: the Live Activity widget to draw (default: the first).")
    var widget: String?

    @Option(name: .customLong("surface"), help: ArgumentHelp("Only these presentations (repeatable).",
                                                             discussion: "Of: \(LiveActivityPresentation.allCases.map(\.rawValue).joined(separator: ", "))."))
    var presentations: [LiveActivityPresentation] = []

    @Option(name: .long, help: "A JSON file with the activity's static attributes, for sequences without a start push.")
    var attributes: String?

    /// `--now` draws every push at that time instead of its aps.timestamp (e.g. to see it stale);
    /// `--mode` applies to the presentations that have it (vibrant: StandBy's night mode).
    @OptionGroup(title: "How it looks") var look: LookOptions

    @Option(name: .long, help: ArgumentHelp("Threads drawing the pictures at once (default: one per core).",
                                            discussion: "1 draws them one after another, as the server's single-request path does."))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if jobs < 1 || jobs > 64 { throw ValidationError("--jobs must be 1…64, got \(jobs)") }
    }

    /// The layout, the pushes read and checked, the previewer and the renderers.
    func load() throws -> PushJob {
        let folders = try project.folders()
        guard let layout else { throw CLIError("give --layout NAME (or --swift FOLDER for a widget extension's own code)") }
        let document: LayoutDocument
        do { document = try LayoutCatalog(directory: folders.layouts).load(layout) } catch {
            throw CLIError("\(error)")
        }
        let inputs = try readInputs()
        var staticAttributes: DataValue?
        if let attributes {
            do { staticAttributes = try DataValue.load(path: attributes) } catch { throw CLIError(error.description) }
        }
        let options = try renderOptions(sequence: inputs.count > 1)
        let fonts = try project.fontLibrary(folders)
        return PushJob(document: document, inputs: inputs, options: options, jobs: jobs,
                       previewer: LiveActivityPreviewer(layout: document, attributes: staticAttributes, options: options),
                       renderer: WidgetRenderer(fonts: fonts), pool: RendererPool(fonts: fonts))
    }

    /// The Swift folders to draw instead of a layout: `--swift` (with `--include`), else without
    /// `--layout` the project's `swift:`; nil for a layout.
    func swiftFolders() throws -> (widgets: [String], include: [String])? {
        if !swift.isEmpty {
            if layout != nil { throw CLIError("give --layout or --swift, not both") }
            return (swift, include)
        }
        guard layout == nil else { return nil }
        if let folders = try? project.folders(), !folders.swiftWidgets.isEmpty { return (folders.swiftWidgets, folders.swiftInclude) }
        throw CLIError("give --layout NAME (a layout to draw the pushes with) or --swift FOLDER (a widget extension's own code)")
    }

    /// The payload files' pushes, in order.
    func readInputs() throws -> [PushInput] {
        var inputs: [PushInput] = []
        for path in payloads {
            let bytes: [UInt8]
            do { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw CLIError("cannot read \(path): \(error.localizedDescription)")
            }
            do { inputs += try PushValidator.inputs(in: bytes, name: path) } catch { throw CLIError(error.description) }
        }
        return inputs
    }

    /// The look options checked, `now` read; a sequence gets its stale columns.
    func renderOptions(sequence: Bool) throws -> PushRenderOptions {
        var options: PushRenderOptions
        do { options = try PushRenderOptions(look: look.spec, presentations: presentations.isEmpty ? nil : presentations) } catch {
            throw CLIError(LookOptions.message(error))
        }
        options.staleColumns = sequence
        return options
    }
}

/// One run of the push pipeline: check and render every push, then the filmstrip of a sequence.
struct PushJob {
    let document: LayoutDocument
    let inputs: [PushInput]
    let options: PushRenderOptions
    let jobs: Int
    let previewer: LiveActivityPreviewer
    let renderer: WidgetRenderer
    let pool: RendererPool

    var sheetScale: Double { options.scale ?? options.device.scale }
    var drawsFilmstrip: Bool { inputs.count > 1 }

    /// Every push checked and its presentations rendered. For a sequence, the sheet's largest size
    /// is checked first: past Limits.sheetPixels it is refused before any picture is drawn.
    func render() throws -> [PushPreview] {
        if drawsFilmstrip {
            do { try previewer.checkFilmstrip(inputs, measurer: renderer.renderer.measurer, scale: sheetScale) } catch let e as PushInputError {
                throw CLIError(e.description)
            } catch { throw CLIError("filmstrip: \(error)") }
        }
        do { return try previewer.renderSequence(inputs, pool: pool, workers: jobs) } catch let e as PushInputError {
            throw CLIError(e.description)
        } catch { throw CLIError("\(error)") }
    }

    /// Every push drawn, with its filmstrip for a sequence.
    func drawn(title: String) throws -> PushDrawn {
        let previews = try render()
        return PushDrawn(previews: previews, strip: try filmstrip(previews, title: "\(document.name) · \(title)"), renderer: renderer,
                         sheetScale: sheetScale, inputCount: inputs.count)
    }

    /// The sequence's filmstrip at its real size (checked before anything is written); nil for one push.
    func filmstrip(_ previews: [PushPreview], title: String) throws -> Filmstrip? {
        guard drawsFilmstrip else { return nil }
        let zone = options.timeZone ?? document.previews.first?.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let strip = Filmstrip.pushes(previews, title: title, timeZone: zone)
        do { try strip.checkSize(scale: sheetScale) } catch { throw CLIError("filmstrip: \(error)") }
        return strip
    }
}

/// What `push` writes: every push's pictures, the filmstrip of a sequence and what draws it.
struct PushDrawn {
    let previews: [PushPreview]
    let strip: Filmstrip?
    let renderer: WidgetRenderer
    let sheetScale: Double
    let inputCount: Int
}

/// `widgetshot bench push`: the push pipeline timed warm in one process.
struct BenchPushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Time the push pipeline: check, render and (for a sequence) draw and encode the filmstrip, warm.",
        discussion: "Runs it --runs times in this process after one untimed run and prints the median and p90, and for a sequence the median of each stage. Nothing is written. scripts/bench-push uses it with a release build.")

    @OptionGroup var source: PushSource

    @Option(name: .long, help: "Timed runs (1…10000).")
    var runs: Int = 20

    func validate() throws {
        if runs < 1 || runs > 10_000 { throw ValidationError("--runs must be 1…10000") }
    }

    func run() throws {
        let job = try source.load()
        let previews = try job.render()
        var times: [UInt64] = [], rendering: [UInt64] = [], sheets: [UInt64] = [], encodes: [UInt64] = []
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let again = try job.previewer.renderSequence(job.inputs, pool: job.pool, workers: job.jobs)
            let t1 = DispatchTime.now().uptimeNanoseconds
            var t2 = t1
            if job.drawsFilmstrip {
                let sheet = try Filmstrip.pushes(again, title: "bench", timeZone: TimeZone(secondsFromGMT: 0)!).draw(with: job.renderer, scale: job.sheetScale)
                t2 = DispatchTime.now().uptimeNanoseconds
                _ = try PNGCodec.encode(sheet)
            }
            let t3 = DispatchTime.now().uptimeNanoseconds
            times.append(t3 - t0); rendering.append(t1 - t0); sheets.append(t2 - t1); encodes.append(t3 - t2)
        }
        let total = Stats(times), frames = previews.reduce(0) { $0 + $1.frames.count }
        print(String(format: "push: %d push(es), %d pictures%@, %d runs: median %.2f ms, p90 %.2f ms",
                     previews.count, frames, job.drawsFilmstrip ? " + filmstrip PNG" : "", runs, total.median, total.p90))
        if job.drawsFilmstrip {
            print(String(format: "  medians: check + render the pictures %.2f ms, draw the filmstrip %.2f ms, encode it %.2f ms",
                         Stats(rendering).median, Stats(sheets).median, Stats(encodes).median))
        }
    }
}
