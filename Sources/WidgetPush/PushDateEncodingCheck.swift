import Foundation
import WidgetModel
import WidgetTemplate
import WidgetShot

/// Dates in a content-state read in the layout's `dateEncoding:`: a number that lands decades from
/// the push is more likely written in another encoding.
extension PushValidator {
    /// One `dateEncoding` warning per content-state path the layout reads as a date
    /// (`ReferencedDataPaths.dates`) whose number, read in the layout's `dateEncoding:`, is no date or
    /// lands decades from the push's timestamp; it names the encoding that puts it near the push.
    /// The check is the binder's (`LayoutDocument.dateEncodingWarnings`), at the push's timestamp.
    func reportDateEncodings(_ state: DataValue, at timestamp: Date, layout: LayoutDocument,
                             into report: inout PushReport, budget: Budget) throws {
        guard let referenced else { return }
        try WidgetRenderer.check(budget.deadline)
        for w in layout.dateEncodingWarnings(in: state, near: timestamp, reference: "the push's timestamp", paths: referenced) {
            report.warning(.dateEncoding, "aps.content-state.\(w.path)", w.message)
            try budget.check(report)
        }
    }
}
