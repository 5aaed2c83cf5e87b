import ActivityKit
import DeveloperToolsSupport
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

// WidgetKit's `#Preview`s as a team writes them under its widgets: a timeline of entries, a
// provider's timeline, and a Live Activity's content states in one presentation. Each picture
// must be the pixels of the same widget drawn directly for that entry or state.

#Preview("Two ETAs", as: .systemSmall) {
    EtaWidget()
} timeline: {
    EtaEntry(date: .distantPast, minutes: 18)
    EtaEntry(date: .distantPast, minutes: 12)
}

#Preview(as: .systemMedium, widget: { EtaWidget() }, timelineProvider: { EtaProvider() })

#Preview("Island", as: .dynamicIsland(.expanded), using: DeliveryAttributes(restaurant: "Seoul Kitchen")) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState(status: "Cooking", minutes: 18)
    DeliveryAttributes.ContentState(status: "On the way", minutes: 6)
}

@_silgen_name("widgetshot_preview_SwiftUITests_WidgetPreviewTests_swift_15") @MainActor
func twoEtasPreview() throws -> DeveloperToolsSupport.Preview
@_silgen_name("widgetshot_preview_SwiftUITests_WidgetPreviewTests_swift_22") @MainActor
func providerPreview() throws -> DeveloperToolsSupport.Preview
@_silgen_name("widgetshot_preview_SwiftUITests_WidgetPreviewTests_swift_24") @MainActor
func islandPreview() throws -> DeveloperToolsSupport.Preview

@Suite("WidgetKit's #Preview: every entry and content state is drawn as the widget itself draws it")
@MainActor
struct WidgetPreviewTests {
    let renderer = WidgetRenderer(fonts: Project.fonts)
    let look = Look(scale: 2)

    func pixels(_ result: RenderResult) -> [UInt8] { result.bitmap.straightRGBA().pixels }

    @Test("a timeline #Preview gives one picture per entry, each the widget's own timeline picture")
    func timelinePreview() async throws {
        let preview = try twoEtasPreview()
        #expect(preview.displayName == "Two ETAs")
        let images = try await SwiftUIRender.render(preview: preview, look: look, renderer: renderer)
        #expect(images.map(\.name) == ["entry-0", "entry-1"])
        #expect(images.allSatisfy { $0.surface == .systemSmall })
        // EtaProvider's timeline is 18 then 12 minutes: the same entries, drawn directly.
        for index in 0..<2 {
            let direct = try await SwiftUIRender.render(EtaWidget.self, family: .systemSmall, entry: .timeline(index), look: look, renderer: renderer)
            #expect(samePixels(images[index].result, direct, keepIn: "swiftui-preview", as: "eta-\(index)"))
        }
        #expect(pixels(images[0].result) != pixels(images[1].result))
    }

    @Test("a timelineProvider #Preview asks that provider for its timeline, with the family")
    func providerPreviewAsksTheProvider() async throws {
        let images = try await SwiftUIRender.render(preview: try providerPreview(), look: look, renderer: renderer)
        #expect(images.count == 2 && images.allSatisfy { $0.surface == .systemMedium })
        #expect(ProviderLog.shared.saw("timeline", .systemMedium))
        let direct = try await SwiftUIRender.render(EtaWidget.self, family: .systemMedium, entry: .timeline(1), look: look, renderer: renderer)
        #expect(samePixels(images[1].result, direct, keepIn: "swiftui-preview", as: "provider-1"))
    }

    @Test("a Live Activity #Preview draws each content state in its Dynamic Island presentation")
    func activityPreview() async throws {
        let images = try await SwiftUIRender.render(preview: try islandPreview(), look: look, renderer: renderer)
        #expect(images.map(\.name) == ["state-0", "state-1"])
        #expect(images.allSatisfy { $0.surface == .islandExpanded })
        let attributes = DeliveryAttributes(restaurant: "Seoul Kitchen")
        let direct = try SwiftUIRender.render(DeliveryActivity.self, attributes: attributes,
                                              state: .init(status: "On the way", minutes: 6),
                                              surface: .islandExpanded, look: look, renderer: renderer)
        #expect(samePixels(images[1].result, direct, keepIn: "swiftui-preview", as: "island-1"))
        #expect(pixels(images[0].result) != pixels(images[1].result))
    }
}
