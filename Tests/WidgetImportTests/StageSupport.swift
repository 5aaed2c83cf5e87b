import Foundation
@testable import WidgetImport
import WidgetModel

/// Small Swift inputs and helpers shared by the per-stage tests (`*StageTests`), which drive one
/// stage's entry point at a time instead of the whole import.
enum StageSupport {
    /// An entry, its data, an enum with an extension that switches on `self`, a view and a widget.
    static let orderWidget = """
        import SwiftUI
        import WidgetKit
        struct Entry: TimelineEntry {
            let date: Date
            let order: Order
        }
        struct Order {
            let title: String
            let status: Status
            let count: Int
        }
        enum Status { case preparing, onTheWay, delivered }
        extension Status {
            var tint: Color {
                switch self {
                case .preparing: return .blue
                case .onTheWay: return .orange
                case .delivered: return .green
                }
            }
        }
        enum Spacing { static let small: CGFloat = 6 }
        struct V: View {
            let entry: Entry
            var body: some View {
                VStack(alignment: .leading, spacing: Spacing.small) {
                    Text(entry.order.title).font(.headline)
                    Text("\\(entry.order.count) items").foregroundStyle(entry.order.status.tint)
                }
                .padding(8)
            }
        }
        struct W: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "w", provider: P()) { entry in V(entry: entry) }
                    .supportedFamilies([.systemSmall])
            }
        }
        """

    static func collect(_ text: String = StageSupport.orderWidget, file: String = "W.swift", limits: Limits = .default) throws -> Declarations {
        try CollectStage.run(texts: [(file, text)], limits: limits)
    }

    /// Collect, then resolve: the translation context the later stages use.
    static func translator(_ text: String = StageSupport.orderWidget, limits: Limits = .default) throws -> Translator {
        ResolveStage.run(try collect(text, limits: limits), limits: limits)
    }

    /// Nodes as the draft writes them (under a `view:` key), to compare with literal YAML.
    static func yaml(_ nodes: [DraftNode]) -> String {
        var writer = DraftWriter()
        _ = writer.write(.map(nodes.map { ("view", YAMLValue.node($0)) }, flow: false))
        return writer.text
    }

    static func report(_ t: Translator) -> ImportReport {
        var report = ImportReport()
        t.ledger.fill(&report)
        return report
    }
}
