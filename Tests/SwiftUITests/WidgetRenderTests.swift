import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

// A whole widget as a team declares it: a provider answering placeholder, snapshot and timeline,
// a StaticConfiguration, the view for its entries.

final class ProviderLog: @unchecked Sendable {
    static let shared = ProviderLog()
    private let lock = NSLock()
    private var seen: [(String, WidgetFamily, Bool)] = []
    func note(_ call: String, _ context: TimelineProviderContext) {
        lock.lock(); defer { lock.unlock() }
        seen.append((call, context.family, context.isPreview))
    }
    /// Whether the provider was asked `call` for `family` (and, when given, while previewing or not).
    /// Not "the last call": other tests draw the same widget in parallel.
    func saw(_ call: String, _ family: WidgetFamily, preview: Bool? = nil) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return seen.contains { entry in entry.0 == call && entry.1 == family && (preview.map { entry.2 == $0 } ?? true) }
    }
}

struct EtaEntry: TimelineEntry {
    let date: Date
    let minutes: Int
}

struct EtaProvider: TimelineProvider {
    func placeholder(in context: Context) -> EtaEntry {
        ProviderLog.shared.note("placeholder", context)
        return EtaEntry(date: .distantPast, minutes: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (EtaEntry) -> Void) {
        ProviderLog.shared.note("snapshot", context)
        completion(EtaEntry(date: .distantPast, minutes: 18))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<EtaEntry>) -> Void) {
        ProviderLog.shared.note("timeline", context)
        let entries = [18, 12].map { EtaEntry(date: .distantPast, minutes: $0) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct EtaView: View {
    let entry: EtaEntry
    var body: some View {
        VStack(alignment: .leading) {
            Text("Arriving in").font(.caption).foregroundStyle(.secondary)
            Text("\(entry.minutes) min").font(.title).bold()
        }
        .containerBackground(Color.white, for: .widget)
    }
}

struct EtaWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "eta", provider: EtaProvider()) { entry in
            EtaView(entry: entry)
        }
        .configurationDisplayName("Arrival")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@Suite("a team's Widget is drawn from its own provider's entries")
struct WidgetRenderTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)

    @Test("the snapshot, the placeholder and each timeline entry are asked of the provider with the family, and drawn")
    func entriesComeFromTheProvider() throws {
        let snapshot = try SwiftUIRender.render(EtaWidget.self, family: .systemMedium, entry: .snapshot, look: Look(scale: 2), renderer: renderer)
        #expect(ProviderLog.shared.saw("snapshot", .systemMedium, preview: true))
        #expect(snapshot.pixelWidth > 0)
        let first = try SwiftUIRender.render(EtaWidget.self, family: .systemSmall, entry: .timeline(0), look: Look(scale: 2), renderer: renderer)
        let second = try SwiftUIRender.render(EtaWidget.self, family: .systemSmall, entry: .timeline(1), look: Look(scale: 2), renderer: renderer)
        #expect(ProviderLog.shared.saw("timeline", .systemSmall, preview: false))
        // "18 min" and "12 min": the entries differ, so the pictures do.
        #expect(first.bitmap.straightRGBA().pixels != second.bitmap.straightRGBA().pixels)
        // The snapshot's entry is the first timeline entry's (18 min): drawn the same on the same family.
        let small = try SwiftUIRender.render(EtaWidget.self, family: .systemSmall, entry: .snapshot, look: Look(scale: 2), renderer: renderer)
        #expect(small.bitmap.straightRGBA().pixels == first.bitmap.straightRGBA().pixels)
        _ = try SwiftUIRender.render(EtaWidget.self, family: .systemSmall, entry: .placeholder, look: Look(scale: 2), renderer: renderer)
        #expect(ProviderLog.shared.saw("placeholder", .systemSmall, preview: true))
    }

    @Test("an entry the timeline does not have is an error naming how many it has")
    func missingEntryIsAnError() throws {
        #expect {
            _ = try SwiftUIRender.render(EtaWidget.self, family: .systemSmall, entry: .timeline(5), renderer: renderer)
        } throws: { error in
            "\(error)".contains("EtaWidget's timeline has 2 entries; no entry 5")
        }
    }
}
