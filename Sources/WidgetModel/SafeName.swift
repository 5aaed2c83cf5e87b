/// The one rule for a file name that comes from input: a layout's name, a preview's name, a
/// control's id, a sample's file name, a path kept in a manifest. Every such name ends up as a
/// component of a path that `gallery`, `record` and `serve --watch` write or delete, so a name that
/// could climb out of its folder (`..`, `/`), hide (`.name`), collide with the writers' own
/// temporary files (`.NAME.PID.RANDOM.tmp`) or break a terminal or a file system (control
/// characters, NUL, an over-long name) is refused here, once, by the parser and again by every
/// writer.
public enum SafeName {
    /// What a safe name is, for messages and docs.
    public static func rule(maxBytes: Int = Limits.default.nameBytes) -> String {
        "not empty, at most \(maxBytes) bytes (Limits.nameBytes), without '/', '\\', '..', NUL or control characters, not starting with '.'"
    }

    /// The longest file name the file systems we write to take (NAME_MAX): the bound a writer
    /// checks a path component against (a name from input plus suffixes such as `-dark.png`).
    public static let componentBytes = 255
    /// Folders deep a relative path may go (the gallery's deepest is device/layout/surface/control/file).
    public static let maxComponents = 16

    /// Nil when `name` is safe as one path component; otherwise the rule it breaks, as words that
    /// follow "it …" (`contains '/'`).
    public static func problem(_ name: String, maxBytes: Int = Limits.default.nameBytes) -> String? {
        if name.isEmpty { return "is empty" }
        let bytes = name.utf8.count
        if bytes > maxBytes { return "is \(bytes) bytes long, more than the limit of \(maxBytes)" }
        if name.contains("..") { return "contains '..'" }
        if name.hasPrefix(".") { return "starts with '.'" }
        for scalar in name.unicodeScalars {
            switch scalar {
            case "/": return "contains '/'"
            case "\\": return "contains '\\'"
            case "\u{0}": return "contains a NUL character"
            default:
                if isControl(scalar) {
                    return "contains the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
                }
            }
        }
        return nil
    }

    /// The message the parser gives for a name that `problem` refuses: `what` says which name it
    /// is (`layout name`, `preview name`, `control id`).
    public static func message(_ what: String, _ name: String, _ problem: String,
                               maxBytes: Int = Limits.default.nameBytes) -> String {
        "\(what) '\(shown(name))' is not safe as a file name: it \(problem) (a name that becomes a file name must be \(rule(maxBytes: maxBytes)))"
    }

    /// `name` for a message: control characters escaped, at most 64 characters.
    public static func shown(_ name: String) -> String {
        var out = ""
        for (i, s) in name.unicodeScalars.enumerated() {
            if i == 64 { out += "…"; break }
            out += isControl(s) ? "\\u{\(String(s.value, radix: 16))}" : String(s)
        }
        return out
    }

    /// C0 and C1 control characters and DEL (the Unicode general category Cc).
    static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (s.value >= 0x7F && s.value <= 0x9F) }

    /// The components of a relative path whose every component is a safe name (`delivery/
    /// systemSmall/onTheWay-light.png`), or the problem: absolute, empty components (`a//b`), `.`
    /// and `..`, and any unsafe component are refused. Components are checked against
    /// `componentBytes`, the file system's bound.
    public static func components(ofRelativePath path: String) -> Result<[Substring], RelativePathProblem> {
        if path.isEmpty { return .failure(RelativePathProblem(path: path, reason: "is empty")) }
        if path.hasPrefix("/") { return .failure(RelativePathProblem(path: path, reason: "is absolute")) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= maxComponents else { return .failure(RelativePathProblem(path: path, reason: "has more than \(maxComponents) components")) }
        for part in parts {
            if let problem = problem(String(part), maxBytes: componentBytes) {
                return .failure(RelativePathProblem(path: path, reason: "has a component '\(shown(String(part)))' that \(problem)"))
            }
        }
        return .success(parts)
    }

    public struct RelativePathProblem: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "'\(SafeName.shown(path))' is not a safe relative path: it \(reason)" }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
