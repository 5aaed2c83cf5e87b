import Foundation
import WidgetModel
import WidgetRender
import WidgetTemplate

/// The committed golden images: `Golden/<layout>/<surface>/<preview>-<scheme>.png`, one per cell of
/// every layout's matrix, rendered on one device at one scale.
///
/// 2x, not the iPhone's 3x: it still resolves every glyph and hairline, while a golden holds
/// 2.25 times fewer pixels, so the folder stays small and comparisons stay fast.
public struct GoldenSuite: Sendable {
    public var directory: String
    public var device: DeviceProfile
    public var scale: Double
    /// Largest per-channel difference (0–255) a pixel may show and still count as equal: absorbs
    /// antialiasing noise between Cairo/Pango builds, never a changed glyph or color.
    public var tolerance: Int

    public static let defaultScale = 2.0
    public static let defaultTolerance = 3

    public init(directory: String, device: DeviceProfile = .default, scale: Double = GoldenSuite.defaultScale,
                tolerance: Int = GoldenSuite.defaultTolerance) {
        self.directory = directory; self.device = device; self.scale = scale; self.tolerance = tolerance
    }

    public func path(of cell: MatrixCell) -> String { directory + "/" + cell.relativePath }

    public func cells(for documents: [LayoutDocument]) -> [MatrixCell] {
        documents.flatMap { RenderMatrix.cells(for: $0, device: device) }
    }

    public func request(for cell: MatrixCell, in document: LayoutDocument) -> RenderRequest? {
        guard let preview = document.preview(named: cell.preview) else { return nil }
        var r = RenderRequest(layout: document, surface: cell.surface, preview: preview, device: device,
                              scale: scale, scheme: cell.scheme)
        r.pngPreset = .small
        return r
    }

    /// Golden PNGs on disk that no cell of these layouts produces (a renamed preview, a removed surface).
    public func staleFiles(for documents: [LayoutDocument]) -> [String] {
        let expected = Set(cells(for: documents).map(path(of:)))
        let names = Set(documents.map(\.name))
        var stale: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        while let rel = walker.nextObject() as? String {
            guard rel.hasSuffix(".png"), let layout = rel.split(separator: "/").first, names.contains(String(layout)) else { continue }
            let full = directory + "/" + rel
            if !expected.contains(full) { stale.append(full) }
        }
        return stale.sorted()
    }

    /// Renders one cell and compares it with its golden.
    public func check(_ cell: MatrixCell, in document: LayoutDocument, with renderer: WidgetRenderer) -> GoldenOutcome {
        guard let request = request(for: cell, in: document) else {
            return GoldenOutcome(cell: cell, status: .error("no preview named \(cell.preview)"))
        }
        let actual: RGBAImage
        do {
            let prepared = try renderer.prepare(request)
            var bitmap = renderer.draw(prepared)
            if prepared.composed.vibrant { WidgetRenderer.applyVibrant(&bitmap) }
            actual = bitmap.straightRGBA()
        } catch {
            return GoldenOutcome(cell: cell, status: .error("\(error)"))
        }
        let goldenPath = path(of: cell)
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            return GoldenOutcome(cell: cell, status: .missing)
        }
        let expected: RGBAImage
        do { expected = try PNGCodec.decode(file: goldenPath) } catch {
            return GoldenOutcome(cell: cell, status: .error("cannot read golden \(goldenPath): \(error)"))
        }
        let comparison = PixelComparison(expected: expected, actual: actual, tolerance: tolerance)
        return GoldenOutcome(cell: cell, status: comparison.matches ? .passed : .failed(comparison))
    }

    /// Renders a cell and writes its golden when it is missing, or when its pixels differ from the
    /// render by more than `rewriteAbove` per channel (nil: only missing goldens are written). A
    /// golden whose pixels are unchanged is never rewritten, so re-recording changes no bytes.
    public func record(_ cell: MatrixCell, in document: LayoutDocument, with renderer: WidgetRenderer,
                       rewriteAbove: Int?) throws -> RecordOutcome {
        let goldenPath = path(of: cell)
        let exists = FileManager.default.fileExists(atPath: goldenPath)
        if exists && rewriteAbove == nil { return .unchanged }
        guard let request = request(for: cell, in: document) else { throw RenderError.noView(layout: document.name, surface: cell.surface, available: []) }
        let result = try renderer.render(request)
        if exists, let old = try? PNGCodec.decode(file: goldenPath) {
            let same = PixelComparison(expected: old, actual: result.bitmap.straightRGBA(), tolerance: rewriteAbove ?? 0)
            if same.matches { return .unchanged }
        }
        try AtomicFile.write(result.png, to: goldenPath)
        return exists ? .updated : .created
    }
}

public enum RecordOutcome: Sendable, Equatable { case created, updated, unchanged }

public struct GoldenOutcome: Sendable {
    public enum Status: Sendable {
        case passed
        case failed(PixelComparison)
        case missing
        case error(String)
    }
    public var cell: MatrixCell
    public var status: Status
    public var passed: Bool { if case .passed = status { return true } else { return false } }
}

/// Per-pixel comparison of two straight-RGBA images with a per-channel tolerance.
public struct PixelComparison: Sendable, CustomStringConvertible {
    public var expectedSize: (Int, Int)
    public var actualSize: (Int, Int)
    public var differingPixels: Int
    public var maxChannelDelta: Int
    /// The smallest rectangle (in pixels) holding every differing pixel.
    public var bounds: (x: Int, y: Int, width: Int, height: Int)?

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var matches: Bool { sizesMatch && differingPixels == 0 }

    public init(expected: RGBAImage, actual: RGBAImage, tolerance: Int) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        differingPixels = 0
        maxChannelDelta = 0
        bounds = nil
        guard expected.width == actual.width, expected.height == actual.height,
              expected.pixels.count == actual.pixels.count else { return }
        if expected.pixels == actual.pixels { return }
        var count = 0, maxDelta = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        let width = expected.width
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                var i = 0
                let n = e.count
                while i < n {
                    var d = 0
                    for c in 0..<4 {
                        let delta = abs(Int(e[i + c]) - Int(a[i + c]))
                        if delta > d { d = delta }
                    }
                    if d > maxDelta { maxDelta = d }
                    if d > tolerance {
                        count += 1
                        let p = i / 4, x = p % width, y = p / width
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                    i += 4
                }
            }
        }
        differingPixels = count
        maxChannelDelta = maxDelta
        if count > 0 { bounds = (minX, minY, maxX - minX + 1, maxY - minY + 1) }
    }

    public var description: String {
        if !sizesMatch {
            return "size differs: golden \(expectedSize.0)×\(expectedSize.1) px, render \(actualSize.0)×\(actualSize.1) px"
        }
        guard let b = bounds else { return "identical within tolerance" }
        return "\(differingPixels) pixel(s) differ (max channel delta \(maxChannelDelta)) within x \(b.x)…\(b.x + b.width - 1), y \(b.y)…\(b.y + b.height - 1)"
    }
}
