import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Every device's canvas per surface, in pixels at the device's own scale, for both size tables.
/// The expected numbers are written here from the sources, not read from DeviceProfile: the iOS 18
/// rows are Apple's HIG table × scale, the iOS 26 rows are FrameUp's measurements, which it stores
/// in pixels, so points × 3 must land on them exactly.
@Suite(.serialized) struct DeviceTableTests {
    /// systemSmall, systemMedium, systemLarge, accessoryCircular, accessoryRectangular, accessoryInline (px).
    typealias Row = [(Int, Int)]
    static let hig393: Row = [(474, 474), (1014, 474), (1014, 1062), (216, 216), (480, 216), (702, 78)]
    static let hig430: Row = [(510, 510), (1092, 510), (1092, 1146), (228, 228), (516, 228), (771, 78)]
    static let higSE: Row = [(296, 296), (642, 296), (642, 648), (136, 136), (306, 136), (450, 52)]
    static let frameUp440: Row = [(530, 530), (1134, 530), (1134, 1182), (180, 180), (474, 180), (1110, 108)]
    static let frameUp430: Row = [(524, 524), (1116, 524), (1116, 1164), (180, 180), (474, 180), (1110, 108)]
    static let frameUp420: Row = [(518, 518), (1100, 518), (1100, 1146), (173, 173), (459, 173), (1080, 108)]
    static let frameUp402: Row = [(493, 493), (1049, 493), (1049, 1095), (174, 174), (444, 174), (1026, 108)]
    static let frameUp393: Row = [(488, 488), (1034, 488), (1034, 1080), (174, 174), (443, 174), (1023, 108)]
    static let frameUpSE: Row = [(292, 292), (638, 292), (638, 636), (112, 112), (282, 112), (646, 72)]

    /// device, iOS 18 row, iOS 26 row, Lock Screen width px, compact island px (nil: none), default generation.
    static let phones: [(String, Row, Row, Int, (Int, Int)?, IOSGeneration)] = [
        ("iphone15pro", hig393, frameUp393, 1113, (690, 110), .ios18),
        ("iphone15promax", hig430, frameUp430, 1224, (750, 110), .ios18),
        ("iphonese", higSE, frameUpSE, 706, nil, .ios18),
        ("iphone16", hig393, frameUp393, 1113, (690, 110), .ios18),
        ("iphone16plus", hig430, frameUp430, 1224, (750, 110), .ios18),
        ("iphone16pro", hig393, frameUp402, 1113, (690, 110), .ios18),
        ("iphone16promax", hig430, frameUp440, 1224, (750, 110), .ios18),
        ("iphone17", hig393, frameUp402, 1113, (690, 110), .ios26),
        ("iphoneair", hig430, frameUp420, 1224, (750, 110), .ios26),
        ("iphone17pro", hig393, frameUp402, 1113, (690, 110), .ios26),
        ("iphone17promax", hig430, frameUp440, 1224, (750, 110), .ios26),
    ]

    static let fixed: [Surface] = [.systemSmall, .systemMedium, .systemLarge,
                                   .accessoryCircular, .accessoryRectangular, .accessoryInline]

    /// A layout with a plain view on every surface, so every device's every surface can be composed.
    static let everywhere: LayoutDocument = {
        // Control surfaces are drawn from `controls:`, never from `surfaces:`.
        let views = Surface.allCases.filter { $0.regions.isEmpty && $0.fallback == nil && $0.family != .control }
            .map { "  \($0.rawValue):\n    view:\n      text: x\n" }.joined()
        let text = "name: everywhere\nsurfaces:\n" + views
            + "  islandCompact:\n    leading:\n      text: x\n    trailing:\n      text: x\n"
            + "  islandExpanded:\n    center:\n      text: x\n"
            + "previews:\n  one:\n    data: {}\n"
        // In an empty folder (made and removed at once): the key covers the layout's folder (see
        // DynamicTypeTests.layout).
        return try! LayoutLoader.parse(text, path: withScratchFolder("everywhere") { $0 } + "/everywhere.yaml")
    }()

    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: Project.fonts)

    /// The canvas in pixels (points × scale, rounded as the renderer rounds), without drawing.
    static func pixels(_ surface: Surface, _ device: DeviceProfile) throws -> (Int, Int) {
        let request = RenderRequest(layout: everywhere, surface: surface, preview: everywhere.previews[0], device: device)
        let prepared = try renderer.prepare(request)
        let size = prepared.composed.size
        return (Int((size.width * prepared.scale).rounded()), Int((size.height * prepared.scale).rounded()))
    }

    @Test(arguments: phones.map(\.0))
    func widgetCanvasesForBothGenerations(id: String) throws {
        let (_, row18, row26, _, _, _) = Self.phones.first { $0.0 == id }!
        let device = try #require(DeviceProfile.named(id))
        for (generation, row) in [(IOSGeneration.ios18, row18), (.ios26, row26)] {
            for (surface, expected) in zip(Self.fixed, row) {
                let got = try Self.pixels(surface, device.on(generation))
                #expect(got == expected, "\(id) iOS \(generation.number) \(surface.rawValue): \(got) px, expected \(expected)")
            }
        }
    }

    @Test(arguments: phones.map(\.0))
    func liveActivityIslandAndSmallActivityCanvases(id: String) throws {
        let (_, _, _, lockWidth, compact, _) = Self.phones.first { $0.0 == id }!
        let device = try #require(DeviceProfile.named(id))
        for generation in IOSGeneration.allCases {
            let d = device.on(generation)
            let lock = try Self.pixels(.lockScreen, d)
            #expect(lock.0 == lockWidth, "\(id) lockScreen width \(lock.0)")
            #expect((84 * Int(d.scale)...160 * Int(d.scale)).contains(lock.1))
            if let compact {
                #expect(try Self.pixels(.islandCompact, d) == compact, "\(id) islandCompact")
                #expect(try Self.pixels(.islandExpanded, d).0 == lockWidth, "\(id) islandExpanded width is the Lock Screen's")
            } else {
                #expect(!d.supports(.islandCompact))
            }
            // An iPhone's small activity is its paired watch's: 184×80.5 pt (HIG, 45mm Smart Stack).
            let small = try Self.pixels(.activitySmall, d)
            #expect(small == (Int(184 * d.scale), Int((80.5 * d.scale).rounded())), "\(id) activitySmall \(small)")
        }
    }

    @Test func iPadIsTheSameOnBothGenerations() throws {
        let expected: Row = [(340, 340), (757, 340), (757, 757), (1590, 757)]
        for generation in IOSGeneration.allCases {
            let d = DeviceProfile.ipadpro13.on(generation)
            for (surface, px) in zip([Surface.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge], expected) {
                #expect(try Self.pixels(surface, d) == px, "ipadpro13 iOS \(generation.number) \(surface.rawValue)")
            }
            #expect(try Self.pixels(.lockScreen, d).0 == 1000)
            #expect(!d.supports(.activitySmall) && !d.supports(.islandCompact) && !d.supports(.accessoryCircular))
        }
    }

    /// HIG Live Activities: the watch's Smart Stack sizes per case and CarPlay's three sizes, at 2x.
    @Test func watchAndCarPlayOnlyHaveTheSmallActivity() throws {
        let expected: [(String, Int, Int)] = [
            ("applewatch40", 304, 139), ("applewatch41", 330, 145), ("applewatch44", 346, 153),
            ("applewatch45", 368, 161), ("applewatch49", 382, 163),
            ("carplay", 480, 156), ("carplaytall", 480, 200), ("carplaynarrow", 340, 156),
        ]
        for (id, w, h) in expected {
            let d = try #require(DeviceProfile.named(id))
            #expect(d.surfaces == [.activitySmall], "\(id): \(d.surfaces)")
            #expect(try Self.pixels(.activitySmall, d) == (w, h), "\(id)")
        }
    }

    @Test func defaultGenerationIsTheOneTheDeviceShippedWith() throws {
        for (id, _, _, _, _, generation) in Self.phones {
            let d = try #require(DeviceProfile.named(id))
            #expect(d.shipsWith == generation && d.ios == generation, "\(id) ships with iOS \(d.shipsWith.number)")
        }
        #expect(DeviceProfile.named("carplay")?.shipsWith == .ios26)
        // The existing goldens' device keeps its iOS 18 sizes: they must not change.
        #expect(DeviceProfile.default.id == "iphone15pro" && DeviceProfile.default.ios == .ios18)
        #expect(DeviceProfile.default.widgetSizes[.systemSmall] == Size(width: 158, height: 158))
    }

    @Test func everyNumberHasASource() {
        for d in DeviceProfile.all where d.widgetTables.isEmpty == false {
            for generation in IOSGeneration.allCases {
                let table = d.widgetTables[generation]
                #expect(table != nil && !(table!.note.isEmpty), "\(d.id) iOS \(generation.number) has no table or note")
            }
            if d.liveActivityWidth != nil { #expect(d.liveActivityWidthSource != nil, "\(d.id) Live Activity width source") }
        }
        #expect(DeviceProfile.iphone16pro.widgetTables[.ios18]?.source == .frameUp)
        #expect(DeviceProfile.iphone17.widgetTables[.ios18]?.source == .inferred)
        #expect(DeviceProfile.iphone17.widgetTables[.ios26]?.source == .frameUp)
        #expect(DeviceProfile.iphone15pro.widgetTables[.ios18]?.source == .hig)
        #expect(DeviceProfile.iphone17pro.island?.compactSideSource == .inferred)
    }

    // MARK: - The generation through the spec, the key and the colors

    static let delivery = try! Project.layout("delivery")

    @Test func specIosPicksTheTableAndTheColorsAndTheKey() throws {
        func request(_ ios: String?, device: String? = nil) throws -> RenderRequest {
            try RenderSpec(layout: "delivery", surface: "systemSmall", preview: "onTheWay", device: device, ios: ios)
                .request(in: [Self.delivery])
        }
        let plain = try request(nil)
        #expect(plain.device.widgetSizes[.systemSmall] == Size(width: 158, height: 158) && plain.colors == .ios18)
        let on26 = try request("26")
        #expect(on26.device.widgetSizes[.systemSmall] == Size(width: 162.67, height: 162.67) && on26.colors == .ios26)
        #expect(try request("18").device.widgetSizes[.systemSmall] == Size(width: 158, height: 158))
        #expect(try request(nil, device: "iphone17").colors == .ios26)
        #expect(try request("18", device: "iphone17").device.widgetSizes[.systemSmall] == Size(width: 158, height: 158))

        let keyer = RenderKeyer(fonts: Project.fonts)
        #expect(keyer.key(for: plain) == keyer.key(for: try request("18")))
        #expect(keyer.key(for: plain) != keyer.key(for: on26))
        // The iPad's table is the same in both generations: the key still differs.
        let ipad18 = try RenderSpec(layout: "delivery", surface: "systemSmall", device: "ipadpro13", ios: "18").request(in: [Self.delivery])
        let ipad26 = try RenderSpec(layout: "delivery", surface: "systemSmall", device: "ipadpro13", ios: "26").request(in: [Self.delivery])
        #expect(keyer.key(for: ipad18) != keyer.key(for: ipad26))

        #expect {
            try request("17")
        } throws: { error in
            let e = error as? RenderSpecError
            return e?.field == "ios" && e?.kind == .badValue && e!.message.contains("18 or 26")
        }
    }

    @Test(.childProcess) func iOS26ColorsReachThePixels() throws {
        // Dark systemOrange (the small activity is dark) is #FF9F0A on iOS 18 and #FF9230 on iOS 26
        // (HIG Color, updated June 9, 2025).
        let r18 = try Self.renderer.render(try RenderSpec(layout: "delivery", surface: "activitySmall", preview: "onTheWay",
                                                          scale: 2, ios: "18").request(in: [Self.delivery]))
        let r26 = try Self.renderer.render(try RenderSpec(layout: "delivery", surface: "activitySmall", preview: "onTheWay",
                                                          scale: 2, ios: "26").request(in: [Self.delivery]))
        func hasColor(_ b: Bitmap, _ r: UInt8, _ g: UInt8, _ bl: UInt8) -> Bool {
            for y in 0..<b.height { for x in 0..<b.width {
                let p = b.pixel(x: x, y: y)
                if p.r == r && p.g == g && p.b == bl && p.a == 255 { return true }
            } }
            return false
        }
        #expect(hasColor(r18.bitmap, 0xFF, 0x9F, 0x0A) && !hasColor(r18.bitmap, 0xFF, 0x92, 0x30))
        #expect(hasColor(r26.bitmap, 0xFF, 0x92, 0x30) && !hasColor(r26.bitmap, 0xFF, 0x9F, 0x0A))
    }

    // MARK: - The small activity family

    @Test(.childProcess) func smallActivityIsDarkAndFallsBackToTheCompactViews() throws {
        let flight = try Project.layout("flight")
        #expect(Self.delivery.surfaces.contains(.activitySmall))
        #expect(!flight.surfaces.contains(.activitySmall) && flight.hasView(for: .activitySmall))
        // One scheme only (the Smart Stack and CarPlay are dark): one golden cell per preview.
        let cells = RenderMatrix.cells(for: Self.delivery).filter { $0.surface == .activitySmall }
        #expect(!cells.isEmpty && cells.allSatisfy { $0.scheme == .dark })
        // Light asked for, dark drawn: the tile's middle is the dark container color, not white.
        let light = try Self.renderer.render(RenderRequest(layout: flight, surface: .activitySmall,
                                                           preview: flight.previews[0], scale: 2, scheme: .light))
        let mid = light.bitmap.pixel(x: light.pixelWidth / 2, y: light.pixelHeight / 2)
        #expect(mid.r < 40 && mid.g < 40 && mid.b < 40 && mid.a == 255, "tile \(mid)")
        #expect(light.bitmap.pixel(x: 0, y: 0).a == 0, "rounded corners are transparent")
        // Without a small view: the compact leading view at the left end, the trailing at the right.
        let prepared = try Self.renderer.prepare(RenderRequest(layout: flight, surface: .activitySmall, preview: flight.previews[0]))
        let placed = prepared.composed.root.children.dropFirst()  // the first is the background
        #expect(placed.count == 2)
        if placed.count == 2 {
            let leading = placed.first!.frame, trailing = placed.last!.frame
            #expect(leading.minX >= 8 && leading.maxX < 92, "leading \(leading)")
            #expect(trailing.minX > 92 && trailing.maxX <= 184 - 8 + 0.01, "trailing \(trailing)")
        }
    }
}

/// `--ios` through the real executable.
@Suite struct IOSOptionCLITests {
    func render(_ arguments: [String]) async throws -> (status: Int32, width: Int?, stderr: String) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ios-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try await CLIProcess.run(["render", "delivery", "--project", Project.root, "-o", out] + arguments)
        let width = (try? Data(contentsOf: URL(fileURLWithPath: out))).flatMap { try? PNGCodec.decode([UInt8]($0)).width }
        return (r.status, width, r.stderr)
    }

    @Test(.childProcess) func iosReachesTheCanvas() async throws {
        let base = ["--surface", "systemSmall", "--preview", "onTheWay", "--scale", "3"]
        await #expect(try render(base).width == 474)
        await #expect(try render(base + ["--ios", "26"]).width == 488)
        await #expect(try render(base + ["--device", "iphone17"]).width == 493)
        await #expect(try render(base + ["--device", "iphone17", "--ios", "18"]).width == 474)
        let small = try await render(["--surface", "activitySmall", "--preview", "onTheWay", "--device", "applewatch40", "--scale", "2"])
        #expect(small.status == 0 && small.width == 304)
        let bad = try await render(base + ["--ios", "17"])
        #expect(bad.status == 2 && bad.stderr.contains("--ios") && bad.stderr.contains("18 or 26"), "\(bad.stderr)")
    }

    /// No Golden/ios26/ goldens are recorded: verify --ios 26 reports them missing and names the
    /// command that records them, with --ios 26 (a plain `record` would write the iOS 18 goldens).
    @Test(.childProcess) func verifyOnAnotherGenerationNamesTheRecordThatWritesIt() async throws {
        let report = scratchDirectory("ios26-report")
        defer { try? FileManager.default.removeItem(atPath: report) }
        let r = try await runWidgetshot(["verify", "--project", Project.root, "--ios", "26", "--layout", "delivery", "--surface", "systemSmall",
                                   "--preview", "onTheWay", "--report", report])
        #expect(r.status == 1, "\(r.stderr)")
        let missing = r.stdout.split(separator: "\n").filter { $0.hasPrefix("MISSING ") }
        #expect(!missing.isEmpty && missing.allSatisfy { $0.contains("Golden/ios26/") && $0.contains("(run `widgetshot record --ios 26`)") }, "\(r.stdout)")
        let document = try readReport(report)
        #expect(document.ios == 26)
        #expect(document.results.allSatisfy { $0.status != .missing || $0.message == "no golden (run `widgetshot record --ios 26`)" })
        let page = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(page.contains("--scheme light --ios 26 --scale 2.0"), "the render command names the generation (the golden device is the default, so no --device)")
    }

    @Test(.childProcess) func listShowsTheSourceOfEveryNumber() async throws {
        let r = try await CLIProcess.run(["list", "devices", "--project", Project.root])
        #expect(r.status == 0)
        // A device's first line is indented by two spaces, its details by four.
        var blocks: [String] = []
        for line in r.stdout.split(separator: "\n").map(String.init) {
            if line.hasPrefix("    "), !blocks.isEmpty { blocks[blocks.count - 1] += "\n" + line }
            else if line.hasPrefix("  ") { blocks.append(String(line.dropFirst(2))) }
        }
        func block(_ id: String) -> String { blocks.first { $0.hasPrefix(id + " ") } ?? "" }
        let iphone17 = block("iphone17")
        #expect(iphone17.contains("default --ios 26"))
        #expect(iphone17.contains("iOS 18 widgets [inferred:") && iphone17.contains("iOS 26 widgets [FrameUp measurement:"))
        #expect(iphone17.contains("systemSmall 164.33×164.33") && iphone17.contains("Live Activity width 371 [HIG]"))
        #expect(iphone17.contains("compact sides 52.33×36.67 [inferred]"))
        let iphone16pro = block("iphone16pro")
        #expect(iphone16pro.contains("default --ios 18") && iphone16pro.contains("iOS 18 widgets [FrameUp measurement:"))
        #expect(block("iphone15pro").contains("iOS 18 widgets [HIG:"))
        #expect(block("iphoneair").contains("Live Activity width 408 [inferred]"))
        #expect(block("applewatch40").contains("activitySmall 152×69.5 [HIG]"))
        let help = try await CLIProcess.run(["list", "--help"])
        #expect(help.stdout.contains("where each number comes from"))
    }
}
