import Foundation
import WidgetModel
import WidgetTemplate

/// How to import.
public struct ImportOptions: Sendable {
    /// The layout's name (default: the output file's name, else `imported`).
    public var name: String
    public var limits: Limits

    public init(name: String = "imported", limits: Limits = .default) {
        self.name = name; self.limits = limits
    }
}

/// A draft layout and what went into it.
public struct ImportResult: Sendable {
    /// The layout file's text.
    public var yaml: String
    public var report: ImportReport
    /// Lint findings left in the draft after the import's own checks (none expected).
    public var lintDiagnostics: [Diagnostic]
}

/// SwiftUI widget code → a draft layout in the layout language (parse only: the code is never
/// compiled or run).
public enum WidgetImporter {
    /// The preview `now` every generated preview uses (dates in sample data are relative to it), so
    /// an import does not depend on the clock.
    public static let previewNow = "2026-11-22T12:00:00+00:00"
    static let previewNowDate = Date(timeIntervalSince1970: 1_795_348_800)

    /// Imports files and folders (folders are searched for `.swift` files).
    public static func run(paths: [String], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportResult {
        try translate(CollectStage.run(paths: paths, limits: options.limits), options: options)
    }

    /// Imports Swift text held in memory (`path` names it in messages).
    public static func run(texts: [(path: String, text: String)], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportResult {
        try translate(CollectStage.run(texts: texts, limits: options.limits), options: options)
    }

    /// The stages after Collect, in order (docs/import.md, "How the importer is built"): resolve
    /// (the translation context over the declarations), translate views (each view's modifiers
    /// as it goes), emit.
    static func translate(_ declarations: Declarations, options: ImportOptions) throws(ImportError) -> ImportResult {
        let translator = ResolveStage.run(declarations, limits: options.limits)
        let views = try ViewStage.run(translator, declarations, options: options)
        return EmitStage.run(translator, views, declarations, options: options)
    }
}
