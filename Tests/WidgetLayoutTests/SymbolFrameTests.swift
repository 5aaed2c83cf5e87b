import Testing
import WidgetLayout
import WidgetModel

/// An SF Symbol's frame follows its glyph (issue 37): `chevron.right` is narrow, the arrows wide.
/// A square of the point size, as every stand-in took before, put gradus' trailing chevron 2.8 pt
/// left of where iOS 26 drew it.
@Suite struct SymbolFrameTests {
    func icon(_ symbol: String, _ size: Double = 17, family: String = IconCatalog.family, widthRatio: Double? = nil) -> ViewNode {
        ViewNode(.icon(IconContent(symbol: symbol, glyph: IconCatalog.glyph(for: symbol) ?? "", family: family, size: size,
                                   color: .color(.black), widthRatio: widthRatio)))
    }

    @Test("the measured widths: chevron 0.65 × the point size, the arrows 1.2 ×, their forward/backward twins alike")
    func measuredWidths() {
        for (symbol, width) in [("chevron.right", 11.05), ("chevron.left", 11.05), ("chevron.forward", 11.05), ("chevron.backward", 11.05),
                                ("arrow.right", 20.4), ("arrow.left", 20.4), ("arrow.forward", 20.4), ("arrow.backward", 20.4)] {
            let size = engine.sizeThatFits(icon(symbol), .zero)
            #expect(abs(size.width - width) < 1e-9 && size.height == 17, "\(symbol): \(size)")
            guard case .measured = SymbolFrames.width(for: symbol).source else { Issue.record("\(symbol) is not measured"); continue }
        }
        // At 34 pt the frame is twice as wide: a fraction of the size, not a number of points.
        #expect(abs(engine.sizeThatFits(icon("chevron.right", 34), .zero).width - 22.1) < 1e-9)
    }

    @Test("a symbol nobody measured takes the stand-in's ink plus SF's side bearings; one without artwork its square")
    func derivedAndUnknownWidths() {
        // Material's info_outline, drawn at 1.2, is 1.0 of the size; + 2 × 0.09.
        #expect(SymbolFrames.width(for: "info.circle").source == .inkBox)
        #expect(abs(engine.sizeThatFits(icon("info.circle"), .zero).width - 17 * 1.18) < 1e-9)
        #expect(engine.sizeThatFits(icon("person.crop.circle.badge.exclamationmark", 44), .zero) == Size(width: 44, height: 44))
        #expect(SymbolFrames.width(for: "no.such.symbol").source == .square)
        // Every name the stand-in has, has a width.
        for name in IconCatalog.names { #expect(SymbolFrames.width(for: name).source != .square, "\(name)") }
    }

    @Test("gradus' settings row: the 17 pt chevron ends at the row's edge in an 11.05 pt frame, its ink centred where iOS drew it")
    func gradusChevronRow() {
        // HStack { icon.frame(width: 24); Text(label); Spacer(); chevron.right }, 390 pt wide.
        let row = place(hstack([ViewNode(.icon(IconContent(symbol: "gearshape", glyph: "g", size: 17, color: .color(.black))),
                                         modifiers: [.frame(FrameSpec(width: 24))]), text("Settings"), spacer(),
                                icon("chevron.right")]), 390, 44)
        let chevron = row.children[3].frame
        #expect(abs(chevron.minX - 378.95) < 1e-9 && chevron.maxX == 390, "\(chevron)")
        // iOS 26 @3x (listRowChevronLight): ink 380.67–388.67 pt, centre 384.67; the frame's centre
        // is 384.48 (0.19 pt off; the square put it at 381.5, 3.17 pt off).
        #expect(abs(chevron.midX - 384.67) < 0.25)
    }

    @Test("a team's SF Symbols template sets the frame exactly, from its margin guides in the icon's weight")
    func templateFrame() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3300 2200">
          <g id="Guides">
            <line id="Baseline-M" x1="263" x2="3036" y1="1126" y2="1126"/>
            <line id="Capline-M" x1="263" x2="3036" y1="1055.54" y2="1055.54"/>
            <line id="left-margin-Regular-M" x1="1382" x2="1382" y1="1030" y2="1140"/>
            <line id="right-margin-Regular-M" x1="1446" x2="1446" y1="1030" y2="1140"/>
            <path id="left-margin-Bold-M" d="M1380.0,1030.0 l0.0,110.0"/>
            <path id="right-margin-Bold-M" d="M1450.0,1030.0 l0.0,110.0"/>
          </g>
        </svg>
        """
        let regular = try #require(SymbolTemplateFrame.parse(svg, weight: "Regular"))
        #expect(abs(regular.widthRatio - 0.64) < 0.001, "\(regular.widthRatio)")   // 64 units at 100 pt
        let bold = try #require(SymbolTemplateFrame.parse(svg, weight: "Bold"))
        #expect(abs(bold.widthRatio - 0.70) < 0.001, "\(bold.widthRatio)")
        // A weight the file lacks falls back to Regular; a file without guides has no frame.
        #expect(SymbolTemplateFrame.parse(svg, weight: "Black")?.widthRatio == regular.widthRatio)
        #expect(SymbolTemplateFrame.parse("<svg viewBox=\"0 0 10 10\"><path d=\"M0 0h10v10z\"/></svg>", weight: "Regular") == nil)
        // The layout takes the template's width over the table's.
        let size = engine.sizeThatFits(icon("chevron.right", widthRatio: regular.widthRatio), .zero)
        #expect(abs(size.width - 17 * regular.widthRatio) < 1e-9)
    }

    @Test("forward and backward symbols turn over right to left; right, left and the media symbols do not")
    func forwardMirrorsRightToLeft() {
        for symbol in ["chevron.forward", "arrow.backward", "arrow.up.forward", "arrow.uturn.forward"] {
            #expect(IconCatalog.mirrorsRightToLeft(symbol), "\(symbol)")
        }
        for symbol in ["chevron.right", "arrow.left", "forward.fill", "backward.end.fill"] {
            #expect(!IconCatalog.mirrorsRightToLeft(symbol), "\(symbol)")
        }
        let row = place(hstack(spacing: 0, [icon("chevron.forward"), icon("chevron.right")]), 100, 20)
        let mirrored = row.mirroredForRightToLeft(width: 100)
        let forward = mirrored.children[0], right = mirrored.children[1]
        // Positions mirror for both; only the forward chevron's drawing turns over about its centre.
        #expect(abs(forward.frame.maxX - 100) < 1e-9 && abs(right.frame.maxX - (100 - 11.05)) < 1e-9)
        #expect(forward.transform.a == -1 && right.transform.isIdentity)
    }
}

/// The grouped-content colours a settings list is drawn with (issue 37), UIKit's values in light
/// and dark; the separators were there before.
@Suite struct GroupedColorTests {
    @Test func groupedBackgroundsAndSeparators() {
        func hex(_ name: String, _ scheme: ColorScheme) -> RGBA? { SystemColors.color(named: name, scheme: scheme) }
        #expect(hex("systemGroupedBackground", .light) == RGBA(hex: 0xF2F2F7) && hex("systemGroupedBackground", .dark) == RGBA(hex: 0x000000))
        #expect(hex("secondarySystemGroupedBackground", .light) == RGBA(hex: 0xFFFFFF) && hex("secondarySystemGroupedBackground", .dark) == RGBA(hex: 0x1C1C1E))
        #expect(hex("tertiarySystemGroupedBackground", .light) == RGBA(hex: 0xF2F2F7) && hex("tertiarySystemGroupedBackground", .dark) == RGBA(hex: 0x2C2C2E))
        #expect(hex("opaqueSeparator", .light) == RGBA(hex: 0xC6C6C8) && hex("opaqueSeparator", .dark) == RGBA(hex: 0x38383A))
        #expect(hex("separator", .dark)?.a == 0.6)
        #expect(SystemColors.names.contains("secondarySystemGroupedBackground"))
    }
}
