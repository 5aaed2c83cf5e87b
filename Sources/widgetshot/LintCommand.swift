import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check layout files and report problems as file:line:col: message.",
        discussion: """
        Errors: YAML syntax, unknown node kinds, parameters, icons, colors, text styles, wrong value
        types, out-of-range sizes, unknown components or previews.
        Warnings: data a binding asks for that a preview lacks, text that truncates and content that
        overflows its surface in some preview (checked by laying out every surface × preview in light
        and dark on --device).

        Exit codes: 0 no errors (warnings allowed unless --strict), 1 errors found, 2 bad usage.
        """)

    @Argument(help: "Layout files (default: every layout in Layouts/).")
    var files: [String] = []

    @Flag(name: .long, help: "Fail on warnings too.")
    var strict = false

    @Option(name: .long, help: "The device to lay out on.")
    var device: String = DeviceProfile.default.id

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let folders = try project.folders()
        let catalog = LayoutCatalog(directory: folders.layouts)
        var paths: [String] = []
        for f in files {
            do { paths.append(try catalog.resolve(f)) } catch { note("error: \(error)"); throw ExitCode(2) }
        }
        if paths.isEmpty { paths = catalog.files() }
        let pool = RendererPool(fonts: try project.fontLibrary(folders))
        let linter = ProjectLinter(pool: pool, device: try deviceProfile(named: device))
        var errors = 0, warnings = 0
        for path in paths {
            for d in linter.lint(path: path) {
                print(d.description)
                if d.severity == .error { errors += 1 } else { warnings += 1 }
            }
        }
        note("\(paths.count) file(s): \(errors) error(s), \(warnings) warning(s)")
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }
}
