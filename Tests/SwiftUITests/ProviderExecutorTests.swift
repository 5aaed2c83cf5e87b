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
/// CI run failed SeedAPITests so). Providers now run on an executor of their own.
///
/// Not covered, and said in docs/swift.md: a completion-handler provider that answers from a
/// `Task {}` of its own. That task goes to the pool whatever its caller's executor (an unstructured
/// task does not inherit the preference), so with the pool full of waiting renders it still waits
/// out the 10 s (this test with LateWidget: 2 of 6 renders).
@Suite("renders that wait for async providers do not starve each other")
struct ProviderExecutorTests {
    @Test("more concurrent renders than cores, each waiting for an async AppIntent provider, all get their entries")
    func saturatedPool() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount * 3
        let started = Date()
        let results = await withTaskGroup(of: (Bool, String).self) { group in
            for i in 0..<count {
                group.addTask {
                    // Each task blocks its pool thread until its provider answers.
                    let widget: any Widget.Type = StopWidget.self
                    let renderer = WidgetRenderer(fonts: Project.fonts)
                    return ((try? SwiftUIRender.render(widget, family: .systemSmall, entry: .snapshot, look: Look(scale: 1),
                                                       renderer: renderer)) != nil, "\(widget)")
                }
            }
            var all: [(Bool, String)] = []
            for await ok in group { all.append(ok) }
            return all
        }
        let failed = results.filter { !$0.0 }.map(\.1)
        #expect(results.count == count && failed.isEmpty, "\(failed.count) of \(count) renders got no entry: \(failed)")
        // Not a timing target: a starved render waits the full 10 s, so the whole run would take
        // at least that long.
        #expect(Date().timeIntervalSince(started) < 10, "\(Date().timeIntervalSince(started)) s")
    }
}
