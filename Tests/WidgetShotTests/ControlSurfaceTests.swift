import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Control surfaces: each size in numbers, the on state filled with the tint
/// and the off state gray in pixels, the request's control fields checked, and the golden matrix.
@Suite struct ControlSurfaceTests {
    static let delivery = try! Project.layout("delivery")
    /// One per test (a WidgetRenderer is not thread-safe; tests run in parallel).
    let renderer = WidgetRenderer(fonts: Project.fonts)

    func request(_ surface: Surface, _ control: String, _ state: String? = nil, scale: Double = 1,
                 device: String? = nil) throws -> RenderRequest {
        try RenderSpec(layout: "delivery", surface: surface.rawValue, scale: scale, device: device,
                       control: control, controlState: state).request(in: [Self.delivery])
    }

    func render(_ surface: Surface, _ control: String, _ state: String? = nil, scale: Double = 1) throws -> RenderResult {
        try renderer.render(request(surface, control, state, scale: scale))
    }

    /// Point sizes: small one 62 pt cell, medium two cells and the 16 pt gap by one, large two by
    /// two, the Lock Screen slot a 50 pt circle; pixels are points × scale.
    @Test("each control surface has its point size (62 pt cells, a 16 pt gap, a 50 pt Lock Screen circle) at points × scale pixels", arguments: [(Surface.controlSmall, 62.0, 62.0), (.controlMedium, 140, 62), (.controlLarge, 140, 140),
                      (.controlLockScreen, 50, 50)])
    func sizes(surface: Surface, width: Double, height: Double) throws {
        #expect(ControlMetrics.size(of: surface) == Size(width: width, height: height))
        for scale in [1.0, 2, 3] {
            let r = try render(surface, "notifications", "on", scale: scale)
            #expect(r.pointSize == Size(width: width, height: height))
            #expect(r.pixelWidth == Int(width * scale) && r.pixelHeight == Int(height * scale))
        }
    }

    static let orange = SystemColors.color(named: "orange", scheme: .dark)!

    func close(_ p: RGBA8, _ c: RGBA, tolerance: Int = 2) -> Bool {
        abs(Int(p.r) - Int((c.r * 255).rounded())) <= tolerance && abs(Int(p.g) - Int((c.g * 255).rounded())) <= tolerance
            && abs(Int(p.b) - Int((c.b * 255).rounded())) <= tolerance && p.a == 255
    }

    func isGray(_ p: RGBA8) -> Bool {
        abs(Int(p.r) - Int(p.g)) <= 3 && abs(Int(p.g) - Int(p.b)) <= 3 && p.r > 50 && p.r < 120 && p.a > 200
    }

    /// On: the module is the tint (orange) and the glyph white; off and the button: translucent
    /// gray, glyph white. Outside the circle the PNG is transparent.
    @Test(arguments: [Surface.controlSmall, .controlMedium, .controlLarge])
    func onIsTintedOffIsGray(surface: Surface) throws {
        let on = try render(surface, "notifications", "on", scale: 2)
        let off = try render(surface, "notifications", "off", scale: 2)
        let button = try render(surface, "refreshOrder", scale: 2)
        // A point inside the module and clear of glyph and text: 6 pt below the top, in the middle.
        let x = on.pixelWidth / 2, y = 12
        #expect(close(on.bitmap.pixel(x: x, y: y), Self.orange), "\(on.bitmap.pixel(x: x, y: y))")
        #expect(isGray(off.bitmap.pixel(x: x, y: y)), "\(off.bitmap.pixel(x: x, y: y))")
        #expect(isGray(button.bitmap.pixel(x: x, y: y)), "\(button.bitmap.pixel(x: x, y: y))")
        #expect(off.bitmap.pixel(x: x, y: y) == button.bitmap.pixel(x: x, y: y))
        // The corner lies outside the circle, capsule and rounded tile.
        #expect(on.bitmap.pixel(x: 0, y: 0).a == 0 && off.bitmap.pixel(x: 0, y: 0).a == 0)
        // The glyph is white in both states: the brightest pixels are white.
        for r in [on, off] {
            var whitest = 0
            for py in 0..<r.pixelHeight { for px in 0..<r.pixelWidth {
                let p = r.bitmap.pixel(x: px, y: py)
                if p.a == 255 { whitest = max(whitest, min(Int(p.r), Int(p.g), Int(p.b))) }
            } }
            #expect(whitest >= 250)
        }
    }

    /// The Lock Screen shows no tint: on is a white circle (with a black glyph), off translucent gray.
    @Test func lockScreenOnIsWhiteOffIsGray() throws {
        let on = try render(.controlLockScreen, "notifications", "on", scale: 2)
        let off = try render(.controlLockScreen, "notifications", "off", scale: 2)
        #expect(on.bitmap.pixel(x: 50, y: 8) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(isGray(off.bitmap.pixel(x: 50, y: 8)))
        // The glyph (the middle 20 × 20 pixels) is black on, white off.
        func middle(_ r: RenderResult) -> [Int] {
            (40..<60).flatMap { y in (40..<60).map { x in Int(r.bitmap.pixel(x: x, y: y).r) } }
        }
        #expect(middle(on).min()! < 10 && middle(off).max()! > 250)
    }

    /// The toggle's off face changes the symbol (bell.slash) and the value text.
    @Test func offFaceChangesSymbolAndValue() throws {
        func placed(_ state: String) throws -> (icons: [IconContent], texts: [String]) {
            let prepared = try renderer.prepare(request(.controlMedium, "notifications", state))
            var icons: [IconContent] = [], texts: [String] = []
            prepared.composed.root.forEach { n in
                if case .icon(let i) = n.content { icons.append(i) }
                if case .text(let t) = n.content { texts.append(t.content.string) }
            }
            return (icons, texts)
        }
        let on = try placed("on"), off = try placed("off")
        #expect(on.icons.map(\.symbol) == ["bell.fill"] && off.icons.map(\.symbol) == ["bell.slash"])
        #expect(on.texts == ["배달 알림", "켜짐"] && off.texts == ["배달 알림", "꺼짐"])
    }

    /// Where glyph and texts sit, in points: medium puts the glyph centred in a 52 pt leading
    /// column and the texts after it, vertically centred; large puts the glyph at the top leading
    /// corner inside the 14 pt padding and the texts at the bottom; small centres the glyph only.
    @Test func placementInNumbers() throws {
        func frames(_ surface: Surface) throws -> (icon: Rect, texts: [Rect]) {
            let prepared = try renderer.prepare(request(surface, "notifications", "on"))
            var icon: Rect?, texts: [Rect] = []
            prepared.composed.root.forEach { n in
                if case .icon = n.content { icon = n.frame }
                if case .text = n.content { texts.append(n.frame) }
            }
            return (try #require(icon), texts)
        }
        let small = try frames(.controlSmall)
        #expect(small.icon == Rect(x: 19, y: 19, width: 24, height: 24))
        #expect(small.texts.isEmpty)
        let lock = try frames(.controlLockScreen)
        #expect(lock.icon == Rect(x: 14, y: 14, width: 22, height: 22))

        let medium = try frames(.controlMedium)
        #expect(medium.icon == Rect(x: 15, y: 20, width: 22, height: 22))
        #expect(medium.texts.count == 2)
        #expect(medium.texts.allSatisfy { $0.minX == 52 && $0.maxX <= 140 - 14 })
        let block = (medium.texts[0].minY, medium.texts[1].maxY)
        #expect(abs((block.0 + block.1) / 2 - 31) < 0.01)   // the two lines centred in the 62 pt capsule

        let large = try frames(.controlLarge)
        // bell.fill's frame is its own width (SymbolFrames: 0.98 × 28 = 27.44 pt), on the pixel grid 27.
        #expect(large.icon == Rect(x: 14, y: 14, width: 27, height: 28))
        #expect(large.texts.allSatisfy { $0.minX == 14 })
        #expect(abs(try #require(large.texts.last).maxY - (140 - 14)) < 0.01)
    }

    /// Errors name the field: an unknown control, a state on a button or a wrong word, a control
    /// on a widget surface. Defaults resolve: the first control, a toggle on.
    @Test func requestFieldsAreChecked() throws {
        func failure(_ spec: RenderSpec) -> RenderSpecError? {
            do { _ = try spec.request(in: [Self.delivery]); return nil } catch { return error }
        }
        let unknown = failure(RenderSpec(layout: "delivery", surface: "controlSmall", control: "nope"))
        #expect(unknown?.kind == .notFound && unknown?.field == "control")
        #expect(unknown?.message == "layout 'delivery' has no control 'nope'; controls: refreshOrder, notifications")
        let onButton = failure(RenderSpec(layout: "delivery", surface: "controlSmall", control: "refreshOrder", controlState: "on"))
        #expect(onButton?.kind == .badValue && onButton?.field == "controlState")
        let word = failure(RenderSpec(layout: "delivery", surface: "controlSmall", control: "notifications", controlState: "maybe"))
        #expect(word?.field == "controlState" && word?.message == "controlState must be on or off, got 'maybe'")
        let widget = failure(RenderSpec(layout: "delivery", surface: "systemSmall", control: "notifications"))
        #expect(widget?.kind == .badValue && widget?.field == "control")
        let se = failure(RenderSpec(layout: "delivery", surface: "controlLockScreen", device: "iphonese"))
        #expect(se?.kind == .unprocessable && se?.field == "surface")

        let first = try RenderSpec(layout: "delivery", surface: "controlSmall").request(in: [Self.delivery])
        #expect(first.control == "refreshOrder" && first.controlState == nil)
        let toggle = try request(.controlSmall, "notifications")
        #expect(toggle.controlState == .on)
        // Written-out defaults give the same cache key; the other state another.
        let keyer = RenderKeyer(fontDigest: "test")
        #expect(keyer.key(for: toggle) == keyer.key(for: try request(.controlSmall, "notifications", "on")))
        #expect(keyer.key(for: toggle) != keyer.key(for: try request(.controlSmall, "notifications", "off")))
        // Control Center is always dark: the scheme does not change the pixels.
        var light = toggle, dark = toggle
        light.scheme = .light; dark.scheme = .dark
        #expect(try renderer.render(light).png == renderer.render(dark).png)
    }

    /// The matrix has each control in each state on each control surface, dark only, with the
    /// first preview; the SE has no Lock Screen slot.
    @Test("the matrix has each control state on each control surface, dark only, first preview; the SE has no Lock Screen slot") func matrixCells() {
        let cells = RenderMatrix.cells(for: Self.delivery).filter { $0.surface.family == .control }
        #expect(cells.count == 4 * 3)
        #expect(cells.allSatisfy { $0.scheme == .dark && $0.preview == "onTheWay" })
        #expect(cells.map(\.relativePath).filter { $0.hasPrefix("delivery/controlMedium/") } == [
            "delivery/controlMedium/refreshOrder/onTheWay-dark.png",
            "delivery/controlMedium/notifications-on/onTheWay-dark.png",
            "delivery/controlMedium/notifications-off/onTheWay-dark.png",
        ])
        let se = RenderMatrix.cells(for: Self.delivery, device: .iphonese).filter { $0.surface.family == .control }
        #expect(Set(se.map(\.surface)) == [.controlSmall, .controlMedium, .controlLarge])
        #expect(RenderMatrix.cells(for: Self.delivery, schemes: [.light]).allSatisfy { $0.surface.family != .control })
    }

    /// The CLI reaches the same render (bytes equal to the library's) and names its option on a
    /// bad value, exiting 2.
    @Test(.childProcess) func cliRendersAControlAndNamesBadOptions() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-control-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let root = Project.root
        let ok = try await CLIProcess.run(["render", "delivery", "--project", root, "--surface", "controlLarge", "--scale", "2",
                                     "--control", "notifications", "--control-state", "off", "-o", out])
        #expect(ok.status == 0, "\(ok.stderr)")
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(written == (try render(.controlLarge, "notifications", "off", scale: 2).png))

        let bad = try await CLIProcess.run(["render", "delivery", "--project", root, "--surface", "controlSmall",
                                      "--control", "notifications", "--control-state", "maybe", "-o", out])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--control-state: controlState must be on or off, got 'maybe'"), "\(bad.stderr)")
        let unknown = try await CLIProcess.run(["render", "delivery", "--project", root, "--surface", "controlSmall", "--control", "nope", "-o", out])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--control: layout 'delivery' has no control 'nope'; controls: refreshOrder, notifications"), "\(unknown.stderr)")
    }
}
