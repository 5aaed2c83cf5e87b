import ActivityKit
import SwiftUI
import WidgetKit

struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var status: OrderStatus
        var minutesLeft: Int
    }

    var restaurant: String
}

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            DeliveryLockScreenView(context: context)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image(systemName: context.state.status.symbol).foregroundStyle(Color.brand)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text("\(context.state.minutesLeft) min").font(.headline)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.state.status.title).badge(.brand)
                }
            } compactLeading: {
                Image(systemName: context.state.status.symbol).foregroundStyle(Color.brand)
            } compactTrailing: {
                Text("\(context.state.minutesLeft)m")
            } minimal: {
                Image(systemName: context.state.status.symbol).foregroundStyle(Color.brand)
            }
            .keylineTint(Color.brand)
        }
    }
}

/// The Lock Screen banner: on a light or a dark card, as the system's appearance is.
struct DeliveryLockScreenView: View {
    let context: ActivityViewContext<DeliveryAttributes>
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        HStack(spacing: 12) {
            Image(systemName: context.state.status.symbol)
                .font(.title)
                .foregroundStyle(Color.status(context.state.status))
            VStack(alignment: .leading, spacing: 2) {
                Text(context.attributes.restaurant).font(.headline)
                Text(context.state.status.title).foregroundStyle(.secondary)
            }
            Spacer()
            Text("\(context.state.minutesLeft) min").font(.title2).bold()
        }
        .padding(16)
        .activityBackgroundTint(colorScheme == .dark ? Color.black : Color.white)
    }
}

extension DeliveryAttributes {
    static let preview = DeliveryAttributes(restaurant: "Seoul Kitchen")
}

extension DeliveryAttributes.ContentState {
    static let cooking = DeliveryAttributes.ContentState(status: .cooking, minutesLeft: 24)
    static let onTheWay = DeliveryAttributes.ContentState(status: .onTheWay, minutesLeft: 12)
}

#Preview("Notification", as: .content, using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.cooking
    DeliveryAttributes.ContentState.onTheWay
}

#Preview("Island", as: .dynamicIsland(.expanded), using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.onTheWay
}
