import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// Text layout costs about linear time in the string's length: a text far longer than any surface
/// shows is laid out (and drawn) in well under a second, whatever the caller bound.
@Suite struct LongTextTests {
    /// The reference widget with its ETA column (bold 28 pt, no line limit) holding `eta`.
    func referenceRequest(eta: String) throws -> RenderRequest {
        // The binder refuses text past Limits.textLength; lifted here, so what is measured is the
        // renderer's own handling of a long string (a library caller may not bind through limits).
        var limits = Limits.default
        limits.textLength = 10_000_000
        limits.surfaceTextLength = 10_000_000
        limits.bindSteps = 100_000_000
        let doc = try LayoutLoader.load(path: Project.folders.layouts + "/reference.yaml", limits: limits)
        var preview = try #require(doc.previews.first)
        var data: [String: DataValue] = [:]
        if case .object(let fields) = preview.data { data = fields }
        data["eta"] = .string(eta)
        preview.data = .object(data)
        return RenderRequest(layout: doc, surface: .systemMedium, preview: preview)
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
    }

    static let pieces = ["12:45 ", "x", "배달", "a\n", "in 18 min · "]

    @Test(arguments: pieces, [20_000, 1_000_000])
    func referenceWidgetWithALongETARendersQuickly(piece: String, length: Int) throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let eta = String(repeating: piece, count: length / piece.count)
        let request = try referenceRequest(eta: eta)
        var result: RenderResult?
        let elapsed = try Self.seconds { result = try renderer.render(request) }
        print("reference ETA \(length) chars of \(piece.debugDescription): \(elapsed) s")
        #expect(result?.pixelWidth == 1014)
        // The old layout took 76 s for 20,000 "x" in a debug build (minutes for 60 KB).
        #expect(elapsed < 5, "\(length) characters took \(elapsed) s")
    }
}
