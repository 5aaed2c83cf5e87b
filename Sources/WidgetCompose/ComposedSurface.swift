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
