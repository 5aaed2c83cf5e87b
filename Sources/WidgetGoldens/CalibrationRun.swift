import Foundation
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot

/// `widgetshot calibrate`'s stage: render a request at the scale of a picture iOS drew and compare
/// the two element by element (`Calibration`).
public enum CalibrationRun {
    public struct Outcome: Sendable {
        public var report: Calibration.Report
        /// The render, at the reference's size.
        public var png: [UInt8]
        public var pointSize: Size
    }

    /// Renders `request` at the reference's scale (`request.scale` when the caller gave one, else the
    /// reference's width over the surface's or canvas's width in points) and compares.
    /// `scaleGiven` says whether `request.scale` was asked for or is a default.
    public static func run(reference: RGBAImage, request: RenderRequest, scaleGiven: Bool, renderer: WidgetRenderer,
                           options: Calibration.Options) throws -> Outcome {
        var request = request
        let probe = try renderer.prepare(request)
        let points = Size(width: probe.composed.size.width * probe.composed.magnification,
                          height: probe.composed.size.height * probe.composed.magnification)
        guard points.width > 0, points.height > 0 else { throw Calibration.Failure(description: "the surface has no size to compare") }
        var scale = probe.scale
        if !scaleGiven {
            scale = Double(reference.width) / points.width
            guard (0.25...4).contains(scale) else {
                throw Calibration.Failure(description: "the reference is \(reference.width)×\(reference.height) px and the surface \(format(points.width))×\(format(points.height)) pt: a scale of \(format(scale)) is outside 0.25…4 (give --canvas WxH at the reference's point size, or --scale)")
            }
            request.scale = scale
        }
        let expected = (Int((points.width * scale).rounded()), Int((points.height * scale).rounded()))
        guard abs(expected.0 - reference.width) <= 1, abs(expected.1 - reference.height) <= 1 else {
            throw Calibration.Failure(description: "the reference is \(reference.width)×\(reference.height) px, the render would be \(expected.0)×\(expected.1) px (\(format(points.width))×\(format(points.height)) pt at \(format(scale))×): give --canvas WxH at the reference's point size, or the --scale it was taken at")
        }
        let result = try renderer.render(request)
        let prepared = try renderer.prepare(request)
        var ours = result.bitmap.straightRGBA()
        var ref = reference
        // A pixel of rounding apart: compare the common part.
        let w = min(ours.width, ref.width), h = min(ours.height, ref.height)
        if ours.width != w || ours.height != h { ours = crop(ours, w, h) }
        if ref.width != w || ref.height != h { ref = crop(ref, w, h) }
        var options = options
        options.scale = scale
        var report = try Calibration.compare(reference: DiffImage(ref), ours: DiffImage(ours), options: options)
        let leaves = drawnLeaves(prepared.composed.root, magnification: prepared.composed.magnification)
        for i in report.matches.indices { report.matches[i].kind = kind(of: report.matches[i].ours, among: leaves) }
        return Outcome(report: report, png: result.png, pointSize: points)
    }

    /// The frames (in the picture's points) of everything that draws, with its kind.
    static func drawnLeaves(_ root: PlacedNode, magnification: Double) -> [(frame: Calibration.Box, kind: String)] {
        var leaves: [(Calibration.Box, String)] = []
        root.forEach { node in
            let kind: String
            switch node.content {
            case .none: return
            case .text: kind = "text"
            case .icon: kind = "symbol"
            case .image: kind = "image"
            case .shape, .progress, .divider: kind = "shape"
            }
            let f = node.frame
            leaves.append((Calibration.Box(x: f.minX * magnification, y: f.minY * magnification,
                                           width: f.width * magnification, height: f.height * magnification), kind))
        }
        return leaves
    }

    /// The kind of the drawn leaf whose frame is most like `box` (the most overlap over the union of
    /// the two: intersection over union), by content, not by what lies under its centre; nil when
    /// nothing drawn meets it. An element that is a whole card (its text joined to it, as ink on a
    /// dark card is) is the card's shape, not the text on it: scored by how much of each leaf it
    /// covers, both scored 1 and text won the tie (issue 37). A label's ink on a large background
    /// is the label: its box is nearly the text's frame and a small part of the background's.
    static func kind(of box: Calibration.Box, among leaves: [(frame: Calibration.Box, kind: String)]) -> String? {
        var best: (score: Double, kind: String)?
        for leaf in leaves {
            let w = min(box.x + box.width, leaf.frame.x + leaf.frame.width) - max(box.x, leaf.frame.x)
            let h = min(box.y + box.height, leaf.frame.y + leaf.frame.height) - max(box.y, leaf.frame.y)
            guard w > 0, h > 0 else { continue }
            let overlap = w * h
            let union = box.width * box.height + leaf.frame.width * leaf.frame.height - overlap
            let score = overlap / max(union, 1e-9)
            if best == nil || score > best!.score || (score == best!.score && leaf.kind == "text") { best = (score, leaf.kind) }
        }
        return best?.kind
    }

    static func crop(_ image: RGBAImage, _ w: Int, _ h: Int) -> RGBAImage {
        var pixels = [UInt8](); pixels.reserveCapacity(w * h * 4)
        for y in 0..<h { pixels += image.pixels[(y * image.width * 4)..<(y * image.width * 4 + w * 4)] }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v)
    }
}
