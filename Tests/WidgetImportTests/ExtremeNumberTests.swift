import Foundation
import Testing
@testable import WidgetImport

/// Every place a SwiftUI number becomes a layout number, fed numbers SwiftUI code can hold but the
/// layout refuses (negative sizes, 1e300, past Int64, below the smallest double): the import either
/// names the problem or writes a draft that loads without errors. It never traps and never writes a
/// draft the loader refuses (the import fuzz target found `Color.black.opacity(5.6)` doing that).
@Suite struct ExtremeNumberTests {
    /// `N` marks where the number goes.
    static let sinks: [String] = [
        "Text(\"x\").padding(N)", "Text(\"x\").padding(.horizontal, N)", "Text(\"x\").padding(EdgeInsets(top: N, leading: N, bottom: N, trailing: N))",
        "Text(\"x\").frame(width: N, height: N)", "Text(\"x\").frame(minWidth: N, maxWidth: N, minHeight: N, maxHeight: N)",
        "Text(\"x\").cornerRadius(N)", "Text(\"x\").border(Color.red, width: N)", "Text(\"x\").opacity(N)",
        "Text(\"x\").background(Color.red.opacity(N))", "Text(\"x\").lineLimit(N)", "Text(\"x\").lineLimit(N, reservesSpace: true)",
        "Text(\"x\").minimumScaleFactor(N)", "Text(\"x\").scaleEffect(N)", "Text(\"x\").scaleEffect(x: N, y: N)",
        "Text(\"x\").rotationEffect(.degrees(N))", "Text(\"x\").rotationEffect(.radians(N))", "Text(\"x\").offset(x: N, y: N)",
        "Text(\"x\").tracking(N)", "Text(\"x\").kerning(N)", "Text(\"x\").layoutPriority(N)", "Text(\"x\").font(.system(size: N))",
        "Text(\"x\").shadow(radius: N)", "Text(\"x\").blur(radius: N)",
        "Image(systemName: \"star\").font(.system(size: N))", "Image(systemName: \"star\").imageScale(.large).frame(width: N)",
        "RoundedRectangle(cornerRadius: N)", "Rectangle().cornerRadius(N)", "Capsule().stroke(Color.red, lineWidth: N)",
        "Circle().stroke(Color.red, style: StrokeStyle(lineWidth: N, dash: [N, N]))", "Circle().strokeBorder(Color.red, lineWidth: N)",
        "Circle().trim(from: N, to: N).stroke(Color.red, lineWidth: 2)",
        "VStack(spacing: N) { Text(\"a\"); Spacer(minLength: N) }", "HStack(alignment: .top, spacing: N) { Text(\"a\") }",
        "ProgressView(value: N)", "ProgressView(value: N, total: N)", "Gauge(value: N, in: 0...N) { Text(\"x\") }",
        "Color(red: N, green: N, blue: N, opacity: N)", "Color(white: N)", "Color(hue: N, saturation: N, brightness: N)",
        "LinearGradient(stops: [.init(color: .red, location: N), .init(color: .blue, location: 1)], startPoint: .top, endPoint: .bottom)",
        "VStack { ForEach(entry.order.items.prefix(N), id: \\.name) { item in Text(item.name) } }",
        "Text(entry.order.progress, format: .number.precision(.fractionLength(N)))",
        "Text(\"\\(entry.order.progress, specifier: \"%.Nf\")\")".replacingOccurrences(of: "%.Nf", with: "%.9f"),
        "Text(\"x\").containerRelativeFrame(.horizontal, count: N, span: N, spacing: N)",
    ]
    static let numbers = ["-1e300", "1e300", "-3", "0", "9223372036854775808", "1e-300", "5.6"]

    /// Surface settings are no view nodes: a value there the layout refuses is left out with a TODO.
    static let surfaceSinks: [String] = [
        "Text(\"x\").containerBackground(LinearGradient(stops: [.init(color: .red, location: N), .init(color: .blue, location: 1)], startPoint: .top, endPoint: .bottom), for: .widget)",
        "Text(\"x\").containerBackground(Color.red.opacity(N), for: .widget)",
        "Text(\"x\").containerBackground(for: .widget) { Color.red.frame(width: N) }",
    ]

    @Test(arguments: sinks + surfaceSinks)
    func anExtremeNumberIsClampedOrNamed(_ sink: String) throws {
        for n in Self.numbers {
            let swift = ImportSupport.widget(sink.replacingOccurrences(of: "N", with: n))
            let result: ImportResult
            do { result = try ImportSupport.importText(swift) } catch { continue }  // a named error is fine
            let problems: [String]
            do { problems = try ImportSupport.lintProblems(result.yaml).map(\.description) } catch {
                Issue.record("\(sink) with \(n): the draft does not load: \(error)\n\(ImportSupport.component(result.yaml))"); continue
            }
            #expect(problems.isEmpty, "\(sink) with \(n): \(problems)\n\(ImportSupport.component(result.yaml))")
        }
    }
}
