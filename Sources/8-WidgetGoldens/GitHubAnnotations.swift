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

    /// A verify failure at the preview's definition in its layout file when known, else at the golden.
    public static func failure(_ r: ReportRecord) -> String {
        var file = r.file, lineNumber: Int?, column: Int?
        if let source = r.source, r.status != .stale {
            let parts = source.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count >= 3, let l = Int(parts[parts.count - 2]), let c = Int(parts[parts.count - 1]) {
                file = parts.dropLast(2).joined(separator: ":"); lineNumber = l; column = c
            }
        }
        var message = "\(r.name): \(r.reason)"
        if let regions = r.regions, !regions.isEmpty {
            message += "; regions " + regions.prefix(3).map { "\($0.width)×\($0.height) at (\($0.x), \($0.y))" }.joined(separator: ", ")
        }
        if file != r.file { message += " (golden \(r.file))" }
        return line("error", file: file, line: lineNumber, column: column, title: "widgetshot verify: \(r.name)", message: message)
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
