import Foundation

/// verify's findings as plain text: one line per cause (a `FailureGroup`), not one per golden. A
/// change seen through every preview and both appearances is one thing to fix; the goldens it
/// touches are named in the report (`--report`), the line names the first and how many more.
public enum TextFindings {
    /// `FAIL pixels changed in 40×12 px at (10, 20) on delivery systemSmall (3 goldens): Golden/…/onTheWay-light.png and 2 more (Layouts/delivery.yaml:632:3)`:
    /// the cause, the first golden relative to the working directory, and where its preview is defined;
    /// when the changed pixels fall in a view with a source, that view's line first:
    /// `(Layouts/delivery.yaml:640:7, in the preview at Layouts/delivery.yaml:632:3)`.
    /// `recordCommand` is the command that writes a missing golden (`widgetshot record --ios 26`).
    public static func lines(_ document: ReportDocument, recordCommand: String = "widgetshot record") -> [String] {
        let byName = Dictionary(document.results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        return document.groups.compactMap { g in
            guard let first = g.members.first.flatMap({ byName[$0] }) else { return nil }
            let cause = g.cause.replacingOccurrences(of: "run `widgetshot record`", with: "run `\(recordCommand)`")
            var line = "\(label(first.status)) \(cause): \(first.file)"
            if g.members.count > 1 { line += " and \(g.members.count - 1) more" }
            if let view = g.view, first.status != .stale {
                line += " (\(view)" + (first.source.map { ", in the preview at \($0)" } ?? "") + ")"
            } else if let source = first.source, first.status != .stale { line += " (\(source))" }
            return line
        }
    }

    static func label(_ status: ReportRecord.Status) -> String {
        switch status {
        case .failed: "FAIL"
        case .missing: "MISSING"
        case .error: "ERROR"
        case .stale: "STALE"
        default: status.rawValue.uppercased()
        }
    }

    /// One line when the goldens folder holds no golden at all (does not exist, or holds no .png)
    /// and every cell is missing: the folder looked in, not a line per cell. Nil otherwise.
    public static func noGoldens(_ document: ReportDocument, folder: String, named: String?,
                                 recordCommand: String = "widgetshot record") -> String? {
        guard document.missing > 0, document.missing == document.results.filter({ $0.status != .stale }).count else { return nil }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
        if exists, let walker = FileManager.default.enumerator(atPath: folder) {
            while let item = walker.nextObject() as? String { if item.hasSuffix(".png") { return nil } }
        }
        let shown = VerifyReport.displayPath(folder) + "/"
        return "MISSING no goldens found: \(shown)\(named.map { " (project file \($0))" } ?? "") "
            + "\(exists ? "holds no .png file" : "does not exist"); \(document.missing) golden(s) to record (run `\(recordCommand)`), "
            + "or check the folder's name"
    }
}
