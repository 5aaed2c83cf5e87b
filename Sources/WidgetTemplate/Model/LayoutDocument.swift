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
    /// The user's text size this preview is drawn at (`dynamicType:`); nil: the request's, else large.
    public var dynamicType: DynamicTypeSize?

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
    /// The file as diagnostics name it: `Layouts/delivery.yaml` (relative to the project folder)
    /// when loaded from a project's catalog, else `path`. Messages never show more of the machine's
    /// folders than this.
    public var sourceName: String = ""
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
    /// The `controls:` section, in file order: what the control surfaces show.
    public internal(set) var controls: [ControlTemplate] = []
    /// The bounds it was loaded with; binding uses them too unless given others.
    public var limits: Limits = .default
    /// `dateEncoding:`: what a number read as a date means (Unix seconds unless the layout says).
    public var dateEncoding: DateEncoding = .secondsSince1970
    /// Every localization the layout's `stringCatalog:` files hold (`en`, `ko` …), sorted: lint
    /// binds each of them, since a preview shows only its own.
    public var catalogLocales: [String] = []
    /// `referencedDataPaths().dates`, found once when the file is parsed (the date-encoding check
    /// reads them on every bind); nil for a document made otherwise, which walks its templates then.
    /// A loaded document whose templates are replaced afterwards should set it to nil.
    public var dateReadPaths: Set<String>?
    /// The `timeline:` section as written (how a widget's timeline is built; see TimelinePolicy), nil if none.
    public var timeline: DataValue?
    /// SHA-256 (hex) of the text the document was parsed from: what a render cache key uses to
    /// tell one version of the file from another.
    public internal(set) var sourceDigest = ""
    /// What `renderDigest(for:)` combines (see SectionDigests): `shared`, `previews`, `timeline`
    /// and `surface.NAME` per entry under `surfaces:`.
    var sectionDigests: [String: String] = [:]

    /// `sourceName`, or `path` for a document made without the loader.
    public var shownName: String { sourceName.isEmpty ? path : sourceName }

    public func preview(named name: String) -> Preview? { previews.first { $0.name == name } }

    /// Surfaces with a view of their own or through Surface.fallback (standBy → lockScreen).
    /// Control surfaces have a view when the layout has any `controls:`. A document drawn elsewhere
    /// has a view on the surfaces it lists.
    public func hasView(for surface: Surface) -> Bool {
        if isDrawnElsewhere { return surfaces.contains(surface) }
        return surface.family == .control ? !controls.isEmpty : template(for: surface) != nil
    }

    /// True for a document whose pictures another program draws (a team's Swift widget, built into
    /// a runner: WidgetSwiftSource): it has names, surfaces and previews for the matrix, the
    /// goldens and the reports, and nothing to bind.
    public private(set) var isDrawnElsewhere = false

    /// A document for pictures drawn elsewhere: `name` (the widget), `path` (its Swift file), the
    /// surfaces it has, and its previews (each with its source line and the surfaces it applies to).
    public static func drawnElsewhere(name: String, path: String, surfaces: [Surface], previews: [Preview]) -> LayoutDocument {
        var document = LayoutDocument(name: name, path: path, directory: (path as NSString).deletingLastPathComponent,
                                      surfaces: surfaces, previews: previews, surfaceTemplates: [:], components: [:],
                                      tables: [:], strings: .object([:]), warnings: [])
        document.sourceName = path
        document.isDrawnElsewhere = true
        return document
    }

    public func control(named id: String) -> ControlTemplate? { controls.first { $0.id == id } }

    func template(for surface: Surface) -> SurfaceTemplate? {
        if let t = surfaceTemplates[surface] { return t }
        if let f = surface.fallback { return surfaceTemplates[f] }
        return nil
    }

    /// Binds one surface. `limits` (default: the ones the document was loaded with) bound the work:
    /// expanded nodes, `forEach` items, component depth, text length, expression depth.
    /// On a control surface, `control` names the control (nil: the first) and `state` a toggle's
    /// state (nil: on; ignored for a button).
    public func bind(surface: Surface, data: DataValue, context: BindContext, limits: Limits? = nil,
                     control: String? = nil, state: ControlState? = nil) -> BoundSurface {
        if surface.family == .control {
            guard let c = control.map({ self.control(named: $0) }) ?? controls.first else {
                let message = controls.isEmpty
                    ? "layout '\(name)' has no controls: for \(surface.rawValue)"
                    : "layout '\(name)' has no control '\(control ?? "")' (it has \(controls.map(\.id).joined(separator: ", ")))"
                return BoundSurface(view: nil, regions: [:], background: nil, margins: nil,
                                    diagnostics: [.error(message, at: SourceLocation(file: shownName, line: 1, column: 1))])
            }
            var binder = Binder(document: self, data: data, context: context, limits: limits ?? self.limits)
            return binder.bind(control: c, state: state)
        }
        guard let template = template(for: surface) else {
            return BoundSurface(view: nil, regions: [:], background: nil, margins: nil, diagnostics: [
                .error("layout '\(name)' has no view for \(surface.rawValue) (it has \(surfaces.map(\.rawValue).joined(separator: ", ")))",
                       at: SourceLocation(file: shownName, line: 1, column: 1)),
            ])
        }
        var binder = Binder(document: self, data: data, context: context, limits: limits ?? self.limits)
        var bound = binder.bind(template)
        // Dates in another encoding than the layout's (DateEncodingCheck.swift): warned on every route.
        for w in dateEncodingWarnings(in: data, near: context.look.now) {
            bound.diagnostics.append(.warning("\(w.path): \(w.message)", at: SourceLocation(file: shownName, line: 1, column: 1)))
        }
        return bound
    }
}

/// Loads layout files.
///
/// A layout file is read only from inside its own folder (the layouts folder, for a project's
/// layouts), as images are: a symbolic link whose target lies elsewhere is an error that shows
/// nothing of the target, so a link planted in the folder cannot make lint, the gallery or the
/// server read (or quote, in a parse error) a token file or `/etc/passwd`. Only a regular file is
/// read, never more than `Limits.documentBytes` of it: a FIFO or a device there cannot hang a load.
public enum LayoutLoader {
    /// Reads the file. `shownAs` is the name diagnostics give it (`Layouts/delivery.yaml`, relative
    /// to the project folder; the path itself when nil).
    public static func load(path: String, limits: Limits = .default, shownAs: String? = nil) throws(LayoutError) -> LayoutDocument {
        let file = shownAs ?? path
        let bytes = try read(path: path, limits: limits, shownAs: file)
        let text = try SourceCheck.decode(bytes, file: file, kind: .layout, limits: limits)
        return try parse(text, path: path, limits: limits, shownAs: file)
    }

    /// The bytes of the layout file at `path`, under the rules above.
    public static func read(path: String, limits: Limits = .default, shownAs: String? = nil) throws(LayoutError) -> [UInt8] {
        try read(path: path, limits: limits, shownAs: shownAs, kind: .layout)
    }

    /// The same rules for another file a layout names (a string catalog: `kind` .data).
    static func read(path: String, limits: Limits, shownAs: String?, kind: DocumentKind) throws(LayoutError) -> [UInt8] {
        let file = shownAs ?? path
        let what = kind == .layout ? "layout file" : "file"
        let at = SourceLocation(file: file, line: 1, column: 1)
        func failure(_ message: String) -> LayoutError { LayoutError(.error(message, at: at)) }
        let folder = (path as NSString).deletingLastPathComponent
        do { return try BoundedFile.read(path, limit: limits.documentBytes, within: folder) } catch {
            switch error {
            case .tooLarge(let bytes, _): throw SourceCheck.tooLarge(bytes, kind, limits: limits, file: file)
            case .outsideFolder: throw failure("a symlink to a file outside the layouts folder: layouts are read only from inside their folder")
            case .notRegularFile: throw failure("cannot read \(what): not a regular file")
            case .notText: throw failure("cannot read \(what): not UTF-8 text")
            case .cannotRead(let reason): throw failure("cannot read \(what): \(reason)")
            }
        }
    }

    public static func parse(_ text: String, path: String, limits: Limits = .default, shownAs: String? = nil) throws(LayoutError) -> LayoutDocument {
        let file = shownAs ?? path
        let root = try YAMLReader.compose(text, file: file, kind: .layout, limits: limits)
        var parser = LayoutParser(file: file, limits: limits, path: path)
        let document = parser.document(root, path: path)
        if !parser.errors.isEmpty || document == nil {
            throw LayoutError(diagnostics: parser.errors.isEmpty
                              ? [.error("cannot read layout", at: SourceLocation(file: file, line: 1, column: 1))]
                              : parser.errors)
        }
        var result = document!
        result.limits = limits
        result.sourceName = file
        result.sourceDigest = SHA256Hash.hash(data: Array(text.utf8) + parser.catalogDigests).map { String(format: "%02x", $0) }.joined()
        result.sectionDigests = SectionDigests.compute(root)
        if !parser.catalogDigests.isEmpty, let shared = result.sectionDigests["shared"] {
            // The catalogs' strings are shared by every surface, as inline `strings:` are.
            result.sectionDigests["shared"] = SHA256Hash.hash(data: Array(shared.utf8) + parser.catalogDigests)
                .map { String(format: "%02x", $0) }.joined()
        }
        SectionDigests.addRenderDigests(to: &result)
        // Once per file, not per render: the date check reads these on every bind (DateEncodingCheck).
        result.dateReadPaths = result.referencedDataPaths(maxDepth: LayoutDocument.dateWalkDepth).dates
        return result
    }
}
