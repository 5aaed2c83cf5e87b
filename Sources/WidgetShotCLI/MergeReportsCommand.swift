import ArgumentParser
import Foundation
import WidgetShot
import WidgetGoldens

struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Join the reports of `verify --shard K/N` runs into one HTML/JSON/JUnit report.",
        discussion: """
        Each shard of a CI matrix runs `widgetshot verify --shard K/N --report DIR` and uploads DIR; \
        a last job downloads them all and runs merge-reports over the folders. The result is the \
        report an unsharded `verify --report` would have written (same report.json apart from \
        `seconds`, which is the slowest shard's; same junit.xml and page, failures grouped by cause \
        across all shards), with every expected/actual/diff PNG copied in.

        The folders must be every shard of one run: each K of 1…N exactly once, all of the same \
        matrix; a missing or repeated shard is an error. A report.json is input: each image it \
        names must be a safe relative path inside its folder (no '..', no leading '/' or '.'), and \
        is read and written without following symbolic links.

        Prints the summary `N passed, N failed` (and GitHub annotations for each failure with \
        --format github, the default when GITHUB_ACTIONS=true).

        Examples:
          widgetshot merge-reports reports/1 reports/2 reports/3 --out report
          widgetshot merge-reports shard-* --out report --gallery ../gallery/index.html

        Exit codes: 0 every golden matches, 1 failures (or missing/stale goldens), 2 a folder \
        without a readable report.json, shards that do not fit together, or an image a report \
        names that is not a safe path inside its folder (the message names the file and the entry).
        """)

    @Argument(help: ArgumentHelp("The report folders of the shards.", valueName: "dir"))
    var directories: [String]

    @Option(name: .long, help: ArgumentHelp("The folder to write the merged report into.", valueName: "dir"))
    var out: String

    @Option(name: .long, help: ArgumentHelp("The gallery page, as a URL relative to the merged report (default: the shards').", valueName: "url"))
    var gallery: String?

    @Option(name: .long, help: "text or github (::error annotations); default github when GITHUB_ACTIONS=true, else text.")
    var format: OutputFormat?

    func run() throws {
        guard !directories.isEmpty else { throw ValidationError("name at least one report folder") }
        let merged: VerifyReport
        do { merged = try ReportMerge.merge(directories, gallery: gallery) } catch {
            note("error: \(error)"); throw ExitCode(2)
        }
        do { try merged.write(to: out) } catch {
            note("error: cannot write the merged report into \(out): \(error)"); throw ExitCode(2)
        }
        let d = merged.document
        if OutputFormat.resolve(format) == .github {
            for line in GitHubAnnotation.groups(d) { print(line) }
            GitHubAnnotation.writeSummary(GitHubAnnotation.summary(d, report: out))
        } else {
            for line in TextFindings.lines(d) { print(line) }
        }
        var summary = "\(d.passed) passed, \(d.failed) failed"
        if d.missing > 0 { summary += ", \(d.missing) missing" }
        if d.stale > 0 { summary += ", \(d.stale) stale" }
        print(summary + " (\(directories.count) reports merged; \(d.groups.count) cause\(d.groups.count == 1 ? "" : "s"))")
        note("report: \(out)/index.html")
        if d.failed + d.missing + d.stale > 0 { throw ExitCode(1) }
    }
}
