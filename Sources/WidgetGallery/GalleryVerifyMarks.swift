import Foundation
import WidgetShot
import WidgetGoldens

/// What the last verify report says about the gallery's images: the images whose golden needs a
/// look (failed, missing, error), by the anchor both pages share, and where the report's page is.
public struct GalleryVerifyMarks: Sendable {
    /// The report page as the gallery page links it (`../.build/verify-report/index.html`).
    public var href: String
    /// By `ImageAnchor` id.
    public var records: [String: ReportRecord]
    /// `3 failed of 396 goldens`
    public var summary: String
    /// When report.json was written.
    public var written: Date?

    public init(href: String, records: [String: ReportRecord], summary: String, written: Date?) {
        self.href = href; self.records = records; self.summary = summary; self.written = written
    }

    /// Reads `folder/report.json`. Nil when there is none (no verify has run); a report that cannot
    /// be read, or a record report, is an error naming the file.
    public static func load(folder: String, href: String?, galleryFolder: String) throws -> GalleryVerifyMarks? {
        let path = folder + "/report.json"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let document = try ReportDocument.load(directory: folder)
        guard document.kind == .verify else {
            throw ReportError("\(path): a record report, not a verify report (run `widgetshot verify --report \(folder)`)")
        }
        var summary = "\(document.failed) failed"
        if document.missing > 0 { summary += ", \(document.missing) missing" }
        summary += " of \(document.cells) goldens"
        let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        return GalleryVerifyMarks(href: href ?? relativeURL(from: galleryFolder, to: folder) + "index.html",
                                  records: document.attentionByAnchor, summary: summary, written: written)
    }

    /// `to` as a URL relative to `from` (both folders), ending in `/`: `../.build/verify-report/`.
    public static func relativeURL(from: String, to: String) -> String {
        func parts(_ p: String) -> [String] {
            URL(fileURLWithPath: p).standardizedFileURL.resolvingSymlinksInPath().path.split(separator: "/").map(String.init)
        }
        let a = parts(from), b = parts(to)
        var common = 0
        while common < min(a.count, b.count) && a[common] == b[common] { common += 1 }
        let up = Array(repeating: "..", count: a.count - common)
        let path = (up + b[common...]).map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }
        return path.isEmpty ? "" : path.joined(separator: "/") + "/"
    }
}
