import Foundation
import Testing
import TestSupport

/// Help text is wrapped once, by ArgumentParser, to the terminal's width. Text that carries line
/// breaks of its own inside a paragraph is wrapped again at a narrower width, and each of its lines
/// ends in a short fragment ("has a view per" / "surface and named previews …").
@Suite(.timeLimit(.minutes(2)))
struct HelpTextCLITests {
    static let columns = 80

    /// The lines of `help`'s overview and discussion (what comes before `USAGE:`, the text the
    /// command writes itself) that were broken mid-sentence. Of two lines of one paragraph (neither
    /// empty), the first was broken mid-sentence when
    ///
    /// - it is indented (an example, a list) and the second is not: ArgumentParser continues a line
    ///   too long for the width at column 0, or
    /// - neither is indented (prose) and the second line's first word would have fitted on the first:
    ///   ArgumentParser breaks a line only before a word that would reach column `columns`, so this
    ///   break was in the text itself.
    ///
    /// Indented lines after indented lines are the text's own layout (an example's continuation).
    static func brokenLines(_ help: String) -> [String] {
        let overview = help.components(separatedBy: "\nUSAGE:")[0].components(separatedBy: "\n")
        var broken: [String] = []
        for (line, next) in zip(overview, overview.dropFirst()) {
            guard !line.allSatisfy(\.isWhitespace), let firstWord = next.split(separator: " ").first else { continue }
            let indented = line.hasPrefix(" "), nextIndented = next.hasPrefix(" ")
            let length = line.reversed().drop { $0 == " " }.count
            if indented ? !nextIndented : (!nextIndented && length + 1 + firstWord.count < columns) {
                broken.append("\(line)⏎\(next)")
            }
        }
        return broken
    }

    /// The check itself: it finds the break the top-level help had, and passes ArgumentParser's own.
    @Test func theCheckTellsAWrappedParagraphFromATwiceWrappedOne() {
        let once = """
            OVERVIEW: Render iOS widgets, Live Activities and Dynamic Island views to PNG
            from layout files.

            Examples:
              widgetshot lint
            """
        #expect(Self.brokenLines(once).isEmpty)
        let twice = """
            Layouts live in Layouts/ (see docs/language.md for the language). Each layout
            has a view per
            surface and named previews (fixtures of data).
            """
        #expect(Self.brokenLines(twice) == ["has a view per⏎surface and named previews (fixtures of data)."])
        let example = """
              widgetshot render delivery --surface systemMedium --preview onTheWay -o
            medium.png
            """
        #expect(Self.brokenLines(example).count == 1)
    }

    /// The top-level help and every command's but two: `render` and `serve` still carry line breaks of
    /// their own where they describe the render options and parameters.
    @Test(.childProcess, arguments: [[], ["lint"], ["list"], ["gallery"], ["verify"], ["record"], ["prune"], ["diff"],
                                     ["merge-reports"], ["bench"], ["bench-diff"], ["sign"], ["push"],
                                     ["timeline"], ["import"], ["schema"]])
    func helpIsWrappedOnce(command: [String]) async throws {
        let run = try await runWidgetshot(command + ["--help"], environment: ["COLUMNS": String(Self.columns)], seconds: 30)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("USAGE:"))
        let broken = Self.brokenLines(run.stdout)
        #expect(broken.isEmpty, "widgetshot \(command.joined(separator: " ")) --help:\n\(broken.joined(separator: "\n"))")
    }
}
