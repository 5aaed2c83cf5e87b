import WidgetShot

/// Where an image sits when the page shows it in context: the frame around it (a phone's Home
/// Screen, its Lock Screen, the top of the phone around the Dynamic Island, StandBy in landscape),
/// the image's offset inside that frame, and the frame's drawing. All sizes are points (CSS px),
/// from DeviceProfile and SurfaceMetrics; the few numbers that only decorate (icon size, clock
/// type size, status-bar height) are named here and never reach a render.
struct GalleryContext {
    var kind: String
    var frameWidth: Double
    var frameHeight: Double
    var imageX: Double
    var imageY: Double
    /// The decoration drawn behind (and for the island around) the image.
    var decorations: String

    /// Decoration only: the status bar's height and the app icon's side on the Home Screen.
    static let statusBarHeight = 54.0
    static let iconSide = 60.0
    /// Decoration only: where the clock and the accessory row sit on the Lock Screen.
    static let lockDateY = 62.0
    static let lockClockY = 92.0
    static let lockBelowClockY = 200.0
    /// The Dynamic Island's distance from the top of the screen (decoration: it places the island
    /// in the outline, not the island's own size).
    static let islandTop = 11.0

    static func make(for cell: GalleryCell, imageSize: Size) -> GalleryContext {
        let device = cell.device
        let screen = device.screen
        let w = imageSize.width, h = imageSize.height
        if cell.surface == .standBy {
            // StandBy: the phone on its side, the activity centred on black.
            let frameW = max(screen.height, w + 40), frameH = max(screen.width, h + 40)
            return GalleryContext(kind: "standby", frameWidth: frameW, frameHeight: frameH,
                                  imageX: ((frameW - w) / 2).rounded(), imageY: ((frameH - h) / 2).rounded(),
                                  decorations: "")
        }
        switch cell.surface.family {
        case .smallActivity:
            // The Smart Stack tile (or CarPlay's) centred on black, as the watch face shows it.
            let frameW = w + 40, frameH = h + 40
            return GalleryContext(kind: "standby", frameWidth: frameW, frameHeight: frameH,
                                  imageX: 20, imageY: 20, decorations: "")
        case .control:
            // A control on Control Center's dark backdrop (the StandBy frame's black), a cell's gap around it.
            let frameW = w + 2 * 24, frameH = h + 2 * 24
            return GalleryContext(kind: "standby", frameWidth: frameW, frameHeight: frameH, imageX: 24, imageY: 24,
                                  decorations: "")
        case .home:
            return home(cell, w: w, h: h)
        case .accessory, .liveActivity:
            let y: Double
            var decorations = statusBar(screen.width, time: false)
            if cell.surface == .accessoryInline {
                y = lockDateY
            } else {
                y = lockBelowClockY
                decorations += "<div class=ctx-date style=\"top:\(px(lockDateY))\">Sunday 22 November</div>"
            }
            decorations += "<div class=ctx-clock style=\"top:\(px(lockClockY))\">9:41</div>"
            let height = max(y + h + 60, lockBelowClockY + 120)
            return GalleryContext(kind: "lock", frameWidth: screen.width, frameHeight: height,
                                  imageX: ((screen.width - w) / 2).rounded(), imageY: y, decorations: decorations)
        case .island:
            let island = device.island
            let x: Double
            var decorations = statusBar(screen.width, time: true)
            if cell.surface == .islandMinimal, let island {
                // The sensor housing at rest in the middle, the minimal view detached on its right.
                let rest = island.sensorWidth
                let restX = (screen.width - rest) / 2
                decorations += "<div class=ctx-sensor style=\"left:\(px(restX));top:\(px(islandTop));width:\(px(rest));height:\(px(island.height))\"><i class=ctx-lens></i></div>"
                x = restX + rest + 6
            } else {
                x = (screen.width - w) / 2
            }
            var overlay = ""
            if cell.surface == .islandCompact, let island {
                // The camera inside the sensor housing, between the leading and trailing views.
                let lensX = (screen.width + island.sensorWidth) / 2 - island.height * 0.5 - 4
                overlay = "<i class=\"ctx-lens ctx-over\" style=\"left:\(px(lensX));top:\(px(islandTop + island.height / 2 - 6))\"></i>"
            }
            return GalleryContext(kind: "island", frameWidth: screen.width, frameHeight: max(140, islandTop + h + 60),
                                  imageX: x.rounded(), imageY: islandTop, decorations: decorations + overlay)
        }
    }

    /// The Home Screen: the widget at the top left of an icon grid whose cells are the small
    /// widget's size (a small widget takes 2×2 icons), with the gaps the medium and large sizes imply.
    static func home(_ cell: GalleryCell, w: Double, h: Double) -> GalleryContext {
        let d = cell.device
        let small = d.widgetSizes[.systemSmall] ?? Size(width: 158, height: 158)
        let medium = d.widgetSizes[.systemMedium] ?? Size(width: 338, height: 158)
        let large = d.widgetSizes[.systemLarge] ?? Size(width: 338, height: 354)
        let gapX = max(0, medium.width - 2 * small.width), gapY = max(0, large.height - 2 * small.height)
        let columns = d.widgetSizes[.systemExtraLarge] != nil ? 4 : 2
        let gridWidth = Double(columns) * small.width + Double(columns - 1) * gapX
        let side = max(12, (d.screen.width - gridWidth) / 2)
        let frameWidth = columns == 2 ? d.screen.width : gridWidth + 2 * side
        let top = statusBarHeight + 12
        let rows = 3
        // Blocks the widget covers, in block units.
        let spanX = Int(((w + gapX) / (small.width + gapX)).rounded())
        let spanY = Int(((h + gapY) / (small.height + gapY)).rounded())
        var icons = ""
        let quadrantW = small.width / 2, quadrantH = small.height / 2
        for row in 0..<max(rows, spanY + 1) {
            for column in 0..<columns where !(row < spanY && column < spanX) {
                let bx = side + Double(column) * (small.width + gapX), by = top + Double(row) * (small.height + gapY)
                for (qx, qy) in [(0.0, 0.0), (1, 0), (0, 1), (1, 1)] {
                    let ix = bx + qx * quadrantW + (quadrantW - iconSide) / 2
                    let iy = by + qy * quadrantH + (quadrantH - iconSide - 14) / 2
                    let hue = (row * 97 + column * 41 + Int(qx) * 23 + Int(qy) * 59) % 360
                    icons += "<i class=ctx-icon style=\"left:\(px(ix));top:\(px(iy));--hue:\(hue)\"></i>"
                }
            }
        }
        let height = top + Double(max(rows, spanY + 1)) * (small.height + gapY)
        return GalleryContext(kind: "home", frameWidth: frameWidth, frameHeight: height, imageX: side, imageY: top,
                              decorations: statusBar(frameWidth, time: true) + icons)
    }

    static func statusBar(_ width: Double, time: Bool) -> String {
        "<div class=ctx-status>\(time ? "<b>9:41</b>" : "<b></b>")<span>▂▄▆ ◼︎</span></div>"
    }

    static func px(_ v: Double) -> String {
        v == v.rounded() ? "\(Int(v))px" : String(format: "%.2fpx", v)
    }
}
