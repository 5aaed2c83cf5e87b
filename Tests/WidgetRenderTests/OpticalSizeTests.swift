import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// The system font's continuous optical size (iOS 14 and later): from 17 to 28 pt SF Pro goes from
/// its Text to its Display design. WidgetShot draws the nearer of the two bundled faces (Inter,
/// Inter Display) and sets the text as wide as the two interpolated. Before, every size was drawn
/// in Inter: a title2 bold line was 3.1–3.7 % wider than iOS's (docs/fidelity.md).
@Suite struct OpticalSizeTests {
    let renderer = Renderer(fonts: TestFonts.library)

    func width(_ text: String, _ font: FontSpec) -> Double {
        renderer.measurer.measure(TextContent(string: text, font: font), font: font, width: nil, maxLines: nil).size.width
    }

    /// The system font at `size` (SF's tracking, optical size on).
    func system(_ size: Double, _ weight: FontWeight = .bold) -> FontSpec {
        FontSpec(size: size, weight: weight, opticalTracking: true)
    }

    /// One family by name with SF's tracking written out: what the system font would be in that face
    /// alone (a family list other than the system one, so no optical size applies to it).
    func face(_ family: String, _ size: Double, _ weight: FontWeight = .bold) -> FontSpec {
        FontSpec(families: [family], size: size, weight: weight, tracking: SystemFontMetrics.tracking(size: size))
    }

    @Test func theWidthIsTheTwoFacesInterpolatedBetween17And28() {
        for (size, weight) in [(22.0, FontWeight.bold), (20, .semibold), (25, .regular), (17.5, .medium)] {
            let t = (size - 17) / 11
            func interpolated(_ text: String) -> Double {
                let inter = width(text, face("Inter", size, weight)), display = width(text, face("Inter Display", size, weight))
                return inter + (display - inter) * t
            }
            // The sample the tracking is taken from comes out exactly interpolated…
            let sample = Renderer.opticalSizeSample
            #expect(abs(width(sample, system(size, weight)) - interpolated(sample)) < 0.1, "sample at \(size) pt")
            // …and real texts within 1.5 % of theirs.
            for text in ["OpenCode Go", "Gradus", "Arriving in 12 min", "Seoul Kitchen", "12:45 PM"] {
                let drawn = width(text, system(size, weight)), expected = interpolated(text)
                #expect(abs(drawn - expected) / expected < 0.015, "\(text) at \(size) pt: \(drawn) against \(expected)")
            }
        }
        let inter = width("OpenCode Go", face("Inter", 22)), display = width("OpenCode Go", face("Inter Display", 22))
        #expect(display < inter - 5, "Inter Display is the narrower face: \(display) against \(inter)")
    }

    /// The tracking is one number per size and weight: two texts of as many characters differ by
    /// exactly what their glyphs differ by in the face that draws them (a changed digit moves no
    /// other glyph).
    @Test func theTrackingDoesNotDependOnTheText() {
        let a = "12:45", b = "12:46"
        let drawnDifference = width(b, system(22)) - width(a, system(22))
        let faceDifference = width(b, face("Inter", 22)) - width(a, face("Inter", 22))
        #expect(abs(drawnDifference - faceDifference) < 0.002, "\(drawnDifference) against \(faceDifference)")
    }

    @Test func theEndsAreTheTwoFacesThemselves() {
        for text in ["OpenCode Go", "12:45 PM"] {
            #expect(width(text, system(17, .regular)) == width(text, face("Inter", 17, .regular)))
            #expect(width(text, system(13, .regular)) == width(text, face("Inter", 13, .regular)))
            #expect(width(text, system(28)) == width(text, face("Inter Display", 28)))
            #expect(width(text, system(40)) == width(text, face("Inter Display", 40)))
        }
    }

    /// Hangul is drawn in its own font on iOS: neither the optical size nor SF's tracking moves it.
    @Test func hangulKeepsItsWidth() {
        let hangul = "배달중도착예정"
        #expect(width(hangul, system(22)) == width(hangul, FontSpec(size: 22, weight: .bold)))
    }

    /// Rounded, monospaced and serif have no display face; a table that names its own system font
    /// without `system-display` draws every size in it.
    @Test func onlyTheDefaultDesignWithDisplayFamiliesInterpolates() {
        let table = FontTable(families: [.default: ["Inter", "NanumGothic"], .rounded: ["Quicksand"]],
                              display: ["Inter Display", "NanumGothic"], file: nil)
        #expect(table.opticalPosition(design: .default, size: 22) == 5.0 / 11)
        #expect(table.opticalPosition(design: .default, size: 12) == 0 && table.opticalPosition(design: .default, size: 30) == 1)
        #expect(table.opticalPosition(design: .rounded, size: 22) == nil)
        #expect(table.families(for: .default, size: 22) == ["Inter", "NanumGothic"])
        #expect(table.families(for: .default, size: 22.5) == ["Inter Display", "NanumGothic"])
        #expect(table.families(for: .rounded, size: 30) == ["Quicksand"])
        var own = table
        own.display = nil
        #expect(own.opticalPosition(design: .default, size: 22) == nil)
        #expect(own.families(for: .default, size: 30) == ["Inter", "NanumGothic"])
    }

    /// `fonts.yaml`: `system-display` is a key like the others; naming `system` alone turns the
    /// bundled display face off.
    @Test func theFontsTableNamesTheDisplayFamilies() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("optical-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in ["Inter-Regular.otf", "Inter-Bold.otf", "InterDisplay-Regular.otf", "InterDisplay-Bold.otf", "NanumGothic.ttf"] {
            try FileManager.default.copyItem(atPath: TestFonts.directory + "/" + f, toPath: dir + "/" + f)
        }
        #expect(try FontLibrary(directory: dir, sealed: false).table.display == ["Inter Display", "NanumGothic"])
        try "system: [Inter Display, NanumGothic]\n".write(toFile: dir + "/fonts.yaml", atomically: true, encoding: .utf8)
        #expect(try FontLibrary(directory: dir, sealed: false).table.display == nil)
        try "system: Inter\nsystem-display: Inter Display\n".write(toFile: dir + "/fonts.yaml", atomically: true, encoding: .utf8)
        #expect(try FontLibrary(directory: dir, sealed: false).table.display == ["Inter Display"])
        try "system-display: [Nope]\n".write(toFile: dir + "/fonts.yaml", atomically: true, encoding: .utf8)
        #expect(throws: FontLibraryError.self) { try FontLibrary(directory: dir, sealed: false) }
    }
}
