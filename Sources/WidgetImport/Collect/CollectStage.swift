import WidgetModel

/// What the Collect stage hands to Resolve: the files read, their parsed trees, the warnings
/// (files skipped by the bracket pre-scan or the tree's shape, syntax errors) and the
/// declarations found in them.
struct Declarations {
    var files: [String]
    var sources: [SwiftSource]
    var warnings: [ImportWarning]
    var catalog: Catalog
}

/// Stage 1, collect: finds the `.swift` files, pre-scans each one's brackets (`BracketDepth`),
/// parses it (`SourceReader`) and catalogues what the files declare (`Catalog`: types, members,
/// `#Preview`s, fragments).
enum CollectStage {
    /// Files and folders (folders are searched for `.swift` files).
    static func run(paths: [String], limits: Limits) throws(ImportError) -> Declarations {
        let files = try SourceReader.files(paths, limits: limits)
        let (sources, warnings) = try SourceReader.read(files, limits: limits)
        return Declarations(files: files, sources: sources, warnings: warnings, catalog: Catalog(sources))
    }

    /// Swift text held in memory (`path` names it in messages).
    static func run(texts: [(path: String, text: String)], limits: Limits) throws(ImportError) -> Declarations {
        let total = texts.reduce(0) { $0 + $1.text.utf8.count }
        if total > limits.importBytes {
            throw ImportError("the Swift text is \(total) bytes, more than \(limits.importBytes) (Limits.importBytes)")
        }
        let (sources, warnings) = SourceReader.parse(texts, limits: limits)
        return Declarations(files: texts.map(\.path), sources: sources, warnings: warnings, catalog: Catalog(sources))
    }
}
