/// iOS system and semantic colors, light and dark, as Apple's Human Interface Guidelines list them.
/// The default generation is iOS 13–18, matching the iOS 18 widget sizes the surfaces use.
public enum ColorGeneration: String, Sendable, CaseIterable {
    case ios18, ios26
}

public enum SystemColors {
    /// Names a layout may use, in the order `widgetshot list` shows them.
    public static let names: [String] = Array(systemTable.keys).sorted() + Array(semanticTable.keys).sorted()
        + ["white", "black", "clear"]

    public static func color(named name: String, scheme: ColorScheme,
                             generation: ColorGeneration = .ios18) -> RGBA? {
        switch name {
        case "white": return .white
        case "black": return .black
        case "clear": return .clear
        default: break
        }
        if let row = systemTable[name] {
            let hex: UInt32
            switch (generation, scheme) {
            case (.ios26, .light): hex = row.0
            case (.ios26, .dark): hex = row.1
            case (.ios18, .light): hex = row.2
            case (.ios18, .dark): hex = row.3
            }
            return RGBA(hex: hex)
        }
        if let row = semanticTable[name] { return scheme == .light ? row.0 : row.1 }
        return nil
    }

    /// (iOS 26 light, iOS 26 dark, iOS 13–18 light, iOS 13–18 dark) [HIG Color].
    static let systemTable: [String: (UInt32, UInt32, UInt32, UInt32)] = [
        "red": (0xFF383C, 0xFF4245, 0xFF3B30, 0xFF453A),
        "orange": (0xFF8D28, 0xFF9230, 0xFF9500, 0xFF9F0A),
        "yellow": (0xFFCC00, 0xFFD600, 0xFFCC00, 0xFFD60A),
        "green": (0x34C759, 0x30D158, 0x34C759, 0x30D158),
        "mint": (0x00C8B3, 0x00DAC3, 0x00C7BE, 0x66D4CF),
        "teal": (0x00C3D0, 0x00D2E0, 0x30B0C7, 0x40C8E0),
        "cyan": (0x00C0E8, 0x3CD3FE, 0x32ADE6, 0x64D2FF),
        "blue": (0x0088FF, 0x0091FF, 0x007AFF, 0x0A84FF),
        "indigo": (0x6155F5, 0x6D7CFF, 0x5856D6, 0x5E5CE6),
        "purple": (0xCB30E0, 0xDB34F2, 0xAF52DE, 0xBF5AF2),
        "pink": (0xFF2D55, 0xFF375F, 0xFF2D55, 0xFF375F),
        "brown": (0xAC7F5E, 0xB78A66, 0xA5845E, 0xAC8E68),
        "gray": (0x8E8E93, 0x8E8E93, 0x8E8E93, 0x8E8E93),
        "systemGray2": (0xAEAEB2, 0x636366, 0xAEAEB2, 0x636366),
        "systemGray3": (0xC7C7CC, 0x48484A, 0xC7C7CC, 0x48484A),
        "systemGray4": (0xD1D1D6, 0x3A3A3C, 0xD1D1D6, 0x3A3A3C),
        "systemGray5": (0xE5E5EA, 0x2C2C2E, 0xE5E5EA, 0x2C2C2E),
        "systemGray6": (0xF2F2F7, 0x1C1C1E, 0xF2F2F7, 0x1C1C1E),
    ]

    /// (light, dark). Apple tabulates none of these: the light values are UIKit's as the iOS 13 SDK
    /// gives them (dumped in noahsark769/ColorCompatibility, Sources/ColorCompatibility.swift), the
    /// dark ones as common third-party palettes write them.
    static let semanticTable: [String: (RGBA, RGBA)] = [
        "label": (RGBA(hex: 0x000000), RGBA(hex: 0xFFFFFF)),
        "secondaryLabel": (RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.6), RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.6)),
        "tertiaryLabel": (RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.3), RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.3)),
        "quaternaryLabel": (RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.18), RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.16)),
        "systemBackground": (RGBA(hex: 0xFFFFFF), RGBA(hex: 0x000000)),
        "secondarySystemBackground": (RGBA(hex: 0xF2F2F7), RGBA(hex: 0x1C1C1E)),
        "tertiarySystemBackground": (RGBA(hex: 0xFFFFFF), RGBA(hex: 0x2C2C2E)),
        // Grouped content (UIKit's "Grouped content background colors": lists, settings, platters).
        // Light: ColorCompatibility as above; dark: UIKit's dark-trait values as the iOS 13
        // simulator prints them (CGColor descriptions: 0 / 0.109804 0.109804 0.117647 /
        // 0.172549 0.172549 0.180392), the same dump that gives the separators' dark values.
        "systemGroupedBackground": (RGBA(hex: 0xF2F2F7), RGBA(hex: 0x000000)),
        "secondarySystemGroupedBackground": (RGBA(hex: 0xFFFFFF), RGBA(hex: 0x1C1C1E)),
        "tertiarySystemGroupedBackground": (RGBA(hex: 0xF2F2F7), RGBA(hex: 0x2C2C2E)),
        "separator": (RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.29), RGBA(r: 84 / 255, g: 84 / 255, b: 88 / 255, a: 0.6)),
        "opaqueSeparator": (RGBA(hex: 0xC6C6C8), RGBA(hex: 0x38383A)),
        // The fills: rgb(120,120,128) light and dark at falling opacities (UIKit's values, as
        // third-party palettes dump them; Apple tabulates none).
        "systemFill": (fill(0.2), fill(0.36)),
        "secondarySystemFill": (fill(0.16), fill(0.32)),
        "tertiarySystemFill": (RGBA(r: 118 / 255, g: 118 / 255, b: 128 / 255, a: 0.12), RGBA(r: 118 / 255, g: 118 / 255, b: 128 / 255, a: 0.24)),
        "quaternarySystemFill": (RGBA(r: 116 / 255, g: 116 / 255, b: 128 / 255, a: 0.08), RGBA(r: 118 / 255, g: 118 / 255, b: 128 / 255, a: 0.18)),
    ]

    private static func fill(_ alpha: Double) -> RGBA { RGBA(r: 120 / 255, g: 120 / 255, b: 128 / 255, a: alpha) }
}
