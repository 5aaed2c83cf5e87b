import Foundation
import Testing
import TestSupport
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// The diff engine on real pairs made by rendering the reference widget (1014×474 at 3x).
@Suite struct SnapshotDiffTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    func reference(_ edit: (String) -> String = { $0 }) throws -> LayoutDocument {
        let path = Project.folders.layouts + "/reference.yaml"
        return try LayoutLoader.parse(edit(try String(contentsOfFile: path, encoding: .utf8)), path: path)
    }

    func render(_ doc: LayoutDocument, scale: Double = 3, data: DataValue? = nil) throws -> (DiffImage, PreparedSurface) {
        var request = RenderRequest(layout: doc, surface: .systemMedium, preview: doc.previews[0], scale: scale)
        if let data { request.data = data }
        let result = try renderer.render(request)
        let image = try PNGCodec.decode(result.png)
        return (DiffImage(width: image.width, height: image.height, pixels: image.pixels), try renderer.prepare(request))
    }

    /// The frame (pixels, at 3x) of the first text whose string is `s`.
    func textFrame(_ s: String, in prepared: PreparedSurface) -> Rect? {
        var found: Rect?
        prepared.composed.root.forEach { node in
            if found == nil, case .text(let t) = node.content, t.content.string == s {
                found = Rect(x: node.frame.minX * 3, y: node.frame.minY * 3, width: node.frame.width * 3, height: node.frame.height * 3)
            }
        }
        return found
    }

    func withETA(_ eta: String) throws -> DataValue {
        let doc = try reference()
        guard case .object(var top) = doc.previews[0].data else { throw FixtureError.notAnObject }
        top["eta"] = .string(eta)
        return .object(top)
    }

    @Test func identicalRendersTakeTheFastPath() throws {
        let doc = try reference()
        let (a, _) = try render(doc)
        let (b, _) = try render(doc)
        let r = ImageDiff.compare(expected: a, actual: b)
        #expect(r.verdict == .identical && r.passed && r.differingPixels == 0)
        #expect(ImageDiff.pixelHash(a) == ImageDiff.pixelHash(b))
    }

    @Test func textMovedOnePixelFailsAndIsLocated() throws {
        let (a, preparedA) = try render(try reference())
        let moved = try reference { yaml in
            yaml.replacingOccurrences(of: "- text: \"{{restaurant}}\"\n",
                                      with: "- text: \"{{restaurant}}\"\n                  offset: { x: 0, y: 0.3333333333333333 }\n")
        }
        let (b, _) = try render(moved)
        let r = ImageDiff.compare(expected: a, actual: b)
        #expect(r.verdict == .different)
        let frame = try #require(textFrame("Seoul Kitchen", in: preparedA))
        #expect(!r.regions.isEmpty)
        for region in r.regions {
            // Every difference sits on the moved text (its frame, one pixel of slack for the move).
            #expect(Double(region.x) >= frame.minX - 1 && Double(region.x + region.width) <= frame.maxX + 1, "\(region)")
            #expect(Double(region.y) >= frame.minY - 1 && Double(region.y + region.height) <= frame.maxY + 2, "\(region)")
        }
    }

    @Test func oneChangedDigitFailsThroughTheWindowRule() throws {
        let doc = try reference()
        let (a, _) = try render(doc)
        let (b, _) = try render(doc, data: try withETA("12:46"))
        // 0.25 %: the ETA is centred, so the wider 6 moves its neighbours by a fraction of a point
        // too (0.14 % of the pixels differ in Inter Display; 0.1 % was enough in Inter).
        var loose = DiffOptions.default
        loose.maxDiffRatio = 0.0025
        let r = ImageDiff.compare(expected: a, actual: b, options: loose)
        #expect(r.ratio < 0.0025, "the change is small enough for the global rule alone: \(r.ratio)")
        #expect(r.verdict == .different, "the 8×8 window rule must catch one digit: \(r.failureReason ?? "")")
        var noWindow = loose
        noWindow.windowSize = 0
        #expect(ImageDiff.compare(expected: a, actual: b, options: noWindow).passed, "without the window rule it would pass")
    }

    @Test func oneLevelOfOneChannelPasses() throws {
        let (a, _) = try render(try reference())
        var b = a
        var changed = 0
        for i in stride(from: 0, to: b.pixels.count, by: 4) where b.pixels[i + 3] == 255 && b.pixels[i + 2] < 255 {
            b.pixels[i + 2] += 1
            changed += 1
        }
        #expect(changed > 100_000)
        let r = ImageDiff.compare(expected: a, actual: b)
        #expect(r.passed && r.verdict == .withinTolerance && r.differingPixels == 0)
    }

    @Test func differentSizesFailNamingBoth() throws {
        let doc = try reference()
        let (a, _) = try render(doc, scale: 3)
        let (b, _) = try render(doc, scale: 2)
        let r = ImageDiff.compare(expected: a, actual: b)
        #expect(r.verdict == .sizeMismatch && !r.passed)
        let reason = r.failureReason ?? ""
        #expect(reason.contains("1014") && reason.contains("474") && reason.contains("676") && reason.contains("316"), "\(reason)")
    }

    @Test func anIgnoreRegionOverTheChangePasses() throws {
        let doc = try reference()
        let (a, prepared) = try render(doc)
        let (b, _) = try render(doc, data: try withETA("12:46"))
        let frame = try #require(textFrame("12:45", in: prepared))
        var options = DiffOptions.default
        #expect(!ImageDiff.compare(expected: a, actual: b, options: options).passed)
        options.ignore = [IgnoreRegion(x: frame.minX - 2, y: frame.minY - 2, width: frame.width + 4, height: frame.height + 4)]
        #expect(ImageDiff.compare(expected: a, actual: b, options: options).passed)
    }
}

enum FixtureError: Error { case notAnObject }
