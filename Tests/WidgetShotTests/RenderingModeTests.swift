import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// The rendering modes: accented (the tinted Home Screen), vibrant (Lock Screen
/// accessories, gray) and StandBy's night mode (vibrant on standBy, red), in pixels; the
/// `widgetAccentable` flag and its inheritance; the mode as part of the spec and the render key.
@Suite struct RenderingModeTests {
    static let widget = """
    name: modes
    surfaces:
      systemSmall:
        background:
          rect:
          fill: "#FF0000"
        margins: { top: 0, leading: 0, bottom: 0, trailing: 0 }
        view:
          hstack:
            - rect:
              fill: "#0000FF"
              frame: { width: 40, height: 40 }
            - rect:
              fill: "#00FF00"
              opacity: 0.5
              frame: { width: 40, height: 40 }
            - spacer
          spacing: 0
          frame: { maxWidth: infinity, maxHeight: infinity, alignment: topLeading }
      lockScreen:
        view: { text: "hi", frame: { height: 90 } }
      standBy:
        view:
          vstack:
            - rect:
              fill: "#3399FF"
              frame: { width: 60, height: 30 }
            - text: "Night"
              color: "#FFCC00"
      accessoryRectangular:
        view:
          vstack:
            - rect:
              fill: "#FF8800"
              frame: { width: 30, height: 20 }
            - text: "Lock"
              color: "#00AAFF"
    previews:
      p: { data: {} }
    """

    static let groups = """
    name: groups
    surfaces:
      systemSmall:
        margins: { top: 0, leading: 0, bottom: 0, trailing: 0 }
        view:
          vstack:
            - hstack:
                - rect:
                  fill: "#101010"
                  frame: { width: 30, height: 30 }
                - hstack:
                    - rect:
                      fill: "#202020"
                      frame: { width: 30, height: 30 }
                  widgetAccentable: false
              spacing: 0
              widgetAccentable: true
            - rect:
              fill: "#303030"
              frame: { width: 30, height: 30 }
          spacing: 0
          alignment: leading
          frame: { maxWidth: infinity, maxHeight: infinity, alignment: topLeading }
    previews:
      p: { data: {} }
    """

    func document(_ yaml: String) throws -> LayoutDocument {
        try LayoutLoader.parse(yaml, path: "/tmp/widgetshot-tests/modes.yaml")
    }

    func render(_ yaml: String, _ surface: Surface, mode: RenderingMode? = nil, scheme: ColorScheme = .light) throws -> RenderResult {
        let doc = try document(yaml)
        var request = RenderRequest(layout: doc, surface: surface, preview: doc.previews[0], scale: 1, scheme: scheme)
        request.mode = mode
        return try WidgetRenderer(fonts: Project.fonts).render(request)
    }

    /// Every pixel of the bitmap, straight.
    func pixels(_ bitmap: Bitmap) -> [RGBA8] {
        var out: [RGBA8] = []
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { out.append(bitmap.pixel(x: x, y: y)) } }
        return out
    }

    @Test func fullColorIsTheHomeDefaultAndDrawsAsWritten() throws {
        let r = try render(Self.widget, .systemSmall)
        #expect(r.bitmap.pixel(x: 20, y: 20) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(r.bitmap.pixel(x: 120, y: 120) == RGBA8(r: 255, g: 0, b: 0, a: 255), "container background")
        let explicit = try render(Self.widget, .systemSmall, mode: .fullColor)
        #expect(explicit.png == r.png)
    }

    /// The container background is gone (transparent where only it was), opaque content is opaque
    /// white, half-transparent content is white at half alpha: colour replaced, alpha kept.
    @Test func accentedRemovesTheBackgroundAndTintsContentWhite() throws {
        let r = try render(Self.widget, .systemSmall, mode: .accented)
        #expect(r.bitmap.pixel(x: 120, y: 120).a == 0, "background still drawn: \(r.bitmap.pixel(x: 120, y: 120))")
        #expect(r.bitmap.pixel(x: 20, y: 20) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        let half = r.bitmap.pixel(x: 60, y: 20)
        #expect(half.r == 255 && half.g == 255 && half.b == 255 && abs(Int(half.a) - 128) <= 1, "\(half)")
        // Nothing red, green or blue is left anywhere: every pixel is white or transparent.
        let coloured = pixels(r.bitmap).filter { $0.a > 0 && ($0.r != 255 || $0.g != 255 || $0.b != 255) }
        #expect(coloured.isEmpty, "\(coloured.count) coloured pixels, e.g. \(coloured.prefix(3))")
    }

    /// A container background given as a view is removed as well.
    @Test func accentedRemovesABackgroundView() throws {
        let yaml = Self.widget.replacingOccurrences(of: """
            background:
              rect:
              fill: "#FF0000"
        """, with: """
            background:
              vstack:
                - rect:
                  fill: "#FF0000"
        """)
        #expect(yaml != Self.widget)
        let full = try render(yaml, .systemSmall)
        #expect(full.bitmap.pixel(x: 120, y: 120) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        let accented = try render(yaml, .systemSmall, mode: .accented)
        #expect(accented.bitmap.pixel(x: 120, y: 120).a == 0)
    }

    /// `widgetAccentable` is inherited by children until a `false` inside: the first rect is in the
    /// accent group, the one under `widgetAccentable: false` and the one outside are primary.
    @Test func accentableFlagIsInheritedAndDrawnInItsGroupsColour() throws {
        let doc = try document(Self.groups)
        let request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0], scale: 1)
        var withMode = request
        withMode.mode = .accented
        let prepared = try WidgetRenderer(fonts: Project.fonts).prepare(withMode)
        let tint = AccentedTint(accent: RGBA(r: 1, g: 0, b: 0), primary: RGBA(r: 0, g: 0, b: 1))
        let bitmap = Renderer(fonts: Project.fonts).drawAccented(prepared.composed.root, tint: tint,
                                                                  pixelWidth: Int(prepared.composed.size.width),
                                                                  pixelHeight: Int(prepared.composed.size.height), scale: 1)
        #expect(bitmap.pixel(x: 15, y: 15) == RGBA8(r: 255, g: 0, b: 0, a: 255), "accent group")
        #expect(bitmap.pixel(x: 45, y: 15) == RGBA8(r: 0, g: 0, b: 255, a: 255), "widgetAccentable: false inside")
        #expect(bitmap.pixel(x: 15, y: 45) == RGBA8(r: 0, g: 0, b: 255, a: 255), "outside: primary")
        #expect(bitmap.pixel(x: 100, y: 100).a == 0, "background removed")

        // In numbers: the flag sits on the placed node of the stack it was written on.
        var flags: [Bool?] = []
        prepared.composed.root.forEach { node in if node.accentable != nil { flags.append(node.accentable) } }
        #expect(flags == [true, false])
    }

    /// `context.renderingMode` lets a layout drop a view that would be a white block when tinted.
    @Test func layoutsReadTheModeAsContextRenderingMode() throws {
        let yaml = """
        name: ctx
        surfaces:
          systemSmall:
            margins: { top: 0, leading: 0, bottom: 0, trailing: 0 }
            view:
              zstack:
                - rect:
                  fill: "#00FF00"
                  when: "context.renderingMode != 'accented'"
                - text: "{{context.renderingMode}}"
        previews:
          p: { data: {} }
        """
        let full = try render(yaml, .systemSmall)
        #expect(full.bitmap.pixel(x: 12, y: 80) == RGBA8(r: 0, g: 255, b: 0, a: 255))
        let accented = try render(yaml, .systemSmall, mode: .accented)
        #expect(accented.bitmap.pixel(x: 12, y: 80).a == 0)
        #expect(accented.warnings.isEmpty, "\(accented.warnings)")
    }

    /// StandBy's night mode: monochrome red, only the red channel lit.
    @Test func nightModeLightsOnlyTheRedChannel() throws {
        let r = try render(Self.widget, .standBy, mode: .vibrant)
        let all = pixels(r.bitmap)
        #expect(all.allSatisfy { $0.g == 0 && $0.b == 0 }, "green or blue in \(all.first { $0.g != 0 || $0.b != 0 }!)")
        #expect(all.contains { $0.r > 100 && $0.a > 200 }, "nothing drawn")
        // The default StandBy stays in full colour.
        let full = pixels(try render(Self.widget, .standBy).bitmap)
        #expect(full.contains { $0.b > 200 && $0.r < 100 })
    }

    /// The accessories are vibrant by default and only vibrant: gray, every channel equal.
    @Test func vibrantAccessoryIsGray() throws {
        let r = try render(Self.widget, .accessoryRectangular)
        let all = pixels(r.bitmap)
        #expect(all.allSatisfy { $0.r == $0.g && $0.g == $0.b }, "\(all.first { $0.r != $0.g || $0.g != $0.b }!)")
        #expect(all.contains { $0.a > 200 && $0.r > 50 })
        #expect(try render(Self.widget, .accessoryRectangular, mode: .vibrant).png == r.png)
    }

    /// The rectangular accessory also has a full-colour mode (Apple's "Preparing widgets for
    /// additional contexts" table: fullColor Yes for accessoryRectangular, No for circular and
    /// inline; the watch's Smart Stack and multicolour faces): colours as written, the container
    /// background drawn. On the iPhone Lock Screen it stays vibrant, the default.
    @Test func rectangularAccessoryHasAFullColourMode() throws {
        #expect(Surface.accessoryRectangular.renderingModes == [.vibrant, .fullColor])
        let r = try render(Self.widget, .accessoryRectangular, mode: .fullColor)
        let all = pixels(r.bitmap)
        #expect(all.contains { $0 == RGBA8(r: 255, g: 0x88, b: 0, a: 255) }, "the orange rect is drawn as written")
        let withBackground = Self.widget.replacingOccurrences(of: "  accessoryRectangular:\n", with: "  accessoryRectangular:\n    background: \"#0000FF\"\n")
        let b = try render(withBackground, .accessoryRectangular, mode: .fullColor)
        #expect(b.bitmap.pixel(x: b.bitmap.width - 2, y: b.bitmap.height - 2) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        let vibrant = try render(withBackground, .accessoryRectangular)
        #expect(vibrant.bitmap.pixel(x: vibrant.bitmap.width - 2, y: vibrant.bitmap.height - 2).a == 0, "vibrant removes it")
        #expect(Surface.accessoryCircular.renderingModes == [.vibrant] && Surface.accessoryInline.renderingModes == [.vibrant])
        // The goldens are the iPhone's: no full-colour accessory cells.
        #expect(!RenderMatrix.cells(for: try document(Self.widget)).contains { $0.relativePath.contains("fullColor") })
    }

    @Test func surfacesListTheirModesDefaultFirst() {
        #expect(Surface.systemSmall.renderingModes == [.fullColor, .accented])
        #expect(Surface.accessoryCircular.renderingModes == [.vibrant])
        #expect(Surface.standBy.renderingModes == [.fullColor, .vibrant])
        #expect(Surface.lockScreen.renderingModes == [.fullColor])
        #expect(Surface.islandCompact.renderingModes == [.fullColor])
    }

    /// A mode the surface does not have is refused by the spec (422 on the server, exit 2 on the
    /// CLI) and by the renderer, naming the mode and the surface; an unknown mode is a bad value.
    @Test func modeTheSurfaceLacksIsAnErrorNamingBoth() throws {
        let doc = try document(Self.widget)
        let spec = RenderSpec(layout: "modes", surface: "lockScreen", preview: "p", mode: "accented")
        #expect { _ = try spec.request(for: doc) } throws: { error in
            guard let e = error as? RenderSpecError else { return false }
            return e.kind == .unprocessable && e.field == "mode" && e.message.contains("lockScreen")
                && e.message.contains("accented") && e.message.contains("fullColor")
        }
        let unknown = RenderSpec(layout: "modes", surface: "systemSmall", preview: "p", mode: "tinted")
        #expect { _ = try unknown.request(for: doc) } throws: { error in
            guard let e = error as? RenderSpecError else { return false }
            return e.kind == .badValue && e.field == "mode" && e.message.contains("tinted") && e.message.contains("accented")
        }
        let good = try RenderSpec(layout: "modes", surface: "systemSmall", preview: "p", mode: "accented").request(for: doc)
        #expect(good.mode == .accented)
        var direct = good
        direct.surface = .lockScreen
        #expect(throws: RenderError.self) { _ = try WidgetRenderer(fonts: Project.fonts).render(direct) }
    }

    /// The mode is part of the render key; the surface's default mode, given or not, is one key
    /// (the same as before modes existed).
    @Test func modeIsPartOfTheRenderKey() throws {
        let doc = try document(Self.widget)
        let keyer = RenderKeyer(fontDigest: "f")
        var request = RenderRequest(layout: doc, surface: .systemSmall, preview: doc.previews[0])
        let plain = keyer.key(for: request)
        request.mode = .fullColor
        #expect(keyer.key(for: request) == plain)
        request.mode = .accented
        #expect(keyer.key(for: request) != plain)
    }

    /// The golden matrix names the mode: accented home cells in dark, night-mode standBy cells.
    @Test func matrixHasAccentedAndNightCellsNamedByMode() throws {
        let doc = try document(Self.widget)
        let cells = RenderMatrix.cells(for: doc)
        let paths = Set(cells.map(\.relativePath))
        #expect(paths.contains("modes/systemSmall/p-light.png"))
        #expect(paths.contains("modes/systemSmall/p-dark.png"))
        #expect(paths.contains("modes/systemSmall/p-dark-accented.png"))
        #expect(!paths.contains("modes/systemSmall/p-light-accented.png"))
        #expect(paths.contains("modes/standBy/p-dark-vibrant.png"))
        #expect(paths.contains("modes/accessoryRectangular/p-light.png"))
        #expect(!paths.contains { $0.contains("lockScreen") && $0.contains("-dark-") })
        let onlyAccented = RenderMatrix.cells(for: doc, modes: [.accented])
        #expect(onlyAccented.map(\.relativePath) == ["modes/systemSmall/p-dark-accented.png"])
    }

    @Test(.childProcess) func cliRenderTakesModeAndRefusesOneTheSurfaceLacks() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("modes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/a.png"
        let ok = try await CLIProcess.run(["render", "delivery", "--surface", "systemSmall", "--mode", "accented", "--scale", "1",
                                     "-o", out, "--project", Project.root])
        #expect(ok.status == 0, "\(ok.stderr)")
        let png = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        // Every pixel drawn is white; the corners (container background only) are transparent.
        var drawn = 0, notWhite: [RGBA8] = []
        for y in 0..<png.height {
            for x in 0..<png.width where png.pixel(x: x, y: y).a > 0 {
                let p = png.pixel(x: x, y: y)
                drawn += 1
                if p.r != 255 || p.g != 255 || p.b != 255 { notWhite.append(p) }
            }
        }
        #expect(drawn > 100)
        #expect(notWhite.isEmpty, "\(notWhite.count) pixels not white, e.g. \(notWhite.prefix(3))")
        #expect(png.pixel(x: 3, y: png.height - 20).a == 0)
        let bad = try await CLIProcess.run(["render", "delivery", "--surface", "lockScreen", "--mode", "accented",
                                      "-o", dir + "/b.png", "--project", Project.root])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--mode") && bad.stderr.contains("lockScreen") && bad.stderr.contains("accented"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/b.png"))
    }
}
