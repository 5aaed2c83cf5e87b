import Foundation
import SwiftUI
import AppIntents
import ActivityKit
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

// The API that four widget extensions nobody here had tuned to used and we lacked (docs/swift.md,
// "Public widget code, measured": Simplenote, Pocket Casts, Mastodon, DuckDuckGo), written as those
// apps write it, in small fixtures of our own.

/// An intent a widget's play button runs, as a podcast app declares it.
private struct UnseenPlayIntent: AudioPlaybackIntent {
    static let title: LocalizedStringResource = "Play episode"
    static let isDiscoverable = false
    @Parameter(title: "Episode") var episode: String
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

/// Sizes a label with UIKit's metrics inside its body, as Mastodon's hashtag widget does.
private struct ScaledLabel: View {
    var body: some View {
        Text("#swift").font(.system(size: UIFontMetrics.default.scaledValue(for: 12)))
    }
}

/// Paints with a colour set looked up through UIKit, falling back as Mastodon's widget does.
private struct NamedColourSwatch: View {
    let name: String
    var body: some View {
        Rectangle().fill(Color(uiColor: UIColor(named: name) ?? .red))
    }
}

/// A status's HTML shown as text (Mastodon's `Text(statusWithColorHashtags:)`).
private struct StatusText: View {
    let html: String
    var body: some View {
        if let data = html.data(using: .utf8),
           let rendered = try? NSAttributedString(data: data, options: [.documentType: NSAttributedString.DocumentType.html,
                                                                        .characterEncoding: NSUTF8StringEncoding],
                                                  documentAttributes: nil) {
            Text(AttributedString(rendered))
        } else {
            Text(html)
        }
    }
}

/// A team's own gauge style: five segments, the filled ones in the tint (as Apple's FoodTruck
/// sample's `SegmentedGaugeStyle` draws, written anew).
private struct SegmentsGaugeStyle: GaugeStyle {
    var total: Int
    func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            configuration.label
            HStack(spacing: 2) {
                ForEach(0..<total, id: \.self) { index in
                    Rectangle().fill(index < Int(configuration.value * Double(total)) ? Color.indigo : Color.gray)
                        .frame(width: 10, height: 6)
                }
            }
        }
    }
}

/// A view model a widget's view owns (IVPN's `@StateObject var viewModel`).
private final class StatusModel: ObservableObject {
    @Published var title = "Connected"
    nonisolated(unsafe) static var made = 0
    init() { StatusModel.made += 1 }
}

private struct StatusView: View {
    @StateObject var model = StatusModel()
    @Environment(\.layoutDirection) var direction
    var body: some View {
        Text(model.title + (direction == .rightToLeft ? " rtl" : " ltr"))
            .onReceive(NotificationCenter.default.publisher(for: Notification.Name("status"))) { _ in model.title = "changed" }
    }
}

private struct OrderAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var minutes: Int }
    var orderID: String
}

@Suite("API unseen widget extensions use: drawn, or a value, or a warning")
struct UnseenCorpusAPITests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    private func centre(_ result: RenderResult) -> (r: UInt8, g: UInt8, b: UInt8) {
        let bitmap = result.bitmap.straightRGBA()
        let i = ((bitmap.height / 2) * bitmap.width + bitmap.width / 2) * 4
        return (bitmap.pixels[i], bitmap.pixels[i + 1], bitmap.pixels[i + 2])
    }

    @Test("colorScheme(.dark) draws its view in the dark appearance: primary is white, not black")
    func colorSchemeModifier() throws {
        let light = centre(try SwiftUIRender.render(Color.primary, surface: .systemSmall, renderer: renderer))
        let dark = centre(try SwiftUIRender.render(Color.primary.colorScheme(.dark), surface: .systemSmall, renderer: renderer))
        #expect(light.r < 30 && light.g < 30 && light.b < 30, "\(light)")
        #expect(dark.r > 225 && dark.g > 225 && dark.b > 225, "\(dark)")
        // The same nodes as a render in the dark scheme.
        var darkEnvironment = EnvironmentValues(look: Look(scheme: .dark))
        darkEnvironment.look.scheme = .dark
        #expect(ViewResolver.node(Rectangle().fill(Color.primary).colorScheme(.dark), in: EnvironmentValues(look: Look())).kind
                == ViewResolver.node(Rectangle().fill(Color.primary), in: darkEnvironment).kind)
    }

    @Test("widgetAccentedRenderingMode sets the image's accented mode; a symbol joins the accented group")
    func accentedRenderingMode() throws {
        var environment = EnvironmentValues(look: Look())
        let scratch = scratchDirectory("xcassets")
        defer { removeScratch(scratch) }
        environment.assets = AssetCatalog(catalogs: [try AssetCatalogTests.catalog(in: scratch)])
        for (mode, expected) in [(WidgetAccentedRenderingMode.fullColor, AccentedImageMode.fullColor), (.accented, .accented),
                                 (.desaturated, .desaturated), (.accentedDesaturated, .accentedDesaturated)] {
            let node = ViewResolver.node(Image("logo").resizable().widgetAccentedRenderingMode(mode), in: environment)
            guard case .image(let content) = node.kind else { Issue.record("\(node.kind)"); return }
            #expect(content.accentedMode == expected)
        }
        let unset = ViewResolver.node(Image("logo").widgetAccentedRenderingMode(nil), in: environment)
        guard case .image(let plain) = unset.kind else { Issue.record("\(unset.kind)"); return }
        #expect(plain.accentedMode == nil)
        let symbol = ViewResolver.node(Image(systemName: "star.fill").widgetAccentedRenderingMode(.accented), in: environment)
        #expect(symbol.modifiers.contains(.accentable(true)))
        let fullColorSymbol = ViewResolver.node(Image(systemName: "star.fill").widgetAccentedRenderingMode(.fullColor), in: environment)
        #expect(!fullColorSymbol.modifiers.contains(.accentable(true)))
    }

    @Test("UIFontMetrics: a value is its own at the default size and grows as body grows (12 pt at xxxLarge: 12 x 23/17)")
    func fontMetrics() throws {
        #expect(UIFontMetrics.default.scaledValue(for: 12) == 12)
        #expect(UIFontMetrics(forTextStyle: .headline).scaledFont(for: .systemFont(ofSize: 10, weight: .bold)).pointSize == 10)
        let large = ViewResolver.node(ScaledLabel(), in: EnvironmentValues(look: Look()))
        let grown = ViewResolver.node(ScaledLabel().dynamicTypeSize(.xxxLarge), in: EnvironmentValues(look: Look()))
        guard case .text(let base) = large.kind, case .text(let big) = grown.kind else { Issue.record("\(large.kind) \(grown.kind)"); return }
        #expect(base.font.size == 12)
        #expect(abs(big.font.size - 12 * 23 / 17) < 0.001, "\(big.font.size)")
        var environment = EnvironmentValues(look: Look())
        environment.dynamicTypeSize = .xSmall
        let caption = EnvironmentValues.$current.withValue(environment) {
            UIFontMetrics(forTextStyle: .caption1).scaledValue(for: 24)
        }
        #expect(abs(caption - 24 * 11 / 12) < 0.001, "\(caption)")
    }

    @Test("UIColor(named:) is the colour set, dynamic across appearances; a missing set is nil with a warning at the team's line")
    func namedColour() throws {
        var environment = EnvironmentValues(look: Look())
        let scratch = scratchDirectory("xcassets")
        defer { removeScratch(scratch) }
        environment.assets = AssetCatalog(catalogs: [try AssetCatalogTests.catalog(in: scratch)])
        let light = ViewResolver.node(NamedColourSwatch(name: "Brand Teal"), in: environment)
        guard case .shape(let lightShape) = light.kind else { Issue.record("\(light.kind)"); return }
        #expect(lightShape.fill == .color(RGBA(r: 0, g: 128.0 / 255, b: 128.0 / 255, a: 1)))
        var dark = environment
        dark.look.scheme = .dark
        let darkNode = ViewResolver.node(NamedColourSwatch(name: "Brand Teal"), in: dark)
        guard case .shape(let darkShape) = darkNode.kind, case .color(let c)? = darkShape.fill else { Issue.record("\(darkNode.kind)"); return }
        #expect(abs(c.r - 0.2) < 0.001 && abs(c.g - 0.9) < 0.001 && abs(c.a - 0.5) < 0.001, "\(c)")
        #expect(environment.collector.warnings.isEmpty, "\(environment.collector.warnings)")
        let missing = ViewResolver.node(NamedColourSwatch(name: "Missing"), in: environment)
        guard case .shape(let fallback) = missing.kind else { Issue.record("\(missing.kind)"); return }
        #expect(fallback.fill == .color(RGBA(r: 1, g: 0, b: 0, a: 1)))  // UIKit's .red, the team's fallback
        #expect(environment.collector.warnings.contains { $0.message.contains("UIColor(named: \"Missing\")") && $0.at?.file.hasSuffix("UnseenCorpusAPITests.swift") == true },
                "\(environment.collector.warnings)")
        #expect(UIColor(named: "Brand Teal") == nil)  // outside a body no catalog is being drawn
    }

    @Test("NSAttributedString(data:options:) reads HTML as its text (with a warning), plain text as it is, and throws for RTF")
    func htmlDocuments() throws {
        let html = "<p>Hello &amp; <a href=\"https://x.y/tags/swift\">#swift</a></p><p>Two&#33;<br/>Three&#x2764;</p>"
        let read = try NSAttributedString(data: Data(html.utf8), options: [.documentType: NSAttributedString.DocumentType.html],
                                          documentAttributes: nil)
        #expect(read.string == "Hello & #swift\nTwo!\nThree\u{2764}")
        let plain = try NSAttributedString(data: Data("a <b> & c".utf8), options: [.documentType: NSAttributedString.DocumentType.plain],
                                           documentAttributes: nil)
        #expect(plain.string == "a <b> & c")
        #expect(throws: NSAttributedString.DocumentReadingError.self) {
            try NSAttributedString(data: Data("{\\rtf1 x}".utf8), options: [.documentType: NSAttributedString.DocumentType.rtf],
                                   documentAttributes: nil)
        }
        #expect(AttributedString(read).characters.count == read.string.count)
        let environment = EnvironmentValues(look: Look())
        let node = ViewResolver.node(StatusText(html: "<p>Tag <b>#swift</b></p>"), in: environment)
        guard case .text(let text) = node.kind else { Issue.record("\(node.kind)"); return }
        #expect(text.string == "Tag #swift")
        #expect(environment.collector.warnings.contains { $0.message.contains("HTML is read as its text") }, "\(environment.collector.warnings)")
        let link = NSMutableAttributedString(string: "x")
        link.addAttribute(.link, value: "https://x.y", range: NSRange(location: 0, length: 1))
        #expect(link.attribute(.link, at: 0, effectiveRange: nil) as? String == "https://x.y")
    }

    @Test("an AudioPlaybackIntent behind Button(intent:) draws its label; the old accessibility modifiers draw nothing")
    func intentsAndAccessibility() throws {
        let view = HStack {
            Button(intent: UnseenPlayIntent()) { Image(systemName: "play.fill") }
            Text("Episode").accessibility(hidden: true).accessibility(label: Text("Episode title"))
        }
        let bare = HStack {
            Button(intent: UnseenPlayIntent()) { Image(systemName: "play.fill") }
            Text("Episode")
        }
        let a = try SwiftUIRender.render(view, surface: .systemSmall, renderer: renderer)
        let b = try SwiftUIRender.render(bare, surface: .systemSmall, renderer: renderer)
        #expect(a.png == b.png)
        #expect(a.warnings.isEmpty, "\(a.warnings)")
        let pixels = a.bitmap.straightRGBA().pixels
        let inked = stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0] < 128 && pixels[$0 + 3] == 255 }.count
        #expect(inked > 100, "the symbol and the text put ink down: \(inked)")
        #expect(UnseenPlayIntent.self is any SystemIntent.Type)
    }
    @Test("a team's own GaugeStyle draws its makeBody: 0.6 of five segments is three in the tint, the label above")
    func customGaugeStyle() throws {
        let environment = EnvironmentValues(look: Look())
        let node = ViewResolver.node(Gauge(value: 0.6) { Text("Orders") }.gaugeStyle(SegmentsGaugeStyle(total: 5)), in: environment)
        guard case .vstack(_, _, let children) = node.kind, children.count == 2,
              case .text(let label) = children[0].kind, case .hstack(_, _, let segments) = children[1].kind else {
            Issue.record("\(node.kind)"); return
        }
        #expect(label.string == "Orders")
        let fills = segments.compactMap { segment -> Paint? in if case .shape(let s) = segment.kind { s.fill } else { nil } }
        #expect(fills.count == 5)
        #expect(fills.filter { $0 == Color.indigo.resolvePaint(in: environment) }.count == 3)
        #expect(environment.collector.warnings.isEmpty, "\(environment.collector.warnings)")
        // A built-in style after a custom one draws the engine's gauge again.
        let builtIn = ViewResolver.node(Gauge(value: 0.6) { Text("Orders") }.gaugeStyle(.accessoryCircularCapacity)
            .gaugeStyle(SegmentsGaugeStyle(total: 5)), in: environment)
        guard case .zstack(_, let ring) = builtIn.kind, case .progress = ring.first?.kind else { Issue.record("\(builtIn.kind)"); return }
    }

    @Test("@StateObject is made once and read; onReceive's closure does not run; layoutDirection is read from the environment")
    func stateObjectAndLayoutDirection() throws {
        let environment = EnvironmentValues(look: Look())
        let before = StatusModel.made
        let node = ViewResolver.node(StatusView(), in: environment)
        guard case .text(let text) = node.kind else { Issue.record("\(node.kind)"); return }
        #expect(text.string == "Connected ltr")
        #expect(StatusModel.made == before + 1)
        let rtl = ViewResolver.node(StatusView().environment(\.layoutDirection, .rightToLeft), in: environment)
        guard case .text(let mirrored) = rtl.kind else { Issue.record("\(rtl.kind)"); return }
        #expect(mirrored.string == "Connected rtl")
        let owned = StateObject(wrappedValue: StatusModel())
        owned.projectedValue.title.wrappedValue = "Off"
        #expect(owned.wrappedValue.title == "Off")
        #expect(UIDevice.current.userInterfaceIdiom == .phone)
    }

    @Test(".indigo as a shape style is the system indigo; dynamicIsland(verticalPlacement: .belowIfTooWide) and an attributes' previewContext warn at the team's lines")
    func foodTruckAPI() throws {
        let environment = EnvironmentValues(look: Look())
        let node = ViewResolver.node(Rectangle().fill(.indigo), in: environment)
        guard case .shape(let shape) = node.kind else { Issue.record("\(node.kind)"); return }
        #expect(shape.fill == Color.indigo.resolvePaint(in: environment))
        _ = ViewResolver.node(Text("A").dynamicIsland(verticalPlacement: .default), in: environment)
        #expect(environment.collector.warnings.isEmpty)
        let line = #line + 1
        _ = ViewResolver.node(Text("12:30").dynamicIsland(verticalPlacement: .belowIfTooWide), in: environment)
        #expect(environment.collector.warnings.contains { $0.message.contains("belowIfTooWide) is not applied") && $0.at?.line == line },
                "\(environment.collector.warnings)")
        let preview = try SwiftUIRender.render(OrderAttributes(orderID: "1").previewContext(.init(minutes: 3), viewKind: .dynamicIsland(.compact)),
                                               surface: .systemSmall, renderer: renderer)
        #expect(preview.warnings.contains { $0.description.contains("OrderAttributes.previewContext(_:viewKind:) is not drawn") }, "\(preview.warnings)")
        let pixels = preview.bitmap.straightRGBA().pixels
        #expect(stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0] == 255 && pixels[$0 + 1] == 0 && pixels[$0 + 2] == 255 })
        #expect(DynamicIslandMode.compactLeading != DynamicIslandMode.compactTrailing)
    }
}
