import ActivityKit
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

// A Live Activity as a team writes it: attributes with a content state, a Lock Screen view, and
// the Dynamic Island's expanded regions, compact sides and minimal view.

struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var status: String
        var minutes: Int
    }
    var restaurant: String
}

struct DeliveryActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            VStack(alignment: .leading, spacing: 4) {
                Text(context.attributes.restaurant).font(.headline)
                Text(context.isStale ? "Updating…" : "\(context.state.status) · \(context.state.minutes) min")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            .padding(14)
            .activityBackgroundTint(Color.white)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image(systemName: "bicycle").foregroundStyle(Color.orange)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text("\(context.state.minutes) min").font(.headline)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.state.status).font(.subheadline)
                }
            } compactLeading: {
                Image(systemName: "bicycle").foregroundStyle(Color.orange)
            } compactTrailing: {
                Text("\(context.state.minutes)m")
            } minimal: {
                Image(systemName: "bicycle").foregroundStyle(Color.orange)
            }
            .keylineTint(Color.orange)
        }
    }
}

let deliveryActivityLayout = """
    name: activity
    surfaces:
      lockScreen:
        background: white
        view:
          vstack:
            - text: "{{restaurant}}"
              style: headline
            - text: "{{status}} · {{minutes}} min"
              style: subheadline
              color: secondaryLabel
          alignment: leading
          spacing: 4
          padding: 14
      islandCompact:
        leading: { icon: bicycle, color: orange }
        trailing: { text: "{{minutes}}m" }
      islandMinimal:
        view: { icon: bicycle, color: orange }
      islandExpanded:
        keylineTint: orange
        leading: { icon: bicycle, color: orange }
        trailing: { text: "{{minutes}} min", style: headline }
        bottom: { text: "{{status}}", style: subheadline }
    previews:
      one: { data: { restaurant: Seoul Kitchen, status: On the way, minutes: 18 } }

    """

@Suite("a team's Live Activity compiles here and draws as its layout twin on every presentation")
struct LiveActivityRenderTests {
    @Test("Lock Screen and the three island presentations: the same pixels as the layout", arguments: [
        Surface.lockScreen, .islandCompact, .islandMinimal, .islandExpanded,
    ])
    func sameAsTheLayout(_ surface: Surface) throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let swift = try SwiftUIRender.render(DeliveryActivity.self, attributes: DeliveryAttributes(restaurant: "Seoul Kitchen"),
                                             state: .init(status: "On the way", minutes: 18), surface: surface,
                                             look: Look(scale: 2), renderer: renderer)
        let yaml = try layoutTwin(deliveryActivityLayout, name: "activity", surface: surface, renderer: renderer)
        #expect(swift.warnings.isEmpty, "\(swift.warnings)")
        #expect(swift.pixelWidth == yaml.pixelWidth && swift.pixelHeight == yaml.pixelHeight)
        let same = samePixels(swift, yaml, keepIn: "swiftui-activity", as: surface.rawValue)
        #expect(same, "\(surface.rawValue): the compiled activity differs from its layout twin (.build/test-output/swiftui-activity)")
    }

    @Test("a stale activity shows what the team's view shows when context.isStale")
    func staleReachesTheView() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        func render(_ stale: Bool) throws -> [UInt8] {
            try SwiftUIRender.render(DeliveryActivity.self, attributes: DeliveryAttributes(restaurant: "Seoul Kitchen"),
                                     state: .init(status: "On the way", minutes: 18), surface: .lockScreen, isStale: stale,
                                     renderer: renderer).bitmap.straightRGBA().pixels
        }
        #expect(try render(true) != render(false))
    }

    @Test("a push's content-state is decoded by the team's own ContentState; a wrong type names its key")
    func pushDecodesThroughTheTeamsType() throws {
        let push = Data(#"{"aps": {"timestamp": 1, "event": "update", "content-state": {"status": "Nearby", "minutes": 3}}}"#.utf8)
        let state = try SwiftUIRender.contentState(of: DeliveryAttributes.self, fromPush: push)
        #expect(state == DeliveryAttributes.ContentState(status: "Nearby", minutes: 3))
        let wrong = Data(#"{"aps": {"content-state": {"status": "Nearby", "minutes": "soon"}}}"#.utf8)
        #expect {
            _ = try SwiftUIRender.contentState(of: DeliveryAttributes.self, fromPush: wrong)
        } throws: { error in
            "\(error)".contains("aps.content-state.minutes: expected Int")
        }
        let missing = Data(#"{"aps": {"content-state": {"status": "Nearby"}}}"#.utf8)
        #expect {
            _ = try SwiftUIRender.contentState(of: DeliveryAttributes.self, fromPush: missing)
        } throws: { error in
            "\(error)".contains("aps.content-state.minutes: missing")
        }
    }
}
