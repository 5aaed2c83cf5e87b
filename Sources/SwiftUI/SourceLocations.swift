package import WidgetModel

// Where a view's initialiser is written (issue 35, item 5): a view that draws keeps its `#fileID`
// and line, and its engine node carries them, so verify can name the line of the team's code whose
// view the changed pixels fall in. A Swift location has no column: 1 is written, as warnings do
// (Environment.swift).

extension SourceLocation {
    /// `#fileID` (`AppWidgets/Card.swift`) and `#line` of an initialiser's call.
    package static func at(_ file: StaticString, _ line: UInt) -> SourceLocation {
        SourceLocation(file: "\(file)", line: Int(line), column: 1)
    }
}

extension Array where Element == ViewNode {
    /// The nodes, each carrying `source` unless it has its own.
    package func at(_ source: SourceLocation?) -> [ViewNode] {
        guard let source else { return self }
        return map { node in
            var node = node
            if node.source == nil { node.source = source }
            return node
        }
    }
}
