import ArgumentParser
import Foundation
import WidgetShot
import WidgetGoldens

@main
struct WidgetShotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widgetshot",
        abstract: "Render iOS widgets, Live Activities and Dynamic Island views to PNG from layout files.",
        discussion: """
        Layouts live in Layouts/ (see docs/language.md for the language). Each layout has a view per
        surface and named previews (fixtures of data). Fonts come only from Fonts/.

        Examples:
          widgetshot render delivery --surface systemMedium --preview onTheWay -o medium.png
          widgetshot render delivery --surface islandExpanded --scheme dark --scale 2 -o island.png
          widgetshot render Layouts/delivery.yaml --surface lockScreen --data order.json --now 2026-11-22T12:27:00+09:00
          widgetshot lint                       # check every layout
          widgetshot list                       # layouts, previews, surfaces, devices, icons, colors
          widgetshot gallery --out out          # every layout × surface × preview × appearance
          widgetshot bench reference            # timings per surface and scale
          widgetshot serve --port 8080          # PNGs over HTTP (see serve --help)
          widgetshot sign URL --signing-key-file key.txt   # a signed render URL
        """,
        version: WidgetShotVersion.current,
        subcommands: [RenderCommand.self, LintCommand.self, ListCommand.self, GalleryCommand.self, VerifyCommand.self, MergeReportsCommand.self, RecordCommand.self, PruneCommand.self, DiffCommand.self, BenchCommand.self, DiffBenchCommand.self, ServeCommand.self, SignCommand.self, PushCommand.self, TimelineCommand.self, ImportCommand.self, SchemaCommand.self]
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
