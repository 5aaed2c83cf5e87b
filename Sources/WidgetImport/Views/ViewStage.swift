import WidgetModel

/// What the view stage hands to Emit: the surfaces with their views, the controls, and the
/// declarations whose fingerprints the draft records (`widgetshot import --check`).
struct TranslatedViews {
    var surfaces: [SurfaceDraft]
    var controls: [ControlDraft]
    var imported: [ImportedView]
}

/// Stage 3, translate views: the surfaces the widget configurations name (else the views that
/// look like entry, lock-screen or island views, else any view, else a fragment), then every other
/// view of the files as a component, so nothing given is lost. Each view's modifier chain goes
/// through stage 4 (`Modifiers/`) as the view is translated; components and tables are kept in the
/// `Translator` for Emit.
enum ViewStage {
    static func run(_ t: Translator, _ declarations: Declarations, options: ImportOptions) throws(ImportError) -> TranslatedViews {
        let files = declarations.files, warnings = declarations.warnings, catalog = declarations.catalog
        var imported: [ImportedView] = []
        let (surfaces, controls, _) = t.surfaces(origins: &imported)
        if t.overNodeLimit { throw nodeLimit(options) }
        // Controls alone make a layout too (`surfaces: {}` and `controls:`).
        guard !surfaces.isEmpty || !controls.isEmpty else {
            throw ImportError("no widget view found in \(files.count == 1 ? files[0] : "\(files.count) files"): looked for Widget configurations (StaticConfiguration, AppIntentConfiguration, ActivityConfiguration with its DynamicIsland, ControlWidget configurations), structs conforming to View, a `var body: some View` and closures that build views"
                              + warnings.filter(\.skipsFile).map { "\n\($0)" }.joined())
        }
        try otherViewsAsComponents(t, catalog, options: options)
        for v in catalog.views { imported.append(t.fingerprinted("view", v)) }
        for name in t.tables.enumOrder {
            if let source = t.enumTableSources[name], let info = catalog.type(source.enumName), !info.parts.isEmpty {
                imported.append(t.fingerprinted("enum", info))
            }
        }
        var seen = Set<String>()
        imported = imported.filter { seen.insert($0.kind + " " + $0.name).inserted }
        return TranslatedViews(surfaces: surfaces, controls: controls, imported: imported.sorted { ($0.spot, $0.name) < ($1.spot, $1.name) })
    }

    /// Every view of the files no surface used (and that does not read the widget family) becomes
    /// a component, its stored properties its parameters.
    static func otherViewsAsComponents(_ t: Translator, _ catalog: Catalog, options: ImportOptions) throws(ImportError) {
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
    }

    static func nodeLimit(_ options: ImportOptions) -> ImportError {
        ImportError("the draft would have more than \(options.limits.importNodes) view nodes (Limits.importNodes); import fewer files or one widget at a time")
    }
}

extension Translator {
    /// The views one snippet of Swift builds (see `snippet`), on `surface`: the view stage's entry
    /// for one piece of a body.
    func translateViews(_ text: String, in typeName: String? = nil, roots: [String: String] = [:], surface: Surface = .systemMedium) -> [DraftNode] {
        guard let (_, scope) = snippet(text, in: typeName, roots: roots, surface: surface) else { return [] }
        return views(scope.source.tree.statements, scope)
    }
}
