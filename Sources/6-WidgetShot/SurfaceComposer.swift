import WidgetLayout
import WidgetModel
import WidgetTemplate

/// A surface ready to draw: the placed tree, the canvas it fills and how its pixels are finished.
public struct ComposedSurface: Sendable {
    /// The canvas in points; the PNG is this × scale pixels.
    public var size: Size
    public var root: PlacedNode
    /// Extra magnification on top of the device scale (StandBy shows the Lock Screen view at 2x).
    public var magnification: Double
    /// How the pixels are coloured (WidgetRenderer.draw applies it).
    public var mode: RenderingMode
    /// Compact island: the camera region between the leading and trailing views (the sensor
    /// housing), where no content belongs.
    public var cameraRegion: Rect?
    /// Compact island: views whose content needs more width than a compact side can take.
    public var islandOverflows: [IslandOverflow] = []

    public init(size: Size, root: PlacedNode, magnification: Double, mode: RenderingMode) {
        self.size = size; self.root = root; self.magnification = magnification; self.mode = mode
    }
}

/// What lint says about a compact island view: content wider than a compact side may be (it is
/// cut, or runs into the camera), or drawn inside the camera region.
public struct IslandOverflow: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Width the content asks for, and the width a side gives it (points, without padding).
        case tooWide(needed: Double, available: Double)
        /// A node drawn (partly) inside the camera region, at this frame.
        case entersCamera(Rect)
    }
    public var region: Region
    public var kind: Kind
    public var source: SourceLocation?
}

/// Puts a bound surface into its chrome: canvas size, margins, container background, corner mask,
/// island regions around the sensor housing. The numbers come from DeviceProfile/SurfaceMetrics.
struct SurfaceComposer {
    let engine: LayoutEngine

    /// `scheme` is the one the surface is drawn in (the island is always dark); `appearance` is the
    /// phone's, which decides whether the island's key line shows.
    /// `mode` must be one of the surface's `renderingModes` (RenderSpec checks it).
    func compose(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme,
                 appearance: ColorScheme? = nil, mode: RenderingMode? = nil) -> ComposedSurface {
        let mode = mode ?? surface.defaultRenderingMode
        switch surface.family {
        case .home: return home(bound, surface: surface, device: device, scheme: scheme, mode: mode)
        case .accessory: return accessory(bound, surface: surface, device: device)
        case .liveActivity:
            var composed = liveActivity(bound, surface: surface, device: device, scheme: scheme)
            composed.mode = mode
            return composed
        case .smallActivity: return smallActivity(bound, device: device, scheme: scheme)
        case .control: return control(bound, surface: surface)
        case .island:
            var composed = island(bound, surface: surface, device: device)
            // iOS draws the key line only in Dark Mode (Apple doc keylineTint(_:)).
            if let tint = bound.keylineTint, (appearance ?? scheme) == .dark, !composed.root.children.isEmpty {
                composed.root.children.append(keyline(composed.root.frame, clip: composed.root.clip, tint))
            }
            return composed
        }
    }

    private func home(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme,
                      mode: RenderingMode) -> ComposedSurface {
        let size = device.widgetSizes[surface] ?? .zero
        let canvas = Rect(origin: .zero, size: size)
        let margins = bound.margins ?? EdgeInsets(all: SurfaceMetrics.widgetMargin)
        var children: [PlacedNode] = []
        // The tinted Home Screen removes the container background, view or paint (HIG Widgets:
        // in the accented mode the background is replaced by the system's tint material).
        if mode != .accented,
           let background = containerBackground(bound, canvas, default: .color(Self.containerBackground(scheme))) {
            children.append(background)
        }
        if let view = bound.view { children.append(engine.place(view, in: canvas.insetBy(margins))) }
        let root = PlacedNode(frame: canvas, children: children,
                              clip: .roundedRect(radius: device.widgetCornerRadius, continuous: true))
        return ComposedSurface(size: size, root: root, magnification: 1, mode: mode)
    }

    private func accessory(_ bound: BoundSurface, surface: Surface, device: DeviceProfile) -> ComposedSurface {
        let size = device.widgetSizes[surface] ?? .zero
        let canvas = Rect(origin: .zero, size: size)
        let margins = bound.margins ?? EdgeInsets(all: SurfaceMetrics.accessoryMargin)
        var children: [PlacedNode] = []
        if let bg = containerBackground(bound, canvas, default: nil) { children.append(bg) }
        if let view = bound.view { children.append(engine.place(view, in: canvas.insetBy(margins))) }
        let clip: ClipShape? = surface == .accessoryCircular ? .circle : nil
        return ComposedSurface(size: size, root: PlacedNode(frame: canvas, children: children, clip: clip),
                               magnification: 1, mode: .vibrant)
    }

    /// The Lock Screen activity is as tall as its content, within 84…160 pt.
    private func liveActivity(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme) -> ComposedSurface {
        let width = device.liveActivityWidth ?? 0
        let margins = bound.margins ?? EdgeInsets(all: SurfaceMetrics.liveActivityMargin)
        let innerWidth = max(0, width - margins.horizontal)
        let contentHeight = bound.view.map { engine.sizeThatFits($0, ProposedSize(width: innerWidth, height: nil)).height } ?? 0
        let range = SurfaceMetrics.liveActivityHeight
        let height = min(range.upperBound, max(range.lowerBound, contentHeight + margins.vertical))
        let canvas = Rect(x: 0, y: 0, width: width, height: height)
        var children: [PlacedNode] = []
        let isStandBy = surface == .standBy
        // StandBy removes the container background, view or paint (HIG Widgets: "background removed").
        if !isStandBy, let background = containerBackground(bound, canvas, default: .color(scheme == .light ? .white : .black)) {
            children.append(background)
        }
        if let view = bound.view { children.append(engine.place(view, in: canvas.insetBy(margins))) }
        let clip: ClipShape = .roundedRect(radius: SurfaceMetrics.liveActivityCornerRadius, continuous: true)
        return ComposedSurface(size: canvas.size, root: PlacedNode(frame: canvas, children: children, clip: clip),
                               magnification: isStandBy ? SurfaceMetrics.standByScale : 1, mode: .fullColor)
    }

    /// The `small` family: a tile of the device's fixed size (Smart Stack, CarPlay). Its own view
    /// fills it within the margins; without one (`Surface.fallback`) the compact leading and
    /// trailing views sit at its two ends, as the watch and CarPlay show an activity that has no
    /// small view.
    private func smallActivity(_ bound: BoundSurface, device: DeviceProfile, scheme: ColorScheme) -> ComposedSurface {
        let size = device.smallActivity?.size ?? .zero
        let canvas = Rect(origin: .zero, size: size)
        let margins = bound.margins ?? EdgeInsets(all: SurfaceMetrics.smallActivityMargin)
        let inner = canvas.insetBy(margins)
        var children = [containerBackground(bound, canvas, default: .color(Self.containerBackground(scheme)))].compactMap { $0 }
        if let view = bound.view {
            children.append(engine.place(view, in: inner))
        } else {
            let half = Rect(x: inner.minX, y: inner.minY, width: max(0, inner.width / 2 - 4), height: inner.height)
            if let leading = bound.regions[.leading] {
                children.append(engine.place(leading, in: half, alignment: Alignment(horizontal: .leading, vertical: .center)))
            }
            if let trailing = bound.regions[.trailing] {
                let r = Rect(x: inner.maxX - half.width, y: inner.minY, width: half.width, height: inner.height)
                children.append(engine.place(trailing, in: r, alignment: Alignment(horizontal: .trailing, vertical: .center)))
            }
        }
        let clip: ClipShape = .roundedRect(radius: SurfaceMetrics.smallActivityCornerRadius, continuous: true)
        return ComposedSurface(size: size, root: PlacedNode(frame: canvas, children: children, clip: clip),
                               magnification: 1, mode: .fullColor)
    }

    private func island(_ bound: BoundSurface, surface: Surface, device: DeviceProfile) -> ComposedSurface {
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
    /// published compact size (§3a: 52.33 pt on 393 pt screens, 62.33 on 430), at most
    /// `IslandGeometry.compactSideMaxWidth`. The pill stays centred on the sensor housing (the
    /// island is centred on the screen), so both sides take the wider side's width and the camera
    /// region (125.33 pt) stays in the middle. Content wider than the maximum is cut, and recorded
    /// for lint.
    private func compact(_ bound: BoundSurface, _ g: IslandGeometry) -> ComposedSurface {
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
    private func minimal(_ bound: BoundSurface, _ g: IslandGeometry) -> ComposedSurface {
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
    private func expanded(_ bound: BoundSurface, _ g: IslandGeometry) -> ComposedSurface {
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
            children.append(engine.place(v, in: Rect(x: m.leading, y: bottomY, width: bottomWidth, height: h), alignment: topLeft))
        }
        let clip: ClipShape = .roundedRect(radius: min(SurfaceMetrics.islandCornerRadius, height / 2), continuous: true)
        return ComposedSurface(size: canvas.size, root: PlacedNode(frame: canvas, children: children, clip: clip),
                               magnification: 1, mode: .fullColor)
    }

    // MARK: chrome pieces

    /// The surface's `background:` filling `canvas`: a view placed over the whole container (no
    /// margins), a paint, or `fallback`.
    private func containerBackground(_ bound: BoundSurface, _ canvas: Rect, default fallback: Paint?) -> PlacedNode? {
        if let view = bound.backgroundView { return engine.place(view, in: canvas) }
        return (bound.background ?? fallback).map { fill(canvas, $0) }
    }

    /// `keylineTint`: a 1 pt line of the tint just inside the island's outline.
    private func keyline(_ canvas: Rect, clip: ClipShape?, _ tint: Paint) -> PlacedNode {
        let shape: ShapeKind
        switch clip {
        case .roundedRect(let radius, let continuous)?: shape = .roundedRect(radius: radius, continuous: continuous)
        default: shape = .capsule
        }
        // Stroked on the edge at twice the width: the island's clip keeps the inner half.
        return PlacedNode(frame: canvas, content: .shape(ShapeContent(shape: shape, stroke: Stroke(paint: tint, width: 2))))
    }

    private func fill(_ rect: Rect, _ paint: Paint) -> PlacedNode {
        PlacedNode(frame: rect, content: .shape(ShapeContent(shape: .rect, fill: paint)))
    }

    /// The island is always opaque black, whatever the scheme.
    private func pill(_ rect: Rect, radius: Double? = nil) -> PlacedNode {
        let shape: ShapeKind = radius.map { .roundedRect(radius: min($0, rect.height / 2), continuous: true) } ?? .capsule
        return PlacedNode(frame: rect, content: .shape(ShapeContent(shape: shape, fill: .color(.black))))
    }

    /// The front camera at the right of the sensor housing, barely lighter than the island.
    private func sensor(in canvas: Rect, _ g: IslandGeometry) -> PlacedNode {
        let d = 11.0
        let x = (canvas.width + g.sensorWidth) / 2 - 10 - d
        let lens = RGBA(hex: 0x15151C)
        return PlacedNode(frame: Rect(x: x, y: (g.height - d) / 2, width: d, height: d),
                          content: .shape(ShapeContent(shape: .circle, fill: .color(lens))))
    }

    /// The widget container: white in light mode, the elevated dark gray in dark mode.
    static func containerBackground(_ scheme: ColorScheme) -> RGBA {
        SystemColors.color(named: scheme == .light ? "systemBackground" : "secondarySystemBackground", scheme: scheme)!
    }
}
