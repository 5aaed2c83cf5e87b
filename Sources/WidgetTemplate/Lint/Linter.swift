import Foundation
import WidgetModel

public enum Linter {
    /// The locales a layout declares: the default (en), every locale a preview names, and every locale a localized table in `strings:` or `tables:` has a text for.
    static func declaredLocales(_ document: LayoutDocument) -> [String] {
        var found: [String] = [Look.defaultLocale]
        func add(_ code: String) { if !found.contains(code) { found.append(code) } }
        for p in document.previews { if let l = p.locale { add(l) } }
        // Iterative: tables may nest as deep as the loader allowed.
        var stack: [DataValue] = [document.strings] + document.tables.keys.sorted().compactMap { document.tables[$0] }
        var visited = 0
        while let v = stack.popLast(), visited < 100_000 {
            visited += 1
            if let table = v.localizedTable { table.keys.sorted().forEach(add); continue }
            switch v {
            case .object(let o): stack.append(contentsOf: o.keys.sorted().compactMap { o[$0] })
            case .array(let a): stack.append(contentsOf: a)
            default: break
            }
        }
        return found
    }

    /// Static checks plus binding every surface with every preview in light and dark and in every
    /// locale the layout declares (`declaredLocales`); reports missing data fields (warning), and
    /// everything parse reports. Deduplicated by location+message.
    public static func lint(_ document: LayoutDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var seen = Set<String>()
        func add(_ d: Diagnostic) {
            let key = "\(d.location?.description ?? "")|\(d.message)"
            if seen.insert(key).inserted { out.append(d) }
        }
        document.warnings.forEach(add)
        let previews = document.previews.isEmpty
            ? [Preview(name: "(no preview)", now: nil, timeZone: nil, locale: nil, data: .object([:]), source: nil)]
            : document.previews
        let locales = declaredLocales(document)
        var surfaces = document.surfaces
        if !surfaces.contains(.standBy), document.hasView(for: .standBy) { surfaces.append(.standBy) }
        // Binding costs surfaces × previews × 4 binds; a file can make that large, so it is budgeted.
        var spent = 0, binds = 0
        let budget = document.limits.lintSteps
        for surface in surfaces {
            for preview in previews where preview.applies(to: surface) {
                for scheme in ColorScheme.allCases {
                    for locale in locales {
                        if spent > budget {
                            add(.warning("lint stopped binding after \(binds) surface × preview × scheme × locale combinations: binding them all takes more than \(budget) steps (Limits.lintSteps)",
                                         at: SourceLocation(file: document.shownName, line: 1, column: 1)))
                            return out
                        }
                        var context = BindContext(surface: surface, scheme: scheme, locale: locale,
                                                  now: preview.now ?? Date(timeIntervalSince1970: 1_795_000_000),
                                                  timeZone: preview.timeZone ?? TimeZone(secondsFromGMT: 0)!)
                        context.isPreview = true
                        let bound = document.bind(surface: surface, data: preview.data, context: context)
                        bound.diagnostics.forEach(add)
                        spent += bound.cost
                        binds += 1
                    }
                }
            }
        }
        // Controls: each control in each of its states with every preview that applies, in every
        // declared locale; always the dark scheme (Control Center's material). Their texts are the same at every
        // size, so one control surface stands for all four.
        for control in document.controls {
            let states: [ControlState?] = control.kind == .toggle ? ControlState.allCases : [nil]
            for state in states {
                for preview in previews where preview.applies(to: .controlSmall) {
                    for locale in locales {
                        if spent > budget {
                            add(.warning("lint stopped binding after \(binds) surface × preview × scheme × locale combinations: binding them all takes more than \(budget) steps (Limits.lintSteps)",
                                         at: SourceLocation(file: document.shownName, line: 1, column: 1)))
                            return out
                        }
                        let context = BindContext(surface: .controlSmall, scheme: .dark, locale: locale,
                                                  now: preview.now ?? Date(timeIntervalSince1970: 1_795_000_000),
                                                  timeZone: preview.timeZone ?? TimeZone(secondsFromGMT: 0)!)
                        let bound = document.bind(surface: .controlSmall, data: preview.data, context: context,
                                                  control: control.id, state: state)
                        bound.diagnostics.forEach(add)
                        if let c = bound.control, c.label.isEmpty {
                            add(.warning("control '\(control.id)'\(state.map { " (\($0.rawValue))" } ?? "") has an empty label with preview '\(preview.name)': Control Center shows the title under medium and large controls", at: control.source))
                        }
                        spent += bound.cost
                        binds += 1
                    }
                }
            }
        }
        return out
    }
}
