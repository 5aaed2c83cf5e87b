import Foundation

// The app's own model, shared with the widget extension (in a real app, a Shared/ folder).

enum OrderStatus: String, Codable, CaseIterable {
    case accepted, cooking, onTheWay, delivered

    var title: String {
        switch self {
        case .accepted: "Order accepted"
        case .cooking: "Cooking"
        case .onTheWay: "On the way"
        case .delivered: "Delivered"
        }
    }

    var symbol: String {
        switch self {
        case .accepted: "checkmark.circle"
        case .cooking: "flame"
        case .onTheWay: "bicycle"
        case .delivered: "house"
        }
    }

    /// How far along the order is, 0…1.
    var progress: Double {
        Double(OrderStatus.allCases.firstIndex(of: self)! + 1) / Double(OrderStatus.allCases.count)
    }
}

struct Order: Codable {
    var restaurant: String
    var status: OrderStatus
    var minutesLeft: Int
    var items: Int

    static let sample = Order(restaurant: "Seoul Kitchen", status: .onTheWay, minutesLeft: 12, items: 3)
    static let cooking = Order(restaurant: "Seoul Kitchen", status: .cooking, minutesLeft: 24, items: 3)
}
