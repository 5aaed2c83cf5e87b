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
        // Rendering modes change colours, never layout: the default mode's cells say it all.
        let cells = RenderMatrix.cells(for: document, device: device).filter(\.isDefaultMode)
        let found = pool.map(cells.count) { i, renderer -> [Diagnostic] in
            let cell = cells[i]
            var look = LookSpec()
            look.deviceProfile = self.device
            guard let request = try? cell.request(for: document, look: look) else { return [] }
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
            return prepared.warnings.filter { !$0.message.hasPrefix("missing") }.map { d in
                var d = d
                let control = cell.control.map { ", control \($0)" + (cell.controlState.map { " \($0.rawValue)" } ?? "") } ?? ""
                d.message = "[\(cell.surface.rawValue)\(control), preview \(cell.preview)] " + d.message
                return d
            }
        }
        for d in found.joined() where seen.insert(d.description).inserted { diagnostics.append(d) }
        return diagnostics
    }
}
