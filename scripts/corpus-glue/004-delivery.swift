// Glue for /work/shared/swiftui/004-delivery (widgetshot.yaml's `swift: include:`, and
// scripts/swift-corpus): the app's own types that the write-up's blocks use and never show — its
// domain model, services, the views and helpers it names, the widget's registration — written
// small, so the blocks compile unmodified and render. Block 2 (an intent calling helpers never
// shown), 5 (controls that do not compile on iOS either: an `AppIntent` that is not a
// `ControlConfigurationIntent`, `ControlWidgetToggle` with a closure for its action) and 6
// (CoreSpotlight, app code) are left out.
// Everything here is the app's side; nothing stands in for an Apple API.
@_exported import Foundation
@_exported import SwiftUI
@_exported import WidgetKit
@_exported import ActivityKit
@_exported import AppIntents

// MARK: - Domain model

enum CuisineType: String, Codable, Hashable, Sendable {
    case korean, chinese, japanese, western, chicken, other
    var displayName: String { rawValue }
}

struct Restaurant: Identifiable, Codable, Hashable, Sendable {
    let id: UUID
    let name: String
    let cuisine: CuisineType
    let rating: Double
}

struct MenuItem: Identifiable, Codable, Hashable, Sendable {
    let id: UUID
    let name: String
    let price: Int
}

struct OrderItem: Identifiable, Codable, Hashable, Sendable {
    var id: UUID { menuItem.id }
    let menuItem: MenuItem
    let quantity: Int
    var name: String { menuItem.name }
    init(menuItem: MenuItem, quantity: Int) { self.menuItem = menuItem; self.quantity = quantity }
}

/// The order's progress; raw values in tracking order (the Live Activity compares them).
enum OrderStatus: Int, Codable, Hashable, Sendable {
    case pending, confirmed, preparing, onTheWay, delivered, cancelled

    static let trackingSteps: [OrderStatus] = [.confirmed, .preparing, .onTheWay, .delivered]

    var displayName: String {
        switch self {
        case .pending: "주문 대기"
        case .confirmed: "주문 확인"
        case .preparing: "조리 중"
        case .onTheWay: "배달 중"
        case .delivered: "배달 완료"
        case .cancelled: "주문 취소"
        }
    }

    var iconName: String {
        switch self {
        case .pending: "clock"
        case .confirmed: "checkmark.circle"
        case .preparing: "flame"
        case .onTheWay: "bicycle"
        case .delivered: "house.fill"
        case .cancelled: "xmark.circle"
        }
    }

    var color: Color {
        switch self {
        case .pending: .gray
        case .confirmed: .blue
        case .preparing: .orange
        case .onTheWay: .green
        case .delivered: .purple
        case .cancelled: .red
        }
    }
}

/// The write-up reads `estimatedDeliveryTime` as seconds in the widget's provider (block 3) and
/// as a `Date` in the Live Activity (block 4): the order keeps seconds, and this extension gives
/// the moment, chosen by the type each caller needs.
protocol DeliveryMoment { var estimatedDeliveryTime: TimeInterval { get }; var createdAt: Date { get } }
extension DeliveryMoment {
    var estimatedDeliveryTime: Date { createdAt.addingTimeInterval(estimatedDeliveryTime) }
}

struct Order: Identifiable, Codable, Hashable, Sendable, DeliveryMoment {
    let id: UUID
    let orderNumber: String
    let restaurant: Restaurant
    let items: [OrderItem]
    var status: OrderStatus
    let total: Decimal
    let deliveryAddress: String
    let createdAt: Date
    /// Seconds from `createdAt` to the expected delivery.
    let estimatedDeliveryTime: TimeInterval
    var estimatedRemainingTime: TimeInterval?
    var deliveredAt: Date?

    var deepLinkURL: URL? { URL(string: "delivery://order/\(id.uuidString)") }

    static let sample = Order(
        id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, orderNumber: "A-1042",
        restaurant: Restaurant(id: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, name: "교촌치킨 강남점",
                               cuisine: .chicken, rating: 4.7),
        items: [OrderItem(menuItem: MenuItem(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "허니콤보", price: 23000), quantity: 1),
                OrderItem(menuItem: MenuItem(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "치즈볼", price: 5000), quantity: 2)],
        status: .onTheWay, total: 33000, deliveryAddress: "서울시 강남구 테헤란로 123", createdAt: Date(),
        estimatedDeliveryTime: 1500, estimatedRemainingTime: 1080, deliveredAt: nil)

    static let placeholder = Order(
        id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, orderNumber: "—",
        restaurant: Restaurant(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, name: "레스토랑", cuisine: .other, rating: 0),
        items: [], status: .preparing, total: 0, deliveryAddress: "", createdAt: Date(),
        estimatedDeliveryTime: 1800, estimatedRemainingTime: 1800, deliveredAt: nil)
}

enum OrderError: Error { case noRestaurant, noMenuItem, noRestaurantsAvailable }

struct CLLocationCoordinate2D: Codable, Hashable, Sendable {
    var latitude: Double
    var longitude: Double
}

// MARK: - Services

final class OrderService: Sendable {
    func placeOrder(restaurant: Restaurant, items: [OrderItem]) async throws -> Order { Order.sample }
}

final class RestaurantService: Sendable {
    func getRestaurants(ids: [UUID]) async throws -> [Restaurant] { [Order.sample.restaurant] }
    func getPopularRestaurants() async throws -> [Restaurant] { [Order.sample.restaurant] }
    func searchRestaurants(query: String) async throws -> [Restaurant] { [Order.sample.restaurant] }
}

final class DependencyContainer: Sendable {
    static let shared = DependencyContainer()
    let orderService = OrderService()
    let restaurantService = RestaurantService()
}

final class APIClient: Sendable {
    static let shared = APIClient()
    func registerActivityPushToken(activityId: String, token: String, orderNumber: String) async throws {}
}

// MARK: - Entities and intents the blocks name

struct MenuItemEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "메뉴"
    static let defaultQuery = MenuItemQuery()
    let id: UUID
    let menuItem: MenuItem
    var displayRepresentation: DisplayRepresentation { "\(menuItem.name)" }
}

struct MenuItemQuery: EntityQuery {
    func entities(for identifiers: [UUID]) async throws -> [MenuItemEntity] { [] }
}

struct OrderEntity: Sendable {
    let order: Order
}

struct TrackOrderIntent: AppIntent {
    static let title: LocalizedStringResource = "주문 추적"
    @Parameter(title: "주문") var orderId: String?
    init() {}
    init(orderId: UUID) { self.orderId = orderId.uuidString }
    func perform() async throws -> some IntentResult { .result() }
}

struct CallDriverIntent: AppIntent {
    static let title: LocalizedStringResource = "배달원에게 전화"
    func perform() async throws -> some IntentResult { .result() }
}

struct TrackLocationIntent: AppIntent {
    static let title: LocalizedStringResource = "배달원 위치"
    func perform() async throws -> some IntentResult { .result() }
}

// MARK: - Widget provider helpers (block 3 calls them)

extension OrderStatusProvider {
    func getCurrentOrder() -> Order? { Order.sample }
    func getCurrentActiveOrder() async -> Order? { Order.sample }
    func generatePendingTimeline(for order: Order, from date: Date) async -> [OrderStatusEntry] {
        [OrderStatusEntry(date: date, order: order, relevance: nil)]
    }
    func generateConfirmedTimeline(for order: Order, from date: Date) async -> [OrderStatusEntry] {
        [OrderStatusEntry(date: date, order: order, relevance: nil)]
    }
    func generatePreparingTimeline(for order: Order, from date: Date) async -> [OrderStatusEntry] {
        [OrderStatusEntry(date: date, order: order, relevance: nil)]
    }
}

/// Block 3 scores relevance with a `Double` and an optional duration.
extension TimelineEntryRelevance {
    init(score: Double, duration: TimeInterval? = nil) { self.init(score: Float(score), duration: duration ?? 0) }
}

/// `18분` / `1시간 5분`.
func formatRemainingTime(_ seconds: TimeInterval) -> String {
    let minutes = max(0, Int(seconds / 60))
    return minutes >= 60 ? "\(minutes / 60)시간 \(minutes % 60)분" : "\(minutes)분"
}

func formatTimeRemaining(_ seconds: TimeInterval) -> String { formatRemainingTime(seconds) }

func statusColor(_ status: OrderStatus) -> Color { status.color }

// MARK: - The views block 3 names but does not show

struct LargeOrderStatusView: View {
    let order: Order
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            MediumOrderStatusView(order: order)
            Divider()
            ForEach(order.items) { item in
                HStack {
                    Text(item.name).font(.subheadline)
                    Spacer()
                    Text("×\(item.quantity)").font(.subheadline).foregroundColor(.secondary)
                }
            }
            Spacer()
        }
    }
}

struct InlineOrderStatusView: View {
    let order: Order
    var body: some View {
        Label("\(order.status.displayName) · \(formatRemainingTime(order.estimatedRemainingTime ?? 0))", systemImage: order.status.iconName)
    }
}

struct RectangularOrderStatusView: View {
    let order: Order
    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(order.restaurant.name).font(.headline).lineLimit(1)
            Label(order.status.displayName, systemImage: order.status.iconName).font(.caption)
            Text(formatRemainingTime(order.estimatedRemainingTime ?? 0)).font(.caption).foregroundColor(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct CircularOrderStatusView: View {
    let order: Order
    var body: some View {
        VStack(spacing: 0) {
            Image(systemName: order.status.iconName).font(.title3)
            Text(formatRemainingTime(order.estimatedRemainingTime ?? 0)).font(.caption2)
        }
    }
}

struct NoOrderView: View {
    var body: some View {
        VStack(spacing: 6) {
            Image(systemName: "bag").font(.title2).foregroundColor(.secondary)
            Text("진행 중인 주문 없음").font(.caption).foregroundColor(.secondary)
        }
    }
}

/// Block 3's medium view uses the small view's (private) background; the write-up leaves its own out.
extension MediumOrderStatusView {
    var backgroundGradient: LinearGradient {
        LinearGradient(colors: [order.status.color.opacity(0.1), Color.clear], startPoint: .topLeading, endPoint: .bottomTrailing)
    }
}

// MARK: - The registration the write-up leaves out

struct OrderStatusWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "OrderStatusWidget", provider: OrderStatusProvider()) { entry in
            OrderStatusWidgetView(entry: entry)
                .containerBackground(Color(white: 1), for: .widget)
        }
        .configurationDisplayName("주문 상태")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

// MARK: - Live Activity previews (the write-up shows none; a team would write these)

extension OrderTrackingAttributes {
    static let preview = OrderTrackingAttributes(orderNumber: "A-1042", restaurantName: "교촌치킨 강남점", totalAmount: 33000,
                                                 items: ["허니콤보", "치즈볼"], customerAddress: "서울시 강남구 테헤란로 123")
}

extension OrderTrackingAttributes.ContentState {
    static var onTheWay: Self {
        .init(status: .onTheWay, estimatedDeliveryTime: Date().addingTimeInterval(1080),
              driverLocation: CLLocationCoordinate2D(latitude: 37.50, longitude: 127.03), driverName: "김배달", lastUpdate: Date())
    }
    static var preparing: Self {
        .init(status: .preparing, estimatedDeliveryTime: Date().addingTimeInterval(1800), driverLocation: nil, driverName: nil,
              lastUpdate: Date())
    }
}

#Preview("Tracking", as: .content, using: OrderTrackingAttributes.preview) {
    OrderTrackingLiveActivity()
} contentStates: {
    OrderTrackingAttributes.ContentState.onTheWay
    OrderTrackingAttributes.ContentState.preparing
}

#Preview("Island", as: .dynamicIsland(.expanded), using: OrderTrackingAttributes.preview) {
    OrderTrackingLiveActivity()
} contentStates: {
    OrderTrackingAttributes.ContentState.onTheWay
}

#Preview("Compact", as: .dynamicIsland(.compact), using: OrderTrackingAttributes.preview) {
    OrderTrackingLiveActivity()
} contentStates: {
    OrderTrackingAttributes.ContentState.onTheWay
}

#Preview("Minimal", as: .dynamicIsland(.minimal), using: OrderTrackingAttributes.preview) {
    OrderTrackingLiveActivity()
} contentStates: {
    OrderTrackingAttributes.ContentState.onTheWay
}
