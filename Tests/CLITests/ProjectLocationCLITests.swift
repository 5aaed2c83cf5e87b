import Foundation
import Testing
import TestSupport
import WidgetShot

/// An app repository that holds only its own layouts: found through `widgetshot.yaml` from any
/// folder inside it, with the fonts installed with widgetshot; never silently replaced by the
/// checkout widgetshot was built in (before, `list` there listed the checkout's `delivery`).
@Suite(.timeLimit(.minutes(3)))
struct ProjectLocationCLITests {
    /// `APP/Widgets/Layouts/steps.yaml` (the reference widget renamed), nothing else.
    static func appRepository() throws -> String {
        let app = scratchDirectory("app-repo")
        try FileManager.default.createDirectory(atPath: app + "/Widgets/Layouts", withIntermediateDirectories: true)
        let layout = try String(contentsOfFile: Project.root + "/Layouts/reference.yaml", encoding: .utf8)
            .replacingOccurrences(of: "\nname: reference\n", with: "\nname: steps\n")
        try layout.write(toFile: app + "/Widgets/Layouts/steps.yaml", atomically: true, encoding: .utf8)
        return app
    }

    @Test(.childProcess) func withoutAProjectFileNothingIsQuietlyBorrowed() async throws {
        let app = try Self.appRepository()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let run = try await runWidgetshot(["list"], cwd: app + "/Widgets")
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains("delivery"), "\(run.stdout)")
        #expect(run.stderr.contains("no WidgetShot project here: looked for widgetshot.yaml"), "\(run.stderr)")
        #expect(run.stderr.contains(app + "/Widgets"), "\(run.stderr)")
    }

    @Test(.childProcess) func theProjectFileIsFoundUpwardAndNamesTheFolders() async throws {
        let app = try Self.appRepository()
        defer { try? FileManager.default.removeItem(atPath: app) }
        try "layouts: Widgets/Layouts\ngoldens: Widgets/Golden\n".write(toFile: app + "/widgetshot.yaml", atomically: true, encoding: .utf8)
        let here = app + "/Widgets/Layouts"  // two folders below the project file
        let list = try await runWidgetshot(["list"], cwd: here)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("steps") && !list.stdout.contains("delivery"), "\(list.stdout)")

        // No Fonts/ in the app: the fonts installed with widgetshot draw the same pixels as the checkout.
        let png = app + "/steps.png"
        let render = try await runWidgetshot(["render", "steps", "--surface", "systemMedium", "-o", png], cwd: here)
        #expect(render.status == 0, "\(render.stderr)")
        let ours = try await runWidgetshot(["render", "reference", "--surface", "systemMedium", "-o", app + "/reference.png", "--project", Project.root])
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(FileManager.default.contents(atPath: png) == FileManager.default.contents(atPath: app + "/reference.png"))

        let record = try await runWidgetshot(["record", "--surface", "systemMedium"], cwd: here)
        #expect(record.status == 0, "\(record.stderr)")
        let goldens = try FileManager.default.subpathsOfDirectory(atPath: app + "/Widgets/Golden").filter { $0.hasSuffix(".png") }
        #expect(!goldens.isEmpty && goldens.allSatisfy { $0.hasPrefix("steps") }, "\(goldens)")
        let verify = try await runWidgetshot(["verify", "--surface", "systemMedium"], cwd: here)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test(.childProcess) func aBadProjectFileIsAnErrorNamingTheLine() async throws {
        let app = try Self.appRepository()
        defer { try? FileManager.default.removeItem(atPath: app) }
        for (text, expected) in [
            ("layouts: Widgets/Layouts\nlayout: x\n", "widgetshot.yaml:2: unknown key 'layout'; a project file takes layouts, goldens, fonts"),
            ("goldens: ../elsewhere\n", "widgetshot.yaml:1: 'goldens: ../elsewhere' must be a path inside the project folder"),
            ("- Layouts\n", "widgetshot.yaml:1: expected a mapping of layouts, goldens, fonts, matrix"),
            ("? [a, b]\n: Layouts\n", "widgetshot.yaml:1: unknown key that is not a name; a project file takes layouts, goldens, fonts"),
            ("layouts: " + String(repeating: "[", count: 5000) + "\n", "widgetshot.yaml:1: nested more deeply than a project file is (16 levels)"),
        ] {
            try text.write(toFile: app + "/widgetshot.yaml", atomically: true, encoding: .utf8)
            let run = try await runWidgetshot(["list"], cwd: app)
            #expect(run.status == 2, "\(text): \(run.stdout)")
            #expect(run.stderr.contains(app + "/" + expected), "\(text): \(run.stderr)")
        }
    }
}
