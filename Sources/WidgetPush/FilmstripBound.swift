import Foundation
import WidgetLayout
import WidgetModel
import WidgetShot

extension LiveActivityPreviewer {
    /// The largest filmstrip `inputs` can make, known once the pushes are read and checked and
    /// before any picture is drawn: a column per push plus one per stale column the plan has, a
    /// row per presentation drawn, each cell as large as its presentation can be on the device (a
    /// Live Activity at most 160 pt tall, StandBy as wide as the banner, the island's pills at
    /// their widest) and each alert band as tall as its own title and body make it. The drawn
    /// sheet is never larger than this at any scale, so a sequence it lets through is never
    /// refused once its pictures are drawn.
    public func filmstripBound(_ inputs: [PushInput], measurer: any TextMeasuring, scale: Double) throws -> Filmstrip {
        let plans = try plan(inputs)
        let rows = LiveActivityPresentation.allCases.filter { p in plans.contains { $0.presentations.contains(p) } }
        let columns = plans.reduce(0) { $0 + ($1.staleAt == nil ? 1 : 2) }
        var bound = Filmstrip(title: "", rows: rows.map(\.rawValue), columns: (0..<columns).map { _ in Filmstrip.Column(title: "") })
        let engine = LayoutEngine(measurer: measurer)
        let device = options.device
        // A picture's pixels are its points × scale rounded, and StandBy's are halved again after
        // that: two pixels cover what rounding adds.
        let slack = 2 / max(scale, 0.25)
        var widest = 0.0
        for p in rows {
            var size = Self.largestSize(of: p, on: device)
            if p == .alert {
                let bands = plans.compactMap { plan in plan.checked.payload?.alert.map { AlertBand.height(of: $0, width: size.width, engine: engine) } }
                size.height += AlertBand.gap + (bands.max() ?? 0)
            }
            widest = max(widest, size.width)
            bound.minimumRowHeights[p.rawValue] = size.height + slack
        }
        bound.minimumColumnWidth = max(bound.minimumColumnWidth, widest + slack)
        return bound
    }

    /// Refuses, before any picture is drawn, a sequence whose filmstrip at `scale` could pass
    /// `Limits.sheetPixels`: the error says how many columns fit at that scale and the largest
    /// scale (in quarter steps) at which these pushes fit.
    public func checkFilmstrip(_ inputs: [PushInput], measurer: any TextMeasuring, scale: Double, limits: Limits = .default) throws {
        let bound = try filmstripBound(inputs, measurer: measurer, scale: scale)
        do { try bound.checkSize(scale: scale, limits: limits) } catch var error {
            let most = bound.mostColumns(scale: scale, limits: limits)
            var advice = "\(inputs.count) push\(inputs.count == 1 ? "" : "es") make\(inputs.count == 1 ? "s" : "") \(bound.columns.count) columns "
                + "(a push whose stale-date passes before the next one arrives adds a stale column), each picture taken at its largest; "
                + "at scale \(Self.shown(scale)) a sheet holds at most \(most) columns: split the sequence"
            var smaller = (scale * 4).rounded(.up) / 4 - 0.25
            while smaller >= 0.25 {
                if (try? bound.checkSize(scale: smaller, limits: limits)) != nil { break }
                smaller -= 0.25
            }
            if smaller >= 0.25 { advice += ", or draw it at scale \(Self.shown(smaller)) or less" }
            error.advice = advice
            throw error
        }
    }

    /// The largest picture of `presentation` on `device`, in points as the filmstrip shows it.
    static func largestSize(of presentation: LiveActivityPresentation, on device: DeviceProfile) -> Size {
        let tallest = SurfaceMetrics.liveActivityHeight.upperBound
        let banner = device.liveActivityWidth ?? 0
        let island = device.island
        switch presentation {
        // StandBy is drawn at twice the scale and shown at half: the banner's size.
        case .lockScreen, .standBy: return Size(width: banner, height: tallest)
        case .islandExpanded: return Size(width: island?.expandedWidth ?? 0, height: tallest)
        // Each side at most `compactSideMaxWidth`: never wider than the expanded island.
        case .islandCompact: return Size(width: island.map { max($0.compactWidth, $0.expandedWidth) } ?? 0, height: island?.height ?? 0)
        case .islandMinimal: return Size(width: IslandGeometry.minimalMaxWidth, height: island?.height ?? 0)
        case .alert:
            let base = LiveActivityPresentation.alertBase(on: device)
            return largestSize(of: base == .islandExpanded ? .islandExpanded : .lockScreen, on: device)
        }
    }

    private static func shown(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}
