import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

/// A render waits synchronously for a provider that answers later. With every thread of Swift's
/// cooperative pool busy waiting in such renders — a test run on two cores — an async
/// (AppIntent) provider started on that pool never ran and each render gave up after 10 s (a fresh
/// CI run failed SeedAPITests so; six such renders at once on two cores: 6 of 6 starved).
/// Providers now run on an executor of their own; this checks where the provider's code runs,
/// which does not depend on how busy the machine is. (A test that filled the pool on purpose
/// starved the other suites running beside it.)
///
/// A completion-handler provider that answers from a `Task {}` of its own cannot be moved there (an
/// unstructured task does not inherit the preference): awaited renders (`try await
/// SwiftUIRender.render`, `await assertWidgetSnapshot`) wait for it without holding a thread.
@Suite("async providers run on WidgetShot's provider executor, not on the pool renders wait on")
struct ProviderExecutorTests {
    struct WhereEntry: TimelineEntry { let date: Date; let queue: String }

    /// Records whether its async code runs on the provider executor, before and after a suspension.
    struct WhereProvider: AppIntentTimelineProvider {
        func placeholder(in context: Context) -> WhereEntry { WhereEntry(date: .distantPast, queue: "placeholder") }
        func snapshot(for configuration: StopIntent, in context: Context) async -> WhereEntry {
            let before = ProviderExecutor.isCurrent
            try? await Task.sleep(nanoseconds: 1_000_000)
            let after = ProviderExecutor.isCurrent
            return WhereEntry(date: .distantPast, queue: "\(before)|\(after)")
        }
        func timeline(for configuration: StopIntent, in context: Context) async -> Timeline<WhereEntry> {
            Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
        }
    }

    struct WhereWidget: Widget {
        var body: some WidgetConfiguration {
            AppIntentConfiguration(kind: "where", intent: StopIntent.self, provider: WhereProvider()) { entry in
                Text(entry.queue)
            }
        }
    }

    @Test("an async provider's code runs on the provider executor's queue, before and after it suspends")
    func providerRunsOnItsExecutor() throws {
        let configuration = try #require(WhereWidget().body as? AppIntentConfiguration<StopIntent, Text>)
        let context = TimelineProviderContext(family: .systemSmall, isPreview: true, displaySize: CGSize(width: 170, height: 170))
        let entry = try #require(configuration.snapshot(in: context) as? WhereEntry)
        #expect(entry.queue == "true|true")
    }

    @Test("awaited renders of a provider that answers from its own Task, more than the pool has threads, all get their entries at once")
    func awaitedRendersDoNotHoldThreads() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount * 4
        let started = Date()
        let drawn = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let renderer = WidgetRenderer(fonts: Project.fonts)
                    return (try? await SwiftUIRender.render(LateWidget.self, family: .systemSmall, entry: .snapshot, look: Look(scale: 1),
                                                            renderer: renderer)) != nil
                }
            }
            var all: [Bool] = []
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(drawn.count == count && drawn.allSatisfy { $0 }, "\(drawn.filter { !$0 }.count) of \(count) got no entry")
        // A starved wait lasts the full 10 s; these wait for a 20 ms provider each.
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
