import WidgetLayout
import WidgetModel
import WidgetTemplate

/// Lock Screen accessories: vibrant, circular ones clipped to a circle. In the vibrant appearance
/// the system removes a widget's container background (Apple, "Displaying the right widget
/// background"), so `background:` draws nothing there; a backdrop the widget wants (SwiftUI's
/// `AccessoryWidgetBackground`) is a shape in its view. The rectangular accessory in full colour
/// (watchOS) keeps colours as written and draws its `background:` (no default one).
extension SurfaceComposer {
    func accessory(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, mode: RenderingMode) -> ComposedSurface {
        let size = device.widgetSizes[surface] ?? .zero
        let canvas = Rect(origin: .zero, size: size)
        let margins = bound.margins ?? EdgeInsets(all: SurfaceMetrics.accessoryMargin)
        var children: [PlacedNode] = []
        if mode == .fullColor, let background = containerBackground(bound, canvas, default: nil) {
            children.append(background)
        }
        if let view = bound.view { children.append(engine.place(view, in: canvas.insetBy(margins))) }
        let clip: ClipShape? = surface == .accessoryCircular ? .circle : nil
        return ComposedSurface(size: size, root: PlacedNode(frame: canvas, children: children, clip: clip),
                               magnification: 1, mode: mode == .fullColor ? .fullColor : .vibrant)
    }
}
