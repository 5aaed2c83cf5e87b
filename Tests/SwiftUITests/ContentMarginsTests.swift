import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI

struct EdgeEntry: TimelineEntry { let date: Date }

struct EdgeProvider: TimelineProvider {
    func placeholder(in context: Context) -> EdgeEntry { EdgeEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping (EdgeEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<EdgeEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

/// A red block filling what the widget's content is given.
struct EdgeView: View {
    let entry: EdgeEntry
    var body: some View {
        Color.red.containerBackground(Color.white, for: .widget)
    }
}

struct MarginedWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Margined", provider: EdgeProvider()) { EdgeView(entry: $0) }
    }
}

struct MarginlessWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Marginless", provider: EdgeProvider()) { EdgeView(entry: $0) }
            .supportedFamilies([.systemSmall])
            .contentMarginsDisabled()
    }
}

/// `contentMarginsDisabled()` (it was read and dropped: the 16 pt margins were drawn anyway), and
/// the margins a view reads from `widgetContentMargins`.
@Suite("content margins: 16 pt on the Home Screen unless the configuration disables them")
struct ContentMarginsTests {
    static func isRed(_ p: [UInt8]) -> Bool { p[0] > 200 && p[1] < 60 && p[2] < 60 }

    @Test("the red content starts 16 pt in with margins, at the edge without")
    func margins() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        func pixels(_ result: RenderResult) -> ([UInt8], [UInt8]) {
            let rgba = result.bitmap.straightRGBA()
            func at(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * rgba.width + x) * 4; return Array(rgba.pixels[i..<i + 4]) }
            return (at(8, 80), at(20, 80))
        }
        let margined = pixels(try SwiftUIRender.render(MarginedWidget.self, family: .systemSmall, entry: .timeline(0), look: Look(scale: 1), renderer: renderer))
        #expect(!Self.isRed(margined.0) && Self.isRed(margined.1), "\(margined)")
        let edge = pixels(try SwiftUIRender.render(MarginlessWidget.self, family: .systemSmall, entry: .timeline(0), look: Look(scale: 1), renderer: renderer))
        #expect(Self.isRed(edge.0) && Self.isRed(edge.1), "\(edge)")
    }

    @Test("widgetContentMargins: 16 pt on the Home Screen families, none on the accessories")
    func environmentMargins() {
        var environment = EnvironmentValues(look: Look())
        environment.widgetFamily = .systemMedium
        #expect(environment.widgetContentMargins.leading == 16 && environment.widgetContentMargins.top == 16)
        environment.widgetFamily = .accessoryRectangular
        #expect(environment.widgetContentMargins.leading == 0)
    }
}

enum TemperatureUnit: String { case celsius, fahrenheit }

/// `@AppStorage` reads the store given (an App Group's suite), else its default.
@Suite("AppStorage reads and writes its UserDefaults")
struct AppStorageTests {
    @Test func readsWritesAndDefaults() {
        let suite = "widgetshot.tests.\(UUID().uuidString)"
        let store = UserDefaults(suiteName: suite)!
        defer { store.removePersistentDomain(forName: suite) }
        @AppStorage("unit", store: store) var unit: TemperatureUnit = .celsius
        @AppStorage("count", store: store) var count = 3
        @AppStorage("name", store: store) var name: String?
        #expect(unit == .celsius && count == 3 && name == nil)
        store.set("fahrenheit", forKey: "unit")
        store.set(7, forKey: "count")
        store.set("Seoul", forKey: "name")
        #expect(unit == .fahrenheit && count == 7 && name == "Seoul")
        count = 9
        #expect(store.integer(forKey: "count") == 9)
        $unit.wrappedValue = .celsius
        #expect(store.string(forKey: "unit") == "celsius")
    }
}
