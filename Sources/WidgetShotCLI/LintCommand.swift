import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate
import WidgetGoldens

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check layout files and report problems as file:line:col: message.",
        discussion: """
        Errors: YAML syntax, unknown node kinds, parameters, icons, colors, text styles, wrong value \
        types, out-of-range sizes, unknown components or previews.
        Warnings: data a binding asks for that a preview lacks, text that truncates and content that \
        overflows its surface in some preview (checked by laying out every surface × preview in light \
        and dark on --device).

        --format github (the default when GITHUB_ACTIONS=true) prints each diagnostic as a GitHub \
        Actions annotation, `::error file=Layouts/x.yaml,line=12,col=7,title=widgetshot lint::message` \
        (warnings as ::warning), so it shows on the pull request at that line.

        Exit codes: 0 no errors (warnings allowed unless --strict), 1 errors found, 2 bad usage.
        """)

    @Argument(help: "Layout files (default: every layout in Layouts/).")
    var files: [String] = []

    @Flag(name: .long, help: "Fail on warnings too.")
    var strict = false

    @Option(name: .long, help: "The device to lay out on.")
    var device: String = DeviceProfile.default.id

    @Option(name: .long, help: "text (file:line:col: message) or github (::error annotations); default github when GITHUB_ACTIONS=true, else text.")
    var format: OutputFormat?

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let folders = try project.folders()
        let catalog = LayoutCatalog(directory: folders.layouts)
        var paths: [String] = []
        for f in files {
            do { paths.append(try catalog.resolve(f)) } catch { note("error: \(error)"); throw ExitCode(2) }
        }
        if paths.isEmpty { paths = try project.layoutFiles(folders) }
        let pool = RendererPool(fonts: try project.fontLibrary(folders))
        let linter = ProjectLinter(pool: pool, device: try deviceProfile(named: device))
        var errors = 0, warnings = 0
        let github = OutputFormat.resolve(format) == .github
        for path in paths {
            for d in linter.lint(path: path) {
                print(github ? GitHubAnnotation.diagnostic(d) : d.description)
                if d.severity == .error { errors += 1 } else { warnings += 1 }
            }
        }
        note("\(paths.count) file(s): \(errors) error(s), \(warnings) warning(s)")
        if errors > 0 || (strict && warnings > 0) { throw ExitCode(1) }
    }
}

extension OutputFormat: ExpressibleByArgument {}
