import Foundation

// ProgressView's timer initialisers with labels (SwiftUI's
// `init(timerInterval:countsDown:label:currentValueLabel:)`), apart from Progress.swift's own.

extension ProgressView {
    /// A timer's progress with a label above it (SwiftUI's `init(timerInterval:countsDown:label:)`).
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, file: StaticString = #fileID, line: UInt = #line,
                @ViewBuilder label: () -> Label) {
        amount = .timer(timerInterval, countsDown: countsDown); self.label = label(); origin = .at(file, line)
    }

    /// A timer's progress with a label and an empty current-value label (SwiftUI's
    /// `init(timerInterval:countsDown:label:currentValueLabel:)`, as a Live Activity's bar writes it:
    /// `currentValueLabel: { EmptyView() }`).
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, file: StaticString = #fileID, line: UInt = #line,
                @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> EmptyView) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, file: file, line: line, label: label)
    }

    /// A current-value label that is a view: not drawn yet.
    @available(*, unavailable, message: "WidgetShot does not draw a ProgressView's currentValueLabel yet: pass { EmptyView() } or draw the value beside the bar")
    public init<CurrentValueLabel: View>(timerInterval: ClosedRange<Date>, countsDown: Bool = true,
                                         @ViewBuilder label: () -> Label, @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        fatalError("unavailable")
    }
}
