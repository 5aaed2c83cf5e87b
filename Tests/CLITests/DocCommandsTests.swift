import Foundation
import Testing
import TestSupport
import WidgetShot

/// The documentation's commands, run (issue 36: a `verify --help` anchor, `render`'s exit codes and
/// `docs/library.md`'s project had drifted from the tool). A fenced block opened with ```` ```sh
/// runnable ```` holds commands that must work as written: each `widgetshot …` line (continued with
/// `\`, a `#` comment after it) runs in a scratch copy of this repository's project and exits 0.
struct DocBlockError: Error { var message: String }

@Suite(.timeLimit(.minutes(5)))
struct DocCommandsTests {
    /// The documents whose runnable blocks are run.
    static let documents = ["README.md", "docs/cli.md", "docs/goldens.md", "docs/project.md", "docs/library.md"]

    struct Command: CustomStringConvertible {
        var file: String, line: Int, arguments: [String]
        var description: String { "\(file):\(line): widgetshot \(arguments.joined(separator: " "))" }
    }

    /// Every command of every runnable block, in order.
    static func commands() throws -> [Command] {
        var out: [Command] = []
        for file in documents {
            let lines = try String(contentsOfFile: Project.root + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            var inside = false, pending = "", start = 0
            for (i, line) in lines.enumerated() {
                if line.hasPrefix("```") { inside = line == "```sh runnable"; pending = ""; continue }
                guard inside else { continue }
                if pending.isEmpty { start = i + 1 }
                if line.hasSuffix("\\") { pending += line.dropLast() + " "; continue }
                let words = try Self.words(pending + line)
                pending = ""
                guard let first = words.first else { continue }
                #expect(first == "widgetshot", "\(file):\(start): a runnable block holds widgetshot commands only")
                out.append(Command(file: file, line: start, arguments: Array(words.dropFirst())))
            }
        }
        return out
    }

    /// A shell line's words: single and double quotes, a `#` comment at a word's start.
    static func words(_ text: String) throws -> [String] {
        var words: [String] = [], word = "", quote: Character?, inWord = false
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c; inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(word); word = ""; inWord = false }
            } else if c == "#", !inWord {
                break
            } else {
                word.append(c); inWord = true
            }
        }
        guard quote == nil else { throw DocBlockError(message: "unterminated quote in: \(text)") }
        if inWord { words.append(word) }
        return words
    }

    @Test func theRunnableBlocksAreFound() throws {
        let commands = try Self.commands()
        #expect(Set(commands.map(\.file)).isSuperset(of: ["docs/cli.md", "docs/goldens.md"]), "\(commands)")
        #expect(commands.count >= 10, "\(commands)")
        #expect(try Self.words(#"render 'a b' --x "c#d"   # note"#) == ["render", "a b", "--x", "c#d"])
    }

    /// Each documented command, as written, in a copy of the project: exit 0.
    @Test(.childProcess) func theDocumentedCommandsRun() async throws {
        let project = try ScratchProject(from: Project.root)
        defer { project.remove() }
        for command in try Self.commands() {
            let run = try await runWidgetshot(command.arguments, cwd: project.root)
            #expect(run.status == 0, "\(command) exited \(run.status): \(run.stderr.suffix(600))")
        }
    }

    /// `verify --help` names an anchor the report page really gives a golden (it named
    /// `onTheWay-light`, a file name, while anchors are layout/surface/preview/appearance/device).
    @Test(.childProcess) func verifyHelpNamesARealAnchor() async throws {
        let help = try await runWidgetshot(["verify", "--help"])
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
        let range = try #require(text.range(of: #"index\.html#[A-Za-z0-9/]+"#, options: .regularExpression), "\(help.stdout)")
        let anchor = String(text[range].dropFirst("index.html#".count))
        let cell = MatrixCell(layout: "delivery", surface: .systemSmall, preview: "onTheWay", scheme: .light)
        #expect(anchor == ImageAnchor(cell: cell, device: DeviceProfile.default.id).id)
    }

    /// docs/library.md's first lines honour widgetshot.yaml: the layouts come from the folder it names.
    @Test func theLibraryDocsProjectReadsTheProjectFile() throws {
        let app = scratchDirectory("library-doc")
        defer { try? FileManager.default.removeItem(atPath: app) }
        try FileManager.default.createDirectory(atPath: app + "/Widgets/Layouts", withIntermediateDirectories: true)
        try "layouts: Widgets/Layouts\ngoldens: Widgets/Golden\n".write(toFile: app + "/widgetshot.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Project.root + "/Layouts/delivery.yaml", toPath: app + "/Widgets/Layouts/delivery.yaml")
        let doc = try String(contentsOfFile: Project.root + "/docs/library.md", encoding: .utf8)
        #expect(doc.contains("let folders = try ProjectFolders.at(\".\")"))
        let folders = try ProjectFolders.at(app)
        #expect(folders.layouts.hasSuffix("/Widgets/Layouts") && folders.golden.hasSuffix("/Widgets/Golden"), "\(folders)")
        let layout = try LayoutCatalog(directory: folders.layouts).load("delivery")
        let renderer = WidgetRenderer(fonts: try FontLibrary(directory: folders.fonts))
        let result = try renderer.render(RenderRequest(layout: layout, surface: .systemSmall, preview: try #require(layout.preview(named: "onTheWay"))))
        #expect(result.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
