import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotTesting

/// `assertWidgetSnapshot(of: view)`: a team's view recorded, compared, and a change caught, with
/// the reference beside the test file (here a scratch folder standing for the team's tests).
@Suite("snapshot tests of a team's SwiftUI views")
struct ViewSnapshotTests {
    struct Badge: View {
        let count: Int
        var body: some View {
            HStack {
                Image(systemName: "bicycle")
                Text("\(count) orders").font(.headline)
            }
            .containerBackground(Color.white, for: .widget)
        }
    }

    @Test("the first run records, the next compares equal, a changed view fails naming its actual and diff pictures")
    func recordCompareFail() throws {
        let folder = scratchDirectory("view-snapshots")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let testFile = folder + "/BadgeTests.swift"
        // A failure's pictures go to the temporary folder's widgetshot-artifacts/BadgeTests/: removed with the test.
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-artifacts").path
        defer { removeScratch(artifacts + "/BadgeTests"); rmdir(artifacts) }
        let first = WidgetSnapshot.verify(of: Badge(count: 3), family: .systemSmall, record: .missing, file: testFile, function: "badge()")
        #expect(first?.hasPrefix("recorded a new snapshot at __Snapshots__/BadgeTests/badge.systemSmall-light.png") == true, "\(first ?? "nil")")
        #expect(FileManager.default.fileExists(atPath: folder + "/__Snapshots__/BadgeTests/badge.systemSmall-light.png"))
        #expect(WidgetSnapshot.verify(of: Badge(count: 3), family: .systemSmall, record: .never, file: testFile, function: "badge()") == nil)
        let changed = WidgetSnapshot.verify(of: Badge(count: 4), family: .systemSmall, record: .never, file: testFile, function: "badge()")
        #expect(changed?.contains("differs") == true && changed?.contains("/BadgeTests/badge.systemSmall-light.actual.png") == true, "\(changed ?? "nil")")
        // The pictures of a failure stay out of the team's sources.
        #expect(!FileManager.default.fileExists(atPath: folder + "/__Snapshots__/BadgeTests/badge.systemSmall-light.diff.png"))
        #expect(changed?.contains(folder) == false)
        // A look from the CLI's vocabulary names its own reference.
        let dark = WidgetSnapshot.verify(of: Badge(count: 3), family: .systemSmall, look: LookSpec(scheme: "dark", locale: "ko"),
                                         record: .missing, file: testFile, function: "badge()")
        #expect(dark?.hasPrefix("recorded a new snapshot at __Snapshots__/BadgeTests/badge.systemSmall-dark.ko.png") == true, "\(dark ?? "nil")")
        let wrong = WidgetSnapshot.verify(of: Badge(count: 3), family: .systemSmall, look: LookSpec(scheme: "dusk"),
                                          record: .missing, file: testFile, function: "badge()")
        #expect(wrong?.contains("dusk") == true, "\(wrong ?? "nil")")
    }
}
