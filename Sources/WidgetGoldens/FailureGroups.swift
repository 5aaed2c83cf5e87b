import WidgetDiff
import WidgetShot

/// Failures that share one cause, shown once on the report page with the list of goldens.
public struct FailureGroup: Codable, Sendable, Equatable {
    public struct Box: Codable, Sendable, Equatable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    }
    /// `group-1`, `group-2` … in page order.
    public var id: String
    /// One line a reviewer reads first: what changed and where.
    public var cause: String
    public var layout: String
    public var surface: String
    /// The union of the members' changed boxes, in pixels of the goldens (nil when nothing was compared).
    public var box: Box?
    /// Where the view the first member's changed pixels fall in is defined (its record's `view`).
    public var view: String?
    /// Member names (`delivery/systemSmall/onTheWay-light`), in matrix order; the first is shown in full.
    public var members: [String]
}

/// Which failures share a cause.
///
/// Two compared failures share one when they are the same layout and surface (so the same view;
/// its height may differ between previews where the surface's height follows its content), and
/// what changed sits in the same place: the bounding
/// boxes of all their differing pixels nearly coincide (intersection over union ≥ 0.8), or overlap
/// by at least half (≥ 0.5) with differing-pixel counts within a factor of two. (Counts alone vary
/// too much: "18분" → "17분" and "1분" → "0분" change different numbers of pixels in one label.)
/// That catches one change seen
/// through many previews and both appearances (an ETA label that moved shows up at the same spot in
/// every order state, light and dark), while two unrelated changes on the same surface (the ETA and
/// the progress bar) stay apart. Across surfaces the same change lands in different places, so it is
/// never merged by geometry. The relation is closed transitively (a chain of similar failures is one
/// group); it depends only on the numbers in report.json, so a merged report groups as an unsharded
/// run does.
///
/// Other outcomes group by what they say: a size change by layout, surface and both sizes; a render
/// error by its message; missing goldens by layout and surface; stale goldens and, for `record`,
/// new goldens by layout and surface.
public enum FailureGroups {
    public static let sameBox = 0.8
    public static let minimumOverlap = 0.5
    public static let pixelCountFactor = 2.0

    public static func group(_ records: [ReportRecord]) -> [FailureGroup] {
        let shown = records.filter { $0.status.needsAttention }
        var keyed: [String: [Int]] = [:]
        var keyOrder: [String] = []
        for (i, r) in shown.enumerated() {
            let key = self.key(r)
            if keyed[key] == nil { keyOrder.append(key) }
            keyed[key, default: []].append(i)
        }
        var groups: [(members: [Int], box: FailureGroup.Box?)] = []
        for key in keyOrder {
            let members = keyed[key]!
            if key.hasPrefix("pixels|") {
                groups += clusters(members.map { ($0, shown[$0]) })
            } else {
                groups.append((members, nil))
            }
        }
        groups.sort { a, b in
            a.members.count != b.members.count ? a.members.count > b.members.count
                : shown[a.members[0]].index < shown[b.members[0]].index
        }
        return groups.enumerated().map { n, g in
            let first = shown[g.members[0]]
            return FailureGroup(id: "group-\(n + 1)", cause: cause(first, box: g.box, count: g.members.count),
                                layout: first.layout, surface: first.surface, box: g.box,
                                view: first.status == .stale ? nil : first.view,
                                members: g.members.map { shown[$0].name })
        }
    }

    static func key(_ r: ReportRecord) -> String {
        switch r.status {
        case .failed, .updated:
            if let e = r.expectedSize, let a = r.actualSize, e != a {
                return "size|\(r.layout)|\(r.surface)|\(e)|\(a)"
            }
            if r.box != nil { return "pixels|\(r.layout)|\(r.surface)" }
            return "other|\(r.status)|\(r.layout)|\(r.surface)|\(r.message ?? "")"
        case .error: return "error|\(r.message ?? "")"
        default: return "\(r.status)|\(r.layout)|\(r.surface)"
        }
    }

    /// Union-find over the pairs that look alike; members stay in matrix order.
    static func clusters(_ items: [(Int, ReportRecord)]) -> [(members: [Int], box: FailureGroup.Box?)] {
        var parent = Array(items.indices)
        func root(_ i: Int) -> Int { var i = i; while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }; return i }
        for a in items.indices {
            for b in items.indices where b > a && alike(items[a].1, items[b].1) {
                let ra = root(a), rb = root(b)
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        var byRoot: [Int: [Int]] = [:]
        var order: [Int] = []
        for i in items.indices {
            let r = root(i)
            if byRoot[r] == nil { order.append(r) }
            byRoot[r, default: []].append(i)
        }
        return order.map { r in
            let members = byRoot[r]!
            let boxes = members.compactMap { items[$0].1.box }
            return (members.map { items[$0].0 }, boxes.dropFirst().reduce(boxes.first) { union($0!, $1) })
        }
    }

    static func alike(_ a: ReportRecord, _ b: ReportRecord) -> Bool {
        guard let ba = a.box, let bb = b.box else { return false }
        let iou = overlap(ba, bb)
        if iou >= sameBox { return true }
        let pa = Double(max(a.differingPixels ?? 0, 1)), pb = Double(max(b.differingPixels ?? 0, 1))
        return iou >= minimumOverlap && max(pa, pb) / min(pa, pb) <= pixelCountFactor
    }

    static func overlap(_ a: FailureGroup.Box, _ b: FailureGroup.Box) -> Double {
        let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
        let h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        guard w > 0, h > 0 else { return 0 }
        let inter = Double(w * h)
        return inter / (Double(a.width * a.height) + Double(b.width * b.height) - inter)
    }

    static func union(_ a: FailureGroup.Box, _ b: FailureGroup.Box) -> FailureGroup.Box {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return FailureGroup.Box(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x,
                                height: max(a.y + a.height, b.y + b.height) - y)
    }

    static func cause(_ r: ReportRecord, box: FailureGroup.Box?, count: Int) -> String {
        let goldens = count == 1 ? "1 golden" : "\(count) goldens"
        let place = "\(r.layout) \(r.surface)"
        switch r.status {
        case .failed, .updated:
            if let e = r.expectedSize, let a = r.actualSize, e != a {
                return "size changed from \(e[0])×\(e[1]) to \(a[0])×\(a[1]) px on \(place) (\(goldens))"
            }
            if let box {
                return "pixels changed in \(box.width)×\(box.height) px at (\(box.x), \(box.y)) on \(place) (\(goldens))"
            }
            return "\(r.reason) on \(place) (\(goldens))"
        case .error: return "render error: \(r.reason) (\(goldens))"
        case .missing: return "no golden yet on \(place) (\(goldens); run `widgetshot record`)"
        case .stale: return "stale goldens of \(place): no preview produces them (\(goldens); run `widgetshot prune`)"
        case .created: return "new goldens on \(place) (\(goldens))"
        default: return "\(r.status.rawValue) on \(place) (\(goldens))"
        }
    }
}

extension ReportRecord {
    /// The bounding box of every differing pixel.
    var box: FailureGroup.Box? {
        guard let regions, let first = regions.first else { return nil }
        return regions.dropFirst().reduce(FailureGroup.Box(x: first.x, y: first.y, width: first.width, height: first.height)) {
            FailureGroups.union($0, FailureGroup.Box(x: $1.x, y: $1.y, width: $1.width, height: $1.height))
        }
    }
}
