import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import AppIntents
import WidgetShot
import WidgetShotSwiftUI

/// Grids, gradients, masks, materials, warnings of effects not drawn, symbol variants, and the
/// Foundation formatter Linux lacks: what each becomes, in numbers and pixels.
@Suite("SwiftUI grids, gradients, masks, materials and effects")
struct ContainerEffectTests {
    static func node<V: SwiftUI.View>(_ view: V, look: Look = Look()) -> (ViewNode, EnvironmentValues) {
        let environment = EnvironmentValues(look: look)
        return (ViewResolver.node(view, in: environment), environment)
    }

    @Test("LazyVGrid with three flexible columns lays seven cells out in rows of 3, 3 and 1")
    func lazyGrid() {
        let (n, _) = Self.node(LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 3), spacing: 4) {
            ForEach(0..<7) { Text("\($0)") }
        })
        guard case .vstack(let spacing, _, let rows) = n.kind else { Issue.record("\(n.kind)"); return }
        #expect(spacing == 4)
        let counts = rows.map { row -> Int in if case .hstack(_, _, let cells) = row.kind { return cells.count } else { return -1 } }
        #expect(counts == [3, 3, 1])
    }

    @Test("a radial gradient is darker at its centre than at its edge, and the mask by a circle clears the corners")
    func radialAndMask() throws {
        let view = RadialGradient(colors: [.black, .white], center: .center, startRadius: 0, endRadius: 50)
            .mask(Circle())
        let picture = try CanvasPicture(view, width: 100, height: 100)
        let result = picture.result
        func red(_ x: Int, _ y: Int) -> Int { Int(picture.at(x, y)[0]) }
        #expect(red(50, 50) < 40, "centre \(red(50, 50))")
        #expect(red(50, 8) > red(50, 30) && red(50, 30) > red(50, 50), "\(red(50, 8)) \(red(50, 30)) \(red(50, 50))")
        // The corner is outside the circle: the canvas' background (white), not the gradient's grey.
        #expect(red(2, 2) > 250, "corner \(red(2, 2))")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("effects not drawn are warnings at the team's line; a mask that is not a shape too")
    func warnedEffects() throws {
        let line = #line + 2
        let view = VStack {
            Text("a").shadow(radius: 3)
            Text("b").blur(radius: 2)
            Text("c").mask { Text("m") }
        }
        let warnings = try CanvasPicture(view, width: 60, height: 60).result.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("ContainerEffectTests.swift:\(line)") && $0.contains("shadow(radius: 3.0) is not drawn") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("ContainerEffectTests.swift:\(line + 1)") && $0.contains("blur(radius: 2.0)") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("ContainerEffectTests.swift:\(line + 2)") && $0.contains("mask that is not") }, "\(warnings)")
    }

    @Test("a material is the scheme's material colour; .secondary.opacity keeps the colour at a lower alpha")
    func materialAndOpacity() {
        var dark = Look()
        dark.scheme = .dark
        let (light, _) = Self.node(Rectangle().fill(.regularMaterial))
        let (night, _) = Self.node(Rectangle().fill(.regularMaterial), look: dark)
        guard case .shape(let l) = light.kind, case .shape(let d) = night.kind else { Issue.record("\(light.kind)"); return }
        #expect(l.fill?.solidColor.r ?? 0 > 0.9 && d.fill?.solidColor.r ?? 1 < 0.2)
        let (faded, environment) = Self.node(Rectangle().fill(.secondary.opacity(0.5)))
        guard case .shape(let f) = faded.kind else { Issue.record("\(faded.kind)"); return }
        let secondary = Color.secondary.rgba(in: environment)
        #expect(abs((f.fill?.solidColor.a ?? 0) - secondary.a * 0.5) < 1e-9)
    }

    @Test("symbolVariant(.fill) draws NAME.fill where the catalog has it; imageScale scales the symbol")
    func symbols() {
        let (filled, _) = Self.node(Image(systemName: "star").symbolVariant(.fill))
        let (plain, _) = Self.node(Image(systemName: "star"))
        let (small, _) = Self.node(Image(systemName: "star").imageScale(.small))
        guard case .icon(let f) = filled.kind, case .icon(let p) = plain.kind, case .icon(let s) = small.kind else {
            Issue.record("\(filled.kind)"); return
        }
        #expect(f.symbol == "star.fill" && p.symbol == "star")
        #expect(abs(s.size - p.size * 0.8) < 1e-9)
    }

    @Test("a string literal stays a key to look up, even with AppIntents imported")
    func literalStaysAKey() {
        let (n, _) = Self.node(Text("Arriving \(3)"))
        guard case .text(let t) = n.kind else { Issue.record("\(n.kind)"); return }
        #expect(t.string == "Arriving 3")
        let (r, _) = Self.node(Text(LocalizedStringResource("Total")))
        guard case .text(let rt) = r.kind else { Issue.record("\(r.kind)"); return }
        #expect(rt.string == "Total")
        // A key the app's strings lack shows the resource's default value, as iOS does
        // (home-assistant's energy period "widgets.energy.period.today" reads "Today").
        let (d, _) = Self.node(Text(LocalizedStringResource("widgets.energy.period.today", defaultValue: "Today")))
        guard case .text(let dt) = d.kind else { Issue.record("\(d.kind)"); return }
        #expect(dt.string == "Today")
    }

    @Test("RelativeDateTimeFormatter writes the distance in the locale, named or numeric")
    func relativeFormatter() {
        let formatter = RelativeDateTimeFormatter()
        formatter.locale = Locale(identifier: "en_US")
        let reference = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(formatter.localizedString(for: reference.addingTimeInterval(300), relativeTo: reference) == "in 5 minutes")
        #expect(formatter.localizedString(for: reference.addingTimeInterval(-7200), relativeTo: reference) == "2 hours ago")
        formatter.dateTimeStyle = .named
        #expect(formatter.localizedString(for: reference.addingTimeInterval(-86400), relativeTo: reference) == "yesterday")
        formatter.locale = Locale(identifier: "de_DE")
        formatter.dateTimeStyle = .numeric
        #expect(formatter.localizedString(for: reference.addingTimeInterval(-300), relativeTo: reference) == "vor 5 Minuten")
    }
}
