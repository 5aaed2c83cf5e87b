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
    /// Lock-screen accessories are drawn desaturated (iOS's vibrant rendering mode).
    public var vibrant: Bool
}

/// Puts a bound surface into its chrome: canvas size, margins, container background, corner mask,
/// island regions around the sensor housing. The numbers come from DeviceProfile/SurfaceMetrics.
struct SurfaceComposer {
    let engine: LayoutEngine

    /// `scheme` is the one the surface is drawn in (the island is always dark); `appearance` is the
    /// phone's, which decides whether the island's key line shows.
    func compose(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme,
                 appearance: ColorScheme? = nil) -> ComposedSurface {
        switch surface.family {
        case .home: return home(bound, surface: surface, device: device, scheme: scheme)
        case .accessory: return accessory(bound, surface: surface, device: device)
        case .liveActivity: return liveActivity(bound, surface: surface, device: device, scheme: scheme)
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

    private func home(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme) -> ComposedSurface {
        let size = device.widgetSizes[surface] ?? .zero
        let canvas = Rect(origin: .zero, size: size)
        let margins = bound.margins ?? EdgeInsets(all: SurfaceMetrics.widgetMargin)
        var children = [containerBackground(bound, canvas, default: .color(Self.containerBackground(scheme)))].compactMap { $0 }
        if let view = bound.view { children.append(engine.place(view, in: canvas.insetBy(margins))) }
        let root = PlacedNode(frame: canvas, children: children,
                              clip: .roundedRect(radius: device.widgetCornerRadius, continuous: true))
        return ComposedSurface(size: size, root: root, magnification: 1, vibrant: false)
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
                               magnification: 1, vibrant: true)
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
                               magnification: isStandBy ? SurfaceMetrics.standByScale : 1, vibrant: false)
    }

    private func island(_ bound: BoundSurface, surface: Surface, device: DeviceProfile) -> ComposedSurface {
        guard let geometry = device.island else {
            return ComposedSurface(size: .zero, root: PlacedNode(frame: Rect(x: 0, y: 0, width: 0, height: 0)),
                                   magnification: 1, vibrant: false)
        }
        switch surface {
        case .islandCompact: return compact(bound, geometry)
        case .islandMinimal: return minimal(bound, geometry)
        default: return expanded(bound, geometry)
        }
    }

    /// One image of the whole pill: leading view, the sensor housing, trailing view.
    private func compact(_ bound: BoundSurface, _ g: IslandGeometry) -> ComposedSurface {
        let canvas = Rect(x: 0, y: 0, width: g.compactWidth, height: g.height)
        let inset = SurfaceMetrics.islandCompactInset
        let side = g.compactSide
        var children = [pill(canvas), sensor(in: canvas, g)]
        if let leading = bound.regions[.leading] {
            let r = Rect(x: inset + 2, y: 0, width: side.width - inset - 4, height: side.height)
            children.append(engine.place(leading, in: r, alignment: Alignment(horizontal: .leading, vertical: .center)))
        }
        if let trailing = bound.regions[.trailing] {
            let r = Rect(x: canvas.maxX - side.width + 2, y: 0, width: side.width - inset - 4, height: side.height)
            children.append(engine.place(trailing, in: r, alignment: Alignment(horizontal: .trailing, vertical: .center)))
        }
        return ComposedSurface(size: canvas.size, root: PlacedNode(frame: canvas, children: children, clip: .capsule),
                               magnification: 1, vibrant: false)
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
                               magnification: 1, vibrant: false)
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
                               magnification: 1, vibrant: false)
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
