#if os(Linux)
import Foundation
import Testing
import WidgetShot
import WidgetShotTesting
@testable import DeliveryWidgets

// The widget extension's own Swift (../../../DeliveryWidgets), compiled unmodified and drawn by
// WidgetShot's engine, as a team tests it on Linux: the first run records the references in
// `__Snapshots__/DeliveryWidgetTests/`, later runs compare pixels; CI runs with
// WIDGETSHOT_RECORD=never. On a Mac these tests are left out: there `import SwiftUI` is Apple's, and
// swift-snapshot-testing on a simulator is the tool.

/// Every entry the provider gives — placeholder, snapshot, each timeline entry — in every family
/// the widget supports: one reference each.
@Test func deliveryWidgetEntries() {
    assertWidgetSnapshots(of: DeliveryWidget.self)
}

/// The medium widget at night, in Korean, with the largest accessibility text.
@Test func deliveryWidgetDarkKorean() {
    assertWidgetSnapshot(of: DeliveryWidget.self, family: .systemMedium, entry: .timeline(1),
                         look: LookSpec(scheme: "dark", locale: "ko", dynamicType: "accessibility3"))
}

/// The Live Activity on the Lock Screen and in the Dynamic Island, from a push exactly as APNs
/// delivers it, decoded by the app's own ContentState.
@Test(arguments: ["lockScreen", "islandExpanded", "islandCompact", "islandMinimal"])
func liveActivityFromPush(_ surface: String) throws {
    let push = Data("""
        {"aps": {"timestamp": 1767225600, "event": "update",
                 "content-state": {"status": "onTheWay", "minutesLeft": 12}}}
        """.utf8)
    assertWidgetSnapshot(of: DeliveryLiveActivity.self, attributes: DeliveryAttributes.preview, push: push,
                         surface: try #require(Surface(rawValue: surface)), named: "liveActivity.\(surface)")
}

/// A push the app could not decode fails with the decoder's own path, not a picture.
@Test func aPushTheAppCannotDecodeIsNamed() {
    let push = Data(#"{"aps": {"content-state": {"status": "onTheWay", "minutesLeft": "soon"}}}"#.utf8)
    let failure = WidgetSnapshot.verify(of: DeliveryLiveActivity.self, attributes: DeliveryAttributes.preview, push: push,
                                        record: .never, file: #filePath, function: #function)
    #expect(failure?.contains("aps.content-state.minutesLeft") == true, "\(failure ?? "nil")")
}
#endif
