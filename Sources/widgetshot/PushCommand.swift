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

        Exit codes: 0 every push valid, 1 a push breaks a rule (pictures are still written), \
        2 unusable input (not JSON, unknown layout, unreadable file, a limit passed).
        """)

    @Argument(help: "Payload files (JSON object, or an array of objects).")
    var payloads: [String]

    @Option(name: .long, help: "A layout name in Layouts/ (e.g. delivery) or a path to a layout file.")
    var layout: String

    @Option(name: .customLong("surface"), help: ArgumentHelp("Only these presentations (repeatable).",
                                                             discussion: "Of: \(LiveActivityPresentation.allCases.map(\.rawValue).joined(separator: ", "))."))
    var presentations: [LiveActivityPresentation] = []

    @Option(name: .long, help: "A JSON file with the activity's static attributes, for sequences without a start push.")
    var attributes: String?

    /// `--now` draws every push at that time instead of its aps.timestamp (e.g. to see it stale);
    /// `--mode` applies to the presentations that have it (vibrant: StandBy's night mode).
    @OptionGroup(title: "How it looks") var look: LookOptions

    @Option(name: [.short, .customLong("output")], help: "The folder to write into (created if missing).")
    var output: String = "push-out"

    @Option(name: .long, help: ArgumentHelp("Threads drawing the pictures at once (default: one per core).",
                                            discussion: "1 draws them one after another, as the server's single-request path does."))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Time it: check, render and (for a sequence) draw the filmstrip this many more times in this process, then print the median and p90 (warm).",
                                            discussion: "Nothing extra is written; scripts/bench-push uses it with a release build."))
    var repeatCount: Int = 0

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if repeatCount < 0 || repeatCount > 10_000 { throw ValidationError("--repeat must be 0…10000") }
        if jobs < 1 || jobs > 64 { throw ValidationError("--jobs must be 1…64, got \(jobs)") }
    }

    func run() throws {
        let folders = try project.folders()
        let document: LayoutDocument
        do { document = try LayoutCatalog(directory: folders.layouts).load(layout) } catch {
            throw CLIError("\(error)")
        }
        var inputs: [PushInput] = []
        for path in payloads {
            let bytes: [UInt8]
            do { bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) } catch {
                throw CLIError("cannot read \(path): \(error.localizedDescription)")
            }
            do { inputs += try PushValidator.inputs(in: bytes, name: path) } catch { throw CLIError(error.description) }
        }
        var staticAttributes: DataValue?
        if let attributes {
            do { staticAttributes = try DataValue.load(path: attributes) } catch { throw CLIError(error.description) }
        }
        var options: PushRenderOptions
        do { options = try PushRenderOptions(look: look.spec, presentations: presentations.isEmpty ? nil : presentations) } catch {
            throw CLIError(LookOptions.message(error))
        }
        options.staleColumns = inputs.count > 1
        let previewer = LiveActivityPreviewer(layout: document, attributes: staticAttributes, options: options)
        let sheetScale = options.scale ?? options.device.scale
        let drawsFilmstrip = inputs.count > 1
        let fonts = try project.fontLibrary(folders)
        let renderer = WidgetRenderer(fonts: fonts)
        let pool = RendererPool(fonts: fonts)
        if drawsFilmstrip {
            // The pushes read and checked, the sheet's largest size is known: past
            // Limits.sheetPixels it is refused here, before any picture is drawn.
            do { try previewer.checkFilmstrip(inputs, measurer: renderer.renderer.measurer, scale: sheetScale) } catch let e as PushInputError {
                throw CLIError(e.description)
            } catch { throw CLIError("filmstrip: \(error)") }
        }
        let previews: [PushPreview]
        do { previews = try previewer.renderSequence(inputs, pool: pool, workers: jobs) } catch let e as PushInputError {
            throw CLIError(e.description)
        } catch { throw CLIError("\(error)") }
        let zone = options.timeZone ?? document.previews.first?.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let strip = Filmstrip.pushes(previews, title: "\(document.name) · \(payloads.joined(separator: ", "))", timeZone: zone)
        if drawsFilmstrip {
            // Its real size, known now: refused before anything is written.
            do { try strip.checkSize(scale: sheetScale) } catch { throw CLIError("filmstrip: \(error)") }
        }

        do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
            throw CLIError("cannot create \(output): \(error.localizedDescription)")
        }
        var written = 0
        for (i, p) in previews.enumerated() {
            let stem = previews.count == 1 && payloads.count == 1 && inputs.count == 1 ? ""
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
        try write([UInt8](PushReportJSON.data(previews, images: false)), "report.json")
        if drawsFilmstrip {
            do { try write(try strip.png(with: renderer, scale: sheetScale), "filmstrip.png") } catch let e as CLIError { throw e } catch {
                throw CLIError("filmstrip: \(error)")
            }
            try write(Array(strip.html(scale: sheetScale).utf8), "filmstrip.html")
        }
        if repeatCount > 0 {
            let strip = drawsFilmstrip
            let scale = sheetScale
            // Per run: the whole, then its stages (check+render every picture, draw the sheet, encode it).
            var times: [Double] = [], rendering: [Double] = [], sheets: [Double] = [], encodes: [Double] = []
            func ms(_ from: UInt64, _ to: UInt64) -> Double { Double(to - from) / 1e6 }
            for _ in 0..<repeatCount {
                let t0 = DispatchTime.now().uptimeNanoseconds
                let again = try previewer.renderSequence(inputs, pool: pool, workers: jobs)
                let t1 = DispatchTime.now().uptimeNanoseconds
                var t2 = t1
                if strip {
                    let sheet = try Filmstrip.pushes(again, title: "bench", timeZone: TimeZone(secondsFromGMT: 0)!).draw(with: renderer, scale: scale)
                    t2 = DispatchTime.now().uptimeNanoseconds
                    _ = try PNGCodec.encode(sheet)
                }
                let t3 = DispatchTime.now().uptimeNanoseconds
                times.append(ms(t0, t3)); rendering.append(ms(t0, t1)); sheets.append(ms(t1, t2)); encodes.append(ms(t2, t3))
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            times.sort()
            let frames = previews.reduce(0) { $0 + $1.frames.count }
            print(String(format: "push: %d push(es), %d pictures%@, %d runs: median %.2f ms, p90 %.2f ms, min %.2f ms",
                         previews.count, frames, strip ? " + filmstrip PNG" : "", repeatCount,
                         times[times.count / 2], times[min(times.count - 1, times.count * 9 / 10)], times[0]))
            if strip {
                print(String(format: "  medians: check + render the pictures %.2f ms, draw the filmstrip %.2f ms, encode it %.2f ms",
                             median(rendering), median(sheets), median(encodes)))
            }
        }
        let errors = previews.reduce(0) { $0 + $1.checked.report.errors.count }
        let warnings = previews.reduce(0) { $0 + $1.checked.report.warnings.count }
        note("\(previews.count) push\(previews.count == 1 ? "" : "es"), \(written) pictures in \(output)/; \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        if errors > 0 { throw ExitCode(1) }
    }

    func write(_ bytes: [UInt8], _ name: String) throws {
        let path = (output as NSString).appendingPathComponent(name)
        do { try AtomicFile.write(bytes, to: path) } catch { throw CLIError("cannot write \(path): \(error.localizedDescription)") }
    }
}
