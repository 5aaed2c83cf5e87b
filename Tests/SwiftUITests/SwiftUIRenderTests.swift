import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

// Widget code as a team writes it: an entry, a view reading the environment, a helper view, its
// own ViewModifier and a View extension, a custom EnvironmentKey, a container background.

struct OrderEntry: TimelineEntry {
    let date: Date
    let restaurant: String
    let eta: String
    let items: Int
}

struct Pill: ViewModifier {
    func body(content: Content) -> some View {
        content
            .padding(.horizontal, 8)
            .background(Color.orange.opacity(0.25))
    }
}

extension View {
    func pill() -> some View { modifier(Pill()) }
}

struct AccentKey: EnvironmentKey {
    static let defaultValue = Color.orange
}

extension EnvironmentValues {
    var accent: Color {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

struct TotalRow: View {
    let total: String
    @Environment(\.accent) private var accent

    var body: some View {
        HStack {
            Text("Total")
            Spacer()
            Text(total).bold().foregroundColor(accent)
        }
    }
}

struct OrderView: View {
    var entry: OrderEntry
    @Environment(\.colorScheme) private var scheme
    @Environment(\.widgetFamily) private var family

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(entry.restaurant)
                .font(.headline)
            Text("Arriving \(entry.eta)")
                .font(.subheadline)
                .foregroundStyle(.secondary)
            Spacer()
            if family == .systemMedium {
                Text("\(entry.items) items").pill()
            }
            HStack(spacing: 6) {
                Image(systemName: "bicycle")
                ForEach(0..<3) { step in
                    Capsule().fill(step < 2 ? Color.orange : Color.gray)
                        .frame(height: 4)
                }
            }
            ProgressView(value: 2, total: 3).tint(.orange)
            Divider()
            TotalRow(total: "₩32,000")
        }
        .containerBackground(for: .widget) {
            scheme == .dark ? Color.black : Color.white
        }
    }
}

/// The same view written in the layout language: a golden of either is the same picture.
let orderLayout = """
    name: order
    surfaces:
      systemSmall:
        background: { light: white, dark: black }
        view: &order
          vstack:
            - text: "{{restaurant}}"
              style: headline
            - text: "Arriving {{eta}}"
              style: subheadline
              color: secondaryLabel
            - spacer
            - text: "{{items}} items"
              when: surface == 'systemMedium'
              padding: { horizontal: 8 }
              background: { color: orange, opacity: 0.25 }
            - hstack:
                - icon: bicycle
                - forEach: steps
                  content:
                    capsule:
                    fill: "{{item ? 'orange' : 'gray'}}"
                    frame: { height: 4 }
              spacing: 6
            - progress: 0.6666666666666666
              tint: orange
            - divider
            - hstack:
                - text: Total
                - spacer
                - text: "₩32,000"
                  bold: true
                  color: orange
          alignment: leading
          spacing: 4
      systemMedium:
        background: { light: white, dark: black }
        view: *order
    previews:
      one: { data: { restaurant: Seoul Kitchen, eta: "12:45", items: 3, steps: [true, true, false] } }

    """

@Suite("a team's SwiftUI widget view compiles here and draws as its layout twin")
struct SwiftUIRenderTests {
    static let entry = OrderEntry(date: Date(timeIntervalSince1970: 0), restaurant: "Seoul Kitchen", eta: "12:45", items: 3)

    @Test("the SwiftUI view and its layout twin are the same pixels", arguments: [
        (Surface.systemSmall, WidgetModel.ColorScheme.light), (.systemMedium, .light), (.systemMedium, .dark),
    ])
    func sameAsTheLayout(_ surface: Surface, _ scheme: WidgetModel.ColorScheme) throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        var look = Look(scale: 2, scheme: scheme)
        look.now = Look.fallbackNow
        let swift = try SwiftUIRender.render(OrderView(entry: Self.entry), surface: surface, look: look, renderer: renderer)
        let yaml = try layoutTwin(orderLayout, name: "order", surface: surface, scheme: scheme, renderer: renderer)
        #expect(swift.pixelWidth == yaml.pixelWidth && swift.pixelHeight == yaml.pixelHeight)
        let same = samePixels(swift, yaml, keepIn: "swiftui-twin", as: "\(surface.rawValue)-\(scheme.rawValue)")
        #expect(same, "\(surface.rawValue) \(scheme.rawValue): the compiled view differs from its layout twin (both in .build/test-output/swiftui-twin)")
    }

    @Test("@Environment reads the family and the scheme the surface is drawn in, and a custom key its value")
    func environmentReachesTheBody() throws {
        struct Probe: View {
            @Environment(\.widgetFamily) var family
            @Environment(\.colorScheme) var scheme
            @Environment(\.accent) var accent
            var body: some View {
                Text("\(family) \(scheme == .dark ? "dark" : "light")").foregroundColor(accent)
            }
        }
        let renderer = WidgetRenderer(fonts: Project.fonts)
        var node: ViewNode?
        _ = try renderer.render(surface: .systemMedium, look: Look(scheme: .dark)) { context in
            var environment = EnvironmentValues(look: context.look)
            environment.widgetFamily = .systemMedium
            environment.accent = .blue
            node = ViewResolver.node(Probe(), in: environment)
            return BoundSurface(view: node, regions: [:], background: nil, margins: nil, diagnostics: [])
        }
        guard case .text(let text) = try #require(node).kind else { Issue.record("not a text: \(String(describing: node))"); return }
        #expect(text.string == "systemMedium dark")
        #expect(text.color == .color(SystemColors.color(named: "blue", scheme: .dark)!))
    }
}
