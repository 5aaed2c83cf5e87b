import WidgetLayout
import WidgetModel
import WidgetTemplate

/// The Live Activity's small family (Apple Watch Smart Stack, CarPlay).
extension SurfaceComposer {
    /// The `small` family: a tile of the device's fixed size (Smart Stack, CarPlay). Its own view
    /// fills it within the margins; without one (`Surface.fallback`) the compact leading and
    /// trailing views sit at its two ends, as the watch and CarPlay show an activity that has no
    /// small view.
    func smallActivity(_ bound: BoundSurface, device: DeviceProfile, scheme: ColorScheme) -> ComposedSurface {
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
}
