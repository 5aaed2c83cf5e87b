import SwiftSyntax
import WidgetModel

extension Translator {
    func font(_ n: inout DraftNode, _ e: ExprSyntax?, _ scope: Scope) -> (Outcome, String?) {
        guard let e, let spec = fontSpec(e, scope) else { return (.placeholder, "font \(e.map { Self.short($0) } ?? "") is not translated: left out") }
        if n.kind == "text" {
            if !n.has("style") && !n.has("size") {
                if let s = spec.style { n.entries.append(("style", .string(s))) }
                if let s = spec.size { n.entries.append(("size", .number(max(1, min(1000, s))))) }
            }
            if let w = spec.weight, !n.has("weight") { n.entries.append(("weight", .string(w))) }
            if let d = spec.design, !n.has("design") { n.entries.append(("design", .string(d))) }
            if spec.bold, !n.has("weight"), !n.has("bold") { n.entries.append(("bold", .bool(true))) }
        } else {
            if !n.has("font") {
                var pairs: [(String, YAMLValue)] = []
                if let s = spec.style { pairs.append(("style", .string(s))) }
                if let s = spec.size { pairs.append(("size", .number(max(1, min(1000, s))))) }
                if let w = spec.weight ?? (spec.bold ? "bold" : nil) { pairs.append(("weight", .string(w))) }
                if let d = spec.design { pairs.append(("design", .string(d))) }
                n.entries.append(("font", pairs.count == 1 && pairs[0].0 == "style" ? pairs[0].1 : .map(pairs)))
            }
        }
        if spec.monospacedDigit, !n.has("monospacedDigit") { n.entries.append(("monospacedDigit", .bool(true))) }
        return (spec.notes.isEmpty ? .translated : .partly, spec.notes.isEmpty ? nil : spec.notes.joined(separator: "; "))
    }

    /// `.fontWeight(.bold)` on a text sets its weight; on a container, its `font:` weight.
    func setFontPart(_ n: inout DraftNode, _ key: String, _ value: YAMLValue) {
        if n.kind == "text" { if !n.has(key) { n.entries.append((key, value)) }; return }
        if let i = n.entries.firstIndex(where: { $0.0 == "font" }) {
            switch n.entries[i].1 {
            case .string(let s): n.entries[i].1 = .map([("style", .string(s)), (key, value)])
            case .map(var pairs, let flow):
                if !pairs.contains(where: { $0.0 == key }) { pairs.append((key, value)) }
                n.entries[i].1 = .map(pairs, flow: flow)
            default: break
            }
        } else {
            n.entries.append(("font", .map([(key, value)])))
        }
    }
}
