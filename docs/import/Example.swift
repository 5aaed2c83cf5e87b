import SwiftUI
import WidgetKit

struct OrderEntry: TimelineEntry {
    let date: Date
    let order: Order
}

struct Order {
    let shop: String
    let status: Status
    let eta: Date
    let progress: Double
}

enum Status { case preparing, onTheWay, delivered }

extension Status {
    var label: String {
        switch self {
        case .preparing: return "Preparing"
        case .onTheWay: return "On the way"
        case .delivered: return "Delivered"
        }
    }
    var tint: Color {
        switch self {
        case .preparing: return .blue
        case .onTheWay: return .orange
        case .delivered: return .green
        }
    }
}

struct OrderView: View {
    let entry: OrderEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Label(entry.order.status.label, systemImage: "bicycle")
                .font(.subheadline.weight(.semibold))
                .foregroundStyle(entry.order.status.tint)
            Text(entry.order.shop)
                .font(.headline)
                .lineLimit(1)
            Spacer()
            Text(entry.order.eta, style: .time)
                .font(.title2.bold())
                .monospacedDigit()
            ProgressView(value: entry.order.progress)
                .tint(entry.order.status.tint)
            Map(coordinateRegion: .constant(region))
                .frame(height: 24)
        }
    }
}

struct OrderWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "order", provider: Provider()) { entry in
            OrderView(entry: entry)
        }
        .supportedFamilies([.systemSmall])
    }
}

#Preview(as: .systemSmall) {
    OrderWidget()
} timeline: {
    OrderEntry(date: .now, order: Order(shop: "Noodle Bar", status: .onTheWay, eta: .now + 900, progress: 0.7))
}
