import Foundation
import WidgetTemplate
import WidgetShot

/// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`): a job's log shows
/// them as annotations on the pull request, at the line of the layout file they name.
public enum GitHubAnnotation {
    /// GitHub sets `GITHUB_ACTIONS=true` in every step.
    public static var detected: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    public static func line(_ level: String, file: String?, line: Int? = nil, column: Int? = nil,
                            title: String? = nil, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + property(file)) }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        if let title { properties.append("title=" + property(title)) }
        return "::\(level)" + (properties.isEmpty ? "" : " " + properties.joined(separator: ",")) + "::" + data(message)
    }

    /// A lint diagnostic at its file, line and column.
    public static func diagnostic(_ d: Diagnostic) -> String {
        line(d.severity == .error ? "error" : "warning", file: d.location.map { VerifyReport.displayPath($0.file) },
             line: d.location?.line, column: d.location?.column, title: "widgetshot lint", message: d.message)
    }

    /// One annotation per cause (a `FailureGroup`), at the view its changed pixels fall in (the
    /// group's `view`: a layout node's or a Swift initialiser's line), else at the first member's
    /// preview; the message names the preview's line as context. GitHub shows only ten annotations
    /// per step, and one change seen through twenty goldens is one thing to fix.
    public static func groups(_ document: ReportDocument) -> [String] {
        let byName = Dictionary(document.results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        return document.groups.compactMap { g in
            guard let first = g.members.first.flatMap({ byName[$0] }) else { return nil }
            let (file, lineNumber, column) = location(first, view: g.view)
            let names = g.members.prefix(5).joined(separator: ", ") + (g.members.count > 5 ? ", … (\(g.members.count - 5) more)" : "")
            var message = "\(g.cause): \(g.members.count) golden\(g.members.count == 1 ? "" : "s"): \(names)"
            if g.view != nil, let preview = first.source { message += " (in the preview at \(preview))" }
            if file != first.file { message += " (golden \(first.file))" }
            return line("error", file: file, line: lineNumber, column: column,
                        title: "widgetshot verify: \(g.members.count) golden\(g.members.count == 1 ? "" : "s") (\(g.layout)/\(g.surface))",
                        message: message)
        }
    }

    /// Where a record points: the view that changed when known, else its preview's definition in
    /// the layout file, else its golden.
    static func location(_ r: ReportRecord, view: String? = nil) -> (String, Int?, Int?) {
        if r.status != .stale {
            for text in [view ?? r.view, r.source].compactMap({ $0 }) {
                if let at = ReportRecord.splitLocation(text) { return (at.file, at.line, at.column) }
            }
        }
        return (r.file, nil, nil)
    }

    /// The job summary (`$GITHUB_STEP_SUMMARY`, Markdown): the totals and one row per cause.
    public static func summary(_ d: ReportDocument, report: String?) -> String {
        var out = "### widgetshot verify\n\n"
        var totals = "\(d.passed) passed, \(d.failed) failed"
        if d.missing > 0 { totals += ", \(d.missing) missing" }
        if d.stale > 0 { totals += ", \(d.stale) stale" }
        out += "**\(totals)** of \(d.cells) goldens"
        if let report { out += " · report: `\(report)/index.html`" }
        out += "\n"
        guard !d.groups.isEmpty else { return out + "\nEvery golden matches.\n" }
        // Before, after and diff of each cause's first golden, from the report's images (written
        // first), when there is a report.
        let pictures = report.map { SummaryThumbnails.make(d, report: $0) } ?? [:]
        let shown = !pictures.isEmpty
        out += "\n| # | cause | where | goldens |" + (shown ? " before · after · diff |" : "") + "\n| --- | --- | --- | --- |" + (shown ? " --- |" : "") + "\n"
        for (i, g) in d.groups.enumerated() {
            let names = g.members.prefix(3).map { "`\($0)`" }.joined(separator: ", ") + (g.members.count > 3 ? " and \(g.members.count - 3) more" : "")
            out += "| \(i + 1) | \(cell(g.cause)) | \(g.layout)/\(g.surface) | \(g.members.count): \(names) |"
            if shown {
                out += " " + (pictures[g.id] ?? []).map { t in
                    "<img src=\"data:image/png;base64,\(Data(t.png).base64EncodedString())\" alt=\"\(t.label)\" title=\"\(t.label): \(t.file)\">"
                }.joined(separator: " ") + " |"
            }
            out += "\n"
        }
        if shown { out += "\nThe pictures are also in the report: `\(report ?? "")/summary/`.\n" }
        return out
    }

    private static func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }

    /// Appends `markdown` to the file `$GITHUB_STEP_SUMMARY` names, when it names one.
    public static func writeSummary(_ markdown: String) {
        guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty,
              let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((markdown + "\n").utf8))
    }

    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

/// How a command prints its findings: plain lines, or GitHub annotations (the default when
/// `GITHUB_ACTIONS=true`).
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, github

    public static func resolve(_ chosen: OutputFormat?) -> OutputFormat {
        chosen ?? (GitHubAnnotation.detected ? .github : .text)
    }
}
