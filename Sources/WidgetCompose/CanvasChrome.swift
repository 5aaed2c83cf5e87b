import WidgetLayout
import WidgetModel
import WidgetTemplate

/// A surface's view alone, as a snapshot test hosts it: at a point size of its own, on the
/// scheme's system background, with no container background, margins, corner mask or regions.
extension SurfaceComposer {
    public func canvas(_ bound: BoundSurface, size: Size, scheme: ColorScheme, mode: RenderingMode) -> ComposedSurface {
        let canvas = Rect(origin: .zero, size: size)
        var children = [fill(canvas, .color(SystemColors.color(named: "systemBackground", scheme: scheme)!))]
        if let view = bound.view { children.append(engine.place(view, in: canvas)) }
        return ComposedSurface(size: size, root: PlacedNode(frame: canvas, children: children), magnification: 1, mode: mode)
    }
}
