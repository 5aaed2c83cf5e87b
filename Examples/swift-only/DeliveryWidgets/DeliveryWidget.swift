import SwiftUI
import WidgetKit

struct DeliveryEntry: TimelineEntry {
    let date: Date
    let order: Order
}

struct DeliveryProvider: TimelineProvider {
    func placeholder(in context: Context) -> DeliveryEntry {
        DeliveryEntry(date: Date(), order: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (DeliveryEntry) -> Void) {
        completion(DeliveryEntry(date: Date(), order: .sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DeliveryEntry>) -> Void) {
        let now = Date()
        let entries = [Order.cooking, Order.sample].enumerated().map { index, order in
            DeliveryEntry(date: now.addingTimeInterval(Double(index) * 600), order: order)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct DeliveryWidgetView: View {
    let entry: DeliveryEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Text(entry.order.restaurant).font(.headline)
                Text("\(entry.order.minutesLeft) min · \(entry.order.status.title)")
            }
        default:
            VStack(alignment: .leading, spacing: 6) {
                header
                Spacer()
                Text("\(entry.order.minutesLeft) min")
                    .font(.system(size: 28, weight: .bold))
                ProgressView(value: entry.order.status.progress)
                    .tint(Color.status(entry.order.status))
                if family == .systemMedium {
                    Text("\(entry.order.items) items").font(.caption).foregroundStyle(.secondary)
                }
            }
            .containerBackground(colorScheme == .dark ? Color.black : Color.white, for: .widget)
        }
    }

    private var header: some View {
        HStack {
            Image(systemName: entry.order.status.symbol)
                .foregroundStyle(Color.status(entry.order.status))
            Text(entry.order.status.title).badge(.status(entry.order.status))
        }
    }
}

struct DeliveryWidget: Widget {
    let kind = "DeliveryWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: DeliveryProvider()) { entry in
            DeliveryWidgetView(entry: entry)
        }
        .configurationDisplayName("Delivery")
        .description("Where your order is.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

#Preview(as: .systemSmall) {
    DeliveryWidget()
} timeline: {
    DeliveryEntry(date: .now, order: .cooking)
    DeliveryEntry(date: .now, order: .sample)
}
