import Foundation
import Testing
import WidgetLayout
import WidgetModel
@testable import WidgetRender

/// SwiftUI's nine weights and four designs. Every weight draws its own face where the family has one
/// (Inter: all nine) and the nearest face where it has not (NanumGothic: regular and bold); each
/// design draws the fonts table's families for it (bundled: Quicksand, JetBrains Mono, Noto Serif).
/// Before, there were four weights and one design.
@Suite struct FontDesignTests {
    let renderer = Renderer(fonts: TestFonts.library)

    /// The sum of ink alpha over a drawn line of text: heavier faces lay more ink.
    func ink(_ text: String, _ font: FontSpec) -> Int {
        let m = renderer.measurer.measure(TextContent(string: text, font: font), font: font, width: nil, maxLines: nil)
        let placed = PlacedNode(frame: Rect(x: 0, y: 0, width: m.size.width, height: m.size.height),
                                content: .text(PlacedText(content: TextContent(string: text, font: font), font: font, wrapWidth: nil,
                                                          maxLines: nil, lineCount: 1, truncated: false)))
        let bitmap = renderer.draw(placed, pixelWidth: Int(m.size.width.rounded(.up)) + 2, pixelHeight: Int(m.size.height.rounded(.up)) + 2, scale: 1)
        var sum = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width { sum += Int(bitmap.pixel(x: x, y: y).a) } }
        return sum
    }

    func width(_ text: String, _ font: FontSpec) -> Double {
        renderer.measurer.measure(TextContent(string: text, font: font), font: font, width: nil, maxLines: nil).size.width
    }

    @Test func everyWeightIsHeavierThanTheOneBefore() {
        let inks = FontWeight.allCases.map { ink("Hamburgefonstiv 123", FontSpec(size: 30, weight: $0)) }
        for (a, b) in zip(inks, inks.dropFirst()) { #expect(a < b, "\(inks)") }
        // Hangul has two faces: the light weights draw the regular one, the heavy ones the bold one.
        let hangul = { (w: FontWeight) in ink("배달 중", FontSpec(size: 30, weight: w)) }
        #expect(hangul(.ultraLight) == hangul(.regular))
        #expect(hangul(.black) == hangul(.bold))
        #expect(hangul(.bold) > hangul(.regular))
    }

    @Test func eachDesignDrawsItsOwnFamily() {
        let mono = FontSpec(size: 20, design: .monospaced)
        #expect(abs(width("iiiiii", mono) - width("MMMMMM", mono)) < 0.01, "monospaced: every letter as wide")
        let plain = FontSpec(size: 20)
        #expect(width("MMMMMM", plain) - width("iiiiii", plain) > 30)
        let widths = FontDesign.allCases.map { width("Rounded serif 12:45", FontSpec(size: 20, design: $0)) }
        #expect(Set(widths).count == 4, "\(widths)")
        #expect(renderer.fontKey(FontSpec(size: 20, design: .serif)).families == ["Noto Serif", "NanumGothic"])
        // A family given by name is used as it is, whatever the design.
        #expect(renderer.fontKey(FontSpec(families: ["Material Icons"], size: 20, design: .serif)).families == ["Material Icons"])
    }

    @Test func theTableComesFromTheFontsFolder() throws {
        let dir = NSTemporaryDirectory() + "widgetshot-fonttable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for f in ["Inter-Regular.otf", "Inter-Bold.otf", "NanumGothic.ttf"] {
            try FileManager.default.copyItem(atPath: TestFonts.directory + "/" + f, toPath: dir + "/" + f)
        }
        // No table and no bundled design fonts: every design draws the system families.
        let bare = try FontLibrary(directory: dir, sealed: false)
        #expect(bare.table.families(for: .rounded) == ["Inter", "NanumGothic"] && bare.table.file == nil)
        // A table points a design at other families and is part of what a render depends on.
        try "# ours\nsystem-mono: [NanumGothic]\nsystem-serif: Inter\n".write(toFile: dir + "/fonts.yaml", atomically: true, encoding: .utf8)
        let mapped = try FontLibrary(directory: dir, sealed: false)
        #expect(mapped.table.families(for: .monospaced) == ["NanumGothic"] && mapped.table.families(for: .serif) == ["Inter"])
        #expect(mapped.stampFiles.last == dir + "/fonts.yaml")
        // A family no file has, or an unknown key, is an error naming the place.
        try "system-mono: [JetBrains Mono]\n".write(toFile: dir + "/fonts.yaml", atomically: true, encoding: .utf8)
        #expect { try FontLibrary(directory: dir, sealed: false) } throws: {
            "\($0)".contains("fonts.yaml:1:14") && "\($0)".contains("'JetBrains Mono'") && "\($0)".contains("Inter, NanumGothic")
        }
        try "system: [Inter]\nsystem-cursive: [Inter]\n".write(toFile: dir + "/fonts.yaml", atomically: true, encoding: .utf8)
        #expect { try FontLibrary(directory: dir, sealed: false) } throws: {
            "\($0)".contains("fonts.yaml:2:1") && "\($0)".contains("'system-cursive'") && "\($0)".contains("system-rounded")
        }
    }
}
