// A widget and its configuration: Apple declares both in SwiftUI (a helper file that imports only
// SwiftUI writes `extension WidgetConfiguration { … }`); WidgetKit's configurations conform to them.

/// What a widget declares (SwiftUI's `WidgetConfiguration`).
public protocol WidgetConfiguration {}

/// A widget (SwiftUI's `Widget`).
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}
