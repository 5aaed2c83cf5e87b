import Foundation
import WidgetRender
import WidgetShot

/// Small before/after/diff pictures of each cause's first golden, for the job summary: a reviewer
/// sees the change on the run's page without downloading the report. Written as files into the
/// report (`summary/group-N-before.png` …, uploaded with it) and embedded in the summary as `data:`
/// URIs, bounded: at most `maxCauses` causes, `maxWidth` pixels wide each, and `maxSummaryBytes` of
/// embedded pictures in all (GitHub takes at most 1 MiB of summary per step).
public enum SummaryThumbnails {
    /// Causes shown with pictures; the rest of the table stays text.
    public static let maxCauses = 10
    /// A thumbnail's width in pixels (a systemSmall golden at 2x is 340: about half of it).
    public static let maxWidth = 160
    /// Bytes of base64 pictures one summary embeds at most (the text of the table comes on top).
    public static let maxSummaryBytes = 640 * 1024

    public struct Thumbnail: Sendable, Equatable {
        /// `before`, `after` or `diff`.
        public var label: String
        /// The file in the report folder (`summary/group-1-before.png`).
        public var file: String
        public var png: [UInt8]
    }

    /// The thumbnails of each group (by `FailureGroup.id`) whose first golden has images in the
    /// report folder `report`; each one is also written there under `summary/`. Groups past
    /// `maxCauses` or past the byte budget get none.
    public static func make(_ d: ReportDocument, report: String) -> [String: [Thumbnail]] {
        let byName = Dictionary(d.results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let folder = OutputFolder(report)
        var out: [String: [Thumbnail]] = [:]
        var spent = 0
        for g in d.groups.prefix(maxCauses) {
            guard let images = g.members.first.flatMap({ byName[$0] })?.images else { continue }
            var made: [Thumbnail] = []
            for (label, path) in [("before", images.expected), ("after", images.actual), ("diff", images.diff)] {
                guard let path, let bytes = try? folder.readFile(path, maxBytes: Limits.default.pngFileBytes),
                      let png = thumbnail(bytes) else { continue }
                made.append(Thumbnail(label: label, file: "summary/\(g.id)-\(label).png", png: png))
            }
            let cost = made.reduce(0) { $0 + ($1.png.count + 2) / 3 * 4 }
            guard !made.isEmpty, spent + cost <= maxSummaryBytes else { continue }
            spent += cost
            for t in made { try? folder.write(t.png, to: t.file) }
            out[g.id] = made
        }
        return out
    }

    /// `png` scaled down to at most `maxWidth` pixels wide (an average of each box of pixels,
    /// weighted by alpha), as a small PNG; nil when it cannot be decoded.
    static func thumbnail(_ png: [UInt8]) -> [UInt8]? {
        guard let image = try? PNGCodec.decode(png), image.width > 0, image.height > 0 else { return nil }
        let factor = max(1, Int((Double(image.width) / Double(maxWidth)).rounded(.up)))
        let w = max(1, image.width / factor), h = max(1, image.height / factor)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var r = 0, g = 0, b = 0, a = 0
                for sy in (y * factor)..<min(image.height, (y + 1) * factor) {
                    for sx in (x * factor)..<min(image.width, (x + 1) * factor) {
                        let i = (sy * image.width + sx) * 4
                        let alpha = Int(image.pixels[i + 3])
                        r += Int(image.pixels[i]) * alpha; g += Int(image.pixels[i + 1]) * alpha
                        b += Int(image.pixels[i + 2]) * alpha; a += alpha
                    }
                }
                let o = (y * w + x) * 4, n = factor * factor
                if a > 0 {
                    pixels[o] = UInt8(r / a); pixels[o + 1] = UInt8(g / a); pixels[o + 2] = UInt8(b / a)
                }
                pixels[o + 3] = UInt8(a / n)
            }
        }
        return try? PNGCodec.encode(Bitmap(straight: RGBAImage(width: w, height: h, pixels: pixels)), preset: .small)
    }
}
