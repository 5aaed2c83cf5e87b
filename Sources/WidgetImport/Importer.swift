import Foundation
import SwiftSyntax
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
        let files = try SourceReader.files(paths, limits: options.limits)
        let (sources, warnings) = try SourceReader.read(files, limits: options.limits)
        return try translate(sources, warnings: warnings, files: files, options: options)
    }

    /// Imports Swift text held in memory (`path` names it in messages).
    public static func run(texts: [(path: String, text: String)], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportResult {
        let total = texts.reduce(0) { $0 + $1.text.utf8.count }
        if total > options.limits.importBytes {
            throw ImportError("the Swift text is \(total) bytes, more than \(options.limits.importBytes) (Limits.importBytes)")
        }
        let (sources, warnings) = SourceReader.parse(texts, limits: options.limits)
        return try translate(sources, warnings: warnings, files: texts.map(\.path), options: options)
    }

    static func translate(_ sources: [SwiftSource], warnings: [ImportWarning], files: [String], options: ImportOptions) throws(ImportError) -> ImportResult {
        let catalog = Catalog(sources)
        let t = Translator(catalog: catalog, limits: options.limits)
        var imported: [ImportedView] = []
        let (surfaces, controls, _) = t.surfaces(origins: &imported)
        if t.overNodeLimit { throw nodeLimit(options) }
        // Controls alone make a layout too (`surfaces: {}` and `controls:`).
        guard !surfaces.isEmpty || !controls.isEmpty else {
            throw ImportError("no widget view found in \(files.count == 1 ? files[0] : "\(files.count) files"): looked for Widget configurations (StaticConfiguration, AppIntentConfiguration, ActivityConfiguration with its DynamicIsland, ControlWidget configurations), structs conforming to View, a `var body: some View` and closures that build views"
                              + warnings.filter(\.skipsFile).map { "\n\($0)" }.joined())
        }
        // Every other view of the files becomes a component too, so nothing given is lost.
        for v in catalog.views where t.viewComponents[v.name] == nil && !v.stored.contains(where: { $0.environmentKey == "widgetFamily" }) {
            guard let source = v.source else { continue }
            var s = Scope(source: source)
            s.selfType = v.name
            for p in v.stored {
                if let key = p.environmentKey { s.names[p.name] = t.environmentValue(key) }
                else if let type = p.type, t.isRootType(type) { s.names[p.name] = t.rootValue(for: type) }
                else { s.names[p.name] = Value(.path(p.name), type: p.type, source: AbstractPath(root: "param:\(v.name).\(p.name)", keys: [])) }
            }
            _ = t.component(for: v, template: s)
            if t.overNodeLimit { throw nodeLimit(options) }
        }
        for v in catalog.views { imported.append(t.fingerprinted("view", v)) }
        for name in t.tables.enumOrder {
            if let source = t.enumTableSources[name], let info = catalog.type(source.enumName), !info.parts.isEmpty {
                imported.append(t.fingerprinted("enum", info))
            }
        }
        var assembler = Assembler(translator: t, options: options, surfaces: surfaces, controls: controls)
        var seen = Set<String>()
        imported = imported.filter { seen.insert($0.kind + " " + $0.name).inserted }
        assembler.imported = imported.sorted { ($0.spot, $0.name) < ($1.spot, $1.name) }
        let (yaml, lint) = assembler.build()
        var report = ImportReport()
        t.ledger.fill(&report)
        report.warnings = warnings
        report.files = files
        return ImportResult(yaml: yaml, report: report, lintDiagnostics: lint)
    }

    static func nodeLimit(_ options: ImportOptions) -> ImportError {
        ImportError("the draft would have more than \(options.limits.importNodes) view nodes (Limits.importNodes); import fewer files or one widget at a time")
    }
}
