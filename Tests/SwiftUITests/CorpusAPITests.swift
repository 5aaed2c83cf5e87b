import Foundation
import SwiftUI
import AppIntents
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

// The API public widget code used most after the first slice (docs/swift.md, "Public widget code,
// measured"), written as those apps write it, in small fixtures of our own.

private struct CorpusEntry: TimelineEntry { let date: Date }

private struct CorpusProvider: TimelineProvider {
    func placeholder(in context: Context) -> CorpusEntry { CorpusEntry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (CorpusEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CorpusEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

private struct CorpusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "corpus", provider: CorpusProvider()) { _ in Text("Hi", comment: "greeting") }
    }
}

private struct CorpusToggleIntent: SetValueIntent {
    static let title: LocalizedStringResource = .init("toggle.title", defaultValue: "Toggle")
    @Parameter(title: "On") var value: Bool
    func perform() async throws -> some IntentResult { .result() }
}

private struct CorpusValueProvider: ControlValueProvider {
    var previewValue: Bool { true }
    func currentValue() async throws -> Bool { false }
}

private struct CorpusControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "corpus.toggle", provider: CorpusValueProvider()) { isOn in
            ControlWidgetToggle("Lights", isOn: isOn, action: CorpusToggleIntent()) { on in
                Label(on ? "On" : "Off", systemImage: "lightbulb")
            }
        }
        .displayName("Lights")
    }
}

/// A bundle as an extension's `@main` writes it (here without `@main`: a test target has its own).
private struct CorpusBundle: WidgetBundle {
    var body: some Widget {
        CorpusWidget()
        CorpusControl()
    }
}

@Suite("API public widget code uses: drawn, placeholder with a warning, or a value")
struct CorpusAPITests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    private func magentaCount(_ result: RenderResult) -> Int {
        let pixels = result.bitmap.straightRGBA().pixels
        return stride(from: 0, to: pixels.count, by: 4).filter {
            pixels[$0] == 255 && pixels[$0 + 1] == 0 && pixels[$0 + 2] == 255 && pixels[$0 + 3] == 255
        }.count
    }

    @Test("an asset image, a UIImage and an asset colour are magenta, with warnings at the team's lines")
    func assetsArePlaceholders() throws {
        let line = #line + 2
        let view = VStack {
            Image("Logo").resizable().aspectRatio(contentMode: .fit).frame(width: 40, height: 40)
            Image(uiImage: UIImage(data: UIImageBytesTests.heic)!).resizable().frame(width: 40, height: 40)
            Rectangle().fill(Color("Brand")).frame(width: 40, height: 20)
        }
        let result = try SwiftUIRender.render(view, surface: .systemSmall, renderer: renderer)
        let warnings = result.warnings.map(\.description)
        let file = "SwiftUITests/CorpusAPITests.swift"
        #expect(warnings.contains { $0.contains("\(file):\(line)") && $0.contains("no image set 'Logo'") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("\(file):\(line + 1)") && $0.contains("Image(uiImage:) of HEIC bytes is not decoded (PNG and JPEG bytes are)") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("\(file):\(line + 2)") && $0.contains("no colour set 'Brand'") }, "\(warnings)")
        // The colour fills its 40×20 pt rectangle (80×40 px at 2x at least partly) in magenta.
        #expect(magentaCount(result) > 40 * 20)
    }

    @Test("aspectRatio with an explicit ratio or .fill is a warning; plain fit is not")
    func aspectRatioWarns() throws {
        let line = #line + 2
        let view = VStack {
            Circle().aspectRatio(2, contentMode: .fill)
            Image(systemName: "star.fill").resizable().scaledToFit()
        }
        let result = try SwiftUIRender.render(view, surface: .systemSmall, renderer: renderer)
        let warnings = result.warnings.map(\.description).filter { $0.contains("aspectRatio") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("CorpusAPITests.swift:\(line)") == true, "\(warnings)")
    }

    @Test("redacted(reason: .placeholder) draws text as WidgetKit's placeholder bars; unredacted() restores it")
    func redactionReachesTheEngine() throws {
        let plain = try SwiftUIRender.render(Text("Redact me"), surface: .systemSmall, renderer: renderer)
        let redacted = try SwiftUIRender.render(Text("Redact me").redacted(reason: .placeholder), surface: .systemSmall, renderer: renderer)
        let back = try SwiftUIRender.render(VStack { Text("Redact me").unredacted() }.redacted(reason: .placeholder),
                                            surface: .systemSmall, renderer: renderer)
        #expect(plain.png != redacted.png)
        #expect(plain.png == back.png)
        var reasons = EnvironmentValues()
        reasons.redactionReasons = .placeholder
        #expect(reasons.redactionReasons.contains(.placeholder))
    }

    @Test("minimumScaleFactor lets a long line shrink instead of truncating")
    func minimumScaleFactorShrinks() throws {
        let long = "A rather long headline that does not fit"
        let cut = try SwiftUIRender.render(Text(long).lineLimit(1).frame(width: 120), surface: .systemSmall, renderer: renderer)
        let shrunk = try SwiftUIRender.render(Text(long).lineLimit(1).minimumScaleFactor(0.5).frame(width: 120),
                                              surface: .systemSmall, renderer: renderer)
        #expect(cut.png != shrunk.png)
    }

    @Test("sizeCategory follows the render's Dynamic Type; accessibility and lifecycle modifiers change no pixel")
    func valuesWithoutPixels() throws {
        var env = EnvironmentValues()
        env.dynamicTypeSize = .accessibility2
        #expect(env.sizeCategory == .accessibilityLarge)
        #expect(env.sizeCategory.isAccessibilityCategory)
        env.sizeCategory = .small
        #expect(env.dynamicTypeSize == .small)
        let plain = try SwiftUIRender.render(Text("Same"), surface: .systemSmall, renderer: renderer)
        let decorated = try SwiftUIRender.render(
            Text("Same").accessibilityElement(children: .ignore).accessibilityLabel("Same").accessibilityHidden(false)
                .onAppear {}.invalidatableContent().widgetLabel("x"),
            surface: .systemSmall, renderer: renderer)
        #expect(plain.png == decorated.png)
    }

    @Test("a bundle lists its widgets and controls; a control keeps its template's values")
    func bundlesAndControls() throws {
        _ = CorpusBundle().body
        let configuration = CorpusControl().body
        _ = configuration
        let control = StaticControlConfiguration(kind: "k", provider: CorpusValueProvider()) { isOn in
            ControlWidgetToggle("Lights", isOn: isOn, action: CorpusToggleIntent()) { _ in Text("x") }
        }
        #expect(control.kind == "k")
        #expect(control.template().isOn == true)
        // The widget of the bundle draws as any other.
        let result = try SwiftUIRender.render(CorpusWidget.self, family: .systemSmall, entry: .placeholder, renderer: renderer)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }
}
