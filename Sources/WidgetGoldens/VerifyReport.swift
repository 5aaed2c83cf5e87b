import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetTemplate
import WidgetShot

/// What `verify --report DIR` (and `record --report DIR`) leaves for a reviewer and for CI: per
/// failure the expected, actual and diff PNGs; `index.html`, a page with the failures grouped by
/// cause (`ReportPage`); `report.json` (`ReportDocument`); `junit.xml`.
public struct VerifyReport: Sendable {
    public var document: ReportDocument
    /// PNGs to write, by path relative to the report folder.
    public var images: [String: [UInt8]]
    /// Files to copy into the report folder (merging shard reports): relative path → where it is.
    public var copies: [String: ReportCopy]

    public init(document: ReportDocument, images: [String: [UInt8]] = [:], copies: [String: ReportCopy] = [:]) {
        self.document = document; self.images = images; self.copies = copies
    }

    /// A report of `verify`: one outcome per cell, each with its position in the whole matrix.
    public static func verify(_ outcomes: [(position: Int, outcome: GoldenOutcome)], suite: GoldenSuite,
                              documents: [LayoutDocument], stale: [String], cells: Int, seconds: Double,
                              shard: MatrixShard? = nil, gallery: String? = nil) -> VerifyReport {
        var images: [String: [UInt8]] = [:]
        var records: [ReportRecord] = []
        let byName = Dictionary(documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (position, outcome) in outcomes {
            var r = record(for: outcome.cell, position: position, suite: suite, document: byName[outcome.cell.layout])
            switch outcome.status {
            case .passed: r.status = .passed
            case .missing:
                r.status = .missing; r.message = "no golden (run `\(suite.recordCommand)`)"
                r.images = ReportRecord.Images(actual: put(outcome.actual, r.name + ".actual.png", &images))
            case .error(let m):
                r.status = .error; r.message = m
            case .failed(let result):
                r.status = .failed
                let options = suite.options(for: outcome.cell)
                r.take(result, windowSize: options.windowSize)
                if let views = outcome.views, let box = r.box { r.view = views.locate(box, scale: suite.scale) }
                var files = ReportRecord.Images()
                files.expected = put(outcome.expected, r.name + ".expected.png", &images)
                files.actual = put(outcome.actual, r.name + ".actual.png", &images)
                if let a = outcome.expected, let b = outcome.actual {
                    r.maxDelta = maxDelta(a, b)
                    files.diff = put(ImageDiff.diffImage(expected: a, actual: b, result: result, options: options),
                                     r.name + ".diff.png", &images)
                }
                r.images = files
            }
            records.append(r)
        }
        records += staleRecords(stale, suite: suite, after: cells)
        var document = ReportDocument(kind: .verify, cells: cells, results: records, seconds: seconds, shard: shard, gallery: gallery)
        document.device = suite.device.id; document.scale = suite.scale
        document.ios = suite.device.ios == suite.device.shipsWith ? nil : suite.device.ios.number
        return VerifyReport(document: document, images: images)
    }

    /// A summary of `record`: what it created and rewrote, with the golden before and after.
    public static func record(_ results: [(cell: MatrixCell, result: RecordResult?, error: String?)], suite: GoldenSuite,
                              documents: [LayoutDocument], stale: [String], seconds: Double,
                              gallery: String? = nil) -> VerifyReport {
        var images: [String: [UInt8]] = [:]
        var records: [ReportRecord] = []
        let byName = Dictionary(documents.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (position, item) in results.enumerated() {
            var r = record(for: item.cell, position: position, suite: suite, document: byName[item.cell.layout])
            guard let result = item.result else {
                r.status = .error; r.message = item.error ?? "not recorded"
                records.append(r); continue
            }
            switch result.outcome {
            case .unchanged: r.status = .unchanged
            case .created:
                r.status = .created; r.message = "new golden"
                if let png = result.png { images[r.name + ".actual.png"] = png }
                r.images = ReportRecord.Images(actual: result.png == nil ? nil : r.name + ".actual.png")
            case .updated:
                r.status = .updated
                var files = ReportRecord.Images()
                if let before = result.previous, let after = result.png {
                    images[r.name + ".expected.png"] = before; files.expected = r.name + ".expected.png"
                    images[r.name + ".actual.png"] = after; files.actual = r.name + ".actual.png"
                    if let a = try? PNGCodec.decode(before), let b = try? PNGCodec.decode(after) {
                        let (ea, eb) = (DiffImage(a), DiffImage(b))
                        let options = suite.options(for: item.cell)
                        let diff = ImageDiff.compare(expected: ea, actual: eb, options: options)
                        r.take(diff, windowSize: options.windowSize)
                        r.maxDelta = maxDelta(ea, eb)
                        files.diff = put(ImageDiff.diffImage(expected: ea, actual: eb, result: diff, options: options),
                                         r.name + ".diff.png", &images)
                    }
                }
                r.message = "golden rewritten" + (r.differingPixels.map { ": \($0) px changed" } ?? "")
                r.images = files
            }
            records.append(r)
        }
        records += staleRecords(stale, suite: suite, after: results.count)
        var document = ReportDocument(kind: .record, cells: results.count, results: records, seconds: seconds, gallery: gallery)
        document.device = suite.device.id; document.scale = suite.scale
        document.ios = suite.device.ios == suite.device.shipsWith ? nil : suite.device.ios.number
        return VerifyReport(document: document, images: images)
    }

    static func record(for cell: MatrixCell, position: Int, suite: GoldenSuite, document: LayoutDocument?) -> ReportRecord {
        var r = ReportRecord(index: position, name: anchor(for: cell), file: displayPath(suite.path(of: cell)),
                             layout: cell.layout, surface: cell.surface.rawValue, preview: cell.preview,
                             scheme: cell.scheme.rawValue, status: .passed)
        if !cell.isDefaultMode { r.mode = cell.mode.rawValue }
        r.control = cell.control
        r.controlState = cell.controlState?.rawValue
        r.axes = cell.axisValues.isEmpty ? nil : cell.axisValues
        r.anchor = ImageAnchor(cell: cell, device: suite.device.id).id
        if let source = document?.preview(named: cell.preview)?.source {
            r.source = "\(displayPath(source.file)):\(source.line):\(source.column)"
        }
        return r
    }

    static func staleRecords(_ stale: [String], suite: GoldenSuite, after count: Int) -> [ReportRecord] {
        stale.enumerated().map { i, file in
            let relative = file.hasPrefix(suite.directory + "/") ? String(file.dropFirst(suite.directory.count + 1)) : file
            return ReportRecord.stale(file: displayPath(file), relativePath: relative, index: count + i)
        }
    }

    /// `delivery/systemSmall/onTheWay-light`: a record's name (its golden's path without `.png`, the
    /// base of its image files). The pages name images by `ImageAnchor`.
    public static func anchor(for cell: MatrixCell) -> String { String(cell.relativePath.dropLast(4)) }

    /// A path below the working directory, relative to it (how CI and GitHub name repository files).
    public static func displayPath(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        return standard.hasPrefix(base) ? String(standard.dropFirst(base.count)) : path
    }

    /// The largest change of one channel between two same-size images, over pixels visible in either.
    static func maxDelta(_ a: DiffImage, _ b: DiffImage) -> Int? {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return nil }
        var worst = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                var i = 0
                while i + 3 < pa.count {
                    if pa[i + 3] != 0 || pb[i + 3] != 0 {
                        for c in 0..<4 { worst = max(worst, abs(Int(pa[i + c]) - Int(pb[i + c]))) }
                    }
                    i += 4
                }
            }
        }
        return worst
    }

    private static func put(_ image: DiffImage?, _ path: String, _ images: inout [String: [UInt8]]) -> String? {
        guard let image, image.width > 0, image.height > 0,
              let png = try? PNGCodec.encode(Bitmap(straight: RGBAImage(width: image.width, height: image.height, pixels: image.pixels)))
        else { return nil }
        images[path] = png
        return path
    }

    /// Writes the PNGs first, then the pages, each file atomically.
    public func write(to dir: String) throws {
        // Image paths are made of layout and preview names, or read from a shard's report.json:
        // every file is written, and every copy read, under the safe-path rule (OutputFolder).
        for (path, copy) in copies { try copy.check(path) }
        let folder = OutputFolder(dir)
        for (path, bytes) in images.sorted(by: { $0.key < $1.key }) { try folder.write(bytes, to: path) }
        for (path, copy) in copies.sorted(by: { $0.key < $1.key }) {
            let bytes: [UInt8]
            do { bytes = try OutputFolder(copy.folder).readFile(path) } catch {
                throw ReportError("\(copy.namedBy) '\(SafeName.shown(path))': cannot be read: \(error)")
            }
            try folder.write(bytes, to: path)
        }
        try folder.write(Array(ReportPage(document).html().utf8), to: "index.html")
        try folder.write(try document.encoded(), to: "report.json")
        try folder.write(Array(junit().utf8), to: "junit.xml")
    }

    public func junit() -> String {
        let d = document
        let failures = d.results.filter { $0.status.needsAttention }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites><testsuite name=\"widgetshot \(d.kind.rawValue)\" tests=\"\(d.results.count)\" failures=\"\(failures)\" time=\"\(String(format: "%.3f", d.seconds))\">\n"
        if let stack = d.stack {
            // The goldens' library stack against the running one, as properties of the suite.
            xml += "  <properties>\n    <property name=\"stack\" value=\"\(x(stack.status))\"/>\n"
            if let note = stack.note { xml += "    <property name=\"stack.note\" value=\"\(x(note))\"/>\n" }
            for name in ReportStack.order {
                if let v = stack.recorded?[name] { xml += "    <property name=\"stack.recorded.\(name)\" value=\"\(x(v))\"/>\n" }
            }
            for name in ReportStack.order {
                if let v = stack.running[name] { xml += "    <property name=\"stack.running.\(name)\" value=\"\(x(v))\"/>\n" }
            }
            xml += "  </properties>\n"
        }
        for r in d.results {
            let cls = r.status == .stale ? "stale" : x("\(r.layout).\(r.surface)")
            // The golden's own file name (MatrixCell's): unique per cell, spanned axes included.
            let own = r.cell.map { $0.controlFolder + $0.fileStem } ?? "\(r.controlPart)\(r.preview)-\(r.scheme)"
            let name = r.status == .stale ? x(r.file) : x(own)
            if !r.status.needsAttention {
                xml += "  <testcase classname=\"\(cls)\" name=\"\(name)\" file=\"\(x(r.file))\"/>\n"
            } else {
                xml += "  <testcase classname=\"\(cls)\" name=\"\(name)\" file=\"\(x(r.file))\"><failure message=\"\(x(r.reason))\">\(x(r.file)): \(x(r.reason))</failure></testcase>\n"
            }
        }
        return xml + "</testsuite></testsuites>\n"
    }

    private func x(_ s: String) -> String { MarkupText.escape(s).replacingOccurrences(of: "'", with: "&apos;") }
}

/// A file a merged report copies from a shard's report folder, under the same relative path: an
/// image a shard's report.json names, so a path from a file, held to the safe-path rule.
public struct ReportCopy: Sendable, Equatable {
    /// The shard's report folder.
    public var folder: String
    /// Where the path was read, for messages: `shard/report.json: results[NAME].images.diff`.
    public var namedBy: String

    public init(folder: String, namedBy: String) { self.folder = folder; self.namedBy = namedBy }

    /// Nil when `path` may name a report image: a safe relative path (`SafeName`) ending in `.png`.
    public static func problem(_ path: String) -> String? {
        if case .failure(let problem) = SafeName.components(ofRelativePath: path) { return "\(problem)" }
        if !path.hasSuffix(".png") { return "'\(SafeName.shown(path))' is not a PNG file name" }
        return nil
    }

    func check(_ path: String) throws(ReportError) {
        if let problem = Self.problem(path) {
            throw ReportError("\(namedBy) \(problem) (report images are named by paths inside the report folder)")
        }
    }
}


