import Yams
import WidgetModel

/// One entry of a layout's `controls:` section (iOS 18 controls): parsed here, bound here, drawn
/// by the control chrome (WidgetShot/ControlChrome.swift).
///
/// ```yaml
/// controls:
///   - id: notifications
///     kind: toggle            # button | toggle
///     symbol: bell.fill       # an SF Symbol name IconCatalog knows
///     label: "{{strings.notifications}}"
///     value: optional text
///     tint: blue
///     on: { value: 켜짐 }      # toggles: what changes when on / off
///     off: { symbol: bell.slash, value: 꺼짐 }
/// ```
public struct ControlTemplate: Hashable, Sendable {
    public var id: String
    public var kind: ControlKind
    public var source: SourceLocation
    var face: Face
    var on: Face?
    var off: Face?

    /// What a control shows; a toggle's `on:` and `off:` faces override the base face's fields.
    struct Face: Hashable, Sendable {
        var symbol: Interpolated?
        var label: LocalizedText?
        var value: LocalizedText?
        var tint: PaintTemplate?

        func overridden(by other: Face?) -> Face {
            guard let other else { return self }
            return Face(symbol: other.symbol ?? symbol, label: other.label ?? label,
                        value: other.value ?? value, tint: other.tint ?? tint)
        }
    }

    func face(for state: ControlState?) -> Face {
        switch state {
        case .on?: face.overridden(by: on)
        case .off?: face.overridden(by: off)
        case nil: face
        }
    }
}

extension LayoutParser {
    static let controlKeys = ["id", "kind", "symbol", "label", "value", "tint", "on", "off"]
    static let controlFaceKeys = ["symbol", "label", "value", "tint"]

    /// `controls:` — a list of controls, each with a unique `id`.
    mutating func controls(_ value: Yams.Node) -> [ControlTemplate] {
        guard case .sequence(let items) = value else {
            error("expected a list of controls for 'controls' (each a mapping with \(Self.controlKeys.joined(separator: ", "))), found \(describe(value))", value)
            return []
        }
        var result: [ControlTemplate] = []
        var seen: [String: SourceLocation] = [:]
        for item in items {
            guard let control = control(item) else { continue }
            if let first = seen[control.id] {
                error("control id '\(control.id)' is used twice (first at \(first))", item)
                continue
            }
            seen[control.id] = control.source
            result.append(control)
        }
        return result
    }

    private mutating func control(_ node: Yams.Node) -> ControlTemplate? {
        guard case .mapping = node else {
            error("expected a control (a mapping with \(Self.controlKeys.joined(separator: ", "))), found \(describe(node))", node)
            return nil
        }
        var id: String?
        var kind: ControlKind?
        var face = ControlTemplate.Face()
        var on: (face: ControlTemplate.Face, node: Yams.Node)?
        var off: (face: ControlTemplate.Face, node: Yams.Node)?
        var ok = true
        var faceEntries: [(String, Yams.Node, Yams.Node)] = []
        for (k, kn, v) in pairs(node) {
            switch k {
            case "id":
                guard let text = string(v, "id") else { ok = false; continue }
                guard Self.isControlId(text) else {
                    error("control id '\(text)' must start with a letter and hold only letters, digits, '_' and '-' (it names the control in requests and golden paths)", v)
                    ok = false; continue
                }
                if let problem = SafeName.problem(text, maxBytes: limits.nameBytes) {
                    error(SafeName.message("control id", text, problem, maxBytes: limits.nameBytes), v)
                    ok = false; continue
                }
                id = text
            case "kind":
                kind = word(v, "kind", ControlKind.allCases.map(\.rawValue), ControlKind.init)
                if kind == nil { ok = false }
            case "on", "off":
                guard let f = controlFace(v, k) else { ok = false; continue }
                if k == "on" { on = (f, kn) } else { off = (f, kn) }
            default:
                if Self.controlFaceKeys.contains(k) { faceEntries.append((k, kn, v)) } else {
                    unknownKey(k, kn, in: "a control", allowed: Self.controlKeys)
                    ok = false
                }
            }
        }
        for (k, _, v) in faceEntries where !readFaceField(k, v, into: &face) { ok = false }
        guard ok else { return nil }
        let name = id.map { "control '\($0)'" } ?? "a control"
        guard let id else { error("missing 'id:' in a control (expected \(Self.controlKeys.joined(separator: ", ")))", node); return nil }
        guard let kind else { error("missing 'kind:' in \(name) (expected button or toggle)", node); return nil }
        if kind == .button {
            for (key, found) in [("on", on?.node), ("off", off?.node)] {
                if let found {
                    error("'\(key)' is for toggles; \(name) is a button (use kind: toggle for on/off states)", found)
                    return nil
                }
            }
        }
        // Every state must end up with a symbol and a label.
        let states: [ControlTemplate.Face] = kind == .toggle
            ? [face.overridden(by: on?.face), face.overridden(by: off?.face)] : [face]
        for (i, f) in states.enumerated() {
            let where_ = kind == .toggle ? " (\(i == 0 ? "on" : "off") state)" : ""
            if f.symbol == nil { error("missing 'symbol:' in \(name)\(where_): give an SF Symbol name such as bell.fill", node); return nil }
            if f.label == nil { error("missing 'label:' in \(name)\(where_): the control's title", node); return nil }
        }
        return ControlTemplate(id: id, kind: kind, source: locate(node), face: face, on: on?.face, off: off?.face)
    }

    private mutating func controlFace(_ node: Yams.Node, _ key: String) -> ControlTemplate.Face? {
        guard case .mapping = node else {
            error("expected a mapping with \(Self.controlFaceKeys.joined(separator: ", ")) for '\(key)', found \(describe(node))", node)
            return nil
        }
        var face = ControlTemplate.Face()
        var ok = true
        for (k, kn, v) in pairs(node) {
            if Self.controlFaceKeys.contains(k) {
                if !readFaceField(k, v, into: &face) { ok = false }
            } else {
                unknownKey(k, kn, in: "'\(key)' of a control", allowed: Self.controlFaceKeys)
                ok = false
            }
        }
        return ok ? face : nil
    }

    private mutating func readFaceField(_ key: String, _ v: Yams.Node, into face: inout ControlTemplate.Face) -> Bool {
        switch key {
        case "symbol":
            guard let name = interpolated(v, "symbol") else { return false }
            if let constant = name.constantText, IconCatalog.glyph(for: constant) == nil {
                error("unknown symbol '\(constant)'\(Suggestion.hint(constant, in: IconCatalog.names)) (see `widgetshot list` for the \(IconCatalog.codepoints.count) icons)", v)
                return false
            }
            face.symbol = name
        case "label", "value":
            guard let t = textTemplate(v, [:], at: v) else { return false }
            if key == "label" { face.label = t.content } else { face.value = t.content }
        case "tint":
            guard let p = paint(v, "tint") else { return false }
            face.tint = p
        default:
            return false
        }
        return true
    }

    static func isControlId(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              text.unicodeScalars.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }
}

extension Binder {
    /// A control in one state (nil for a button): its texts through the string table and the
    /// data like any text, its tint resolved for the (always dark) scheme.
    mutating func bind(control c: ControlTemplate, state: ControlState?) -> BoundSurface {
        let env = Environment()
        let face = c.face(for: c.kind == .toggle ? (state ?? .on) : nil)
        let symbol = face.symbol.map { text($0, env) } ?? ""
        var glyph = IconCatalog.glyph(for: symbol)
        if glyph == nil, let at = face.symbol?.location {
            warn("unknown symbol '\(symbol)'\(Suggestion.hint(symbol, in: IconCatalog.names)) from a bound value; drawn as a question mark", at: at)
            if !symbol.isEmpty { glyph = IconCatalog.unknownGlyph }
        }
        func string(_ t: LocalizedText?) -> String? {
            guard let t else { return nil }
            let i = t.pick(locale)
            let s = text(i, env)
            return admitText(s, at: i.location) ? s : ""
        }
        let title = string(face.label) ?? ""
        let value = string(face.value).flatMap { $0.isEmpty ? nil : $0 }
        let tint = face.tint.flatMap { paint($0, env) }?.solidColor ?? label("blue").solidColor
        let bound = BoundControl(id: c.id, kind: c.kind, state: c.kind == .toggle ? (state ?? .on) : nil,
                                 symbol: symbol, glyph: glyph, label: title, value: value, tint: tint,
                                 source: c.source)
        var result = BoundSurface(view: nil, regions: [:], background: nil, margins: nil, diagnostics: diagnostics)
        result.control = bound
        result.cost = limits.bindSteps - work.remaining
        result.missingPaths = missingPaths
        return result
    }
}
