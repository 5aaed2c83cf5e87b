import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetGoldens

/// The commands under the safe-path rule, as a user runs them: `lint` reports a name that would
/// write outside its folder, and `record` and `render` write nothing outside theirs; a
/// layout linked to a file outside the layouts folder is an error that shows none of that file.
/// Serialized: each test starts debug builds of `widgetshot`, and at the start of a full run many
/// suites start processes at once (the end-to-end serve test's server among them).
@Suite("Safe paths from the command line", .serialized)
struct SafePathCLITests {
    /// A project in its own temporary folder: Layouts/ (with `files`), Golden/, the fonts linked in.
    struct Project2 {
        let base: String
        var root: String { base + "/project" }

        init(_ files: [String: String]) throws {
            base = NSTemporaryDirectory() + "/ws-safepath-cli-\(UUID().uuidString)"
            let fm = FileManager.default
            try fm.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: root + "/Golden", withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
            for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/" + name)) }
        }

        /// Every path under the base folder, relative, sorted.
        var everything: [String] { (FileManager.default.subpaths(atPath: base) ?? []).sorted() }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    static let escaping = """
        name: ../../escaped
        surfaces:
          systemSmall:
            view: { text: "{{t}}" }
        previews:
          one: { data: { t: hi } }

        """

    @Test(.childProcess) func lintReportsALayoutNameThatLeavesTheFolder() async throws {
        let project = try Project2(["bad.yaml": Self.escaping])
        defer { project.remove() }
        let run = try await CLIProcess.run(["lint", "--project", project.root])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("bad.yaml:1:7: error: layout name (name:) '../../escaped' is not safe as a file name: it contains '..'"), "\(run.stdout)")
    }

    /// `gallery` and `serve --watch` are the gallery builder's, tested in process (GalleryTests).
    @Test(.childProcess) func recordWritesNothingOutside() async throws {
        let project = try Project2(["bad.yaml": Self.escaping])
        defer { project.remove() }
        let before = project.everything
        let record = try await CLIProcess.run(["record", "--project", project.root])
        #expect(record.status == 2, "\(record.stderr)")
        #expect(record.stderr.contains("Layouts/bad.yaml:1:7: error: layout name (name:)"), "\(record.stderr)")
        #expect(project.everything == before, "new files: \(Set(project.everything).subtracting(before).sorted())")
    }

    @Test(.childProcess) func aLayoutLinkedOutsideIsAnErrorShowingNothingOfItsTarget() async throws {
        let project = try Project2([:])
        defer { project.remove() }
        let secret = "ghp_SECRETTOKEN0123456789abcdefghijklmnopqrstuvwxyz"
        try Data("\(secret)\n".utf8).write(to: URL(fileURLWithPath: project.base + "/token.txt"))
        try FileManager.default.createSymbolicLink(atPath: project.root + "/Layouts/leak.yaml", withDestinationPath: project.base + "/token.txt")
        for arguments in [["lint", "--project", project.root],
                          ["render", "leak", "--surface", "systemSmall", "-o", project.base + "/x.png", "--project", project.root]] {
            let run = try await CLIProcess.run(arguments)
            #expect(run.status != 0, "\(arguments): \(run.stdout) \(run.stderr)")
            let output = run.stdout + run.stderr
            #expect(output.contains("leak.yaml:1:1: error: a symlink to a file outside the layouts folder"), "\(arguments): \(output)")
            #expect(!output.contains("SECRET") && !output.contains("ghp_"), "\(arguments): \(output)")
        }
        #expect(!FileManager.default.fileExists(atPath: project.base + "/x.png"))
    }

    @Test func recordChecksNamesAgainPastTheParser() throws {
        let project = try Project2(["card.yaml": Self.escaping.replacingOccurrences(of: "name: ../../escaped", with: "name: card")])
        defer { project.remove() }
        var document = try LayoutCatalog(directory: project.root + "/Layouts").load("card")
        document.name = "../../escaped"
        let suite = try GoldenSuite(directory: project.root + "/Golden")
        let cell = try #require(suite.cells(for: [document]).first)
        #expect(cell.relativePath.hasPrefix("../../escaped/"))
        #expect { _ = try suite.record(cell, in: document, with: WidgetRenderer(fonts: Project.fonts), rewrite: .anyPixel) } throws: { error in
            "\(error)".contains("is not a safe relative path: it has a component '..'")
        }
        #expect(!project.everything.contains { $0.contains("escaped") })
    }

    @Test(.childProcess) func aPlantedLinkInTheGoldenFolderIsNotWrittenThrough() async throws {
        let layout = """
            name: card
            surfaces:
              systemSmall:
                view: { text: "{{t}}" }
            previews:
              one: { data: { t: hi } }

            """
        let project = try Project2(["card.yaml": layout])
        defer { project.remove() }
        try FileManager.default.createDirectory(atPath: project.base + "/victim", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.root + "/Golden/card", withDestinationPath: project.base + "/victim")
        let record = try await CLIProcess.run(["record", "--project", project.root])
        #expect(record.status == 2, "\(record.stderr)")
        #expect(record.stderr.contains("Golden/card: a symbolic link where a folder is expected"), "\(record.stderr)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: project.base + "/victim")).isEmpty)
    }
}
