import WidgetModel

/// Stage 5, emit: the draft put together (`Assembler`: tables, components, surfaces, controls,
/// sample data and previews, the fingerprint header), written (`DraftWriter`), loaded and linted
/// until it holds no rejected node, and the report (`ImportReport`) from the coverage ledger.
enum EmitStage {
    static func run(_ t: Translator, _ views: TranslatedViews, _ declarations: Declarations, options: ImportOptions) -> ImportResult {
        var assembler = Assembler(translator: t, options: options, surfaces: views.surfaces, controls: views.controls)
        assembler.imported = views.imported
        let (yaml, lint) = assembler.build()
        var report = ImportReport()
        t.ledger.fill(&report)
        report.warnings = declarations.warnings
        report.files = declarations.files
        return ImportResult(yaml: yaml, report: report, lintDiagnostics: lint)
    }
}
