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

        Given a widget extension's folder (or .swift files), lint builds it against WidgetShot's SwiftUI \
        and draws every widget family (placeholder and snapshot entries) and every #Preview picture in \
        light and dark: errors are what could not be drawn (a provider that throws, a preview without \
        pictures), warnings what was drawn differently, at the team's file and line (a placeholder for \
        an asset the catalogs lack, an effect not drawn yet, an unknown symbol).

        Exit codes: 0 no errors (warnings allowed unless --strict), 1 errors found, 2 bad usage.
        """)

    @Argument(help: "Layout files (default: every layout in Layouts/), or a widget extension's folder or .swift files.")
    var files: [String] = []

    @Option(name: .long, help: "With a Swift source: a folder (or .swift file) of the app's own code the widget code needs (repeatable).")
    var include: [String] = []

    @Flag(name: .long, help: "Fail on warnings too.")
    var strict = false

    @Option(name: .long, help: "The device to lay out on.")
    var device: String = DeviceProfile.default.id

    @Option(name: .long, help: "text (file:line:col: message) or github (::error annotations); default github when GITHUB_ACTIONS=true, else text.")
    var format: OutputFormat?

    @OptionGroup var project: ProjectOptions

    func run() throws {
        if !files.isEmpty, files.allSatisfy(SwiftSource.isSwift) { return try lintSwift() }
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

extension LintCommand {
    /// Every picture of a Swift source, light and dark: what the runner could not draw (errors) and
    /// what it drew differently (warnings), each said once.
    func lintSwift() throws {
        let folders = try? project.folders()
        let fonts = folders?.fontFolders ?? [ProjectFolders.installedFonts(executable: ProjectFolders.currentExecutable) ?? ""]
        let source = try SwiftSource.open(files, include: include, project: project)
        let found = try source.describe()
        var pictures: [[String: Any]] = []
        for widget in found.widgets where widget.kind == "widget" {
            for family in widget.families {
                for entry in ["placeholder", "snapshot"] { pictures.append(["widget": widget.name, "family": family, "entry": entry]) }
            }
        }
        for preview in found.previews {
            for index in 0..<max(preview.pictures, 1) { pictures.append(["preview": preview.symbol, "index": index]) }
        }
        let scratch = source.build.directory + "/lint-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var errors: [String] = found.failures, warnings: [String] = []
        for scheme in ["light", "dark"] {
            var look = LookSpec()
            _ = try look.set("scheme", text: scheme)
            let numbered = pictures.enumerated().map { index, picture in picture.merging(["output": scratch + "/\(index).png"]) { $1 } }
            for drawn in try source.render(numbered, look: look, fonts: fonts) {
                if let error = drawn.error.map { source.build.folder.teamPaths(in: $0) }, !errors.contains(error) { errors.append(error) }
                for warning in drawn.warnings.map { source.build.folder.teamPaths(in: $0) } where !warnings.contains(warning) { warnings.append(warning) }
            }
        }
        for error in errors { print("error: " + error) }
        for warning in warnings { print(warning.contains("warning:") ? warning : "warning: " + warning) }
        note("\(files.joined(separator: ", ")): \(pictures.count) picture(s) in light and dark: \(errors.count) error(s), \(warnings.count) warning(s)")
        if !errors.isEmpty || (strict && !warnings.isEmpty) { throw ExitCode(1) }
    }
}

extension OutputFormat: ExpressibleByArgument {}
