import ActivityKit
import SwiftUI
import WidgetKit

struct FlightAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var phase: Phase
        var gate: String
        var departure: Date
        var arrival: Date
        var delayMinutes: Int
    }
    let flightNumber: String
    let route: String
}

enum Phase: String, Codable {
    case boarding, departed, landed
}

struct FlightLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: FlightAttributes.self) { context in
            VStack(alignment: .leading, spacing: 8) {
                HStack {
                    Text(context.attributes.flightNumber)
                        .font(.headline)
                    Spacer()
                    Text("Gate \(context.state.gate)")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                ProgressView(timerInterval: context.state.departure...context.state.arrival, countsDown: false)
                    .tint(.indigo)
                if context.state.delayMinutes > 0 {
                    Text("Delayed \(context.state.delayMinutes) min")
                        .foregroundColor(.orange)
                }
            }
            .padding()
            .activityBackgroundTint(Color.black.opacity(0.6))
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Image(systemName: "airplane")
                        .foregroundColor(.indigo)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(timerInterval: Date.now...context.state.arrival, countsDown: true)
                        .monospacedDigit()
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.attributes.route)
                        .font(.caption)
                        .opacity(context.isStale ? 0.5 : 1)
                }
            } compactLeading: {
                Image(systemName: "airplane")
            } compactTrailing: {
                Text(context.state.arrival, style: .timer)
                    .frame(maxWidth: 44)
            } minimal: {
                Image(systemName: "airplane")
            }
            .keylineTint(.indigo)
        }
    }
}

#Preview("Flight", as: .content, using: FlightAttributes(flightNumber: "KE 123", route: "ICN → JFK")) {
    FlightLiveActivity()
} contentStates: {
    FlightAttributes.ContentState(phase: .departed, gate: "23", departure: .now - 1800, arrival: .now + 3600, delayMinutes: 0)
    FlightAttributes.ContentState(phase: .boarding, gate: "23", departure: .now + 600, arrival: .now + 9000, delayMinutes: 15)
}
