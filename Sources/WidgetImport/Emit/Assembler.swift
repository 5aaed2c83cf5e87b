import Foundation
import WidgetModel
import WidgetTemplate

/// Puts the draft together: surfaces, components, tables, sample data and previews; writes it and
/// checks it with the layout parser and linter, replacing any node the linter rejects with a
/// placeholder (a located TODO), so the written draft always loads.
struct Assembler {
    let translator: Translator
    let options: ImportOptions
    var surfaces: [SurfaceDraft]
    var controls: [ControlDraft]
    var imported: [ImportedView] = []
    var sample = SampleData()
    /// Node ids the linter rejected, replaced by placeholders on the next round.
    var rejected: [Origin: String] = [:]
    /// Surface settings (`surfaces.NAME.background` …) the parser or linter rejected: left out.
    var rejectedEntries: [String: String] = [:]

    init(translator: Translator, options: ImportOptions, surfaces: [SurfaceDraft], controls: [ControlDraft]) {
        self.translator = translator; self.options = options; self.surfaces = surfaces; self.controls = controls
    }

    var t: Translator { translator }
    /// Surface settings left out (with a TODO) when the layout rejects them; the view regions are
    /// nodes and become placeholders instead.
    static let droppableSettings: Set<String> = ["background", "margins", "keylineTint"]

    mutating func build() -> (String, [Diagnostic]) {
        sample = SampleData.from(t.usage, now: WidgetImporter.previewNowDate, catalog: t.catalog)
        var last = ("", [Diagnostic]())
        // Cheap rounds first (parse, and bind the sample for missing data); the full lint (every
        // surface × preview × appearance × locale) only once nothing else changes.
        var full = false
        for _ in 0..<8 {
            let (text, lines) = emit()
            let (diagnostics, missing) = check(text, full: full)
            last = (text, diagnostics)
            var changed = false
            for d in diagnostics where d.severity == .error {
                guard let line = d.location?.line else { continue }
                if let origin = lines.origin(at: line) {
                    if rejected[origin] == nil { rejected[origin] = d.message; changed = true }
                } else if let entry = lines.surfaceSetting(at: line), rejectedEntries[entry] == nil {
                    rejectedEntries[entry] = d.message; changed = true
                }
            }
            for path in missing where sample.add(path: path, now: WidgetImporter.previewNowDate) { changed = true }
            if !changed {
                if full { break }
                full = true
            }
        }
        for (origin, message) in rejected.sorted(by: { $0.key.spot < $1.key.spot }) {
            t.ledger.record(.node, at: origin.spot, .placeholder)
            t.ledger.todo(origin.spot, origin.construct, "the layout language rejected the translation (\(message)): a placeholder instead", .placeholder)
        }
        for (entry, message) in rejectedEntries.sorted(by: { $0.key < $1.key }) {
            let parts = entry.split(separator: ".")
            guard parts.count == 3, let s = surfaces.first(where: { $0.surface.rawValue == parts[1] }), let spot = s.spot else { continue }
            t.ledger.todo(spot, "\(parts[1]) \(parts[2])", "the layout language rejected the surface's \(parts[2]) (\(message)): left out", .partly)
        }
        return last
    }

    struct LineMap {
        var nodeLines: [Int: ClosedRange<Int>]
        var origins: [Int: Origin]
        var entryLines: [String: ClosedRange<Int>] = [:]
        /// The surface setting (`surfaces.NAME.background`, `keylineTint`, `margins`) whose text holds `line`.
        func surfaceSetting(at line: Int) -> String? {
            entryLines.first { key, range in
                let parts = key.split(separator: ".")
                return parts.count == 3 && parts[0] == "surfaces" && Assembler.droppableSettings.contains(String(parts[2])) && range.contains(line)
            }?.key
        }
        /// The innermost node whose text holds `line`.
        func origin(at line: Int) -> Origin? {
            var best: (Int, ClosedRange<Int>)?
            for (id, range) in nodeLines where range.contains(line) && origins[id] != nil {
                if best == nil || range.count < best!.1.count { best = (id, range) }
            }
            return best.flatMap { origins[$0.0] }
        }
    }

    /// Parses and lints the text; errors, and the data paths bindings found no value for.
    func check(_ text: String, full: Bool) -> ([Diagnostic], [String]) {
        let path = "/import/\(options.name).yaml"
        let document: LayoutDocument
        do { document = try LayoutLoader.parse(text, path: path, limits: options.limits) } catch {
            return (error.diagnostics, [])
        }
        var missing: [String] = []
        if let preview = document.preview(named: "sample") {
            for surface in document.surfaces {
                var context = BindContext(surface: surface, scheme: .light, locale: "en", now: preview.now ?? WidgetImporter.previewNowDate,
                                          timeZone: preview.timeZone ?? TimeZone(secondsFromGMT: 0)!)
                context.isPreview = true
                let bound = document.bind(surface: surface, data: preview.data, context: context)
                for p in bound.missingPaths where !missing.contains(p) { missing.append(p) }
            }
        }
        return (full ? Linter.lint(document) : [], missing)
    }

    func replaceRejected(_ n: inout DraftNode) {
        n.forEachNode { node in
            guard let o = node.origin, let message = rejected[o] else { return }
            let when = node.when, priority = node.layoutPriority
            var p = DraftNode("use", .string(Translator.placeholderComponent), origin: nil)
            p.entries.append(("with", .map([("what", .quoted(String(o.construct.prefix(40))))])))
            _ = message
            p.when = nil
            p.layoutPriority = priority
            // A `when` that the linter rejected is dropped with the node; a good one stays.
            if let when, !message.contains("in 'when'") { p.when = when }
            node = p
        }
    }

    /// The whole file and where each node is.
    func emit() -> (String, LineMap) {
        var pairs: [(String, YAMLValue)] = [("name", .string(options.name))]
        if codedDates { pairs.append(("dateEncoding", .string("deferredToDate"))) }
        // Tables first: they are what a person fills in.
        let tables = tablesYAML()
        if !tables.isEmpty { pairs.append(("tables", .map(tables, flow: false))) }
        var components: [(String, YAMLValue)] = []
        if t.placeholderUsed || !rejected.isEmpty { components.append((Translator.placeholderComponent, .node(Translator.placeholderBody))) }
        for name in t.componentOrder {
            guard var n = t.components[name] else { continue }
            replaceRejected(&n)
            components.append((name, .node(clean(n))))
        }
        if !components.isEmpty { pairs.append(("components", .map(components, flow: false))) }
        var surfaceYAML: [(String, YAMLValue)] = []
        for s in surfaces {
            var entries: [(String, YAMLValue)] = []
            func kept(_ key: String) -> Bool { rejectedEntries["surfaces.\(s.surface.rawValue).\(key)"] == nil }
            if let b = s.background, s.surface.family != .island, kept("background") { entries.append(("background", cleanValue(b))) }
            if let m = s.margins, s.surface.family != .island, kept("margins") { entries.append(("margins", m)) }
            if let k = s.keylineTint, s.surface.family == .island, kept("keylineTint") { entries.append(("keylineTint", k)) }
            for (region, node) in s.regions {
                var n = node
                replaceRejected(&n)
                entries.append((region, .node(clean(n))))
            }
            surfaceYAML.append((s.surface.rawValue, .map(entries, flow: false)))
        }
        pairs.append(("surfaces", .map(surfaceYAML, flow: false)))
        if !controls.isEmpty {
            pairs.append(("controls", .list(controls.map { c in
                var entries: [(String, YAMLValue)] = [("id", .string(c.id)), ("kind", .string(c.kind))] + c.face
                if !c.on.isEmpty { entries.append(("on", .map(c.on))) }
                if !c.off.isEmpty { entries.append(("off", .map(c.off))) }
                return .map(entries, flow: false)
            }, flow: false)))
        }
        pairs.append(("previews", .map(previewsYAML(), flow: false)))
        var writer = DraftWriter()
        let numbered = writer.write(.map(pairs, flow: false), header: header())
        var origins: [Int: Origin] = [:]
        numbered.visitNodes { root in
            var n = root
            n.forEachNode { if let o = $0.origin { origins[$0.id] = o } }
        }
        return (writer.text, LineMap(nodeLines: writer.nodeLines, origins: origins, entryLines: writer.entryLines))
    }

    /// Entries the importer keeps for itself (`$trimRing`) are not written.
    /// Whether the draft reads dates from data that a `Codable` type of the team's code holds (an
    /// entry, an activity's `ContentState`): Swift's default `JSONEncoder`, and ActivityKit's
    /// decoding of a push, write a `Date` as seconds since 2001, so the layout says
    /// `dateEncoding: deferredToDate` (its previews' ISO 8601 dates read the same under any encoding).
    var codedDates: Bool {
        guard t.usage.uses.values.contains(.date) else { return false }
        return t.catalog.types.values.contains { type in
            type.conformances.contains { ["Codable", "Encodable", "Decodable"].contains($0) } && type.stored.contains { $0.type?.isDate == true }
        }
    }

    func clean(_ n: DraftNode) -> DraftNode {
        var n = n
        n.forEachNode { node in node.entries.removeAll { $0.0.hasPrefix("$") } }
        return n
    }

    func cleanValue(_ v: YAMLValue) -> YAMLValue {
        if case .node(let n) = v { var n = n; replaceRejected(&n); return .node(clean(n)) }
        return v
    }

    func header() -> [String] {
        var lines = [
            "Imported by `widgetshot import` from SwiftUI code: a draft to finish by hand (docs/import.md).",
            "Placeholders (dashed boxes) and stand-in table values are listed as TODOs by the import.",
            "The lines below record each imported view's fingerprint: `widgetshot import --check` compares them.",
        ]
        for v in imported {
            lines.append("\(DriftCheck.marker) \(v.kind) \(v.name) \(v.spot.file):\(v.spot.line) sha256:\(v.fingerprint)")
        }
        return lines
    }

    // MARK: Tables

    func tablesYAML() -> [(String, YAMLValue)] {
        var out: [(String, YAMLValue)] = []
        for name in t.tables.enumOrder {
            guard let columns = t.tables.enumColumns[name], let source = t.enumTableSources[name] else { continue }
            let cases = t.tables.cases(enumName: source.enumName, key: source.evidenceKey)
            guard !cases.isEmpty else { continue }
            var rows: [(String, YAMLValue)] = []
            for (i, c) in cases.enumerated() {
                let row = columns.map { col in (col.member, t.tabulate(source.enumName, col.member, c, index: i, kind: col.kind)) }
                rows.append((c, .map(row)))
            }
            out.append((name, .map(rows, flow: false)))
        }
        for s in t.tables.singles {
            out.append((s.name, .map(s.rows, flow: s.rows.count <= 2)))
        }
        for l in t.tables.lists {
            out.append((l.name, .list(l.items, flow: true)))
        }
        if !t.colorAssets.isEmpty {
            out.append(("colors", .map(t.colorAssets.map { (Translator.assetKey($0), YAMLValue.map([("light", .string("gray")), ("dark", .string("gray"))])) }, flow: false)))
        }
        return out
    }

    // MARK: Previews

    func previewsYAML() -> [(String, YAMLValue)] {
        var out: [(String, YAMLValue)] = [("sample", .map([("now", .string(WidgetImporter.previewNow)), ("data", sample.yaml)], flow: false))]
        var names = Set(["sample"])
        func unique(_ base: String, verbatim: Bool = false) -> String {
            let key = verbatim && SafeName.problem(base) == nil ? base : Translator.assetKey(base)
            var name = key
            var i = 2
            while names.contains(name) { name = key + "\(i)"; i += 1 }
            names.insert(name)
            return name
        }
        // One preview per case of the enum the views switch on most, so every branch shows.
        if let (keys, cases) = sample.mainEnum, cases.count > 1 {
            for c in cases.prefix(8) where sample.value(at: keys)?.stringValue != c {
                var data = SampleData.nested(keys, .string(c))
                for (other, otherCases) in sample.enumPaths where other != keys && otherCases.contains(c) {
                    data = SampleData.merge(data, SampleData.nested(other, .string(c)))
                }
                out.append((unique(c), .map([("extends", .string("sample")), ("data", data)], flow: false)))
            }
        }
        for p in PreviewReader(translator: t).previews() {
            var entries: [(String, YAMLValue)] = [("extends", .string("sample"))]
            if let surfaces = p.surfaces { entries.append(("surfaces", .list(surfaces.map(YAMLValue.string), flow: true))) }
            if case .null = p.data {} else { entries.append(("data", p.data)) }
            out.append((unique(p.name, verbatim: p.named), .map(entries, flow: false)))
        }
        return out
    }
}
