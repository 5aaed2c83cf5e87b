import Foundation
import Testing
import TestSupport
import WidgetShot

/// Issue 36, "green while wrong" and "reviewers see the change": each case a team hit, run as the
/// team ran it (the CLI, a project of its own, often from another working directory).
@Suite(.timeLimit(.minutes(3)))
struct FailLoudlyCLITests {
    /// A catalog with three localizations: English, Korean, and a German text too long for its
    /// line (what a translation does that no English preview shows).
    static let catalog = #"""
    { "sourceLanguage": "en", "version": "1.0", "strings": { "eta": { "localizations": {
      "en": {"stringUnit": {"state": "translated", "value": "Arriving"}},
      "ko": {"stringUnit": {"state": "translated", "value": "도착 예정"}},
      "de": {"stringUnit": {"state": "translated", "value": "Voraussichtliche Ankunftszeit"}} } } } }
    """#

    /// `APP/widgetshot.yaml` (layouts in Widgets/Layouts, goldens in Widgets/Golden) and the layout
    /// `loc`: a catalog text, an icon named by data, a timer to a date from data.
    static func app() throws -> String {
        let app = scratchDirectory("fail-loudly")
        let layouts = app + "/Widgets/Layouts"
        try FileManager.default.createDirectory(atPath: layouts, withIntermediateDirectories: true)
        try "layouts: Widgets/Layouts\ngoldens: Widgets/Golden\n".write(toFile: app + "/widgetshot.yaml", atomically: true, encoding: .utf8)
        try catalog.write(toFile: layouts + "/Loc.xcstrings", atomically: true, encoding: .utf8)
        try """
        name: loc
        stringCatalog: Loc.xcstrings
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: "{{strings.eta}}"
                  lineLimit: 1
                - icon: "{{symbol}}"
                  size: 40
                - text: "{{timerInterval(now, eta, countsDown: true)}}"
        previews:
          known:
            now: "2026-11-22T12:00:00+09:00"
            data: { symbol: bell, eta: "2026-11-22T12:15:00+09:00" }
          unknown:
            now: "2026-11-22T12:00:00+09:00"
            data: { symbol: not.a.symbol, eta: "2026-11-22T12:15:00+09:00" }
        """.write(toFile: layouts + "/loc.yaml", atomically: true, encoding: .utf8)
        return app
    }

    /// `gallery`, `lint` and `verify` from the folder above the project (as a team runs them from its
    /// repository's root with --project): the string catalog beside the layout is found. Before,
    /// gallery (and serve) read it against the working directory: "the layout's folder cannot be
    /// read", and the gallery dropped the layout.
    @Test(.childProcess) func projectPathsResolveAgainstTheProjectNotTheWorkingDirectory() async throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let above = (app as NSString).deletingLastPathComponent
        let project = (app as NSString).lastPathComponent
        let gallery = try await runWidgetshot(["gallery", "--project", project, "--out", app + "/out"], cwd: above)
        #expect(gallery.status == 0, "\(gallery.stdout)\(gallery.stderr)")
        #expect(!gallery.stderr.contains("cannot be read"), "\(gallery.stderr)")
        let pngs = try FileManager.default.subpathsOfDirectory(atPath: app + "/out").filter { $0.hasPrefix("loc/") && $0.hasSuffix(".png") }
        #expect(pngs.count >= 2, "\(pngs)")
        let record = try await runWidgetshot(["record", "--project", project], cwd: above)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let verify = try await runWidgetshot(["verify", "--project", app], cwd: "/")
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    /// lint binds every localization the catalog holds: the German text truncates and is named
    /// with its locale (before: 0 warnings, since each preview shows only its own locale); the
    /// preview's own warnings are not repeated per locale. (Missing glyphs are found by the same
    /// pass: each locale's texts go through the renderer's missing-glyph check.)
    @Test(.childProcess) func lintBindsEveryLocaleOfTheCatalog() async throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let lint = try await runWidgetshot(["lint", "--format", "text"], cwd: app)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let lines = lint.stdout.split(separator: "\n")
        let truncated = lines.filter { $0.contains("is truncated") }
        #expect(!truncated.isEmpty && truncated.allSatisfy { $0.contains(", locale de]") && $0.contains("loc.yaml:7:") }, "\(lint.stdout)")
        #expect(!lines.contains { $0.contains("locale ko]") || $0.contains("locale en]") }, "\(lint.stdout)")
        let icons = lines.filter { $0.contains("unknown icon 'not.a.symbol'") }
        #expect(!icons.isEmpty && icons.allSatisfy { !$0.contains("locale ") }, "\(lint.stdout)")
    }

    /// An icon named by data that has no artwork is drawn (a question mark in its square) and
    /// warned about; before it drew nothing and a golden without the icon passed.
    @Test(.childProcess) func aBoundUnknownSymbolIsVisibleAndWarned() async throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        var bytes: [String: Data] = [:]
        for preview in ["known", "unknown"] {
            let png = app + "/\(preview).png"
            let run = try await runWidgetshot(["render", "loc", "--surface", "systemSmall", "--preview", preview, "-o", png], cwd: app)
            #expect(run.status == 0, "\(run.stderr)")
            bytes[preview] = FileManager.default.contents(atPath: png)
            if preview == "unknown" {
                #expect(run.stderr.contains("unknown icon 'not.a.symbol'") && run.stderr.contains("drawn as a question mark"), "\(run.stderr)")
            }
        }
        // Same frame (the layout does not move), other pixels than the bell and than no icon at all.
        let empty = app + "/empty.json", emptyPNG = app + "/empty.png"
        try #"{"symbol": "", "eta": "2026-11-22T12:15:00+09:00"}"#.write(toFile: empty, atomically: true, encoding: .utf8)
        let none = try await runWidgetshot(["render", "loc", "--surface", "systemSmall", "--data", empty,
                                            "--now", "2026-11-22T12:00:00+09:00", "-o", emptyPNG], cwd: app)
        #expect(none.status == 0, "\(none.stderr)")
        #expect(bytes["unknown"] != nil && bytes["unknown"] != bytes["known"])
        #expect(bytes["unknown"] != FileManager.default.contents(atPath: emptyPNG))
    }

    /// A date as Swift's default JSONEncoder writes it (seconds since 2001) through `render --data`:
    /// a warning naming the path and the encoding that fits (before: the timer read 271752:15:00,
    /// silently). The layout's `dateEncoding: deferredToDate` reads it right, without a warning.
    @Test(.childProcess) func aSwiftEncodedDateIsWarnedOnRender() async throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let swiftDate = 817_010_100  // 2026-11-22T03:15:00Z, seconds since 2001-01-01
        let data = app + "/entry.json"
        try #"{"symbol": "bell", "eta": \#(swiftDate)}"#.write(toFile: data, atomically: true, encoding: .utf8)
        let args = ["render", "loc", "--surface", "systemSmall", "--data", data, "--now", "2026-11-22T12:00:00+09:00", "-o", app + "/t.png"]
        let run = try await runWidgetshot(args, cwd: app)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: eta: 817010100 read as seconds since 1970"), "\(run.stderr)")
        #expect(run.stderr.contains("set `dateEncoding: deferredToDate` in the layout 'loc'"), "\(run.stderr)")
        let layout = app + "/Widgets/Layouts/loc.yaml"
        let text = try String(contentsOfFile: layout, encoding: .utf8)
        try text.replacingOccurrences(of: "name: loc\n", with: "name: loc\ndateEncoding: deferredToDate\n")
            .write(toFile: layout, atomically: true, encoding: .utf8)
        let fixed = try await runWidgetshot(args, cwd: app)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(!fixed.stderr.contains("dateEncoding"), "\(fixed.stderr)")
    }

    /// No goldens at all (a typo in `goldens:`): one line naming the folder looked in and exit 1,
    /// not a MISSING line per cell.
    @Test(.childProcess) func noGoldensIsOneLineNamingTheFolder() async throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let verify = try await runWidgetshot(["verify"], cwd: app)
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        let lines = verify.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(verify.stdout)")
        #expect(lines.first?.hasPrefix("MISSING no goldens found: Widgets/Golden/ (project file widgetshot.yaml) does not exist; ") == true, "\(verify.stdout)")
    }

    /// Text-mode verify: one line per cause with the golden's path relative to the working
    /// directory, not a line per golden with absolute paths.
    @Test(.childProcess) func textVerifyPrintsOneLinePerCause() async throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let record = try await runWidgetshot(["record"], cwd: app)
        #expect(record.status == 0, "\(record.stdout)\(record.stderr)")
        let layout = app + "/Widgets/Layouts/loc.yaml"
        let text = try String(contentsOfFile: layout, encoding: .utf8)
        try text.replacingOccurrences(of: "size: 40", with: "size: 20").write(toFile: layout, atomically: true, encoding: .utf8)
        let verify = try await runWidgetshot(["verify", "--format", "text"], cwd: app)
        #expect(verify.status == 1, "\(verify.stdout)\(verify.stderr)")
        let failures = verify.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
        // Two previews × light, dark and tinted: one cause per preview's icon (the bell and the question mark differ).
        #expect((1...2).contains(failures.count), "\(verify.stdout)")
        #expect(failures.allSatisfy { $0.contains(": Widgets/Golden/loc/systemSmall/") && $0.contains(" more (Widgets/Layouts/loc.yaml:") },
                "\(verify.stdout)")
        #expect(!verify.stdout.contains(app), "absolute paths: \(verify.stdout)")
    }

    /// `widgetshot bench` run by name from PATH, as a team's CI runs it: its cold start runs the
    /// program itself again, which it found as argv[0] against the working directory (the bare word
    /// `widgetshot` there: "cannot run"). Now `ProjectFolders.currentExecutable`, the one way.
    @Test(.childProcess) func benchRunByNameFromPathStartsItself() async throws {
        let dir = scratchDirectory("bench-by-name")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/bin/widgetshot", withDestinationPath: CLIProcess.binary)
        let path = dir + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let script = "cd \(dir) && widgetshot bench reference --project \(Project.root) --surface systemMedium --scales 2 --iterations 1 --warmup 0 --cold-runs 1"
        let run = try await CLIProcess(binary: "/bin/sh", ["-c", script], environment: ["PATH": path], cwd: dir).wait(seconds: 120)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("cold") || run.stderr.contains("cold"), "\(run.stdout)\(run.stderr)")
    }

    /// `widgetshot schema` writes into the project's layouts folder (or --out), not the working
    /// directory, and writes the fuzz dictionary only when asked.
    @Test(.childProcess) func schemaWritesWhereTheProjectSays() async throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let elsewhere = scratchDirectory("schema-cwd")
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let run = try await runWidgetshot(["schema", "--project", app], cwd: elsewhere)
        #expect(run.status == 0, "\(run.stderr)")
        let schema = app + "/Widgets/Layouts/schema/layout.schema.json"
        #expect(String(decoding: FileManager.default.contents(atPath: schema) ?? Data(), as: UTF8.self).contains("\"$schema\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty, "wrote into the working directory")
        // The layouts folder still lists only layouts.
        let list = try await runWidgetshot(["lint", "--format", "text"], cwd: app)
        #expect(list.stderr.contains("1 file(s)"), "\(list.stderr)")
        let out = elsewhere + "/s.json"
        let chosen = try await runWidgetshot(["schema", "--project", app, "--out", out], cwd: elsewhere)
        #expect(chosen.status == 0 && FileManager.default.fileExists(atPath: out), "\(chosen.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["s.json"])
    }
}
