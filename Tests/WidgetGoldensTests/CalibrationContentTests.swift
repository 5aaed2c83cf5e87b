import Foundation
import Testing
import TestSupport
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot
@testable import WidgetGoldens

/// Issue 37, item 5, on pictures WidgetShot draws (PNG files written and read back, at @3x): calibrate
/// finds low-contrast strokes and card edges by their contrast against the region's background,
/// and tells an element by its content.
@Suite struct CalibrationContentTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    static func document(_ view: String) throws -> LayoutDocument {
        try LayoutLoader.parse("""
            name: cal
            surfaces:
              systemMedium:
                view:
            \(view)
            previews:
              one: { data: {} }
            """, path: "/tmp/widgetshot-tests/cal.yaml")
    }

    func spec(_ scheme: String) -> RenderSpec {
        var spec = RenderSpec(layout: "cal", surface: "systemMedium", preview: "one", scheme: scheme, scale: 3)
        spec.look.canvas = "300x200"
        return spec
    }

    /// The render as a PNG file on disk, read back; and the placed frames of what it drew.
    func picture(_ view: String, scheme: String = "light") throws -> (image: RGBAImage, request: RenderRequest, leaves: [(frame: Calibration.Box, kind: String)]) {
        let request = try spec(scheme).request(in: [try Self.document(view)])
        let result = try renderer.render(request)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-calibration-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(result.png).write(to: URL(fileURLWithPath: file))
        let prepared = try renderer.prepare(request)
        return (try PNGCodec.decode(file: file), request, CalibrationRun.drawnLeaves(prepared.composed.root, magnification: 1))
    }

    static func near(_ a: Calibration.Box, _ b: Calibration.Box, within: Double = 0.34) -> Bool {
        abs(a.x - b.x) <= within && abs(a.y - b.y) <= within
            && abs(a.width - b.width) <= within && abs(a.height - b.height) <= within
    }

    /// A card with a 1 pt border in gradus' light grey (220,220,221: 35 from white), holding a
    /// label, a progress bar on a #E5E5EA track (26 from white) and a #E5E5EA divider, and a
    /// footer. Every one is an element: 6, where the ink threshold alone found the 2 labels and
    /// the bar's fill.
    static let card = """
              zstack:
                - { roundedRect: 12, strokeBorder: "#DCDCDD", lineWidth: 1 }
                - vstack:
                    - { text: Weekly, font: { style: headline } }
                    - { progress: 0.4, tint: green, track: "#E5E5EA", thickness: 8 }
                    - { divider: null, color: "#E5E5EA" }
                    - { text: synced, style: caption }
                  spacing: 12
                  alignment: leading
                  padding: 16
              frame: { width: 260, height: 150 }
        """

    @Test func lowContrastStrokesAndCardEdgesAreElements() throws {
        let p = try picture(Self.card)
        let options = Calibration.Options(scale: 3)
        let found = try Calibration.elements(in: DiffImage(p.image), options: options)
        #expect(found.count == 6, "\(found)")
        // The card's border, the track and the divider are found at their frames.
        // The shapes drawn (the canvas's background left out): the card, the bar, the divider.
        let shapes = p.leaves.filter { $0.kind == "shape" && $0.frame.width < 300 }.map(\.frame)
        #expect(shapes.count == 3, "\(shapes)")
        for frame in shapes {
            // The divider's ink is its hairline, not its frame: a pixel (at @3x) inside it.
            let hairline = frame.height < 1
            #expect(found.contains { Self.near($0, frame, within: hairline ? 0.67 : 0.34) }, "no element at \(frame): \(found)")
        }
        var globalOnly = options
        globalOnly.faintThreshold = 0
        #expect(try Calibration.elements(in: DiffImage(p.image), options: globalOnly).count == 3)
    }

    /// A render measured against itself: everything matched in place, each told by its content.
    func selfCalibration(_ view: String, scheme: String = "light") throws -> Calibration.Report {
        let p = try picture(view, scheme: scheme)
        var options = Calibration.Options(scale: 3)
        options.align = false
        return try CalibrationRun.run(reference: p.image, request: p.request, scaleGiven: true, renderer: renderer, options: options).report
    }

    @Test func theCardMeasuredAgainstItselfIsShapesAndText() throws {
        let r = try selfCalibration(Self.card)
        #expect(r.matches.count == 6 && r.referenceElements == 6 && r.p90CentreError == 0)
        #expect(r.matches.filter { $0.kind == "text" }.count == 2, "\(r.matches.map { ($0.reference, $0.kind) })")
        #expect(r.matches.filter { $0.kind == "shape" }.count == 4, "\(r.matches.map { ($0.reference, $0.kind) })")
    }

    /// A dark card holding text (issue 37: calibrate called it "text"): the card is a shape with
    /// its text inside, on white (the text joins the card's ink and is found by colour) and on
    /// black in dark mode (#1C1C1E on black is faint: 28 from the background; the card was not
    /// seen at all).
    static let darkCard = """
              zstack:
                - { roundedRect: 16, fill: "#1C1C1E" }
                - vstack:
                    - { text: OpenCode, font: { style: headline }, color: white }
                    - { text: 42%, style: caption, color: white }
                  spacing: 6
              frame: { width: 200, height: 110 }
        """

    @Test func aDarkCardHoldingTextIsAShapeWithTextInside() throws {
        for scheme in ["light", "dark"] {
            let r = try selfCalibration(Self.darkCard, scheme: scheme)
            let kinds = r.matches.map { $0.kind ?? "-" }.sorted()
            #expect(kinds == ["shape", "text", "text"], "\(scheme): \(r.matches.map { ($0.reference, $0.kind) })")
            let card = try #require(r.matches.first { $0.kind == "shape" })
            #expect(Self.near(card.reference, Calibration.Box(x: 50, y: 45, width: 200, height: 110)), "\(scheme): \(card.reference)")
            // The text inside the card: within it, not the card.
            for text in r.matches where text.kind == "text" {
                #expect(text.reference.width < 100 && text.reference.x > 50 && text.reference.y > 45, "\(scheme): \(text.reference)")
            }
        }
    }
}
