import SwiftUI
import WidgetKit

// A small order widget: an entry, a view per family, a helper view, an enum extension.
struct OrderEntry: TimelineEntry {
    let date: Date
    let order: Order?
}

struct Order {
    let title: String
    let status: Status
    let eta: Date
    let items: [Item]
    let progress: Double
}

struct Item {
    let name: String
    let quantity: Int
}

enum Status: String {
    case preparing, onTheWay, delivered
}

extension Status {
    var label: String {
        switch self {
        case .preparing: return "Preparing"
        case .onTheWay: return "On the way"
        case .delivered: return "Delivered"
        }
    }
    var symbol: String {
        switch self {
        case .preparing: return "flame"
        case .onTheWay: return "bicycle"
        case .delivered: return "house.fill"
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

struct OrderWidgetView: View {
    let entry: OrderEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if let order = entry.order {
            switch family {
            case .systemSmall:
                SmallOrderView(order: order)
            default:
                MediumOrderView(order: order)
            }
        } else {
            Text("No orders")
                .font(.headline)
                .foregroundStyle(.secondary)
        }
    }
}

struct SmallOrderView: View {
    let order: Order

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            StatusBadge(status: order.status)
            Text(order.title)
                .font(.system(size: 15, weight: .semibold))
                .lineLimit(1)
            Spacer()
            Text(order.eta, style: .relative)
                .font(.caption)
                .foregroundColor(order.status.tint)
            ProgressView(value: order.progress)
                .tint(order.status.tint)
        }
        .containerBackground(for: .widget) {
            Color("CardBackground")
        }
    }
}

struct MediumOrderView: View {
    let order: Order

    var body: some View {
        HStack(spacing: 12) {
            VStack(alignment: .leading) {
                StatusBadge(status: order.status)
                ForEach(order.items.prefix(3), id: \.name) { item in
                    Text("\(item.name) ×\(item.quantity)")
                        .font(.caption)
                }
                if order.items.count > 3 {
                    Text("+\(order.items.count - 3) more")
                        .font(.caption2)
                        .foregroundColor(.secondary)
                }
            }
            Spacer()
            Text(order.eta, style: .time)
                .font(.title2.bold())
                .monospacedDigit()
        }
        .padding(.horizontal, 4)
    }
}

struct StatusBadge: View {
    let status: Status

    var body: some View {
        Label(status.label, systemImage: status.symbol)
            .font(.caption.weight(.semibold))
            .foregroundStyle(status.tint)
            .padding(.horizontal, 8)
            .padding(.vertical, 3)
            .background(status.tint.opacity(0.15), in: Capsule())
    }
}

struct OrderWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "OrderWidget", provider: Provider()) { entry in
            OrderWidgetView(entry: entry)
        }
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

#Preview(as: .systemSmall) {
    OrderWidget()
} timeline: {
    OrderEntry(date: .now, order: Order(title: "Noodle Bar", status: .onTheWay, eta: .now.addingTimeInterval(900),
                                        items: [Item(name: "Ramen", quantity: 2)], progress: 0.7))
    OrderEntry(date: .now, order: nil)
}
