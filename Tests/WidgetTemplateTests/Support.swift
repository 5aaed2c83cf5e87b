import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Parses `yaml`, expecting failure; returns the errors.
func parseErrors(_ yaml: String, file: String = "t.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Diagnostic] {
    do {
        _ = try LayoutLoader.parse(yaml, path: file)
        Issue.record("expected a LayoutError", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

func document(_ yaml: String, file: String = "/tmp/widgetshot-tests/t.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LayoutDocument? {
    do {
        return try LayoutLoader.parse(yaml, path: file)
    } catch {
        Issue.record("unexpected errors:\n\(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// 2026-11-22T12:27:00+09:00
let fixedNow = Date(timeIntervalSince1970: 1_795_318_020)
let seoul = TimeZone(secondsFromGMT: 9 * 3600)!

func context(_ surface: Surface = .systemSmall, scheme: ColorScheme = .light, locale: String = "ko",
             placeholder: Bool = false) -> BindContext {
    BindContext(surface: surface, scheme: scheme, locale: locale, now: fixedNow, timeZone: seoul, placeholder: placeholder)
}

/// A one-surface layout around `view` (indented as a block under `view:`).
func layout(view: String, extra: String = "") -> String {
    let indented = view.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
    return "surfaces:\n  systemSmall:\n    view:\n\(indented)\n" + extra
}

func bindView(_ view: String, data: String = "{}", extra: String = "", scheme: ColorScheme = .light, locale: String = "ko",
              placeholder: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> BoundSurface? {
    guard let doc = document(layout(view: view, extra: extra), sourceLocation: sourceLocation) else { return nil }
    let value: DataValue
    do { value = try DataValue.parse(data, file: "data.json") } catch {
        Issue.record("bad data: \(error)", sourceLocation: sourceLocation); return nil
    }
    return doc.bind(surface: .systemSmall, data: value, context: context(scheme: scheme, locale: locale, placeholder: placeholder))
}

extension ViewNode {
    var text: TextContent? { if case .text(let t) = kind { return t }; return nil }
    var children: [ViewNode] {
        switch kind {
        case .vstack(_, _, let c), .hstack(_, _, let c), .zstack(_, let c): return c
        default: return []
        }
    }
    var texts: [String] {
        if let t = text { return [t.string] }
        return children.flatMap(\.texts)
    }
}
