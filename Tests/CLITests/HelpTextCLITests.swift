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
    /// command writes itself) that were broken mid-sentence. ArgumentParser breaks a line only before a
    /// word that would reach column `columns`, and continues it at column 0. So of two lines of one
    /// paragraph (neither empty) where the second is at column 0, the first was broken mid-sentence
    ///
    /// - when it is prose at column 0 too and the second's first word would have fitted on it: the
    ///   break was in the text itself, and ArgumentParser wrapped what was left into a fragment;
    /// - when it is indented (an example, a list) and the second's first word would not have fitted:
    ///   ArgumentParser continued a line too long for the width at column 0.
    ///
    /// A line followed by an indented one starts a block of the text's own layout, and is fine.
    static func brokenLines(_ help: String) -> [String] {
        let overview = help.components(separatedBy: "\nUSAGE:")[0].components(separatedBy: "\n")
        var broken: [String] = []
        for (line, next) in zip(overview, overview.dropFirst()) {
            guard !line.allSatisfy(\.isWhitespace), !next.hasPrefix(" "), let firstWord = next.split(separator: " ").first else { continue }
            let fits = line.reversed().drop { $0 == " " }.count + 1 + firstWord.count < columns
            if line.hasPrefix(" ") ? !fits : fits {
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
        // A reference of indented blocks under headings at column 0 is the text's own layout.
        let blocks = """
            GET /health
              {"status":"ok"}
            GET /v1/layouts
              each layout's surfaces and previews
            """
        #expect(Self.brokenLines(blocks).isEmpty)
    }

    /// The top-level help and every command's.
    @Test(.childProcess, arguments: [[], ["render"], ["lint"], ["list"], ["gallery"], ["verify"], ["record"], ["prune"],
                                     ["diff"], ["merge-reports"], ["bench"], ["bench", "diff"], ["bench", "push"], ["serve"], ["sign"],
                                     ["push"], ["timeline"], ["import"], ["schema"]])
    func helpIsWrappedOnce(command: [String]) async throws {
        let run = try await runWidgetshot(command + ["--help"], environment: ["COLUMNS": String(Self.columns)], seconds: 30)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("USAGE:"))
        let broken = Self.brokenLines(run.stdout)
        #expect(broken.isEmpty, "widgetshot \(command.joined(separator: " ")) --help:\n\(broken.joined(separator: "\n"))")
    }
}
