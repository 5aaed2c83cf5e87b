// Glue for /work/shared/swiftui/000-delivery (widgetshot.yaml's `swift: include:`, and
// scripts/swift-corpus): the app's own types that the write-up's blocks use and never show — its
// order model, location and services, the provider's helpers, the widget views it names — written
// small, so the blocks compile unmodified and render. Blocks 5 (a `DynamicIsland` conformance) and
// 8 (`import ControlWidgetKit`) do not compile on iOS either and are left out.
// Block 2 has no imports: the exports below reach it, as a target's shared imports file would.
@_exported import Foundation
@_exported import SwiftUI
@_exported import UIKit
@_exported import WidgetKit
@_exported import ActivityKit
@_exported import AppIntents

// MARK: - The widget's configuration intent

/// The widget's configuration. In the app it is Xcode-generated from an `.intentdefinition` (an
/// `INIntent`, for `IntentTimelineProvider`); block 3 configures the widget with
/// `AppIntentConfiguration`, which asks for a `WidgetConfigurationIntent`, so here it is one (Linux's
/// `IntentTimelineProvider` takes any intent type).
struct ConfigurationIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "배달 추적"
}

/// Block 3 hands `DeliveryProvider` (an `IntentTimelineProvider`) to `AppIntentConfiguration`, which
/// takes an `AppIntentTimelineProvider`: the app's provider answers both ways, through its own
/// completion handlers.
extension DeliveryProvider: AppIntentTimelineProvider {
    func snapshot(for configuration: ConfigurationIntent, in context: Context) async -> DeliveryEntry {
        await withCheckedContinuation { done in getSnapshot(for: configuration, in: context) { done.resume(returning: $0) } }
    }
    func timeline(for configuration: ConfigurationIntent, in context: Context) async -> Timeline<DeliveryEntry> {
        await withCheckedContinuation { done in getTimeline(for: configuration, in: context) { done.resume(returning: $0) } }
    }
}

// MARK: - Order model

enum OrderStatus: String, Codable, Hashable, Sendable {
    case pending, confirmed, preparing, ready, onTheWay, nearbyHome, delivered, cancelled
}

struct CLLocationCoordinate2D: Codable, Hashable, Sendable {
    var latitude: Double
    var longitude: Double
}

struct Location: Codable, Hashable, Sendable {
    var latitude: Double
    var longitude: Double
    /// Kilometres left to the customer.
    var distance: Double
}

struct Address: Codable, Hashable, Sendable {
    var text: String
    var coordinate: CLLocationCoordinate2D
}

struct Driver: Codable, Hashable, Sendable {
    var name: String
    var phone: String
}

struct RestaurantInfo: Codable, Hashable, Sendable {
    var name: String
}

struct OrderLine: Identifiable, Codable, Hashable, Sendable {
    var id: String
    var name: String
}

struct Order: Identifiable, Codable, Hashable, Sendable {
    var id: String
    var status: OrderStatus
    var restaurant: RestaurantInfo
    var items: [OrderLine]
    var totalAmount: Int
    var driver: Driver?
    var deliveryAddress: Address
    var estimatedDeliveryTime: Date

    static let placeholder = Order(
        id: "A-1042", status: .onTheWay, restaurant: RestaurantInfo(name: "교촌치킨 강남점"),
        items: [OrderLine(id: "1", name: "허니콤보"), OrderLine(id: "2", name: "치즈볼"), OrderLine(id: "3", name: "콜라 1.25L")],
        totalAmount: 33000, driver: Driver(name: "김배달", phone: "010-0000-0000"),
        deliveryAddress: Address(text: "서울시 강남구 테헤란로 123", coordinate: CLLocationCoordinate2D(latitude: 37.5, longitude: 127.03)),
        estimatedDeliveryTime: Date().addingTimeInterval(1800))
}

struct OrderUpdate: Sendable {
    var status: OrderStatus
    var driverName: String?
    var driverPhone: String?
    var estimatedTime: Date?
    var location: Location?
    var completionCode: String?
}

enum LiveActivityError: Error { case disabled }
enum CacheError: Error { case compressionFailed }

// MARK: - Services

final class SharedLocationManager: Sendable {
    var lastDriverLocation: CLLocationCoordinate2D? { CLLocationCoordinate2D(latitude: 37.498, longitude: 127.027) }
}

final class PushTokenManager: Sendable {}

final class OrderManager: Sendable {
    static let shared = OrderManager()
    func refreshCurrentOrder() async throws {}
}

final class APIClient: Sendable {
    static let shared = APIClient()
    func registerActivityToken(token: String, orderID: String, deviceID: String) async throws {}
}

// MARK: - The provider helpers blocks 1 and 7 call

extension DeliveryProvider {
    func loadCurrentOrder(for configuration: ConfigurationIntent) -> DeliveryEntry {
        DeliveryEntry(date: Date(), configuration: configuration, order: Order.placeholder,
                      deliveryTime: Order.placeholder.estimatedDeliveryTime, driverLocation: loadDriverLocation())
    }
    func createEmptyEntry(for configuration: ConfigurationIntent) -> DeliveryEntry {
        DeliveryEntry(date: Date(), configuration: configuration, order: nil, deliveryTime: nil, driverLocation: nil)
    }
    func calculateEstimatedTime(order: Order, at date: Date) -> Date? { order.estimatedDeliveryTime }
    func loadDriverLocation() -> CLLocationCoordinate2D? { SharedLocationManager().lastDriverLocation }
}

extension SmartTimelineProvider {
    func createEntry(for order: Order, at date: Date) -> DeliveryEntry {
        DeliveryEntry(date: date, configuration: ConfigurationIntent(), order: order, deliveryTime: order.estimatedDeliveryTime,
                      driverLocation: nil)
    }
    func placeholder(in context: Context) -> DeliveryEntry { createEntry(for: Order.placeholder, at: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (DeliveryEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<DeliveryEntry>) -> Void) {
        let entries = generateSmartEntries(for: Order.placeholder)
        completion(Timeline(entries: entries, policy: calculateUpdatePolicy(for: Order.placeholder, batteryLevel: 1, isLowPowerMode: false)))
    }
}

// MARK: - The views block 2 names but does not show

/// The app's map snapshot: a stand-in tile with the driver's pin (no MapKit in a widget render).
struct MapSnapshotView: View {
    let driverLocation: CLLocationCoordinate2D
    let homeLocation: CLLocationCoordinate2D?
    var body: some View {
        ZStack {
            Color(red: 0.89, green: 0.93, blue: 0.87)
            Image(systemName: "bicycle").font(.title2).foregroundColor(.orange)
        }
    }
}

struct LargeWidgetView: View {
    let entry: DeliveryEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            MediumWidgetView(entry: entry)
            Divider()
            Text(entry.order?.restaurant.name ?? "주문 없음").font(.headline)
            Spacer()
        }
    }
}

struct CircularWidgetView: View {
    let entry: DeliveryEntry
    var body: some View {
        VStack(spacing: 0) {
            Image(systemName: "bicycle").font(.title3)
            if let time = entry.deliveryTime { Text(time, style: .time).font(.caption2) }
        }
    }
}

struct RectangularWidgetView: View {
    let entry: DeliveryEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(entry.order?.restaurant.name ?? "주문 없음").font(.headline).lineLimit(1)
            if let time = entry.deliveryTime {
                Text("도착 예정").font(.caption)
                Text(time, style: .time).font(.caption)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct InlineWidgetView: View {
    let entry: DeliveryEntry
    var body: some View {
        if let time = entry.deliveryTime {
            Label { Text(time, style: .time) } icon: { Image(systemName: "bicycle") }
        } else {
            Text("주문 없음")
        }
    }
}

// MARK: - Previews (the write-up shows none; a team would write these)

extension DeliveryEntry {
    static var onTheWay: DeliveryEntry {
        DeliveryEntry(date: Date(), configuration: ConfigurationIntent(), order: Order.placeholder,
                      deliveryTime: Order.placeholder.estimatedDeliveryTime,
                      driverLocation: CLLocationCoordinate2D(latitude: 37.498, longitude: 127.027))
    }
    static var noOrder: DeliveryEntry {
        DeliveryEntry(date: Date(), configuration: ConfigurationIntent(), order: nil, deliveryTime: nil, driverLocation: nil)
    }
}

#Preview("Tracking", as: .systemMedium) {
    DeliveryWidget()
} timeline: {
    DeliveryEntry.onTheWay
    DeliveryEntry.noOrder
}

#Preview(as: .accessoryRectangular) {
    DeliveryWidget()
} timeline: {
    DeliveryEntry.onTheWay
}
