import WidgetLayout
import WidgetModel
import WidgetTemplate

/// The Dynamic Island: compact (leading, sensor, trailing), minimal and expanded.
extension SurfaceComposer {
    func island(_ bound: BoundSurface, surface: Surface, device: DeviceProfile) -> ComposedSurface {
        guard let geometry = device.island else {
            return ComposedSurface(size: .zero, root: PlacedNode(frame: Rect(x: 0, y: 0, width: 0, height: 0)),
                                   magnification: 1, mode: .fullColor)
        }
        switch surface {
        case .islandCompact: return compact(bound, geometry)
        case .islandMinimal: return minimal(bound, geometry)
        default: return expanded(bound, geometry)
        }
    }

    /// One image of the whole pill: leading view, the sensor housing, trailing view.
    ///
    /// The compact views take the width their content needs, as iOS sizes them: at least the
    /// published compact size (Human Interface Guidelines, "Live Activities", Specifications:
    /// 52.33 pt on 393 pt screens, 62.33 on 430), at most
    /// `IslandGeometry.compactSideMaxWidth`. The pill stays centred on the sensor housing (the
    /// island is centred on the screen), so both sides take the wider side's width and the camera
    /// region (125.33 pt) stays in the middle. Content wider than the maximum is cut, and recorded
    /// for lint.
    func compact(_ bound: BoundSurface, _ g: IslandGeometry) -> ComposedSurface {
        let inset = SurfaceMetrics.islandCompactInset
        // Padding around a side's content: the inset plus 2 pt from the capsule's end, 2 pt from the camera.
        let padding = inset + 4
        let height = g.height
        func needed(_ region: Region) -> Double? {
            guard let view = bound.regions[region] else { return nil }
            let ideal = engine.sizeThatFits(view, ProposedSize(width: nil, height: height)).width
            return (ideal.isFinite ? max(0, ideal) : .greatestFiniteMagnitude) + padding
        }
        let leadingNeed = needed(.leading), trailingNeed = needed(.trailing)
        let maxSide = g.compactSideMaxWidth
        let side = min(maxSide, max(g.compactSide.width, leadingNeed ?? 0, trailingNeed ?? 0))
        let canvas = Rect(x: 0, y: 0, width: g.sensorWidth + 2 * side, height: height)
        let camera = Rect(x: side, y: 0, width: g.sensorWidth, height: height)
        var children = [pill(canvas), sensor(in: canvas, g)]
        var overflows: [IslandOverflow] = []
        let contentWidth = side - padding
        for (region, need, x, horizontal) in [(Region.leading, leadingNeed, inset + 2, HorizontalAlignment.leading),
                                              (.trailing, trailingNeed, canvas.maxX - side + 2, .trailing)] {
            guard let view = bound.regions[region], let need else { continue }
            let placed = engine.place(view, in: Rect(x: x, y: 0, width: contentWidth, height: height),
                                      alignment: Alignment(horizontal: horizontal, vertical: .center))
            children.append(placed)
            if need > maxSide + 0.01 {
                overflows.append(IslandOverflow(region: region, kind: .tooWide(needed: need - padding, available: contentWidth),
                                                source: view.source))
            }
            // Half a point of slack: text metrics are fractional and edges round to pixels.
            let slack = 0.5
            placed.forEach { node in
                if case .none = node.content { return }
                let f = node.frame
                if f.width > 0, f.height > 0, f.maxX > camera.minX + slack, f.minX < camera.maxX - slack {
                    overflows.append(IslandOverflow(region: region, kind: .entersCamera(f), source: node.source ?? view.source))
                }
            }
        }
        var composed = ComposedSurface(size: canvas.size, root: PlacedNode(frame: canvas, children: children, clip: .capsule),
                                       magnification: 1, mode: .fullColor)
        composed.cameraRegion = camera
        composed.islandOverflows = overflows
        return composed
    }

    /// A circle of the island's height, widening up to 45 pt for wider content.
    func minimal(_ bound: BoundSurface, _ g: IslandGeometry) -> ComposedSurface {
        let inset = SurfaceMetrics.islandCompactInset
        let maxInner = Size(width: IslandGeometry.minimalMaxWidth - 2 * inset, height: g.height - 2 * inset)
        let content = bound.view.map { engine.sizeThatFits($0, ProposedSize(maxInner)) } ?? .zero
        let width = min(IslandGeometry.minimalMaxWidth, max(g.minimalSize.width, content.width + 2 * inset))
        let canvas = Rect(x: 0, y: 0, width: width, height: g.height)
        var children = [pill(canvas)]
        if let view = bound.view {
            children.append(engine.place(view, in: canvas.insetBy(EdgeInsets(all: inset))))
        }
        return ComposedSurface(size: canvas.size, root: PlacedNode(frame: canvas, children: children, clip: .capsule),
                               magnification: 1, mode: .fullColor)
    }

    /// Leading and trailing sit beside the sensor at the top, center sits below the sensor between
    /// them, bottom spans the width below all three; the island is as tall as that, 84…160 pt.
    func expanded(_ bound: BoundSurface, _ g: IslandGeometry) -> ComposedSurface {
        let width = g.expandedWidth
        let m = SurfaceMetrics.islandExpandedMargins
        let sensorLeft = (width - g.sensorWidth) / 2
        let sideWidth = max(0, sensorLeft - m.leading - 4)
        func size(_ region: Region, width w: Double) -> Size {
            bound.regions[region].map { engine.sizeThatFits($0, ProposedSize(width: w, height: nil)) } ?? .zero
        }
        let leadingSize = size(.leading, width: sideWidth)
        let trailingSize = size(.trailing, width: sideWidth)
        let centerSize = size(.center, width: g.sensorWidth)
        let bottomWidth = width - m.horizontal
        let bottomSize = size(.bottom, width: bottomWidth)
        let top = max(m.top + max(leadingSize.height, trailingSize.height),
                      bound.regions[.center] == nil ? 0 : g.height + centerSize.height)
        let bottomY = top + (bound.regions[.bottom] == nil ? 0 : 6)
        let range = SurfaceMetrics.liveActivityHeight
        let height = min(range.upperBound, max(range.lowerBound, bottomY + bottomSize.height + m.bottom))
        let canvas = Rect(x: 0, y: 0, width: width, height: height)

        var children = [pill(canvas, radius: SurfaceMetrics.islandCornerRadius), sensor(in: canvas, g)]
        let topLeft = Alignment(horizontal: .leading, vertical: .top)
        if let v = bound.regions[.leading] {
            children.append(engine.place(v, in: Rect(x: m.leading, y: m.top, width: sideWidth, height: top - m.top), alignment: topLeft))
        }
        if let v = bound.regions[.trailing] {
            children.append(engine.place(v, in: Rect(x: width - m.trailing - sideWidth, y: m.top, width: sideWidth, height: top - m.top),
                                         alignment: Alignment(horizontal: .trailing, vertical: .top)))
        }
        if let v = bound.regions[.center] {
            children.append(engine.place(v, in: Rect(x: sensorLeft, y: g.height, width: g.sensorWidth, height: centerSize.height),
                                         alignment: Alignment(horizontal: .center, vertical: .top)))
        }
        if let v = bound.regions[.bottom] {
            let h = max(0, height - m.bottom - bottomY)
            // The region proposes its whole width and centres a narrower view, as a SwiftUI
            // container does (a view that wants the leading edge says so with a flexible frame).
            children.append(engine.place(v, in: Rect(x: m.leading, y: bottomY, width: bottomWidth, height: h),
                                         alignment: Alignment(horizontal: .center, vertical: .top)))
        }
        let clip: ClipShape = .roundedRect(radius: min(SurfaceMetrics.islandCornerRadius, height / 2), continuous: true)
        return ComposedSurface(size: canvas.size, root: PlacedNode(frame: canvas, children: children, clip: clip),
                               magnification: 1, mode: .fullColor)
    }
}
