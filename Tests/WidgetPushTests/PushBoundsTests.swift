import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate
import WidgetPush

/// What one push check, one filmstrip and one layout may cost: every bound is a named limit,
/// checked before anything is drawn, and passing it is an error that names it. Counts and outputs,
/// never clocks: a refused input is refused whatever the machine's speed.
@Suite struct PushBoundsTests {
    typealias F = PushFixtures

    /// `[{},{},…]`: the cheapest possible push, many times.
    static func flood(_ count: Int) -> [UInt8] {
        Array(("[" + Array(repeating: "{}", count: count).joined(separator: ",") + "]").utf8)
    }

    /// One update whose content-state has `keys` keys no layout reads.
    static func wide(_ keys: Int) -> [String: Any] {
        var state: [String: Any] = [:]
        for i in 0..<keys { state["k\(i)"] = i }
        return F.edit(F.update()) { $0["content-state"] = state }
    }

    // MARK: Pushes per sequence

    @Test func aFloodOfPushesIsRefusedByTheSequenceLimit() throws {
        #expect { try PushValidator.inputs(in: Self.flood(16_000), name: "body") } throws: { error in
            let text = "\(error)"
            return text.contains("16000 pushes") && text.contains("Limits.sequencePushes")
        }
        // At the limit: every push is kept.
        let atLimit = try PushValidator.inputs(in: Self.flood(Limits.default.sequencePushes), name: "body")
        #expect(atLimit.count == Limits.default.sequencePushes)
        // A smaller limit is the one obeyed.
        var limits = Limits.default
        limits.sequencePushes = 3
        #expect(throws: PushInputError.self) { try PushValidator.inputs(in: Self.flood(4), name: "body", limits: limits) }
        #expect(try PushValidator.inputs(in: Self.flood(3), name: "body", limits: limits).count == 3)
    }

    /// Inputs from several files are one sequence: the limit holds for their sum, before any is checked.
    @Test func aSequenceFromSeveralFilesIsBoundToo() throws {
        var limits = Limits.default
        limits.sequencePushes = 5
        let validator = PushValidator(layout: try Project.layout("delivery"), attributes: F.attributes, limits: limits)
        let six = Array(repeating: F.input(F.update()), count: 6)
        #expect { try validator.checkSequence(six) } throws: { error in
            "\(error)".contains("6 pushes") && "\(error)".contains("Limits.sequencePushes")
        }
        #expect(try validator.checkSequence(Array(six.prefix(5))).count == 5)
    }

    /// The deadline covers reading and checking, not only drawing: a sequence that draws nothing
    /// still stops once it has passed (or was cancelled, as when the client goes away).
    @Test func theDeadlineStopsTheCheckAndThePlan() throws {
        let inputs = try PushValidator.inputs(in: Self.flood(50), name: "body")
        let cancelled = RenderDeadline(seconds: 60)
        cancelled.cancel()
        #expect { try F.validator().checkSequence(inputs, deadline: cancelled) } throws: { error in
            (error as? RenderDeadlineExceeded)?.cancelled == true
        }
        let previewer = LiveActivityPreviewer(layout: try Project.layout("delivery"))
        #expect(throws: RenderDeadlineExceeded.self) {
            try previewer.renderSequence(inputs, with: WidgetRenderer(fonts: Project.fonts), deadline: RenderDeadline(seconds: 0))
        }
        // Without a deadline the same sequence is checked: one finding per push, nothing drawn.
        let previews = try previewer.renderSequence(inputs, with: WidgetRenderer(fonts: Project.fonts))
        #expect(previews.count == 50 && previews.allSatisfy { $0.frames.isEmpty && $0.checked.report.errors.count == 1 })
    }

    /// Without `keepsBitmaps` (the server's answer) a sequence keeps its PNGs, the same bytes, and
    /// none of the pictures' pixels.
    @Test func anAnswerOfPNGsKeepsNoPixels() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: F.samples + "/sequence.json")))
        let inputs = try PushValidator.inputs(in: bytes, name: "sequence.json")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let layout = try Project.layout("delivery")
        var options = PushRenderOptions()
        let kept = try LiveActivityPreviewer(layout: layout, options: options).renderSequence(inputs, with: renderer)
        options.keepsBitmaps = false
        let lean = try LiveActivityPreviewer(layout: layout, options: options).renderSequence(inputs, with: renderer)
        #expect(lean.map { $0.frames.map(\.png) } == kept.map { $0.frames.map(\.png) })
        #expect(lean.flatMap(\.frames).count == 27)
        #expect(lean.flatMap(\.frames).allSatisfy { $0.bitmap.width == 0 && $0.bitmap.pixels.isEmpty })
        #expect(kept.flatMap(\.frames).allSatisfy { $0.bitmap.width > 0 })
    }

    // MARK: Content-state leaves

    @Test func aPushWithFortyThousandKeysIsRefusedByTheLeavesLimit() throws {
        #expect { try F.validator().check(F.input(Self.wide(40_000))) } throws: { error in
            let text = "\(error)"
            return text.contains("40000") && text.contains("Limits.pushLeaves") && text.contains("aps.content-state")
        }
    }

    /// At the limit every leaf is looked at once: one unused-key warning per key, none twice, and
    /// a list's items count once per path (`items.*.name`), however many there are.
    @Test func leavesAreCountedOnceEachAtTheLimit() throws {
        let limit = Limits.default.pushLeaves
        let checked = try F.validator().check(F.input(Self.wide(limit - 1)))
        let unused = checked.report.warnings.filter { $0.rule == .unusedKey }
        #expect(unused.count == limit - 1)
        #expect(Set(unused.map(\.key)).count == limit - 1)

        let items = (0..<(limit / 2 - 1)).map { i in ["name": "item \(i)"] as [String: Any] }
        let list = try F.validator().check(F.input(F.edit(F.update()) { $0["content-state"] = ["extra": ["items": items]] }))
        #expect(list.report.warnings.filter { $0.rule == .unusedKey }.map(\.key) == ["aps.content-state.extra.items.*.name"])
    }

    /// Settling whole objects at once reports exactly what checking every leaf alone against the
    /// layout's paths (`ReferencedDataPaths.reads`) reports, in the same order: objects the layout
    /// shows whole, objects on the way to a path it reads, lists, empty values, dotted keys.
    @Test func unusedKeysAreWhatCheckingEachLeafAloneGives() throws {
        let referenced = try Project.layout("delivery").referencedDataPaths()
        let state: [String: Any] = [
            "order": ["status": "onTheWay", "eta": "2026-11-22T12:45:00+09:00", "distanceKm": 1.2, "extra": 7,
                      "driver": ["name": "김민수", "phone": "010", "car": ["plate": "12가 3456", "color": "white"]],
                      "items": [["name": "비빔밥", "quantity": 2, "spicy": ["level": 3]], ["name": "김밥", "note": "no pickles"]],
                      "restaurant": ["name": "서울 키친", "rating": 4.5], "empty": [String: Any](), "none": [Any]()],
            "a.b": ["c": 1], "zzz": [1, [2, 3], ["k": true]], "flag": NSNull(), "order.driver": ["name": "x"],
        ]
        // The reference: every leaf's dotted path (`*` for list items), once, in key order.
        var leaves: [String] = []
        func walk(_ value: Any, _ path: String) {
            if let o = value as? [String: Any], !o.isEmpty {
                for k in o.keys.sorted() { walk(o[k]!, path.isEmpty ? k : path + "." + k) }
            } else if let a = value as? [Any], !a.isEmpty {
                for item in a { walk(item, path + ".*") }
            } else if !leaves.contains(path) {
                leaves.append(path)
            }
        }
        walk(state, "")
        let expected = leaves.filter { !referenced.reads($0) }.map { "aps.content-state." + $0 }
        #expect(expected.count >= 8)
        let checked = try F.validator().check(F.input(F.edit(F.update()) { $0["content-state"] = state }))
        #expect(checked.report.warnings.filter { $0.rule == .unusedKey }.map(\.key) == expected)
    }

    @Test func leavesAcrossASequenceAreBound() throws {
        var limits = Limits.default
        limits.sequenceLeaves = 250
        let validator = PushValidator(layout: try Project.layout("delivery"), attributes: F.attributes, limits: limits)
        let push = F.input(Self.wide(100))
        #expect(try validator.checkSequence([push, push]).count == 2)
        #expect { try validator.checkSequence([push, push, push]) } throws: { error in
            "\(error)".contains("Limits.sequenceLeaves")
        }
    }

    // MARK: The answer's size

    /// Findings repeat their key path: deep content-state paths would make a small payload a report
    /// of megabytes. The report's bytes are counted as findings are added, and past the limit the
    /// check stops with an error naming it.
    @Test func aReportPastItsLimitIsRefused() throws {
        // 200 levels of 100-character keys, 900 leaves at the bottom: 55 KB of JSON, 18 MB of paths.
        var value: Any = Dictionary(uniqueKeysWithValues: (0..<900).map { ("v\($0)", $0 as Any) })
        for level in 0..<200 { value = [String(repeating: "k", count: 99) + "\(level % 10)": value] }
        let body = F.input(F.edit(F.update()) { $0["content-state"] = value })
        #expect(body.bytes.count < 100_000)
        #expect { try F.validator().check(body) } throws: { error in "\(error)".contains("Limits.pushReportBytes") }

        // Unknown aps keys are findings too.
        var aps = F.update()["aps"] as! [String: Any]
        for i in 0..<6_000 { aps["unknown-\(String(repeating: "x", count: 200))-\(i)"] = 1 }
        #expect { try F.validator().check(F.input(["aps": aps])) } throws: { error in "\(error)".contains("Limits.pushReportBytes") }
    }

    // MARK: The 4 KB rule

    /// APNs counts the payload, not the file's last newline: trailing whitespace of a file is not
    /// counted, and the message says so.
    @Test func aTrailingNewlineDoesNotCountTowardTheSize() throws {
        func file(payloadBytes: Int, trailing: String) throws -> CheckedPush {
            let empty = F.input(F.edit(F.update()) { $0["pad"] = "" }).bytes.count
            let padded = F.input(F.edit(F.update()) { $0["pad"] = String(repeating: "x", count: payloadBytes - empty) })
            #expect(padded.bytes.count == payloadBytes)
            let inputs = try PushValidator.inputs(in: padded.bytes + Array(trailing.utf8), name: "push.json")
            #expect(inputs.count == 1)
            return try F.validator().check(inputs[0])
        }
        let exact = try file(payloadBytes: 4096, trailing: "\n")
        #expect(exact.report.errors.filter { $0.rule == .size }.isEmpty, "\(exact.report.errors)")
        #expect(exact.payload?.byteCount == 4096)
        let crlf = try file(payloadBytes: 4096, trailing: " \r\n\n")
        #expect(crlf.report.errors.filter { $0.rule == .size }.isEmpty)
        let over = try file(payloadBytes: 4097, trailing: "\n")
        let error = try #require(over.report.errors.first { $0.rule == .size })
        #expect(error.message.contains("4097 bytes"))
        #expect(error.message.contains("trailing whitespace"), "\(error.message)")
    }

    // MARK: Filmstrip sheets

    /// A sheet's size is known from its cells before it is drawn: past `sheetPixels` drawing it is
    /// refused, without allocating it.
    @Test func aFilmstripPastTheSheetLimitIsRefusedBeforeItIsDrawn() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let dot = Bitmap(width: 1, height: 1, stride: 4, pixels: [0, 0, 0, 255])
        let cell = Filmstrip.Cell(bitmap: dot, png: [])
        func strip(_ columns: Int) -> Filmstrip {
            Filmstrip(title: "many", rows: ["lockScreen"],
                      columns: (0..<columns).map { Filmstrip.Column(title: "\($0)", cells: ["lockScreen": cell]) })
        }
        // Each column is at least 150 pt wide: at 4x, 600 pixels and a 48-pixel gap.
        let columns = Limits.default.sheetPixels / (648 * strip(1).geometry(scale: 4).height) + 2
        let g = strip(columns).geometry(scale: 4)
        #expect(g.width * g.height > Limits.default.sheetPixels)
        #expect { try strip(columns).png(with: renderer, scale: 4) } throws: { error in
            "\(error)".contains("Limits.sheetPixels") && "\(error)".contains("\(g.width) × \(g.height)")
        }
        #expect(try strip(3).png(with: renderer, scale: 4).count > 0)
    }

    /// A sheet wider than a canvas can be (`Renderer.maxCanvasSide`, Cairo's bound) was drawn cut
    /// at that width, its last columns silently gone, even well within `sheetPixels`: refused too.
    @Test func aFilmstripWiderThanACanvasIsRefusedNotCut() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let dot = Bitmap(width: 1, height: 1, stride: 4, pixels: [0, 0, 0, 255])
        func strip(_ columns: Int) -> Filmstrip {
            Filmstrip(title: "wide", rows: ["lockScreen"],
                      columns: (0..<columns).map { Filmstrip.Column(title: "\($0)", cells: ["lockScreen": Filmstrip.Cell(bitmap: dot, png: [])]) })
        }
        // 150 pt columns and 12 pt gaps at 1x: 230 columns are about 37,000 pixels wide, 8 Mpx.
        let g = strip(230).geometry(scale: 1)
        #expect(g.width > Renderer.maxCanvasSide && g.width * g.height < Limits.default.sheetPixels)
        #expect { try strip(230).png(with: renderer, scale: 1) } throws: { error in
            "\(error)".contains("wider than \(Renderer.maxCanvasSide) pixels") && "\(error)".contains("\(g.width) × \(g.height)")
        }
        let fits = strip(200).geometry(scale: 1)
        #expect(fits.width <= Renderer.maxCanvasSide)
        let drawn = try strip(200).draw(with: renderer, scale: 1)
        #expect(drawn.width == fits.width && drawn.height == fits.height)
    }

    // MARK: Previews × surfaces

    /// A layout's gallery and goldens render every preview on every surface it applies to: 2,000
    /// previews of 54 KB would be 6,000 pictures. The parser refuses it at the `previews:` key.
    @Test func previewsTimesSurfacesIsBoundAtParseTime() throws {
        func layout(previews: Int) -> String {
            var text = """
                name: many
                surfaces:
                  systemSmall:
                    view: { text: "{{n}}" }
                  systemMedium:
                    view: { text: "{{n}}" }
                  systemLarge:
                    view: { text: "{{n}}" }
                previews:

                """
            for i in 0..<previews { text += "  p\(i):\n    data: { n: \(i) }\n" }
            return text
        }
        let big = layout(previews: 2_000)
        #expect(big.utf8.count < 60_000)
        #expect { try LayoutLoader.parse(big, path: "many.yaml") } throws: { error in
            guard let error = error as? LayoutError, let d = error.diagnostics.first else { return false }
            return d.description.hasPrefix("many.yaml:9:1:") && d.description.contains("6000")
                && d.description.contains("Limits.previewSurfaces")
        }
        // A preview limited to some surfaces counts only those.
        let limit = Limits.default.previewSurfaces
        #expect(try LayoutLoader.parse(layout(previews: limit / 3), path: "many.yaml").previews.count == limit / 3)
        var few = layout(previews: limit / 3 + 1)
        few = few.replacingOccurrences(of: "  p0:\n    data: { n: 0 }\n", with: "  p0:\n    data: { n: 0 }\n    surfaces: [systemSmall]\n")
        #expect(try LayoutLoader.parse(few, path: "many.yaml").previews.count == limit / 3 + 1)
        #expect(throws: LayoutError.self) { try LayoutLoader.parse(layout(previews: limit / 3 + 1), path: "many.yaml") }
    }

    // MARK: The CLI

    /// `widgetshot push` with 500 pushes is refused before any picture or sheet is made: exit 2,
    /// the limit named, nothing written.
    @Test(.childProcess) func theCLIRefusesASequencePastTheLimitBeforeDrawing() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-bounds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pushes = (0..<500).map { i in F.edit(F.update()) { $0["timestamp"] = F.t1227 + i } }
        let data = try JSONSerialization.data(withJSONObject: pushes, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: dir + "/many.json"))
        let run = try await CLIProcess.run(["push", dir + "/many.json", "--layout", "delivery", "--attributes", F.samples + "/attributes.json",
                                      "-o", dir + "/out", "--project", Project.root], seconds: 60)
        #expect(run.status == 2, "\(run.stderr.suffix(500))")
        #expect(run.stderr.contains("500 pushes") && run.stderr.contains("Limits.sequencePushes"), "\(run.stderr.suffix(500))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// The longest sequence `Limits.sequencePushes` lets through, each push going stale before the
    /// next: its filmstrip at the phone's 3x would be far past `Limits.sheetPixels`. It is refused
    /// once the pushes are read and checked, before any picture is drawn (not after drawing them
    /// all), saying how many columns fit at 3x and at which scale these pushes fit; nothing written.
    @Test(.childProcess) func theLongestSequenceAt3xIsRefusedBeforeAnyPictureIsDrawn() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-bounds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let count = Limits.default.sequencePushes
        let pushes = (0..<count).map { i in F.edit(F.update()) { $0["timestamp"] = F.t1227 + 120 * i; $0["stale-date"] = F.t1227 + 120 * i + 60 } }
        let data = try JSONSerialization.data(withJSONObject: pushes, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: dir + "/longest.json"))
        let run = try await CLIProcess.run(["push", dir + "/longest.json", "--layout", "delivery", "--attributes", F.samples + "/attributes.json",
                                            "--scale", "3", "-o", dir + "/out", "--project", Project.root], seconds: 60)
        #expect(run.status == 2, "\(run.stderr.suffix(500))")
        #expect(run.stderr.contains("Limits.sheetPixels"), "\(run.stderr.suffix(500))")
        #expect(run.stderr.contains("\(count) pushes make \(2 * count) columns"), "\(run.stderr.suffix(500))")
        #expect(run.stderr.contains("at scale 3 a sheet holds at most") && run.stderr.contains("split the sequence"), "\(run.stderr.suffix(500))")
        #expect(run.stderr.contains("or draw it at scale "), "\(run.stderr.suffix(500))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// `widgetshot timeline` with 100 entries of systemLarge at 4x: a sheet of more than 100 Mpx
    /// whatever the pictures, refused before any is drawn, nothing written.
    @Test(.childProcess) func theTimelineCommandRefusesASheetPastTheLimitBeforeDrawing() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-bounds-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let entries = (0..<Limits.default.timelineEntries).map { i in
            ["date": "2026-11-22T12:\(String(format: "%02d", i % 60)):00+09:00".replacingOccurrences(of: "T12:", with: i < 60 ? "T12:" : "T13:"),
             "data": [String: Any]()] as [String: Any]
        }
        let data = try JSONSerialization.data(withJSONObject: ["entries": entries, "reload": "atEnd"])
        try data.write(to: URL(fileURLWithPath: dir + "/entries.json"))
        let run = try await CLIProcess.run(["timeline", "delivery", "--surface", "systemLarge", "--entries", dir + "/entries.json", "--scale", "4",
                                      "-o", dir + "/out", "--project", Project.root], seconds: 60)
        #expect(run.status == 2, "\(run.stderr.suffix(500))")
        #expect(run.stderr.contains("Limits.sheetPixels"), "\(run.stderr.suffix(500))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }
}
