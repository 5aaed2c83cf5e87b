import ArgumentParser
import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate
import WidgetGoldens

struct DiffBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Time the snapshot diff: an unchanged render against its golden, and PNG pairs decoded and compared.",
        discussion: """
        Writes the pairs it times into --pairs (so another tool can be timed on the same files): \
        identical (the reference widget twice), text-moved (its restaurant name one pixel lower), \
        large (2000×2000, the widget tiled, with five small edits). For each pair it prints the \
        median of reading + decoding both PNGs + comparing, and of comparing decoded buffers alone. \
        First it times the unchanged-render check verify does: hash the render's pixels and the \
        golden file's bytes against the manifest, no golden decode.
        """)

    @Option(name: .long, help: "Folder to write the PNG pairs into.")
    var pairs: String = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-diff-pairs").path

    @Option(name: .long, help: "Timed repetitions per case.")
    var iterations: Int = 51

    @Flag(name: .long, help: "One JSON object per line.")
    var json = false

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let folders = try project.folders()
        let renderer = WidgetRenderer(fonts: try project.fontLibrary(folders))
        let path = folders.layouts + "/reference.yaml"
        let yaml = try String(contentsOfFile: path, encoding: .utf8)
        let doc = try LayoutLoader.parse(yaml, path: path)
        let moved = try LayoutLoader.parse(yaml.replacingOccurrences(
            of: "- text: \"{{restaurant}}\"\n", with: "- text: \"{{restaurant}}\"\n                  offset: { x: 0, y: 0.3333333333333333 }\n"), path: path)
        func render(_ d: LayoutDocument) throws -> RenderResult {
            try renderer.render(RenderRequest(layout: d, surface: .systemMedium, preview: d.previews[0], scale: 3))
        }
        let a = try render(doc), b = try render(moved)
        let large = Self.tiled(a.bitmap.straightRGBA(), width: 2000, height: 2000)
        var edited = large
        for (x, y) in [(100, 100), (900, 450), (1500, 1200), (300, 1800), (1900, 60)] {
            for yy in y..<(y + 6) { for xx in x..<(x + 9) {
                let i = (yy * 2000 + xx) * 4
                edited.pixels[i] = 255 &- edited.pixels[i]; edited.pixels[i + 3] = 255
            } }
        }
        let names = try writePairs(a: a, b: b, large: large, edited: edited)
        timeHashCheck(a)
        for name in names { try timeComparison(name) }
        if !json { print("pairs written to \(pairs)") }
    }

    /// The pairs as PNG files in --pairs; their names.
    private func writePairs(a: RenderResult, b: RenderResult, large: RGBAImage, edited: RGBAImage) throws -> [String] {
        try FileManager.default.createDirectory(atPath: pairs, withIntermediateDirectories: true)
        let files: [(String, [UInt8], [UInt8])] = [
            ("identical", a.png, a.png),
            ("text-moved", a.png, b.png),
            ("large", try PNGCodec.encode(Bitmap(straight: large)), try PNGCodec.encode(Bitmap(straight: edited))),
        ]
        for (name, x, y) in files {
            try AtomicFile.write(x, to: "\(pairs)/\(name)-a.png")
            try AtomicFile.write(y, to: "\(pairs)/\(name)-b.png")
        }
        return files.map(\.0)
    }

    /// verify's check of an unchanged render: the golden file's bytes and the render's pixels hashed.
    private func timeHashCheck(_ a: RenderResult) {
        let golden = "\(pairs)/identical-a.png"
        let actual = DiffImage(width: a.bitmap.width, height: a.bitmap.height, pixels: a.bitmap.straightRGBA().pixels)
        let entry = GoldenManifest.Entry(file: ImageDiff.bytesHash(a.png), pixels: ImageDiff.pixelHash(actual))
        let hashCheck = Stats(time(iterations) {
            let bytes = [UInt8](FileManager.default.contents(atPath: golden) ?? Data())
            precondition(ImageDiff.bytesHash(bytes) == entry.file && ImageDiff.pixelHash(actual) == entry.pixels)
        })
        report("unchanged render vs golden (hash check, no decode)", "1014×474", hashCheck, nil)
    }

    /// One pair: read, decode and compare; and compare the decoded buffers alone.
    private func timeComparison(_ name: String) throws {
        do {
            let pa = "\(pairs)/\(name)-a.png", pb = "\(pairs)/\(name)-b.png"
            var last: DiffResult?
            let withDecode = Stats(time(iterations) {
                let (x, y) = try! PNGPair.decode(pa, pb)
                last = ImageDiff.compare(expected: x, actual: y)
            })
            let x = try PNGCodec.decode(file: pa), y = try PNGCodec.decode(file: pb)
            let dx = DiffImage(width: x.width, height: x.height, pixels: x.pixels), dy = DiffImage(width: y.width, height: y.height, pixels: y.pixels)
            let decoded = Stats(time(iterations) { last = ImageDiff.compare(expected: dx, actual: dy) })
            report("\(name): decode both (2 threads) + compare", "\(x.width)×\(x.height)", withDecode, last)
            report("\(name): compare decoded buffers", "\(x.width)×\(x.height)", decoded, last)
        }
    }

    private func report(_ label: String, _ size: String, _ s: Stats, _ r: DiffResult?) {
        let verdict = r.map { "\($0.verdict)" } ?? "identical"
        let differing = r?.differingPixels ?? 0
        if json {
            printJSONLine(["case": .string(label), "size": .string(size), "medianMs": .number(s.median), "p90Ms": .number(s.p90),
                           "verdict": .string(verdict), "differingPixels": .number(Double(differing))])
        } else {
            print("\(label.padding(toLength: 52, withPad: " ", startingAt: 0)) \(size.padding(toLength: 10, withPad: " ", startingAt: 0)) "
                  + String(format: "median %7.3f ms  p90 %7.3f ms  ", s.median, s.p90) + "\(verdict), \(differing) px")
        }
    }

    private func time(_ n: Int, _ body: () -> Void) -> [UInt64] {
        for _ in 0..<3 { body() }
        return (0..<n).map { _ in
            let t0 = DispatchTime.now().uptimeNanoseconds
            body()
            return DispatchTime.now().uptimeNanoseconds - t0
        }
    }

    static func tiled(_ tile: RGBAImage, width: Int, height: Int) -> RGBAImage {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let ty = y % tile.height
            for x in 0..<width {
                let tx = x % tile.width
                let s = (ty * tile.width + tx) * 4, d = (y * width + x) * 4
                out[d] = tile.pixels[s]; out[d + 1] = tile.pixels[s + 1]; out[d + 2] = tile.pixels[s + 2]; out[d + 3] = tile.pixels[s + 3]
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
