import WidgetCompose
import WidgetModel
import WidgetTemplate

/// What lint reports about a laid-out surface: text that did not fit and content outside the canvas.
enum LayoutWarnings {
    static func find(in composed: ComposedSurface) -> [Diagnostic] {
        let bounds = Rect(origin: .zero, size: composed.size)
        var found: [Diagnostic] = []
        var seen = Set<String>()
        func add(_ node: PlacedNode, _ message: String) {
            let key = "\(node.source.map(\.description) ?? "")|\(message)"
            guard seen.insert(key).inserted else { return }
            found.append(.warning(message, at: node.source))
        }
        // Half a point of slack: text metrics are fractional and edges round to pixels.
        let slack = 0.5
        composed.root.forEach { node in
            if case .text(let t) = node.content, t.truncated {
                add(node, "text \"\(excerpt(t.content.string))\" is truncated to \(t.lineCount) line(s) in \(node.frame.size)")
            }
            if case .none = node.content { return }
            let f = node.frame
            if f.width > 0, f.height > 0,
               f.minX < bounds.minX - slack || f.minY < bounds.minY - slack
                || f.maxX > bounds.maxX + slack || f.maxY > bounds.maxY + slack {
                add(node, "content at \(f) overflows the \(composed.size) surface")
            }
        }
        for overflow in composed.islandOverflows {
            let region = overflow.region.rawValue
            switch overflow.kind {
            case .tooWide(let needed, let available):
                found.append(.warning("compact \(region) content needs \(points(needed)) pt, more than the \(points(available)) pt "
                                      + "the widest compact side gives it (the island grows no wider than expanded); it is cut",
                                      at: overflow.source))
            case .entersCamera(let frame):
                let camera = composed.cameraRegion.map { "x \(points($0.minX))…\(points($0.maxX))" } ?? ""
                let key = "\(overflow.source.map(\.description) ?? "")|camera|\(region)"
                guard seen.insert(key).inserted else { continue }
                found.append(.warning("compact \(region) content at \(frame) enters the camera region (\(camera)) "
                                      + "between the compact views", at: overflow.source))
            }
        }
        return found
    }

    private static func points(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        if rounded == rounded.rounded(), let whole = CheckedNumber.int(rounded) { return String(whole) }
        return String(rounded)
    }

    private static func excerpt(_ s: String) -> String {
        s.count <= 30 ? s : String(s.prefix(29)) + "…"
    }
}
