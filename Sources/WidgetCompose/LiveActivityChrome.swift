import WidgetLayout
import WidgetModel
import WidgetTemplate

/// The Live Activity banner on the Lock Screen and its StandBy presentation.
extension SurfaceComposer {
    /// The Lock Screen activity is as tall as its content, within 84…160 pt.
    func liveActivity(_ bound: BoundSurface, surface: Surface, device: DeviceProfile, scheme: ColorScheme) -> ComposedSurface {
        let width = device.liveActivityWidth ?? 0
        // iOS adds no margins here: the HIG's 14 pt is one the view applies (`.padding()`).
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
}
