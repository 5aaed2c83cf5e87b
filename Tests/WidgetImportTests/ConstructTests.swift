import Foundation
import Testing
@testable import WidgetImport
import WidgetTemplate

/// One SwiftUI construct → the layout-language fragment it becomes (in the draft's `V` component).
@Suite struct ConstructTests {
    struct Case: CustomStringConvertible, Sendable {
        var swift: String
        var expected: [String]
        var description: String { swift.split(separator: "\n").first.map(String.init) ?? swift }
    }

    static let cases: [Case] = [
        Case(swift: """
             VStack(alignment: .leading, spacing: 4) {
                 Text("Hello").font(.headline).foregroundColor(.secondary)
                 Spacer(minLength: 2)
                 Divider()
             }
             """, expected: ["vstack:", "  - text: Hello", "    style: headline", "    color: secondaryLabel", "  - spacer: 2", "  - divider:",
                             "alignment: leading", "spacing: 4"]),
        Case(swift: "Text(entry.order.eta, style: .relative)", expected: [#"text: "{{order.eta | relative}}""#]),
        Case(swift: "Text(timerInterval: entry.date...entry.order.eta, countsDown: true)", expected: [#"text: "{{timerInterval(now, order.eta)}}""#]),
        Case(swift: #"Text("\(entry.order.count) items, \(entry.order.progress, specifier: "%.1f")")"#,
             expected: [#"text: "{{order.count}} items, {{order.progress | number: 1}}""#]),
        Case(swift: #"Image(systemName: "bicycle").font(.title).foregroundStyle(.orange)"#, expected: ["icon: bicycle", "font: title", "color: orange"]),
        Case(swift: "Circle().stroke(Color.red, lineWidth: 3).frame(width: 20, height: 20)",
             expected: ["circle:", "stroke: red", "lineWidth: 3", "frame: { width: 20, height: 20 }"]),
        Case(swift: "Text(\"42\").font(.system(size: 40, weight: .heavy, design: .rounded))",
             expected: ["text: \"42\"", "size: 40", "weight: heavy", "design: rounded"]),
        Case(swift: "VStack { Text(\"a\") }.fontDesign(.serif).fontWeight(.ultraLight)",
             expected: ["font: { design: serif, weight: ultraLight }"]),
        Case(swift: "Text(\"12:45\").monospaced()", expected: ["design: monospaced"]),
        Case(swift: "ContainerRelativeShape().fill(.blue)", expected: ["containerRelative:", "fill: blue"]),
        Case(swift: "ViewThatFits(in: .horizontal) { Text(\"Arriving in 12 minutes\"); Text(\"12 min\") }",
             expected: ["viewThatFits:", "  - text: Arriving in 12 minutes", "  - text: \"12 min\"", "in: horizontal"]),
        Case(swift: "RoundedRectangle(cornerRadius: 8).strokeBorder(.red, lineWidth: 1)",
             expected: ["roundedRect: 8", "strokeBorder: red", "lineWidth: 1"]),
        Case(swift: "RoundedRectangle(cornerRadius: 12, style: .continuous).fill(LinearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom))",
             expected: ["roundedRect: 12", "fill: { linearGradient: [blue, purple], start: top, end: bottom }"]),
        Case(swift: "ProgressView(value: entry.order.progress).tint(.green)", expected: [#"progress: "{{order.progress}}""#, "tint: green"]),
        Case(swift: "Gauge(value: entry.order.progress) { Text(\"x\") }.gaugeStyle(.accessoryCircular)", expected: [#"progress: "{{order.progress}}""#, "style: accessoryCircular", "label:", "text: x"]),
        Case(swift: "Gauge(value: entry.temp, in: 50...90) { Text(\"T\") } currentValueLabel: { Text(\"72\") } minimumValueLabel: { Text(\"50\") } maximumValueLabel: { Text(\"90\") }.gaugeStyle(.accessoryCircular)",
             expected: ["style: accessoryCircular", "currentValueLabel:", #"text: "72""#, "minimumValueLabel:", #"text: "50""#, "maximumValueLabel:", #"text: "90""#]),
        Case(swift: "ProgressView(value: entry.order.progress) { Text(\"Delivery\") } currentValueLabel: { Text(\"Soon\") }",
             expected: ["label:", "text: Delivery", "currentValueLabel:", "text: Soon"]),
        Case(swift: "ProgressView(\"Delivery\", value: entry.order.progress)", expected: ["label:", "text: Delivery"]),
        // Color.gradient: the language's standard gradient.
        Case(swift: "Circle().fill(Color.orange.gradient)", expected: ["fill: { gradient: orange }"]),
        Case(swift: "Circle().fill(.blue.gradient)", expected: ["fill: { gradient: blue }"]),
        // Xcode 15's generated asset-catalog colour symbols: a colours-table row to fill.
        Case(swift: "Text(\"x\").foregroundStyle(.brandPrimary)", expected: [#"color: "{{colors.brandPrimary}}""#]),
        Case(swift: "Text(\"x\").foregroundStyle(Color.brandPrimary)", expected: [#"color: "{{colors.brandPrimary}}""#]),
        // SFSafeSymbols: the case name is the symbol's name without its dots.
        Case(swift: "Image(systemSymbol: .arrowClockwise)", expected: ["icon: arrow.clockwise"]),
        Case(swift: "Label(\"Refresh\", systemSymbol: .clock)", expected: ["icon: clock", "text: Refresh"]),
        Case(swift: #"Label("Late", systemImage: "clock")"#, expected: ["hstack:", "  - icon: clock", "  - text: Late"]),
        Case(swift: "VStack { ForEach(entry.order.items.prefix(2), id: \\.name) { item in Text(item.name) } }",
             expected: ["forEach: order.items", "limit: 2", #"text: "{{item.name}}""#]),
        Case(swift: """
             VStack {
                 if entry.order.isLate { Text("Late") } else if entry.order.count > 2 { Text("Many") } else { Text("OK") }
             }
             """, expected: ["when: order.isLate", #"when: "!order.isLate && order.count > 2""#, #"when: "!order.isLate && order.count <= 2""#]),
        Case(swift: """
             VStack {
                 switch entry.order.status {
                 case .preparing: Text("A")
                 case .onTheWay, .delivered: Text("B")
                 }
             }
             """, expected: [#"when: "order.status == preparing""#, #"when: "order.status in [onTheWay, delivered]""#]),
        // Text, icon names and colours: a conditional expression in place (one view, no `when:`).
        Case(swift: "Text(\"x\").foregroundColor(entry.order.isLate ? .red : .green)",
             expected: [#"color: "{{order.isLate ? 'red' : 'green'}}""#]),
        Case(swift: "Text(entry.order.isLate ? \"Late\" : entry.order.title)",
             expected: [#"text: "{{order.isLate ? 'Late' : order.title}}""#]),
        Case(swift: "Image(systemName: entry.order.count > 2 ? \"cart.fill\" : \"cart\")",
             expected: [#"icon: "{{(order.count > 2) ? 'cart.fill' : 'cart'}}""#]),
        // `a ?? b` with a value on the right: the conditional; with a literal: the `default:` filter.
        Case(swift: "Text(entry.order.items.first?.name ?? entry.order.title)",
             expected: [#"text: "{{exists(order.items.0.name) ? order.items.0.name : order.title}}""#]),
        Case(swift: "Text(entry.order.items.first?.name ?? \"Nothing\")", expected: [#"text: "{{order.items.0.name | default: Nothing}}""#]),
        // A number still splits the view per branch (modifiers write numbers).
        Case(swift: "Text(\"x\").opacity(entry.order.isLate ? 0.5 : 1)",
             expected: ["opacity: 0.5", "when: order.isLate", "opacity: 1", #"when: "!order.isLate""#]),
        Case(swift: "Text(\"x\").font(.system(size: 20, weight: .heavy, design: .rounded))", expected: ["size: 20", "weight: heavy", "design: rounded"]),
        Case(swift: "Text(\"x\").padding(.horizontal, 8).padding(.vertical, 4)", expected: ["padding: { horizontal: 8, vertical: 4 }"]),
        Case(swift: "Text(\"x\").frame(maxWidth: .infinity, alignment: .leading)", expected: ["frame: { maxWidth: infinity, alignment: leading }"]),
        Case(swift: "Text(\"x\").background(Color.orange.opacity(0.2)).clipShape(Capsule())",
             expected: ["background: { color: orange, opacity: 0.2 }", "clip: capsule"]),
        // SwiftUI clamps a colour's opacity; an out-of-range literal must not make a draft the loader refuses.
        Case(swift: "Text(\"x\").background(Color.black.opacity(5.6)).foregroundColor(Color.red.opacity(-2))",
             expected: ["background: { color: black, opacity: 1 }", "color: { color: red, opacity: 0 }"]),
        Case(swift: "Text(\"x\").overlay(alignment: .topTrailing) { Circle().fill(.red) }",
             expected: ["overlay:", "  circle:", "  fill: red", "overlayAlignment: topTrailing"]),
        Case(swift: "Image(systemName: \"airplane\").rotationEffect(.degrees(45)).scaleEffect(1.5).opacity(0.5)",
             expected: ["rotation: 45", "scale: 1.5", "opacity: 0.5"]),
        Case(swift: "Text(\"x\").lineLimit(2).minimumScaleFactor(0.5).multilineTextAlignment(.center).monospacedDigit()",
             expected: ["lineLimit: 2", "minimumScaleFactor: 0.5", "multilineAlignment: center", "monospacedDigit: true"]),
        Case(swift: "Image(systemName: \"star.fill\").widgetAccentable()", expected: ["widgetAccentable: true"]),
        Case(swift: "Text(\"x\").foregroundColor(Color(\"Brand\"))", expected: [#"color: "{{colors.Brand}}""#]),
        Case(swift: "Text(\"x\").widgetURL(URL(string: \"a://b\")!).contentTransition(.numericText())", expected: ["text: x"]),
    ]

    @Test(arguments: cases)
    func constructBecomesFragment(_ c: Case) throws {
        let result = try ImportSupport.importText(ImportSupport.widget(c.swift))
        let fragment = ImportSupport.component(result.yaml)
        for line in c.expected {
            #expect(fragment.contains(line), "expected \(line) in:\n\(fragment)")
        }
        let problems = try ImportSupport.lintProblems(result.yaml)
        #expect(problems.isEmpty, "\(problems)\n\(result.yaml)")
    }

    @Test func nonVisualModifiersAreDroppedAndListed() throws {
        let r = try ImportSupport.importText(ImportSupport.widget("Text(\"x\").widgetURL(nil).invalidatableContent()"))
        #expect(r.report.dropped.map(\.modifier) == ["widgetURL", "invalidatableContent"])
        #expect(r.report.dropped[0].description == "Widget.swift:21:11: .widgetURL")
        #expect(r.report.modifiers.total == 0)
    }

    @Test func enumExtensionBecomesTable() throws {
        let extra = """
        extension Status {
            var icon: String {
                switch self {
                case .preparing: return "flame"
                case .onTheWay: return "bicycle"
                case .delivered: return "house.fill"
                }
            }
        }
        """
        let r = try ImportSupport.importText(ImportSupport.widget("Image(systemName: entry.order.status.icon)", extra: extra))
        #expect(r.yaml.contains("""
          Status:
            preparing: { icon: flame }
            onTheWay: { icon: bicycle }
            delivered: { icon: house.fill }
        """), "\(r.yaml)")
        #expect(ImportSupport.component(r.yaml).contains(#"icon: "{{Status[order.status].icon}}""#))
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty)
    }

    @Test func helperViewBecomesComponentWithParameters() throws {
        let extra = """
        struct Badge: View {
            let title: String
            let count: Int
            var body: some View { Text("\\(title): \\(count)").font(.caption) }
        }
        """
        let r = try ImportSupport.importText(ImportSupport.widget("Badge(title: entry.order.title, count: 3)", extra: extra))
        #expect(ImportSupport.component(r.yaml).contains(#"use: Badge"#))
        #expect(ImportSupport.component(r.yaml).contains(#"with: { title: "{{order.title}}", count: 3 }"#), "\(r.yaml)")
        #expect(ImportSupport.component(r.yaml, "Badge").contains(#"text: "{{title}}: {{count}}""#))
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty, "\(r.yaml)")
    }

    /// Swift overloads by argument labels: `func body(for:)` beside `var body` must not replace the
    /// view's body (gradus' ProviderDensityCard lost its title and background so), and a call with
    /// labels finds the overload it names.
    @Test func aFunctionNamedBodyDoesNotHideTheViewsBody() throws {
        let extra = """
        struct Card: View {
            let title: String
            let late: Bool
            var body: some View {
                VStack(alignment: .leading) {
                    Text(title).font(.headline)
                    body(for: late)
                }
                .padding(12)
            }
            @ViewBuilder
            private func body(for late: Bool) -> some View {
                if late { Text("late").foregroundStyle(.red) } else { Text("on time") }
            }
        }
        """
        let r = try ImportSupport.importText(ImportSupport.widget("Card(title: entry.order.title, late: entry.order.isLate)", extra: extra))
        let card = ImportSupport.component(r.yaml, "Card")
        #expect(card.contains(#"text: "{{title}}""#) && card.contains("style: headline") && card.contains("padding: 12"), "\(r.yaml)")
        #expect(card.contains("use: Card.body"), "\(r.yaml)")
        #expect(ImportSupport.component(r.yaml, "Card.body").contains("text: late"), "\(r.yaml)")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty, "\(r.yaml)")
    }

    @Test func viewBuilderPropertyBecomesComponent() throws {
        let body = "VStack { header }"
        let swift = ImportSupport.widget(body).replacingOccurrences(of: "    var body: some View {\nVStack { header }", with: """
                @ViewBuilder var header: some View {
                    Text(entry.order.title).bold()
                }
                var body: some View {
                VStack { header }
            """)
        let r = try ImportSupport.importText(swift)
        #expect(ImportSupport.component(r.yaml).contains("use: V.header"), "\(r.yaml)")
        #expect(r.yaml.contains("  V.header:\n    text: \"{{order.title}}\"\n    bold: true"), "\(r.yaml)")
    }

    @Test func containerBackgroundGoesToTheSurface() throws {
        let r = try ImportSupport.importText(ImportSupport.widget("Text(\"x\").containerBackground(.orange.gradient, for: .widget)"))
        #expect(r.yaml.contains("  systemMedium:\n    background: { gradient: orange }\n"), "\(r.yaml)")
        _ = try LayoutLoader.parse(r.yaml, path: "/tmp/widgetshot-tests/imported-gradient.yaml")   // the draft parses
    }
}

/// What the importer does with code it cannot see, and with app-style helpers.
@Suite struct MissingCodeTests {
    @Test func helperCallOnAnEnumBecomesATableToFill() throws {
        // `statusColor(_:)` is not given; the cases come from where the code compares the status.
        let r = try ImportSupport.importText(ImportSupport.widget("""
                Text("x").foregroundColor(statusColor(entry.order.status))
                    .opacity(entry.order.status == .delivered ? 0.5 : 1)
        """))
        #expect(r.yaml.contains("  statusColor:\n    preparing: gray\n    onTheWay: gray\n    delivered: gray"), "\(r.yaml)")
        #expect(ImportSupport.component(r.yaml).contains(#"color: "{{statusColor[order.status]}}""#))
        #expect(r.report.todos.contains { $0.why.contains("statusColor(…) is not in the given files: the table statusColor has a stand-in per case to fill in") })
        let problems = try ImportSupport.lintProblems(r.yaml)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func staticFactoryIsTranslatedInPlace() throws {
        let extra = """
        enum Icons {
            static var late: Image { Image(systemName: "clock") }
        }
        struct Row: View {
            let title: String
            var body: some View { Text(title) }
            static func titled(_ t: String) -> Row { Row(title: t) }
        }
        """
        let r = try ImportSupport.importText(ImportSupport.widget("VStack { Icons.late; Row.titled(entry.order.title) }", extra: extra))
        let v = ImportSupport.component(r.yaml)
        #expect(v.contains("- icon: clock"), "\(v)")
        #expect(v.contains("- use: Row") && v.contains(#"with: { title: "{{order.title}}" }"#), "\(v)")
        #expect(r.report.nodes.placeholder == 0)
    }

    @Test func onePreviewPerCaseOfTheSwitchedEnum() throws {
        let r = try ImportSupport.importText(ImportSupport.widget("""
                VStack {
                    switch entry.order.status {
                    case .preparing: Text("A")
                    case .onTheWay: Text("B")
                    case .delivered: Text("C")
                    }
                }
        """))
        let doc = try ImportSupport.parse(r.yaml)
        #expect(doc.previews.map(\.name) == ["sample", "onTheWay", "delivered"])
        #expect(r.yaml.contains("  delivered:\n    extends: sample\n    data:\n      order:\n        status: delivered"), "\(r.yaml)")
    }
}
