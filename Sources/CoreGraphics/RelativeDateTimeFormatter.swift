import Foundation

/// Foundation's `RelativeDateTimeFormatter` ("in 5 minutes", "yesterday"), which
/// swift-corelibs-foundation lacks: Apple's names and signatures, written with swift-foundation's
/// `Date.RelativeFormatStyle` in the formatter's locale.
open class RelativeDateTimeFormatter: Formatter, @unchecked Sendable {
    public enum DateTimeStyle: Int, Sendable { case numeric, named }
    public enum UnitsStyle: Int, Sendable { case full, spellOut, short, abbreviated }
    public enum Context: Int, Sendable { case unknown, dynamic, standalone, listItem, beginningOfSentence, middleOfSentence }

    open var dateTimeStyle: DateTimeStyle = .numeric
    open var unitsStyle: UnitsStyle = .full
    open var formattingContext: Context = .unknown
    open var calendar: Calendar! = .current
    open var locale: Locale! = .current

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// `date` as seen from `referenceDate`.
    open func localizedString(for date: Date, relativeTo referenceDate: Date) -> String {
        localizedString(fromTimeInterval: date.timeIntervalSince(referenceDate))
    }

    open func localizedString(fromTimeInterval timeInterval: TimeInterval) -> String {
        guard timeInterval.isFinite else { return "" }
        var style = Date.RelativeFormatStyle(presentation: dateTimeStyle == .named ? .named : .numeric,
                                             unitsStyle: unitsStyle == .full ? .wide : unitsStyle == .spellOut ? .spellOut
                                                 : unitsStyle == .short ? .narrow : .abbreviated)
        style.locale = locale ?? .current
        style.calendar = calendar ?? .current
        // The style formats against the current moment: the same distance from it, half a second
        // further out so the time the call takes does not round a whole unit down.
        let sign: TimeInterval = timeInterval < 0 ? -1 : 1
        return style.format(Date().addingTimeInterval(timeInterval + sign * 0.5))
    }

    open func localizedString(from dateComponents: DateComponents) -> String {
        let reference = Date()
        let target = (calendar ?? .current).date(byAdding: dateComponents, to: reference) ?? reference
        return localizedString(for: target, relativeTo: reference)
    }

    open override func string(for obj: Any?) -> String? {
        guard let date = obj as? Date else { return nil }
        return localizedString(for: date, relativeTo: Date())
    }
}
