import WidgetLayout
import WidgetModel
import WidgetTemplate

/// Puts a bound surface into its chrome: canvas size, margins, container background, corner mask,
/// island regions around the sensor housing. The numbers come from DeviceProfile/SurfaceMetrics.
public struct SurfaceComposer {
    let engine: LayoutEngine

    public init(engine: LayoutEngine) { self.engine = engine }

    /// `scheme` is the one the surface is drawn in (the island is always dark); `appearance` is the
    /// phone's, which decides whether the island's key line shows.
    /// `mode` must be one of the surface's `renderingModes` (RenderSpec checks it).
    public func compose(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme,
                 appearance: ColorScheme? = nil, mode: RenderingMode? = nil) -> ComposedSurface {
        var composed = composeChrome(bound, surface: surface, device: device, scheme: scheme, appearance: appearance, mode: mode)
        Self.resolveContainerRelative(&composed.root, in: composed.root.frame, clip: composed.root.clip)
        return composed
    }

    /// Each `containerRelative` shape becomes a rounded rectangle concentric with the surface's
    /// own corners: the container's radius less the shape's nearest inset from the container's
    /// edges (a view inset 16 pt in a 22 pt widget gets 6 pt), never below zero nor past a capsule.
    /// A surface without rounded corners gives rectangles.
    static func resolveContainerRelative(_ node: inout PlacedNode, in container: Rect, clip: ClipShape?) {
        let radius: Double
        switch clip {
        case .roundedRect(let r, _)?: radius = r
        case .capsule?, .circle?: radius = min(container.width, container.height) / 2
        default: radius = 0
        }
        func visit(_ n: inout PlacedNode) {
            if case .shape(var shape) = n.content, shape.shape == .containerRelative {
                let f = n.frame
                let inset = max(0, min(f.minX - container.minX, f.minY - container.minY, container.maxX - f.maxX, container.maxY - f.maxY))
                let r = min(max(0, radius - inset), min(f.width, f.height) / 2)
                shape.shape = r > 0 ? .roundedRect(radius: r, continuous: true) : .rect
                n.content = .shape(shape)
            }
            for i in n.children.indices { visit(&n.children[i]) }
        }
        visit(&node)
    }

    private func composeChrome(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme,
                               appearance: ColorScheme?, mode: RenderingMode?) -> ComposedSurface {
        let mode = mode ?? surface.defaultRenderingMode
        switch surface.family {
        case .home: return home(bound, surface: surface, device: device, scheme: scheme, mode: mode)
        case .accessory: return accessory(bound, surface: surface, device: device, mode: mode)
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
}

/// The pieces every family's chrome is built from.
extension SurfaceComposer {
    /// The surface's `background:` filling `canvas`: a view placed over the whole container (no
    /// margins), a paint, or `fallback`.
    func containerBackground(_ bound: BoundSurface, _ canvas: Rect, default fallback: Paint?) -> PlacedNode? {
        if let view = bound.backgroundView { return engine.place(view, in: canvas) }
        return (bound.background ?? fallback).map { fill(canvas, $0) }
    }

    /// `keylineTint`: a 1 pt line of the tint just inside the island's outline.
    func keyline(_ canvas: Rect, clip: ClipShape?, _ tint: Paint) -> PlacedNode {
        let shape: ShapeKind
        switch clip {
        case .roundedRect(let radius, let continuous)?: shape = .roundedRect(radius: radius, continuous: continuous)
        default: shape = .capsule
        }
        // Stroked on the edge at twice the width: the island's clip keeps the inner half.
        return PlacedNode(frame: canvas, content: .shape(ShapeContent(shape: shape, stroke: Stroke(paint: tint, width: 2))))
    }

    func fill(_ rect: Rect, _ paint: Paint) -> PlacedNode {
        PlacedNode(frame: rect, content: .shape(ShapeContent(shape: .rect, fill: paint)))
    }

    /// The island is always opaque black, whatever the scheme.
    func pill(_ rect: Rect, radius: Double? = nil) -> PlacedNode {
        let shape: ShapeKind = radius.map { .roundedRect(radius: min($0, rect.height / 2), continuous: true) } ?? .capsule
        return PlacedNode(frame: rect, content: .shape(ShapeContent(shape: shape, fill: .color(.black))))
    }

    /// The front camera at the right of the sensor housing, barely lighter than the island.
    func sensor(in canvas: Rect, _ g: IslandGeometry) -> PlacedNode {
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
