/// Controls (iOS 18, WidgetKit `ControlWidgetButton` / `ControlWidgetToggle`): a symbol, a title
/// and an optional value, shown in Control Center and on the Lock Screen. Apple's documentation
/// (HIG "Controls", Anatomy: "Controls contain a symbol image, a title, and, optionally, a value";
/// WidgetKit "Adding refinements and configuration to controls": "Depending on the size, the title
/// and value text aren't always visible") publishes what a control shows, not its sizes in points:
/// the numbers in `ControlMetrics` are chosen, and each says why.
public enum ControlKind: String, Hashable, Sendable, CaseIterable {
    /// Performs an action: one appearance.
    case button
    /// Switches between two states, each with its own symbol, title, value and tint.
    case toggle
}

public enum ControlState: String, Hashable, Sendable, CaseIterable {
    case on, off
}

/// A control bound to data: everything final, ready for the chrome to draw.
public struct BoundControl: Hashable, Sendable {
    public var id: String
    public var kind: ControlKind
    /// Toggles only; nil for a button.
    public var state: ControlState?
    /// The icon stand-in for the SF Symbol (IconCatalog); nil when the symbol is unknown.
    public var symbol: String
    public var glyph: String?
    public var label: String
    public var value: String?
    public var tint: RGBA
    /// The control in the layout file, for warnings about its drawing (a truncated title).
    public var source: SourceLocation?

    public init(id: String, kind: ControlKind, state: ControlState?, symbol: String, glyph: String?,
                label: String, value: String?, tint: RGBA, source: SourceLocation? = nil) {
        self.id = id; self.kind = kind; self.state = state; self.symbol = symbol; self.glyph = glyph
        self.label = label; self.value = value; self.tint = tint; self.source = source
    }

    /// Drawn filled with the tint: a toggle that is on. A button is drawn like a toggle that is
    /// off (iOS fills a button only while it is pressed).
    public var isFilled: Bool { state == .on }
}

/// Sizes of the control surfaces, in points, the same on every iPhone (UNCONFIRMED: Apple
/// publishes none; see each number). Control Center lays its modules on a grid of square cells: a
/// small control is one cell, medium two cells wide, large two by two.
public enum ControlMetrics {
    /// One Control Center grid cell. UNCONFIRMED: Apple publishes no module size (searched: HIG
    /// "Controls", WidgetKit ControlWidget documentation). 62 pt is chosen, not measured: four
    /// columns of cells with 16 pt between them (4 × 62 + 3 × 16 = 296 pt) sit inside a 393 pt
    /// wide iPhone with the margins Control Center leaves. Replace with a measured value when one exists.
    public static let cell = 62.0
    /// Space between grid cells, which a wider module spans. UNCONFIRMED, chosen with `cell`.
    public static let gap = 16.0
    /// A Lock Screen control slot: a circle of 50 pt. UNCONFIRMED: not published; chosen, not
    /// measured here, as the size the flashlight and camera buttons are commonly drawn at.
    public static let lockScreenDiameter = 50.0
    /// Corner radius of the large tile (continuous). UNCONFIRMED: chosen as half a cell so the
    /// tile's corners match the small module's roundness.
    public static let largeCornerRadius = 31.0
    /// Glyph sizes: small 24 pt, medium and Lock Screen 22 pt, large 28 pt. UNCONFIRMED, chosen.
    public static let smallGlyph = 24.0
    public static let mediumGlyph = 22.0
    public static let largeGlyph = 28.0
    public static let lockScreenGlyph = 22.0
    /// Title 14 pt semibold, value 12 pt regular. UNCONFIRMED, chosen (between the footnote and
    /// caption text styles, so a short title fits the medium capsule on one line).
    public static let titleSize = 14.0
    public static let valueSize = 12.0
    /// The medium capsule's leading column holding the glyph (the glyph centred in it, 15 pt from
    /// the capsule's end). UNCONFIRMED, chosen; title and value take the rest less `padding`.
    public static let mediumGlyphColumn = 52.0
    /// Padding inside medium and large modules. UNCONFIRMED, chosen.
    public static let padding = 14.0

    /// The canvas of a control surface in points.
    public static func size(of surface: Surface) -> Size? {
        switch surface {
        case .controlSmall: Size(width: cell, height: cell)
        case .controlMedium: Size(width: 2 * cell + gap, height: cell)
        case .controlLarge: Size(width: 2 * cell + gap, height: 2 * cell + gap)
        case .controlLockScreen: Size(width: lockScreenDiameter, height: lockScreenDiameter)
        default: nil
        }
    }

    /// Where each number comes from, for `widgetshot list`.
    public static func source(of surface: Surface) -> String {
        switch surface {
        case .controlSmall: "UNCONFIRMED: one Control Center cell, 62 pt, chosen (Apple publishes no control size)"
        case .controlMedium: "UNCONFIRMED: two cells and the 16 pt gap wide (2 × 62 + 16), one cell tall"
        case .controlLarge: "UNCONFIRMED: two by two cells (2 × 62 + 16 square)"
        case .controlLockScreen: "UNCONFIRMED: a 50 pt circle, chosen (Apple publishes no Lock Screen control size)"
        default: ""
        }
    }

    /// The translucent gray of an "off" module over Control Center's dark material: white at 22 %
    /// over the material below. UNCONFIRMED, chosen.
    public static let moduleFill = RGBA(r: 1, g: 1, b: 1, a: 0.22)
    /// Control Center's dark material behind the modules, drawn inside each module's shape so
    /// the PNG shows the module alone (transparent outside it).
    public static let material = RGBA(hex: 0x1C1C1E, alpha: 0.9)
    /// The Lock Screen draws controls monochrome: an "on" slot is white with a black glyph.
    public static let lockScreenOn = RGBA.white
}
