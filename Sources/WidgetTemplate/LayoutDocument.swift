import Foundation
import WidgetModel

/// A named data fixture from a layout's `previews:`.
public struct Preview: Sendable {
    public var name: String
    /// From `now:` (ISO 8601 with offset).
    public var now: Date?
    /// The offset written in `now:`, or `timeZone:` (an identifier).
    public var timeZone: TimeZone?
    public var locale: String?
    /// `extends` already merged.
    public var data: DataValue
    public var source: SourceLocation?
    /// The surfaces this preview applies to (`surfaces:`); nil: every surface.
    public var surfaces: Set<Surface>?

    public init(name: String, now: Date? = nil, timeZone: TimeZone? = nil, locale: String? = nil,
                data: DataValue = .object([:]), source: SourceLocation? = nil, surfaces: Set<Surface>? = nil) {
        self.name = name; self.now = now; self.timeZone = timeZone; self.locale = locale
        self.data = data; self.source = source; self.surfaces = surfaces
    }

    public func applies(to surface: Surface) -> Bool { surfaces?.contains(surface) ?? true }
}

/// A parsed layout file: views per surface (still templates), tables, strings and previews.
public struct LayoutDocument: Sendable {
    public var name: String
    public var path: String
    /// Assets (image paths) resolve against this.
    public var directory: String
    /// In file order.
    public var surfaces: [Surface]
    /// In file order.
    public var previews: [Preview]

    var surfaceTemplates: [Surface: SurfaceTemplate]
    var components: [String: TemplateNode]
    var tables: [String: DataValue]
    var strings: DataValue
    /// Warnings found while parsing (lint reports them).
    var warnings: [Diagnostic]

    public func preview(named name: String) -> Preview? { previews.first { $0.name == name } }

    /// Surfaces with a view of their own or through Surface.fallback (standBy → lockScreen).
    public func hasView(for surface: Surface) -> Bool { template(for: surface) != nil }

    func template(for surface: Surface) -> SurfaceTemplate? {
        if let t = surfaceTemplates[surface] { return t }
        if let f = surface.fallback { return surfaceTemplates[f] }
        return nil
    }

    public func bind(surface: Surface, data: DataValue, context: BindContext) -> BoundSurface {
        guard let template = template(for: surface) else {
            return BoundSurface(view: nil, regions: [:], background: nil, margins: nil, diagnostics: [
                .error("layout '\(name)' has no view for \(surface.rawValue) (it has \(surfaces.map(\.rawValue).joined(separator: ", ")))",
                       at: SourceLocation(file: path, line: 1, column: 1)),
            ])
        }
        var binder = Binder(document: self, data: data, context: context)
        return binder.bind(template)
    }
}

/// Loads layout files.
public enum LayoutLoader {
    /// Reads the file.
    public static func load(path: String) throws(LayoutError) -> LayoutDocument {
        let url = URL(fileURLWithPath: path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > SourceCheck.maxBytes {
            throw LayoutError(.error("file is \(size) bytes, larger than the 2 MB limit for a layout file",
                                     at: SourceLocation(file: path, line: 1, column: 1)))
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw LayoutError(.error("cannot read layout file: \(error.localizedDescription)", at: nil))
        }
        let text = try SourceCheck.decode([UInt8](data), file: path)
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws(LayoutError) -> LayoutDocument {
        let root = try YAMLReader.compose(text, file: path)
        var parser = LayoutParser(file: path)
        let document = parser.document(root, path: path)
        if !parser.errors.isEmpty || document == nil {
            throw LayoutError(diagnostics: parser.errors.isEmpty
                              ? [.error("cannot read layout", at: SourceLocation(file: path, line: 1, column: 1))]
                              : parser.errors)
        }
        return document!
    }
}
