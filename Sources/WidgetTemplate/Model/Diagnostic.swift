import WidgetModel

/// A problem found in a layout or data file, pointing at where it is.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var location: SourceLocation?
    /// Says what was found and what was expected.
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity; self.message = message; self.location = location
    }
    public static func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }
    public static func warning(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// `file:line:col: error: message`
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// One or more errors that stopped a file from loading.
public struct LayoutError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// "did you mean …?" for near misses of a fixed vocabulary.
enum Suggestion {
    /// Names a file defines (components, previews) can number in the thousands: past this many the
    /// hint is left out rather than cost an edit distance per name per error.
    static let maxCandidates = 500
    /// Names listed in an "expected one of" before "… and N more".
    static let maxListed = 20

    static func nearest(_ word: String, in candidates: some Collection<String>) -> String? {
        guard word.utf8.count <= 256, word.count <= 64, candidates.count <= maxCandidates else { return nil }
        let lowered = word.lowercased()
        var best: (String, Int)?
        for c in candidates {
            // The distance allowed is at most 3: a much longer name cannot be within it.
            if c.utf8.count > 4 * (word.count + 3) { continue }
            if c.lowercased() == lowered { return c }
            let d = editDistance(lowered, c.lowercased())
            let limit = c.count <= 2 ? 0 : max(1, min(3, c.count / 3))
            if d <= limit, best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    /// " (did you mean X?)" or "".
    static func hint(_ word: String, in candidates: some Collection<String>) -> String {
        nearest(word, in: candidates).map { " (did you mean \($0)?)" } ?? ""
    }

    /// `a, b, c` — or the first `maxListed` names and "… and N more".
    static func list(_ names: [String]) -> String {
        guard names.count > maxListed else { return names.joined(separator: ", ") }
        return names.prefix(maxListed).joined(separator: ", ") + ", … and \(names.count - maxListed) more"
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
