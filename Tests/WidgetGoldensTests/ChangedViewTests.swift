import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetTemplate
import WidgetShot
import WidgetGoldens

/// verify names the view the changed pixels fall in (issue 35, item 5): a layout is recorded,
/// edited, and checked again with real renders and real diffs; the report's record, its cause, the
/// text line and the GitHub annotation point at the changed view's line of the layout file, with
/// the preview's line kept as context.
@Suite("verify names the changed view's line")
struct ChangedViewTests {
    static let layout = """
        name: where
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: "Order 1234"
                  style: headline
                - hstack:
                    - text: "Ready in 5"
                    - text: "min"
                      style: caption
        previews:
          now: { data: {} }

        """

    /// The 1-based line of the first line of `layout` holding `needle`.
    static func line(of needle: String, in text: String = layout) -> Int {
        text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }! + 1
    }

    struct Run {
        var document: ReportDocument
        var text: [String]
        var annotations: [String]
    }

    /// Records the layout's light systemSmall golden, applies `edit` to the file, and verifies.
    static func verify(after edit: (String) -> String) throws -> Run {
        let root = scratchDirectory("changed-view")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/where.yaml"
        try Data(layout.utf8).write(to: URL(fileURLWithPath: path))
        let suite = try GoldenSuite(directory: root + "/Golden")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let recorded = try LayoutLoader.load(path: path)
        let cells = suite.cells(for: [recorded]).filter { $0.surface == .systemSmall && $0.scheme == .light && $0.isDefaultMode }
        #expect(cells.count == 1)
        for cell in cells { _ = try suite.record(cell, in: recorded, with: renderer, rewrite: .never) }

        let edited = edit(layout)
        #expect(edited != layout)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        let document = try LayoutLoader.load(path: path)
        let outcomes = cells.enumerated().map { ($0.offset, suite.check($0.element, in: document, with: renderer)) }
        let report = VerifyReport.verify(outcomes, suite: suite, documents: [document], stale: [], cells: cells.count, seconds: 0)
        return Run(document: report.document, text: TextFindings.lines(report.document),
                   annotations: GitHubAnnotation.groups(report.document))
    }

    @Test("a change inside one text names that text's line, not the preview's")
    func oneText() throws {
        let run = try Self.verify { $0.replacingOccurrences(of: "Ready in 5", with: "Ready in 8") }
        let textLine = Self.line(of: "Ready in 5"), previewLine = Self.line(of: "now: { data")
        let record = try #require(run.document.results.first)
        #expect(record.status == .failed)
        #expect((record.differingPixels ?? 0) > 0)
        let view = try #require(record.view)
        #expect(view.contains("where.yaml:\(textLine):"), "\(view)")
        #expect(record.source?.contains("where.yaml:\(previewLine):") == true, "\(record.source ?? "")")
        #expect(run.document.groups.first?.view == view)
        let line = try #require(run.text.first)
        #expect(line.contains("(\(view), in the preview at \(record.source!))"), "\(line)")
        let annotation = try #require(run.annotations.first)
        #expect(annotation.hasPrefix("::error file="), "\(annotation)")
        #expect(annotation.contains("where.yaml,line=\(textLine),col="), "\(annotation)")
        #expect(annotation.contains("in the preview at"), "\(annotation)")
    }

    @Test("a change across two texts names the smallest view holding both: their stack")
    func twoTexts() throws {
        let run = try Self.verify {
            $0.replacingOccurrences(of: "Ready in 5", with: "Ready in 8").replacingOccurrences(of: "text: \"min\"", with: "text: \"hrs\"")
        }
        let stackLine = Self.line(of: "- hstack:")
        let record = try #require(run.document.results.first)
        #expect(record.status == .failed)
        let view = try #require(record.view)
        #expect(view.contains("where.yaml:\(stackLine):"), "\(view)")
        #expect(run.annotations.first?.contains("line=\(stackLine),") == true, "\(run.annotations)")
    }

    @Test("the rule on frames in numbers: contained, then most of it, then none")
    func rule() {
        let frames = ViewFrames(frames: [
            ViewFrames.Frame(x: 0, y: 0, width: 100, height: 100, source: "root:1:1"),
            ViewFrames.Frame(x: 10, y: 10, width: 60, height: 30, source: "stack:2:1"),
            ViewFrames.Frame(x: 10, y: 10, width: 30, height: 20, source: "a:3:1"),
            ViewFrames.Frame(x: 40, y: 10, width: 30, height: 20, source: "b:4:1"),
        ])
        // Pixels at scale 2: (24, 24) 10×10 px is (12, 12) 5×5 pt, inside a.
        #expect(frames.locate(FailureGroup.Box(x: 24, y: 24, width: 10, height: 10), scale: 2) == "a:3:1")
        // Spanning a and b: the stack.
        #expect(frames.locate(FailureGroup.Box(x: 60, y: 24, width: 40, height: 10), scale: 2) == "stack:2:1")
        // 1 pt outside a's frame (antialiasing) is still a.
        #expect(frames.locate(FailureGroup.Box(x: 18, y: 18, width: 10, height: 10), scale: 2) == "a:3:1")
        // Outside every frame but mostly in root: root (most of it); wholly outside: nil.
        #expect(frames.locate(FailureGroup.Box(x: 180, y: 180, width: 40, height: 40), scale: 2) == nil)
        #expect(frames.locate(FailureGroup.Box(x: 190, y: 0, width: 30, height: 40), scale: 2) == nil)
        #expect(frames.locate(FailureGroup.Box(x: 150, y: 0, width: 60, height: 40), scale: 2) == "root:1:1")
    }

    @Test("a placed tree keeps at most ViewFrames.maxFrames frames, outer views first")
    func bounded() {
        let leaf = PlacedNode(frame: Rect(x: 0, y: 0, width: 1, height: 1), source: SourceLocation(file: "f", line: 9, column: 1))
        let root = PlacedNode(frame: Rect(x: 0, y: 0, width: 10, height: 10),
                              children: Array(repeating: leaf, count: ViewFrames.maxFrames + 5),
                              source: SourceLocation(file: "f", line: 1, column: 1))
        let frames = ViewFrames(root: root, name: { "\($0.file):\($0.line)" })
        #expect(frames.frames.count == ViewFrames.maxFrames)
        #expect(frames.frames.first?.source == "f:1")
        #expect(frames.truncated == true)
    }

    @Test("a view-frames sidecar is read bounded; a malformed or oversized one is an error naming the file")
    func sidecar() throws {
        let dir = scratchDirectory("view-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let good = dir + "/p.png" + ViewFrames.sidecarSuffix
        try Data(#"{"frames": [{"x": 1, "y": 2, "width": 3, "height": 4, "source": "AppWidgets/Card.swift:7"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: good))
        #expect(try ViewFrames.read(good) == ViewFrames(frames: [ViewFrames.Frame(x: 1, y: 2, width: 3, height: 4, source: "AppWidgets/Card.swift:7")]))
        let bad = dir + "/bad.json"
        try Data(#"{"frames": [{"x": 1}]}"#.utf8).write(to: URL(fileURLWithPath: bad))
        do { _ = try ViewFrames.read(bad); Issue.record("read a malformed sidecar") } catch {
            #expect("\(error)".contains("bad.json: not a view-frames file: missing field 'frames.") && "\(error)".hasSuffix(".y'"), "\(error)")
        }
        let big = dir + "/big.json"
        try Data(repeating: 32, count: ViewFrames.maxSidecarBytes + 1).write(to: URL(fileURLWithPath: big))
        do { _ = try ViewFrames.read(big); Issue.record("read an oversized sidecar") } catch {
            #expect("\(error)".contains("big.json") && "\(error)".contains("ViewFrames.maxSidecarBytes"), "\(error)")
        }
        let many = dir + "/many.json"
        let frame = #"{"x": 0, "y": 0, "width": 1, "height": 1, "source": "a:1"}"#
        try Data(("{\"frames\": [" + Array(repeating: frame, count: ViewFrames.maxFrames + 1).joined(separator: ",") + "]}").utf8)
            .write(to: URL(fileURLWithPath: many))
        do { _ = try ViewFrames.read(many); Issue.record("read too many frames") } catch {
            #expect("\(error)".contains("\(ViewFrames.maxFrames + 1) frames, more than \(ViewFrames.maxFrames)"), "\(error)")
        }
    }
}
