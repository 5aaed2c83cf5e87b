import ActivityKit
import AppIntents
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

// The API real widget code reaches for (dates in text, labels, buttons that run intents,
// gradients, app-intent widgets, Live Activity values), each with a fixture of its own.

private let fixedNow = ISO8601DateFormatter().date(from: "2025-05-20T12:00:00Z")!

private func environment(locale: String = "en-US") -> EnvironmentValues {
    EnvironmentValues(look: Look(locale: locale, now: fixedNow, timeZone: TimeZone(identifier: "UTC")!))
}

private func texts(_ node: ViewNode) -> [String] {
    var out: [String] = []
    func walk(_ n: ViewNode) {
        switch n.kind {
        case .text(let t): out.append(t.string)
        case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c): c.forEach(walk)
        default: break
        }
    }
    walk(node)
    return out
}

struct RefreshIntent: AppIntent {
    static let title: LocalizedStringResource = "Refresh"
    func perform() async throws -> some IntentResult { .result() }
}

struct PickIntent: AppIntent {
    static let title: LocalizedStringResource = "Pick"
    static let description = IntentDescription("Picks a count")
    @Parameter(title: "Count", default: 3) var count: Int
    @Parameter(title: "Note") var note: String?
    static var parameterSummary: some ParameterSummary {
        Summary("Pick \(\.$count)") { \.$count; \.$note }
    }
    func perform() async throws -> some IntentResult { .result(value: count, dialog: "Picked \(count)") }
}

struct StopIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Stop"
    @Parameter(title: "Stop", default: "Gangnam") var stop: String
}

struct StopEntry: TimelineEntry {
    let date: Date
    let stop: String
    let relevance: TimelineEntryRelevance?
}

struct StopProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> StopEntry { StopEntry(date: .distantPast, stop: "—", relevance: nil) }
    func snapshot(for configuration: StopIntent, in context: Context) async -> StopEntry {
        try? await Task.sleep(nanoseconds: 10_000_000)
        return StopEntry(date: .distantPast, stop: configuration.stop, relevance: TimelineEntryRelevance(score: 1))
    }
    func timeline(for configuration: StopIntent, in context: Context) async -> Timeline<StopEntry> {
        Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
    }
}

struct StopView: View {
    let entry: StopEntry
    var body: some View {
        Text(entry.stop).font(.title).containerBackground(Color.white, for: .widget)
    }
}

struct StopWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "stop", intent: StopIntent.self, provider: StopProvider()) { StopView(entry: $0) }
            .configurationDisplayName("Stop")
            .description("Next bus")
            .supportedFamilies([.systemSmall, .accessoryRectangular])
            .contentMarginsDisabled()
    }
}

private struct Carried<T>: @unchecked Sendable { let value: T }

/// A provider that answers from a Task, as the write-ups' do.
struct LateProvider: TimelineProvider {
    func placeholder(in context: Context) -> StopEntry { StopEntry(date: .distantPast, stop: "…", relevance: nil) }
    func getSnapshot(in context: Context, completion: @escaping (StopEntry) -> Void) {
        let done = Carried(value: completion)
        Task { try? await Task.sleep(nanoseconds: 20_000_000); done.value(StopEntry(date: .distantPast, stop: "Later", relevance: nil)) }
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<StopEntry>) -> Void) {
        getSnapshot(in: context) { completion(Timeline(entries: [$0], policy: .atEnd)) }
    }
}

struct LateWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "late", provider: LateProvider()) { StopView(entry: $0) }
    }
}

struct Parcel: ActivityAttributes {
    struct ContentState: Codable, Hashable { var stage: Int }
    var number: String
}

@Suite("the API real widget code uses: dates, labels, buttons, gradients, app-intent widgets")
struct SeedAPITests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    @Test("Text(date, style:) and Text(timerInterval:) are written at the render's now, locale and time zone")
    func datesInText() {
        let eta = fixedNow.addingTimeInterval(29 * 60 + 59)
        #expect(texts(ViewResolver.node(Text(eta, style: .time), in: environment())) == ["12:29\u{202F}PM"]) // ICU's narrow no-break space, as iOS 17 writes it
        #expect(texts(ViewResolver.node(Text(eta, style: .relative), in: environment())) == ["29 min, 59 sec"])
        #expect(texts(ViewResolver.node(Text(eta, style: .timer), in: environment())) == ["29:59"])
        #expect(texts(ViewResolver.node(Text(eta, style: .relative), in: environment(locale: "ko-KR"))) == ["29분 59초"])
        let interval = fixedNow.addingTimeInterval(-60)...fixedNow.addingTimeInterval(3600 + 125)
        #expect(texts(ViewResolver.node(Text(timerInterval: interval, countsDown: true), in: environment())) == ["1:02:05"])
        #expect(texts(ViewResolver.node(Text(timerInterval: interval, countsDown: false), in: environment())) == ["1:00"])
        #expect(texts(ViewResolver.node(Text(1234.5, format: .number.precision(.fractionLength(1))).monospacedDigit(), in: environment())) == ["1,234.5"])
    }

    @Test("a Label is its icon then its title; a button's style decides its background and colour")
    func labelsAndButtons() throws {
        let label = ViewResolver.node(Label("Refresh", systemImage: "arrow.clockwise"), in: environment())
        guard case .hstack(_, _, let parts) = label.kind, parts.count == 2, case .icon = parts[0].kind, case .text = parts[1].kind else {
            Issue.record("\(label.kind)"); return
        }
        let prominent = ViewResolver.node(Button(intent: RefreshIntent()) { Text("Go") }.buttonStyle(.borderedProminent), in: environment())
        guard case .text(let t) = prominent.kind, prominent.modifiers.count == 2,
              case .background(let capsule, _) = prominent.modifiers[1], case .shape(let shape) = capsule.kind else {
            Issue.record("\(prominent)"); return
        }
        #expect(t.color == .color(WidgetModel.RGBA(r: 1, g: 1, b: 1)))
        #expect(shape.shape == .capsule)
        #expect(shape.fill == Color.accentColor.resolvePaint(in: environment()))
        let plain = ViewResolver.node(Button(intent: RefreshIntent()) { Text("Go").foregroundColor(.green) }.buttonStyle(.plain), in: environment())
        #expect(plain.modifiers.isEmpty)
        let link = ViewResolver.node(Link("Open", destination: URL(string: "https://example.com")!), in: environment())
        guard case .text(let linkText) = link.kind else { Issue.record("\(link)"); return }
        #expect(linkText.color == Color.accentColor.resolvePaint(in: environment()))
    }

    @Test("a LinearGradient and Color.gradient paint the engine's linear gradient")
    func gradients() {
        let n = ViewResolver.node(Text("x").background(LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)),
                                  in: environment())
        guard case .background(let fill, _) = n.modifiers.first, case .shape(let s) = fill.kind,
              case .linearGradient(let stops, let start, let end)? = s.fill else { Issue.record("\(n)"); return }
        #expect(stops.map(\.location) == [0, 1])
        #expect(start == .topLeading && end == .bottomTrailing)
        let circle = ViewResolver.node(Circle().fill(Color.orange.gradient), in: environment())
        guard case .shape(let c) = circle.kind, case .linearGradient(let g, _, _)? = c.fill else { Issue.record("\(circle)"); return }
        #expect(g.last?.color == Color.orange.rgba(in: environment()))
    }

    @Test("an AppIntentConfiguration widget is drawn from its async provider with the intent's defaults; families from its modifiers")
    func appIntentWidget() async throws {
        #expect(SwiftUIRender.families(of: StopWidget.self) == [.systemSmall, .accessoryRectangular])
        #expect(!SwiftUIRender.isLiveActivity(StopWidget.self))
        let gangnam = try await SwiftUIRender.render(StopWidget.self, family: .systemSmall, entry: .snapshot, look: Look(scale: 2), renderer: renderer)
        let placeholder = try await SwiftUIRender.render(StopWidget.self, family: .systemSmall, entry: .placeholder, look: Look(scale: 2), renderer: renderer)
        #expect(gangnam.bitmap.straightRGBA().pixels != placeholder.bitmap.straightRGBA().pixels)
        let again = try await SwiftUIRender.render(StopWidget.self, family: .systemSmall, entry: .timeline(0), look: Look(scale: 2), renderer: renderer)
        #expect(again.bitmap.straightRGBA().pixels == gangnam.bitmap.straightRGBA().pixels)
        // A provider answering from a Task is waited for.
        let late = try await SwiftUIRender.render(LateWidget.self, family: .systemSmall, entry: .snapshot, look: Look(scale: 2), renderer: renderer)
        let latePlaceholder = try await SwiftUIRender.render(LateWidget.self, family: .systemSmall, entry: .placeholder, look: Look(scale: 2), renderer: renderer)
        #expect(late.bitmap.straightRGBA().pixels != latePlaceholder.bitmap.straightRGBA().pixels)
    }

    @Test("an indeterminate ProgressView is a named placeholder and a warning at its line")
    func spinnerIsNamed() throws {
        let line = #line + 1
        let view = VStack { ProgressView() }
        let result = try SwiftUIRender.render(view, surface: .systemSmall, renderer: renderer)
        #expect(result.warnings.map(\.description).contains { $0.contains("SeedAPITests.swift:\(line)") && $0.contains("indeterminate ProgressView") })
    }

    @Test("intent, parameter and Live Activity values are kept as written")
    func values() async throws {
        let pick = PickIntent()
        #expect(pick.count == 3 && pick.note == nil)
        pick.note = "x"
        #expect(pick.$note.title.defaultValue == "Note" && pick.note == "x")
        let rating = 4.66
        let resource: LocalizedStringResource = "⭐ \(rating, specifier: "%.1f") of \(5)"
        #expect(resource.defaultValue == "⭐ 4.7 of 5" && resource.key == "⭐ %.1f of %lld")
        #expect(PickIntent.description.descriptionText.defaultValue == "Picks a count")
        let activity = try Activity.request(attributes: Parcel(number: "7"), content: .init(state: .init(stage: 1), staleDate: nil), pushType: .token)
        await activity.update(ActivityContent(state: .init(stage: 2), staleDate: nil), alertConfiguration: AlertConfiguration(title: "Near", body: "Soon", sound: .default))
        #expect(activity.content.state.stage == 2 && activity.pushToken == nil)
        await activity.end(nil, dismissalPolicy: .immediate)
        #expect(activity.activityState == .ended)
    }
}
