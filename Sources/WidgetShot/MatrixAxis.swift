import WidgetModel
import WidgetTemplate

/// A look axis the matrix (goldens, gallery) can span beyond each preview's own look, declared
/// once, here; everything else about it is derived from its entry:
///
/// - its value is the `LookSpec` field of the same name, so its CLI option (`--dynamic-type`), its
///   HTTP field (`dynamicType`) and its checks are that field's (`LookSpec.fields`);
/// - a project lists the values to span under `matrix:` in `widgetshot.yaml`, by the same name
///   (`matrix: {locale: [en, ko]}`); `verify`, `record` and `gallery` take `--span NAME=V,V` instead;
/// - a cell at a value other than its preview's own adds `.VALUE` to its file name
///   (`onTheWay-light.ko.png`) and `NAME=VALUE` to its anchor (`ImageAnchor`), in this table's
///   order; a cell at the preview's own value keeps the name it always had;
/// - the verify report names it in the record (`axes`) and in the command that renders the cell.
///
/// The fixed axes (surface, preview, scheme, rendering mode, control) are `MatrixCell`'s own
/// fields; device, iOS generation and scale are the suite's or the gallery's, not a cell's.
public struct MatrixAxis: Sendable {
    /// The `LookSpec` field (and `matrix:` key) this axis sets.
    public let name: String
    /// The value a preview has when no value is asked for (its `locale:`, its `dynamicType:`).
    let own: @Sendable (Preview) -> String
    /// A checked value in the one form file names use (`AX3` → `accessibility3`).
    let canonical: @Sendable (String) -> String

    public static let all: [MatrixAxis] = [
        MatrixAxis(name: "locale", own: { $0.locale ?? Look.defaultLocale }, canonical: { $0 }),
        MatrixAxis(name: "dynamicType", own: { ($0.dynamicType ?? .large).rawValue },
                   canonical: { DynamicTypeSize(name: $0)?.rawValue ?? $0 }),
    ]

    public static func named(_ name: String) -> MatrixAxis? { all.first { $0.name == name } }

    /// The value as `LookSpec` checks it (the same message a render's field would get), canonical.
    func checked(_ value: String) throws(RenderSpecError) -> String {
        var spec = LookSpec()
        _ = try spec.set(name, text: value)
        try spec.validate()
        return canonical(value)
    }
}

/// The values a matrix spans on each axis beyond the previews' own (`matrix:` in `widgetshot.yaml`,
/// `--span`). Empty: each preview in its own look only, as the matrix always was.
public struct MatrixSpan: Sendable, Hashable {
    /// Axis name → values, checked and canonical, without repeats, in the order given.
    public private(set) var values: [String: [String]] = [:]

    /// Values one axis may list: each multiplies the matrix.
    public static let maxValuesPerAxis = 16

    public init() {}

    public static let none = MatrixSpan()

    public var isEmpty: Bool { values.isEmpty }

    /// Sets `axis`'s values, each checked as the render field of that name is; the error names the
    /// axis and the value.
    public mutating func set(_ axis: String, _ list: [String]) throws(RenderSpecError) {
        guard let a = MatrixAxis.named(axis) else {
            throw .badValue("matrix", "no matrix axis named '\(axis)'; axes: \(MatrixAxis.all.map(\.name).joined(separator: ", "))")
        }
        guard list.count <= Self.maxValuesPerAxis else {
            throw .badValue(axis, "\(axis) lists \(list.count) values; a matrix spans at most \(Self.maxValuesPerAxis) per axis (MatrixSpan.maxValuesPerAxis)")
        }
        var out: [String] = []
        for value in list {
            let v = try a.checked(value)
            if !out.contains(v) { out.append(v) }
        }
        values[axis] = out.isEmpty ? nil : out
    }

    /// `locale=en,ko` (the CLI's `--span`).
    public mutating func set(option text: String) throws(RenderSpecError) {
        guard let eq = text.firstIndex(of: "=") else {
            throw .badValue("span", "--span takes NAME=VALUE,VALUE (e.g. locale=en,ko), got '\(text)'; axes: \(MatrixAxis.all.map(\.name).joined(separator: ", "))")
        }
        try set(String(text[..<eq]), text[text.index(after: eq)...].split(separator: ",").map(String.init))
    }

    /// Every combination of axis values for `preview`, each a cell's `axisValues`: the preview's
    /// own look first (`[:]`), then each listed value that differs from the preview's own.
    func combinations(for preview: Preview) -> [[String: String]] {
        var combos: [[String: String]] = [[:]]
        for axis in MatrixAxis.all {
            guard let listed = values[axis.name] else { continue }
            let others = listed.filter { $0 != axis.own(preview) }
            combos = combos.flatMap { combo in [combo] + others.map { value in combo.merging([axis.name: value]) { $1 } } }
        }
        return combos
    }
}
