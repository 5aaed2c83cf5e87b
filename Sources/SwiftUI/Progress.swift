import Foundation
package import WidgetModel

/// A progress bar (SwiftUI's `ProgressView` with a value, or a timer interval), linear as a
/// widget draws it: the tint on the system fill, 4 pt thick; a label above, leading, 4 pt apart.
public struct ProgressView<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    enum Amount { case value(Double, total: Double), timer(ClosedRange<Date>, countsDown: Bool), indeterminate(file: StaticString, line: UInt) }
    let amount: Amount
    let label: Label?
    let origin: SourceLocation

    /// An activity indicator (SwiftUI's indeterminate `ProgressView()`): iOS's spinner is not drawn
    /// yet, so a placeholder stands in, with a warning naming the line.
    /// Partly: the spinner is not drawn: a placeholder stands in, with a warning.
    public init(file: StaticString = #fileID, line: UInt = #line) where Label == EmptyView {
        amount = .indeterminate(file: file, line: line); label = nil; origin = .at(file, line)
    }

    public init(value: Double?, total: Double = 1, file: StaticString = #fileID, line: UInt = #line) where Label == EmptyView {
        amount = .value(value ?? 0, total: total); label = nil; origin = .at(file, line)
    }

    public init(value: Double?, total: Double = 1, file: StaticString = #fileID, line: UInt = #line, @ViewBuilder label: () -> Label) {
        amount = .value(value ?? 0, total: total); self.label = label(); origin = .at(file, line)
    }

    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, file: StaticString = #fileID, line: UInt = #line) where Label == EmptyView {
        amount = .timer(timerInterval, countsDown: countsDown); label = nil; origin = .at(file, line)
    }

    /// 0…1 at the render's `now` for a timer interval.
    func fraction(now: Date) -> Double {
        let f: Double
        switch amount {
        case .value(let v, let total): f = total > 0 && v.isFinite ? v / total : 0
        case .timer(let range, let countsDown):
            let span = range.upperBound.timeIntervalSince(range.lowerBound)
            let done = span > 0 ? now.timeIntervalSince(range.lowerBound) / span : 1
            f = countsDown ? 1 - done : done
        case .indeterminate: f = 0
        }
        return min(1, max(0, f))
    }

    package func makeNodes(in environment: EnvironmentValues) -> [ViewNode] { drawn(in: environment).at(origin) }

    private func drawn(in environment: EnvironmentValues) -> [ViewNode] {
        if environment[CircularProgressKey.self] {
            environment.collector.warn("a circular ProgressView (iOS draws it as the spinner) is not drawn yet: a placeholder stands in")
            var spinner = Placeholder.node("ProgressView")
            spinner.modifiers.append(.frame(FrameSpec(width: 84, height: 28)))
            return [spinner]
        }
        if case .indeterminate(let file, let line) = amount {
            environment.collector.warn("an indeterminate ProgressView (the spinner) is not drawn yet: a placeholder stands in",
                                       file: file, line: line)
            var spinner = Placeholder.node("ProgressView")
            spinner.modifiers.append(.frame(FrameSpec(width: 84, height: 28)))
            return [spinner]
        }
        let tint = environment.tint?.resolvePaint(in: environment) ?? Color.blue.resolvePaint(in: environment)
        let track = Color(system: "systemFill").rgba(in: environment)
        let bar = ViewNode(.progress(ProgressContent(fraction: fraction(now: environment.look.now), style: .linear,
                                                     tint: tint, track: track, thickness: 4)))
        guard let label else { return [bar] }
        let labels = ViewResolver.nodes(label, in: environment)
        if labels.isEmpty { return [bar] }
        return [ViewNode(.vstack(spacing: 4, alignment: .leading, children: labels + [bar]))]
    }
}

/// A progress view style (SwiftUI's `ProgressViewStyle`): `.linear`, `.circular`, `.automatic`.
public protocol ProgressViewStyle {}
public struct LinearProgressViewStyle: ProgressViewStyle, Sendable { public init() {} }
public struct CircularProgressViewStyle: ProgressViewStyle, Sendable { public init() {} }
public struct DefaultProgressViewStyle: ProgressViewStyle, Sendable { public init() {} }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: LinearProgressViewStyle { .init() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { .init() } }
extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: DefaultProgressViewStyle { .init() } }

struct CircularProgressKey: EnvironmentKey { static let defaultValue = false }

extension View {
    /// `.circular` draws iOS's spinner (iOS draws a circular progress view as indeterminate, value
    /// or not): not drawn yet, a placeholder and a warning; `.linear` and `.automatic` the bar.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0[CircularProgressKey.self] = style is CircularProgressViewStyle }
    }
}

extension View {
    /// The accent of controls and progress (SwiftUI's `tint`).
    public func tint(_ tint: Color?) -> some View {
        EnvironmentModifier(content: self) { $0.tint = tint.map(AnyShapeStyle.init) }
    }
}
