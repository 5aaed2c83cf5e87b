import Foundation

/// A place in a Swift file, 1-based.
public struct SourceSpot: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (a: SourceSpot, b: SourceSpot) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}

/// How well one SwiftUI construct came across.
public enum Outcome: String, Sendable, Codable, Comparable {
    /// The layout says what the Swift says.
    case translated
    /// The nearest thing the language has, or a part left out (named in a TODO).
    case partly
    /// Not translated: a visible placeholder in the draft (or, for a modifier, left out), with a TODO.
    case placeholder

    public static func < (a: Outcome, b: Outcome) -> Bool {
        let order: [Outcome] = [.translated, .partly, .placeholder]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// One line of the TODO list: `file:line:col: construct — why`.
public struct ImportTodo: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var spot: SourceSpot
    public var construct: String
    public var why: String
    public var outcome: Outcome

    public var description: String { "\(spot): \(construct) — \(why)" }

    public static func < (a: ImportTodo, b: ImportTodo) -> Bool {
        (a.spot, a.construct, a.why) < (b.spot, b.construct, b.why)
    }
}

/// A modifier dropped because it changes nothing a picture shows (`.widgetURL`, `.contentTransition` …).
public struct DroppedModifier: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var spot: SourceSpot
    public var modifier: String
    public var description: String { "\(spot): .\(modifier)" }
    public static func < (a: DroppedModifier, b: DroppedModifier) -> Bool { (a.spot, a.modifier) < (b.spot, b.modifier) }
}

/// A problem in the input itself (a syntax error swift-syntax recovered from), reported as a warning.
public struct ImportWarning: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var spot: SourceSpot
    public var message: String
    public var description: String { "\(spot): warning: \(message)" }
    /// A file left out whole (nested past a limit of the importer's).
    public var skipsFile: Bool { message.hasSuffix("this file is skipped") }
    public static func < (a: ImportWarning, b: ImportWarning) -> Bool { (a.spot, a.message) < (b.spot, b.message) }
}

/// What an import did: counts per outcome, the TODO list, dropped modifiers, input warnings.
public struct ImportReport: Sendable, Codable {
    public struct Counts: Sendable, Codable, Equatable {
        public var translated = 0
        public var partly = 0
        public var placeholder = 0
        public var total: Int { translated + partly + placeholder }

        mutating func add(_ o: Outcome) {
            switch o {
            case .translated: translated += 1
            case .partly: partly += 1
            case .placeholder: placeholder += 1
            }
        }
    }

    public var nodes = Counts()
    public var modifiers = Counts()
    public var todos: [ImportTodo] = []
    public var dropped: [DroppedModifier] = []
    public var warnings: [ImportWarning] = []
    /// The Swift files read, as given.
    public var files: [String] = []
    /// Widget × family views the draft has no surface for (`StepWidget × systemSmall`: a second
    /// view for a surface another widget took, a family the layout language has no surface for).
    public var unsurfaced: [String] = []

    /// Percentages of nodes and modifiers together, rounded to whole numbers that add up to 100.
    public var percentages: (translated: Int, partly: Int, placeholder: Int) {
        let all = nodes.total + modifiers.total
        guard all > 0 else { return (0, 0, 0) }
        let t = nodes.translated + modifiers.translated
        let p = nodes.partly + modifiers.partly
        let tp = Int((Double(t) * 100 / Double(all)).rounded())
        let pp = Int((Double(p) * 100 / Double(all)).rounded())
        return (tp, pp, max(0, 100 - tp - pp))
    }

    /// "N nodes, M modifiers: X% translated, Y% partly, Z% placeholders".
    public var summary: String {
        let p = percentages
        let line = "\(nodes.total) nodes, \(modifiers.total) modifiers: \(p.translated)% translated, \(p.partly)% partly, \(p.placeholder)% placeholders"
        return unsurfaced.isEmpty ? line : line + "; no surface for \(unsurfaced.joined(separator: ", "))"
    }

    enum CodingKeys: String, CodingKey { case summary, nodes, modifiers, todos, dropped, warnings, files, unsurfaced }

    public init() {}

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        nodes = try c.decode(Counts.self, forKey: .nodes)
        modifiers = try c.decode(Counts.self, forKey: .modifiers)
        todos = try c.decode([ImportTodo].self, forKey: .todos)
        dropped = try c.decode([DroppedModifier].self, forKey: .dropped)
        warnings = try c.decode([ImportWarning].self, forKey: .warnings)
        files = try c.decode([String].self, forKey: .files)
        unsurfaced = try c.decodeIfPresent([String].self, forKey: .unsurfaced) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(summary, forKey: .summary)
        try c.encode(nodes, forKey: .nodes)
        try c.encode(modifiers, forKey: .modifiers)
        try c.encode(todos, forKey: .todos)
        try c.encode(dropped, forKey: .dropped)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(files, forKey: .files)
        if !unsurfaced.isEmpty { try c.encode(unsurfaced, forKey: .unsurfaced) }
    }

    /// The report as JSON (keys sorted, so the same import writes the same bytes).
    public func json() -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? e.encode(self)) ?? Data("{}".utf8)
    }
}

/// Counts each construct once, however many surfaces it is translated for, keeping its worst outcome.
struct CoverageLedger {
    enum Kind { case node, modifier }
    private var outcomes: [SourceSpot: (kind: Kind, outcome: Outcome)] = [:]
    private(set) var todos: Set<ImportTodo> = []
    private(set) var dropped: Set<DroppedModifier> = []
    /// `Widget × family` views left without a surface, in the order met.
    private(set) var unsurfaced: [String] = []

    /// A widget's view for a family the draft shows nowhere: named in the report and a TODO; its
    /// views are not translated, so the coverage counts only what a surface shows.
    mutating func unsurfaced(_ spot: SourceSpot, widget: String, family: String, _ why: String) {
        let name = "\(widget) × \(family)"
        if !unsurfaced.contains(name) { unsurfaced.append(name) }
        todo(spot, name, why, .placeholder)
    }

    mutating func record(_ kind: Kind, at spot: SourceSpot, _ outcome: Outcome) {
        if let old = outcomes[spot], old.outcome >= outcome { return }
        outcomes[spot] = (kind, outcome)
    }

    mutating func todo(_ spot: SourceSpot, _ construct: String, _ why: String, _ outcome: Outcome) {
        todos.insert(ImportTodo(spot: spot, construct: construct, why: why, outcome: outcome))
    }

    mutating func drop(_ spot: SourceSpot, _ modifier: String) {
        dropped.insert(DroppedModifier(spot: spot, modifier: modifier))
    }

    func fill(_ report: inout ImportReport) {
        report.nodes = .init(); report.modifiers = .init()
        for (_, v) in outcomes {
            switch v.kind {
            case .node: report.nodes.add(v.outcome)
            case .modifier: report.modifiers.add(v.outcome)
            }
        }
        report.todos = todos.sorted()
        report.dropped = dropped.sorted()
        report.unsurfaced = unsurfaced
    }
}
