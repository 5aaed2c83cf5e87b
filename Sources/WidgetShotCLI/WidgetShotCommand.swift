import ArgumentParser
import Foundation
import WidgetShot
import WidgetGoldens

@main
struct WidgetShotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgetshot",
        abstract: "Render iOS widgets, Live Activities and Dynamic Island views to PNG from layout files.",
        // Paragraphs are one line each (`\` joins the source lines): ArgumentParser wraps them to the
        // terminal. Each example is a line of its own, short enough for 80 columns.
        discussion: """
        Layouts live in Layouts/ (docs/language.md describes the language). Each layout has a view \
        per surface and named previews (fixtures of data). Fonts come only from Fonts/.

        Examples:
          widgetshot render delivery --surface systemMedium --preview onTheWay -o m.png
          widgetshot render delivery --surface islandExpanded --scheme dark -o i.png
          widgetshot render delivery --surface lockScreen --data order.json -o l.png
          widgetshot lint                   # check every layout
          widgetshot list                   # layouts, surfaces, devices, icons, colors
          widgetshot gallery --out out      # every layout, surface, preview, scheme
          widgetshot verify                 # compare every preview with Golden/
          widgetshot serve --port 8080      # PNGs over HTTP (see serve --help)
          widgetshot sign URL --signing-key-file key.txt   # a signed render URL
        """,
        version: WidgetShotVersion.current,
        subcommands: [RenderCommand.self, LintCommand.self, ListCommand.self, GalleryCommand.self, VerifyCommand.self, MergeReportsCommand.self, RecordCommand.self, PruneCommand.self, DiffCommand.self, CalibrateCommand.self, BenchCommand.self, ServeCommand.self, SignCommand.self, PushCommand.self, TimelineCommand.self, ImportCommand.self, SchemaCommand.self]
    )

    /// Bad input (unknown layout, preview, device, unreadable data, a malformed golden manifest)
    /// exits 2 with one clear line, like usage errors; everything else goes through
    /// ArgumentParser as usual. SIGINT, SIGTERM and SIGHUP remove the temporary files being
    /// written and exit 130, 143, 129 (`serve` shuts down gracefully instead).
    static func main() {
        do {
            var command = try parseAsRoot()
            if !(command is ServeCommand) { AtomicFile.removeTempFilesOnSignal() }
            try command.run()
        } catch let error as CLIError {
            note("error: \(error)")
            Foundation.exit(2)
        } catch let error as GoldenFileError {
            note("error: \(error)")
            Foundation.exit(2)
        } catch {
            exit(withError: error)
        }
    }
}
