import WidgetModel
import WidgetTemplate

/// Lint as a user sees it: the template's own checks (syntax, names, types, missing data) plus what
/// only layout can tell — text that truncates and content that overflows its surface — for every
/// surface × preview in both appearances.
public struct ProjectLinter: Sendable {
    public let pool: RendererPool
    public var device: DeviceProfile

    public init(pool: RendererPool, device: DeviceProfile = .default) {
        self.pool = pool
        self.device = device
    }

    /// Diagnostics for one file; a file that does not parse gives its parse errors.
    public func lint(path: String) -> [Diagnostic] {
        let document: LayoutDocument
        do { document = try LayoutLoader.load(path: path) } catch let e as LayoutError {
            return e.diagnostics
        } catch {
            return [.error("\(error)", at: SourceLocation(file: path, line: 1, column: 1))]
        }
        return lint(document)
    }

    public func lint(_ document: LayoutDocument) -> [Diagnostic] {
        var diagnostics = Linter.lint(document)
        var seen = Set(diagnostics.map(\.description))
        // Rendering modes change colours, never layout: the default mode's cells say it all. A string
        // catalog's other localizations are bound too (light only: the scheme moves no text), since
        // a preview shows only its own locale and a translation can draw boxes or truncate.
        let cells = RenderMatrix.cells(for: document, device: device).filter(\.isDefaultMode)
        let jobs: [(cell: MatrixCell, locale: String?)] = cells.map { ($0, nil) } + cells
            .filter { $0.scheme != .dark && $0.axisValues["locale"] == nil }
            .flatMap { cell in document.catalogLocales.map { (cell, $0) } }
        let found = pool.map(jobs.count) { i, renderer -> [Diagnostic] in
            let (cell, locale) = jobs[i]
            var look = LookSpec()
            look.deviceProfile = self.device
            look.locale = locale
            guard let request = try? cell.request(for: document, look: look) else { return [] }
            // The preview's own locale was linted with the preview.
            if let locale, let own = try? cell.request(for: document, look: LookSpec()), own.locale == locale { return [] }
            let prepared: PreparedSurface
            do {
                prepared = try renderer.prepare(request)
                try renderer.loadImages(prepared)
            } catch RenderError.layoutErrors(let errors) {
                // Bind errors (an image outside the layout's folder, missing or too large) are
                // located in the file; the same one in every cell is reported once.
                return errors
            } catch { return [] }
            // Layout warnings only: the template linter already reported missing data.
            return prepared.warnings.filter { !$0.message.hasPrefix("missing") }
        }
        // A locale's pass adds what only that locale shows (boxes, truncation), not the preview's own again.
        var inPreviews = Set<Diagnostic>()
        for (i, ds) in found.enumerated() where jobs[i].locale == nil { inPreviews.formUnion(ds) }
        let placed = found.enumerated().map { i, ds -> [Diagnostic] in
            let (cell, locale) = jobs[i]
            return ds.compactMap { d in
                if locale != nil, inPreviews.contains(d) { return nil }
                guard d.severity == .warning else { return d }
                var d = d
                let control = cell.control.map { ", control \($0)" + (cell.controlState.map { " \($0.rawValue)" } ?? "") } ?? ""
                d.message = "[\(cell.surface.rawValue)\(control), preview \(cell.preview)\(locale.map { ", locale \($0)" } ?? "")] " + d.message
                return d
            }
        }
        for d in placed.joined() where seen.insert(d.description).inserted { diagnostics.append(d) }
        return diagnostics
    }
}
