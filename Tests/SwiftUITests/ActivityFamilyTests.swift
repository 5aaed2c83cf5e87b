import Foundation
import SwiftUI
import Testing
import TestSupport
import ActivityKit
import WidgetKit
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI

struct FamilyAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var n: Int }
}

/// Red on the small family (watch, CarPlay), blue on the medium (Lock Screen); green when full screen.
struct FamilyView: View {
    @Environment(\.activityFamily) var family
    @Environment(\.isActivityFullscreen) var fullscreen
    var body: some View {
        (fullscreen ? Color.green : family == .small ? Color.red : Color.blue).frame(width: 40, height: 40)
    }
}

struct FamilyActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: FamilyAttributes.self) { _ in
            FamilyView()
        } dynamicIsland: { _ in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { FamilyView() }
            } compactLeading: { FamilyView() } compactTrailing: { EmptyView() } minimal: { FamilyView() }
        }
    }
}

/// `@Environment(\\.activityFamily)` and `isActivityFullscreen` follow the surface drawn.
@Suite("activityFamily and isActivityFullscreen follow the surface")
struct ActivityFamilyTests {
    func middle(_ surface: Surface) throws -> [UInt8] {
        let result = try SwiftUIRender.render(FamilyActivity.self, attributes: FamilyAttributes(), state: .init(n: 1), surface: surface,
                                              look: Look(scale: 1), renderer: WidgetRenderer(fonts: Project.fonts))
        let rgba = result.bitmap.straightRGBA()
        let i = ((rgba.height / 2) * rgba.width + rgba.width / 2) * 4
        return Array(rgba.pixels[i..<i + 3])
    }

    @Test func families() throws {
        let small = try middle(.activitySmall)
        #expect(small[0] > 200 && small[1] < 90 && small[2] < 90, "\(small)")
        let lock = try middle(.lockScreen)
        #expect(lock[2] > 200 && lock[0] < 60, "\(lock)")
        let standBy = try middle(.standBy)
        #expect(standBy[1] > 150 && standBy[0] < 100 && standBy[2] < 120, "\(standBy)")
    }
}
