import Foundation
import Testing
import TestSupport
import WidgetShot

/// The release tarball's layout (`scripts/dist`: bin/widgetshot, share/widgetshot/Fonts) used on
/// `Examples/app-repo` copied where no WidgetShot checkout is near, as a team would use it: the
/// binary finds the project through `widgetshot.yaml` and its fonts in share/, and gives the
/// pixels the app repository's committed goldens hold. (`make dist` builds the same layout from the
/// release binary and tars it; this test lays it out from the test build's binary.)
/// Ten minutes a test: the Swift folder's cold build (about 45 s alone) ran past four minutes in a
/// fresh-clone CI run, beside the other suites' builds on two cores.
@Suite(.timeLimit(.minutes(10)))
struct DistCLITests {
    /// The test build's importer, beside its widgetshot.
    static var importer: String { URL(fileURLWithPath: CLIProcess.binary).deletingLastPathComponent().appendingPathComponent("widgetshot-import").path }

    /// Also the tarball's own checks: its name and checksum, the importer, the schema, the commit
    /// stamp --version says, and the Action's install step unpacking it (from a path, checksum given).
    @Test(.childProcess) func theReleaseLayoutRunsAnAppRepository() async throws {
        let scratch = scratchDirectory("dist")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let dist = try await CLIProcess(binary: "/bin/bash", ["scripts/dist", "--binary", CLIProcess.binary, "--importer", Self.importer, "--out", scratch + "/dist"],
                                        environment: [:], cwd: Project.root).wait(seconds: 180)
        #expect(dist.status == 0, "\(dist.stdout)\(dist.stderr)")
        let name = "widgetshot-\(WidgetShotVersion.describe(commit: nil))-linux-" + Self.machine()
        let tarball = scratch + "/dist/" + name + ".tar.gz"
        let sum = try String(contentsOfFile: tarball + ".sha256", encoding: .utf8)
        #expect(sum.wholeMatch(of: /[0-9a-f]{64}  widgetshot-[^ \/]+\.tar\.gz\n/) != nil && sum.hasSuffix("  \(name).tar.gz\n"), "\(sum)")
        let staged = scratch + "/dist/" + name
        let stamp = try String(contentsOfFile: staged + "/share/widgetshot/build-commit", encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(BuildCommit.isCommit(stamp) && stamp.count == 12, "\(stamp)")
        let schema = try Data(contentsOf: URL(fileURLWithPath: staged + "/share/widgetshot/schema/layout.schema.json"))
        #expect(schema == (try Data(contentsOf: URL(fileURLWithPath: Project.root + "/Layouts/schema/layout.schema.json"))),
                "the tarball's schema is not the committed Layouts/schema/layout.schema.json")
        #expect(FileManager.default.fileExists(atPath: staged + "/share/doc/widgetshot/release.md"))

        // Unpacked as the Action does (scripts/action-install, checksum from the .sha256 file).
        let release = scratch + "/installed"
        let install = try await CLIProcess(binary: "/bin/bash", [Project.root + "/scripts/action-install", "--dest", release, "--url", tarball,
                                                                 "--sha256", String(sum.prefix(64))], environment: [:], cwd: scratch).wait(seconds: 120)
        #expect(install.status == 0 && install.stdout.contains("(checked)"), "\(install.stdout)\(install.stderr)")
        let bin = release + "/bin/widgetshot"
        #expect(FileManager.default.isExecutableFile(atPath: release + "/bin/widgetshot-import"))
        #expect(FileManager.default.fileExists(atPath: release + "/share/widgetshot/Fonts/licenses"))
        #expect(FileManager.default.fileExists(atPath: release + "/share/doc/widgetshot/LICENSE"))
        let version = try await CLIProcess(binary: bin, ["--version"], environment: [:], cwd: scratch).wait(seconds: 30)
        #expect(version.stdout == WidgetShotVersion.describe(commit: stamp) + "\n", "\(version.stdout)")

        // The app repository, far from any checkout (no Package.swift above it).
        let app = scratch + "/app-repo"
        // Its widget files, not the build folder of its Swift test package (WidgetTests/.build).
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        for item in ["widgetshot.yaml", "Widgets", "README.md"] {
            try FileManager.default.copyItem(atPath: Project.root + "/Examples/app-repo/" + item, toPath: app + "/" + item)
        }
        let here = app + "/Widgets"
        func run(_ arguments: [String]) async throws -> CLIProcess.Outcome {
            try await CLIProcess(binary: bin, arguments, environment: [:], cwd: here).wait(seconds: 120)
        }
        let lint = try await run(["lint"])
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let verify = try await run(["verify", "--report", scratch + "/report"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("10 passed"), "\(verify.stdout)")
        let record = try await run(["record"])
        #expect(record.status == 0 && record.stdout.contains("0 created, 0 updated, 10 unchanged"), "\(record.stdout)\(record.stderr)")
        // Run by name from PATH, as a CI step does: argv[0] is the bare word, the fonts are still found
        // beside the program (a clean Debian root showed "no fonts were installed with widgetshot").
        let byName = try await CLIProcess(binary: "/bin/sh", ["-c", "exec widgetshot verify"],
                                          environment: ["PATH": release + "/bin:/usr/bin:/bin"], cwd: here).wait(seconds: 120)
        #expect(byName.status == 0 && byName.stdout.contains("10 passed"), "\(byName.stdout)\(byName.stderr)")
        let gallery = try await run(["gallery", "--out", scratch + "/gallery"])
        #expect(gallery.status == 0, "\(gallery.stdout)\(gallery.stderr)")
        let pngs = FileManager.default.enumerator(atPath: scratch + "/gallery")?.compactMap { $0 as? String }.filter { $0.hasSuffix(".png") } ?? []
        #expect(pngs.count >= 10, "\(pngs)")
        // The docs' drift check (docs/import.md) with the tarball's importer, far from a checkout.
        try FileManager.default.copyItem(atPath: Project.root + "/Examples/swift-only/DeliveryWidgets", toPath: app + "/DeliveryWidgets")
        let imported = try await CLIProcess(binary: bin, ["import", "DeliveryWidgets", "-o", "delivery.yaml", "--quiet"], environment: [:], cwd: app).wait(seconds: 60)
        #expect(imported.status == 0, "\(imported.stderr)")
        let drift = try await CLIProcess(binary: bin, ["import", "--check", "delivery.yaml", "DeliveryWidgets"], environment: [:], cwd: app).wait(seconds: 60)
        #expect(drift.status == 0 && (drift.stdout + drift.stderr).contains("no imported view changed"), "\(drift.stdout)\(drift.stderr)")
    }

    /// The same layout builds a team's widget folder against the sources it carries
    /// (share/widgetshot/package) and verifies the Swift-only example's goldens, far from a checkout.
    @Test(.childProcess) func theReleaseLayoutBuildsASwiftFolder() async throws {
        let scratch = scratchDirectory("dist-swift")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let dist = try await CLIProcess(binary: "/bin/bash", ["scripts/dist", "--binary", CLIProcess.binary, "--no-importer", "--out", scratch + "/dist", "--no-tar"],
                                        environment: [:], cwd: Project.root).wait(seconds: 120)
        #expect(dist.status == 0 && dist.stdout.contains("(no widgetshot-import: --no-importer)"), "\(dist.stdout)\(dist.stderr)")
        let release = scratch + "/dist/widgetshot-\(WidgetShotVersion.describe(commit: nil))-linux-" + Self.machine()
        #expect(FileManager.default.fileExists(atPath: release + "/share/widgetshot/package/Sources/SwiftUI"))
        let app = scratch + "/swift-only"
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        for item in ["widgetshot.yaml", "DeliveryWidgets", "Golden"] {
            try FileManager.default.copyItem(atPath: Project.root + "/Examples/swift-only/" + item, toPath: app + "/" + item)
        }
        let verify = try await CLIProcess(binary: release + "/bin/widgetshot", ["verify"], environment: ["WIDGETSHOT_PACKAGE": ""],
                                          cwd: app).wait(seconds: 540)
        #expect(verify.status == 0 && verify.stdout.contains("20 passed, 0 failed"), "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stderr.contains("against WidgetShot's SwiftUI in " + release + "/share/widgetshot/package"), "\(verify.stderr)")
    }

    static func machine() -> String {
        var u = utsname()
        uname(&u)
        return withUnsafeBytes(of: &u.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
