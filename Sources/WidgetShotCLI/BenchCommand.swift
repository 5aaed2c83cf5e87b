import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

/// `widgetshot bench`: the benchmarks, each a subcommand; `bench LAYOUT …` is `bench render LAYOUT …`.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time renders (bench render, the default), the push pipeline (bench push) or the snapshot diff (bench diff).",
        subcommands: [BenchRenderCommand.self, BenchPushCommand.self, DiffBenchCommand.self],
        defaultSubcommand: BenchRenderCommand.self)
}

struct BenchRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time renders: warm medians per surface and scale, split by stage, and a cold process.",
        discussion: """
        For each surface × scale it renders the preview many times in this process (after a warm-up) \
        and prints the median and p90 milliseconds of bind+layout, draw, encode and the total, and \
        the PNG size. Then it starts `widgetshot render` as a new process several times and prints \
        the median wall time of that cold render (process start, fonts, one render, write). \
        Build with `swift build -c release` first: debug builds are several times slower.

        `widgetshot bench push PAYLOAD… --layout L` times the push pipeline instead.
        """)

    @Argument(help: "The layout to time.")
    var layout: String = "reference"

    @Option(name: .long, help: "Surfaces to time (default: every surface the layout has).")
    var surface: [Surface] = []

    @Option(name: .long, help: "The preview to render (default: the first).")
    var preview: String?

    @Option(name: .long, parsing: .upToNextOption, help: "Scales to time.")
    var scales: [Double] = [3]

    @Option(name: .long, help: "Timed renders per surface and scale.")
    var iterations: Int = 200

    @Option(name: .long, help: "Untimed renders first.")
    var warmup: Int = 20

    @Option(name: .long, help: "Cold processes to start (0 skips).")
    var coldRuns: Int = 10

    @Option(name: .long, help: "PNG preset: fast or small.")
    var png: PNGPreset = .fast

    @Flag(name: .long, help: "Print one JSON object per line instead of a table.")
    var json = false

    @OptionGroup var project: ProjectOptions

    func validate() throws {
        if iterations < 1 { throw ValidationError("--iterations must be at least 1") }
    }

    func run() throws {
        let folders = try project.folders()
        let document: LayoutDocument
        do { document = try LayoutCatalog(directory: folders.layouts).load(layout) } catch {
            note("error: \(error)"); throw ExitCode(2)
        }
        let p: Preview
        do { p = try pickPreview(preview, in: document) } catch { note("error: \(error)"); throw ExitCode(2) }
        let renderer = WidgetRenderer(fonts: try project.fontLibrary(folders))
        let surfaces = surface.isEmpty ? Surface.allCases.filter { document.hasView(for: $0) && DeviceProfile.default.supports($0) } : surface
        if !json {
            print("layout \(document.name), preview \(p.name), \(iterations) renders after \(warmup) warm-up, png \(png.rawValue)")
            print("surface               scale  pixels      bind+layout      draw            encode          total            bytes")
            print("                             median / p90 ms")
        }
        for s in surfaces {
            for scale in scales {
                var request = RenderRequest(layout: document, surface: s, preview: p, scale: scale)
                request.pngPreset = png
                var layoutNs: [UInt64] = [], drawNs: [UInt64] = [], encodeNs: [UInt64] = [], totalNs: [UInt64] = []
                var last: RenderResult?
                for i in 0..<(warmup + iterations) {
                    let r: RenderResult
                    do { r = try renderer.render(request) } catch { note("error: \(s.rawValue): \(error)"); throw ExitCode(2) }
                    if i >= warmup {
                        layoutNs.append(r.timings.bindAndLayout); drawNs.append(r.timings.draw)
                        encodeNs.append(r.timings.encode); totalNs.append(r.timings.total)
                    }
                    last = r
                }
                let stats = [layoutNs, drawNs, encodeNs, totalNs].map(Stats.init)
                let px = "\(last!.pixelWidth)×\(last!.pixelHeight)"
                if json {
                    printJSONLine(["surface": .string(s.rawValue), "scale": .number(scale), "pixels": .string(px),
                                   "bindLayoutMedianMs": .number(stats[0].median), "drawMedianMs": .number(stats[1].median),
                                   "encodeMedianMs": .number(stats[2].median), "medianMs": .number(stats[3].median),
                                   "p90Ms": .number(stats[3].p90), "bytes": .number(Double(last!.png.count))])
                } else {
                    let cols = stats.map { String(format: "%6.2f / %6.2f", $0.median, $0.p90) }
                    print("\(s.rawValue.padding(toLength: 21, withPad: " ", startingAt: 0)) \(String(format: "%4.1f", scale))x  \(px.padding(toLength: 11, withPad: " ", startingAt: 0)) \(cols.joined(separator: "  "))  \(last!.png.count)")
                }
            }
        }
        if coldRuns > 0 { try cold(document: document, preview: p, surface: surfaces.first!) }
    }

    /// Starts this executable as a new process to render one PNG, several times.
    private func cold(document: LayoutDocument, preview: Preview, surface: Surface) throws {
        // The running program's own file: run by name from PATH, argv[0] is the bare word `widgetshot`.
        let exe = URL(fileURLWithPath: ProjectFolders.currentExecutable).resolvingSymlinksInPath()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-bench-\(getpid()).png").path
        var times: [UInt64] = []
        var args = ["render", document.path, "--surface", surface.rawValue, "--preview", preview.name, "-o", out]
        if let root = project.projectRoot { args += ["--project", root] }
        for _ in 0..<coldRuns {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let status = try spawnAndWait(exe.path, args)
            times.append(DispatchTime.now().uptimeNanoseconds - t0)
            if status != 0 { note("error: cold render exited \(status)"); throw ExitCode(2) }
        }
        try? FileManager.default.removeItem(atPath: out)
        let stats = Stats(times)
        if json {
            printJSONLine(["cold": .bool(true), "surface": .string(surface.rawValue), "runs": .number(Double(coldRuns)),
                           "medianMs": .number(stats.median), "p90Ms": .number(stats.p90)])
        } else {
            print(String(format: "cold process (widgetshot render %@ --surface %@, %d runs): median %.1f ms, p90 %.1f ms",
                         document.name, surface.rawValue, coldRuns, stats.median, stats.p90))
        }
    }
}

/// A value of a benchmark's JSON line.
enum BenchValue: Encodable {
    case string(String), number(Double), bool(Bool)
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        // Whole numbers as integers (counts, bytes), the rest as they are.
        case .number(let v): if v == v.rounded(), abs(v) < 1e15 { try c.encode(Int(v)) } else { try c.encode(v) }
        case .bool(let b): try c.encode(b)
        }
    }
}

/// One JSON object on a line (`--json`), written by JSONEncoder with its keys sorted.
func printJSONLine(_ fields: [String: BenchValue]) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if let data = try? encoder.encode(fields) { print(String(decoding: data, as: UTF8.self)) }
}

/// Median and 90th percentile in milliseconds.
struct Stats {
    var median: Double
    var p90: Double
    init(_ ns: [UInt64]) {
        let sorted = ns.sorted()
        func at(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            let i = min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))
            return (Double(sorted[i]) / 1e6 * 1000).rounded() / 1000
        }
        median = at(0.5)
        p90 = at(0.9)
    }
}

/// Runs the program to its end (standard error to /dev/null) and returns its exit status (128 + N
/// for a signal N). ChildProcess, not Foundation's Process: Process adds tens of milliseconds of its
/// own on Linux, which would be charged to our cold start.
func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
    // A ChildProcess.Failure names what failed and the program ("cannot start /path: …").
    do { return try ChildProcess(path, arguments, stderr: .null).wait().status } catch { throw CLIError("\(error)") }
}
