import ArgumentParser
import Foundation
import WidgetDiff
import WidgetGoldens
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure a render against a picture iOS drew, element by element.",
        discussion: """
        REFERENCE is a PNG iOS made of the same view: a simulator snapshot (swift-snapshot-testing's \
        __Snapshots__, drawn in a plain host view: use --canvas WxH at its point size) or a device \
        screenshot cropped to the widget (use --surface). The layout is rendered at the reference's \
        scale (its width in pixels over the view's width in points, or --scale), both pictures are cut \
        into elements (connected ink: a line of text, an icon, a shape; --gap sets how close ink must \
        be to join; faint ink, a light card border, track or separator that differs from the \
        background or from the shape it lies on by less than --threshold, makes elements of its own, \
        --faint-threshold; the dashes of a dashed hairline and a gridline's pieces between bars join one \
        element, --hairline-gap), lined up by the whole-point shift that overlaps the most ink (or by none, when \
        that matches more elements), and matched by centre and size. For each match it prints how \
        far the render's centre and size are from the reference's, in points, and what the render \
        drew there (text, symbol, image, shape), then a summary: elements matched, median and \
        90th-percentile centre error, width error, and the same for each kind.

        With --out DIR: DIR/index.html shows both pictures side by side, as an onion skin and \
        flickering, with the matched boxes drawn, and DIR/report.json holds every number; the render \
        is DIR/render.png beside a copy of the reference.

        Thresholds make it a CI check: --max-centre-error PT (90th percentile), --max-width-error \
        PERCENT (90th percentile of |width error|), --min-matched FRACTION.

        Example (a 170×170 pt view snapshotted at 3x):
          widgetshot calibrate __Snapshots__/WidgetTests/smallLight.1.png --layout mywidget \\
            --surface systemSmall --canvas 170x170 --out calibration

        Exit codes: 0 measured (and within the thresholds), 1 outside a threshold, 2 bad input \
        (unreadable reference, unknown layout or surface, sizes that cannot be lined up).
        """)

    @Argument(help: "The picture iOS drew (PNG).") var reference: String

    @Option(name: .long, help: "A layout name in Layouts/ or a path to a layout file.")
    var layout: String

    @OptionGroup var view: ViewSource

    @Option(name: .long, help: "Write index.html, report.json, render.png and the reference here.")
    var out: String?

    @Option(name: .long, help: "Ink this close across, in points, joins one element (default 4: a word's letters, a line's words).")
    var gap: Double = 4

    @Option(name: .long, help: "A pixel is ink when a channel differs from the background by more (0–255, default 48).")
    var threshold: Int = 48

    @Option(name: .customLong("faint-threshold"), help: "A pixel that differs from its region's background by more than this but not by --threshold is faint ink: light card borders, tracks, separators (0–255, default 10; 0: off).")
    var faintThreshold: Int = 10

    @Option(name: .customLong("hairline-gap"), help: "Collinear hairline pieces (at most 1 pt thick: a dashed gridline's dashes, a gridline's pieces between bars) join one element across gaps of at most this many points where nothing is drawn, or covered by other elements (default 3; 0: off, each piece its own element).")
    var hairlineGap: Double = 3

    @Flag(name: .customLong("no-align"), help: "Compare in place, without looking for the shift that lines the pictures up.")
    var noAlign = false

    @Option(name: .customLong("max-centre-error"), help: "Fail (exit 1) when the 90th-percentile centre error exceeds this many points.")
    var maxCentreError: Double?

    @Option(name: .customLong("max-width-error"), help: "Fail (exit 1) when the 90th-percentile width error exceeds this percentage.")
    var maxWidthError: Double?

    @Option(name: .customLong("min-matched"), help: "Fail (exit 1) when fewer than this fraction (0…1) of the reference's elements are matched.")
    var minMatched: Double?

    @Flag(name: .long, help: "Print report.json to standard output instead of the table.")
    var json = false

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        guard gap >= 0, gap <= 100 else { throw ValidationError("--gap must be 0…100 points, got \(gap)") }
        guard (0...255).contains(threshold) else { throw ValidationError("--threshold must be 0…255, got \(threshold)") }
        guard (0...255).contains(faintThreshold) else { throw ValidationError("--faint-threshold must be 0…255, got \(faintThreshold)") }
        guard hairlineGap >= 0, hairlineGap <= 100 else { throw ValidationError("--hairline-gap must be 0…100 points, got \(hairlineGap)") }
        if let m = minMatched, !(0...1).contains(m) { throw ValidationError("--min-matched must be a fraction 0…1, got \(m)") }
        if let m = maxCentreError, !(m >= 0) { throw ValidationError("--max-centre-error must be ≥ 0 points, got \(m)") }
        if let m = maxWidthError, !(m >= 0) { throw ValidationError("--max-width-error must be ≥ 0 %, got \(m)") }
    }

    func run() throws {
        let referenceImage: RGBAImage
        do { referenceImage = try PNGCodec.decode(file: reference) } catch {
            throw CLIError("cannot read the reference \(reference): \(error)")
        }
        let folders = try project.folders()
        let document: LayoutDocument
        do { document = try LayoutCatalog(directory: folders.layouts).load(layout) } catch let e as LayoutError {
            throw CLIError(e.description)
        } catch { throw CLIError("\(error)") }
        let surface = try view.surface(in: document)
        let spec = RenderSpec(layout: layout, surface: surface.rawValue, preview: view.preview, data: try view.dataValue(), look: view.look.spec)
        let request: RenderRequest
        do { request = try spec.request(for: document) } catch { throw CLIError(LookOptions.message(error)) }
        var options = Calibration.Options(scale: 1)
        options.horizontalGap = gap
        options.inkThreshold = threshold
        options.faintThreshold = faintThreshold; options.hairlineGap = hairlineGap
        options.align = !noAlign
        let outcome: CalibrationRun.Outcome
        do {
            outcome = try CalibrationRun.run(reference: referenceImage, request: request, scaleGiven: view.look.scale != nil,
                                             renderer: WidgetRenderer(fonts: try project.fontLibrary(folders)), options: options)
        } catch let e as Calibration.Failure { throw CLIError(e.description) } catch let e as RenderError { throw CLIError(e.description) }
        let report = outcome.report

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let reportJSON = try encoder.encode(report)
        if let out {
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                try AtomicFile.write(try BoundedFile.read(reference, limit: Limits.default.pngFileBytes), to: out + "/reference.png")
                try AtomicFile.write(outcome.png, to: out + "/render.png")
                try AtomicFile.write([UInt8](reportJSON), to: out + "/report.json")
                let page = Calibration.page(report, reference: "reference.png", ours: "render.png",
                                            title: "\(document.name) \(surface.rawValue) against \((reference as NSString).lastPathComponent)",
                                            pointWidth: outcome.pointSize.width, pointHeight: outcome.pointSize.height)
                try AtomicFile.write(Array(page.utf8), to: out + "/index.html")
            } catch { throw CLIError("cannot write the report in \(out): \(error.localizedDescription)") }
        }
        if json {
            print(String(decoding: reportJSON, as: UTF8.self))
        } else {
            print(Self.table(report))
        }
        if let out { note("wrote \(out)/index.html") }
        try checkThresholds(report)
    }

    /// Exit 1 when the report is outside a threshold given (--max-centre-error …), naming each.
    private func checkThresholds(_ report: Calibration.Report) throws {
        var failures: [String] = []
        if let m = maxCentreError, report.p90CentreError > m {
            failures.append("90th-percentile centre error \(Self.f(report.p90CentreError)) pt > \(Self.f(m)) pt")
        }
        if let m = maxWidthError, report.p90WidthError * 100 > m {
            failures.append("90th-percentile width error \(Self.f(report.p90WidthError * 100)) % > \(Self.f(m)) %")
        }
        if let m = minMatched, report.matchedRatio < m {
            failures.append("matched \(Self.f(report.matchedRatio)) of the reference's elements < \(Self.f(m))")
        }
        if !failures.isEmpty {
            note("calibrate: outside the thresholds: " + failures.joined(separator: "; "))
            throw ExitCode(1)
        }
    }

    static func f(_ v: Double) -> String { String(format: "%.2f", v) }

    static func table(_ r: Calibration.Report) -> String {
        var lines = ["element (reference, pt)        size          dx      dy  centre   d width  width    kind"]
        for m in r.matches {
            let at = "\(f(m.reference.x)), \(f(m.reference.y))".padding(toLength: 22, withPad: " ", startingAt: 0)
            let size = "\(f(m.reference.width))×\(f(m.reference.height))".padding(toLength: 13, withPad: " ", startingAt: 0)
            lines.append("  \(at) \(size) \(pad(f(m.dx), 7)) \(pad(f(m.dy), 7)) \(pad(f(m.centreError), 7)) \(pad(f(m.dWidth), 9)) \(pad(f(m.widthError * 100), 6)) %  \(m.kind ?? "-")")
        }
        lines.append("matched \(r.matches.count) of \(r.referenceElements) reference elements (\(f(r.matchedRatio * 100)) %), the render has \(r.ourElements); shifted (\(f(r.shiftX)), \(f(r.shiftY))) pt")
        lines.append("centre error: median \(f(r.medianCentreError)) pt, 90th percentile \(f(r.p90CentreError)) pt; width error: median \(f(r.medianWidthError * 100)) %, 90th percentile \(f(r.p90WidthError * 100)) %")
        for k in r.byKind {
            lines.append("  \(k.kind) (\(k.matched)): centre median \(f(k.medianCentreError)) pt, 90th percentile \(f(k.p90CentreError)) pt; width median \(f(k.medianWidthError * 100)) %, 90th percentile \(f(k.p90WidthError * 100)) %")
        }
        return lines.joined(separator: "\n")
    }

    static func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
}
