import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time renders: warm medians per surface and scale, split by stage, and a cold process.",
        discussion: """
        For each surface × scale it renders the preview many times in this process (after a warm-up) \
        and prints the median and p90 milliseconds of bind+layout, draw, encode and the total, and \
        the PNG size. Then it starts `widgetshot render` as a new process several times and prints \
        the median wall time of that cold render (process start, fonts, one render, write). \
        Build with `swift build -c release` first: debug builds are several times slower.
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
                    print(#"{"surface":"\#(s.rawValue)","scale":\#(scale),"pixels":"\#(px)","bindLayoutMedianMs":\#(stats[0].median),"drawMedianMs":\#(stats[1].median),"encodeMedianMs":\#(stats[2].median),"medianMs":\#(stats[3].median),"p90Ms":\#(stats[3].p90),"bytes":\#(last!.png.count)}"#)
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
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
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
            print(#"{"cold":true,"surface":"\#(surface.rawValue)","runs":\#(coldRuns),"medianMs":\#(stats.median),"p90Ms":\#(stats.p90)}"#)
        } else {
            print(String(format: "cold process (widgetshot render %@ --surface %@, %d runs): median %.1f ms, p90 %.1f ms",
                         document.name, surface.rawValue, coldRuns, stats.median, stats.p90))
        }
    }
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

/// posix_spawn + waitpid: Foundation's Process adds tens of milliseconds of its own on Linux,
/// which would be charged to our cold start.
func spawnAndWait(_ path: String, _ arguments: [String]) throws -> Int32 {
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, path, &fileActions, nil, argv, environ)
    guard rc == 0 else { throw CLIError("cannot start \(path): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status >> 8) & 0xFF
}
