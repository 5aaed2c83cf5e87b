import SwiftUI

// The app's look: colour helpers, its own modifier and View extension, an environment key.

extension Color {
    static let brand = Color(red: 1.0, green: 0.42, blue: 0.21)

    static func status(_ status: OrderStatus) -> Color {
        switch status {
        case .accepted, .cooking: .orange
        case .onTheWay: brand
        case .delivered: .green
        }
    }
}

struct Badge: ViewModifier {
    var tint: Color

    func body(content: Content) -> some View {
        content
            .font(.caption)
            .fontWeight(.semibold)
            .foregroundStyle(tint)
            .padding(.horizontal, 8)
            .padding(.vertical, 3)
            .background(tint.opacity(0.15))
            .clipShape(Capsule())
    }
}

extension View {
    func badge(_ tint: Color) -> some View { modifier(Badge(tint: tint)) }
}

private struct CompactKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    var isCompact: Bool {
        get { self[CompactKey.self] }
        set { self[CompactKey.self] = newValue }
    }
}
