import Foundation

/// `--data` and push payloads for a Swift source (docs/swift.md, "Data from JSON"): the runner
/// decodes the JSON with the team's own types (Sources/WidgetShotSwiftUI/RunnerData.swift); what
/// it could not decode comes back as a `DataError`, which the CLI says at the file's path.
extension SwiftWidgetBuild {
    /// A data file that did not decode: its name, the decoder's path (`content-state.minutesLeft`)
    /// and what it found there; `typeName` when the widget's entry type is not `Decodable` at all.
    public struct DataError: Decodable, Sendable, CustomStringConvertible {
        public let file: String
        public let path: String
        public let message: String
        public let typeName: String?

        public var description: String { "\(file): \(path.isEmpty ? "" : path + ": ")\(message)" }
    }

    /// What to tell the team when `error` is theirs to fix: the decoder's path, or, for an entry
    /// type that is not `Decodable`, the type and where it is declared.
    public func explain(_ error: DataError) -> String {
        guard let type = error.typeName else { return error.description }
        let at = folder.declaration(of: type).map { " (\(SwiftWidgetFolder.shown($0.file)):\($0.line))" } ?? ""
        let short = type.split(separator: ".").last.map(String.init) ?? type
        return "\(error.file): the widget's entry type \(type)\(at) is not Decodable, so --data cannot decode the JSON into it as the app would: "
            + "make it Decodable (`struct \(short): TimelineEntry, Decodable`, its stored properties Decodable too), or draw one of its #Previews with --preview"
    }
}

extension SwiftWidgetFolder {
    /// Where the type named `name` (`DeliveryEntry`, or a nested `DeliveryAttributes.ContentState`:
    /// its last part) is declared in the folder's files: the first `struct`, `class`, `enum` or
    /// `actor` of that name, by a textual scan as `scan` reads widgets.
    public func declaration(of name: String) -> (file: String, line: Int)? {
        let short = name.split(separator: ".").last.map(String.init) ?? name
        for file in files {
            guard let text = try? String(contentsOfFile: file.path, encoding: .utf8) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" || $0 == "<" })
                for (i, word) in words.enumerated().dropLast() where ["struct", "class", "enum", "actor"].contains(word) && words[i + 1] == short {
                    return (file.path, index + 1)
                }
            }
        }
        return nil
    }

    /// A team path as messages show it: relative to the working directory when under it.
    public static func shown(_ path: String, base: String = FileManager.default.currentDirectoryPath) -> String {
        path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
