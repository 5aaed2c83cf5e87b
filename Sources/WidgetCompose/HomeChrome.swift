import WidgetLayout
import WidgetModel
import WidgetTemplate

/// Home Screen widgets (systemSmall … systemExtraLarge): the container background, the content
/// margins and the corner mask of the device.
extension SurfaceComposer {
    func home(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme,
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
}
