import Foundation
import WidgetModel
import WidgetShot

/// Where each view of a render that knows its source sits, in the picture's points, so a verify
/// failure can name the view its changed pixels fall in (issue 35, item 5): the layout file's
/// `file:line:col` of a node, or for a Swift source the `file:line` of a view's initialiser.
///
/// A compact list, in tree order (a parent before its children), of the placed nodes that carry a
/// source; nodes without one are left out (the rule below then lands on their nearest ancestor
/// with a source, whose frame holds them). At most `maxFrames` entries: a deeper tree keeps the
/// first ones in tree order (the outer views) and says so in `truncated`.
///
/// The same JSON is what the Swift runner writes beside a picture (`PICTURE.png.views.json`):
/// `{"frames": [{"x", "y", "width", "height", "source"}], "truncated": true?}`.
public struct ViewFrames: Codable, Sendable, Equatable {
    public struct Frame: Codable, Sendable, Equatable {
        /// In the picture's points (pixels over the scale), StandBy's magnification applied.
        public var x: Double, y: Double, width: Double, height: Double
        /// `Layouts/delivery.yaml:640:7` or `Widgets/Delivery.swift:42`.
        public var source: String
        public init(x: Double, y: Double, width: Double, height: Double, source: String) {
            self.x = x; self.y = y; self.width = width; self.height = height; self.source = source
        }
        var area: Double { max(width, 0) * max(height, 0) }
    }

    /// The most frames kept for one picture (a report.json or a runner's sidecar stays small).
    public static let maxFrames = 2_000
    /// How far (in points) changed pixels may stray outside a view's frame and still be its own:
    /// antialiased edges and glyphs that overhang their line box draw just outside it.
    public static let edgeAllowance = 1.0
    /// When no view holds the whole change: the view holding the largest part of it, if that part
    /// is at least this share of the changed box's area.
    public static let mostOf = 0.5
    /// What the Swift runner appends to a picture's path for its frames: `PICTURE.png.views.json`.
    public static let sidecarSuffix = ".views.json"
    /// The largest sidecar the CLI reads (`maxFrames` entries of about 120 bytes).
    public static let maxSidecarBytes = 512 * 1024

    public var frames: [Frame]
    public var truncated: Bool?

    public init(frames: [Frame], truncated: Bool? = nil) { self.frames = frames; self.truncated = truncated }

    /// The frames of a placed tree (walked without recursion), sources named by `name`
    /// (a layout's `file:line:col`, the file shown relative to the working directory).
    public init(root: PlacedNode, magnification: Double = 1,
                name: (SourceLocation) -> String = { "\(VerifyReport.displayPath($0.file)):\($0.line):\($0.column)" }) {
        var frames: [Frame] = []
        var stack = [root]
        var truncated = false
        while let node = stack.popLast() {
            if let source = node.source {
                guard frames.count < Self.maxFrames else { truncated = true; break }
                let f = node.frame
                frames.append(Frame(x: f.minX * magnification, y: f.minY * magnification,
                                    width: f.width * magnification, height: f.height * magnification, source: name(source)))
            }
            stack.append(contentsOf: node.children.reversed())
        }
        self.frames = frames
        self.truncated = truncated ? true : nil
    }

    /// The view a change in `box` (pixels of a picture drawn at `scale`) falls in:
    ///
    /// 1. the smallest view (by area) whose frame, grown by `edgeAllowance`, holds the whole box;
    ///    so a change inside one text names the text, and a change across two views names the
    ///    smallest view holding both: their common ancestor (on a tie, the later in tree order: the
    ///    inner one);
    /// 2. else the view holding the largest part of the box when that is at least `mostOf` of it
    ///    (the smaller view on a tie);
    /// 3. else nil: the caller names the preview.
    public func locate(_ box: FailureGroup.Box, scale: Double) -> String? {
        guard scale > 0, box.width > 0, box.height > 0 else { return nil }
        let bx = Double(box.x) / scale, by = Double(box.y) / scale
        let bw = Double(box.width) / scale, bh = Double(box.height) / scale
        let e = Self.edgeAllowance
        var best: Frame?
        for f in frames where f.x - e <= bx && f.y - e <= by && bx + bw <= f.x + f.width + e && by + bh <= f.y + f.height + e {
            if best == nil || f.area <= best!.area { best = f }
        }
        if let best { return best.source }
        var most: (share: Double, frame: Frame)?
        for f in frames {
            let w = min(bx + bw, f.x + f.width) - max(bx, f.x), h = min(by + bh, f.y + f.height) - max(by, f.y)
            guard w > 0, h > 0 else { continue }
            let share = w * h / (bw * bh)
            if most == nil || share > most!.share || (share == most!.share && f.area < most!.frame.area) { most = (share, f) }
        }
        guard let most, most.share >= Self.mostOf else { return nil }
        return most.frame.source
    }

    /// A sidecar's JSON, read with its size bounded; a malformed one is an error naming the file.
    public static func read(_ path: String) throws -> ViewFrames {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: maxSidecarBytes) } catch {
            throw ReportError("\(path): \(error) (a view-frames sidecar holds at most \(maxSidecarBytes) bytes, ViewFrames.maxSidecarBytes)")
        }
        do {
            let frames = try JSONDecoder().decode(ViewFrames.self, from: Data(bytes))
            guard frames.frames.count <= maxFrames else {
                throw ReportError("\(path): \(frames.frames.count) frames, more than \(maxFrames) (ViewFrames.maxFrames)")
            }
            return frames
        } catch let e as ReportError { throw e } catch {
            throw ReportError("\(path): not a view-frames file: \(ReportDocument.describe(error))")
        }
    }
}

extension ReportRecord {
    /// Parses `file:line:col` or `file:line` (a record's `source` or `view`).
    static func splitLocation(_ text: String) -> (file: String, line: Int, column: Int?)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 3, let l = Int(parts[parts.count - 2]), let c = Int(parts[parts.count - 1]) {
            return (parts.dropLast(2).joined(separator: ":"), l, c)
        }
        if parts.count >= 2, let l = Int(parts[parts.count - 1]) {
            return (parts.dropLast().joined(separator: ":"), l, nil)
        }
        return nil
    }
}
