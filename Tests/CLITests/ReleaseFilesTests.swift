import Foundation
import Testing
import TestSupport
import WidgetShot
import Yams

/// The release steps that can run on Linux (docs/release.md): the version string's shape and where
/// its commit comes from, the tag check, the workflow's steps calling scripts that exist, and the
/// Action's install step run by hand against a release served on 127.0.0.1. The tarball itself is
/// DistCLITests; the clean Debian root is scripts/dist-root (not in `make test`: it needs root).
@Suite(.timeLimit(.minutes(3)))
struct ReleaseFilesTests {
    static let root = Project.root

    static func shell(_ arguments: [String], cwd: String? = nil, environment: [String: String] = [:]) async throws -> CLIProcess.Outcome {
        try await CLIProcess(binary: "/usr/bin/env", arguments, environment: environment, cwd: cwd ?? root).wait(seconds: 60)
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    // ---- the version ----------------------------------------------------------------------------

    @Test func aBuildFromACheckoutSaysDevAndItsCommit() async throws {
        #expect(WidgetShotVersion.release.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil)
        #expect(!WidgetShotVersion.isRelease, "main says isRelease = false; only the tagged commit says true")
        #expect(WidgetShotVersion.describe(commit: nil) == WidgetShotVersion.release + "-dev")
        #expect(WidgetShotVersion.describe(commit: "0123456789ab") == WidgetShotVersion.release + "-dev+0123456789ab")
        #expect(WidgetShotVersion.describe(commit: "not a commit") == WidgetShotVersion.release + "-dev")
        #expect(WidgetShotVersion.current.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+-dev\+[0-9a-f]{12}/) != nil, "\(WidgetShotVersion.current)")
        // HEAD as git says it (others may commit meanwhile: asked before and after).
        let before = try await Self.shell(["git", "rev-parse", "--short=12", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let read = BuildCommit.head(ofCheckout: Self.root)
        let after = try await Self.shell(["git", "rev-parse", "--short=12", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(read == before || read == after, "read \(read ?? "nil"), git said \(before) / \(after)")
    }

    @Test func theCommitIsReadThroughLooseRefsPackedRefsWorktreesAndTheInstallStamp() throws {
        let dir = scratchDirectory("build-commit")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = "aaaaaaaaaaaabbbbbbbbbbbbccccccccccccdddd", b = "1111111111112222222222223333333333334444"
        // Loose ref, then the same branch only in packed-refs.
        try Self.write("ref: refs/heads/main\n", to: dir + "/loose/.git/HEAD")
        try Self.write(a + "\n", to: dir + "/loose/.git/refs/heads/main")
        #expect(BuildCommit.head(ofCheckout: dir + "/loose") == "aaaaaaaaaaaa")
        try Self.write("ref: refs/heads/main\n", to: dir + "/packed/.git/HEAD")
        try Self.write("# pack-refs with: peeled fully-peeled sorted\n\(b) refs/heads/other\n\(a) refs/heads/main\n", to: dir + "/packed/.git/packed-refs")
        #expect(BuildCommit.head(ofCheckout: dir + "/packed") == "aaaaaaaaaaaa")
        // Detached (a package SwiftPM resolved at a tag), and a worktree sharing the main refs.
        try Self.write(b + "\n", to: dir + "/detached/.git/HEAD")
        #expect(BuildCommit.head(ofCheckout: dir + "/detached") == "111111111111")
        try Self.write("ref: refs/heads/feature\n", to: dir + "/loose/.git/worktrees/wt/HEAD")
        try Self.write("../..\n", to: dir + "/loose/.git/worktrees/wt/commondir")
        try Self.write(b + "\n", to: dir + "/loose/.git/refs/heads/feature")
        try Self.write("gitdir: \(dir)/loose/.git/worktrees/wt\n", to: dir + "/wt/.git")
        #expect(BuildCommit.head(ofCheckout: dir + "/wt") == "111111111111")
        // No .git (a source tarball), a ref leaving .git, a HEAD that is not a commit: nil.
        #expect(BuildCommit.head(ofCheckout: dir + "/nowhere") == nil)
        try Self.write("ref: refs/../../../etc/passwd\n", to: dir + "/escape/.git/HEAD")
        #expect(BuildCommit.head(ofCheckout: dir + "/escape") == nil)
        try Self.write("ref: refs/heads/gone\n", to: dir + "/gone/.git/HEAD")
        #expect(BuildCommit.head(ofCheckout: dir + "/gone") == nil)
        // The stamp scripts/dist writes beside bin/ wins over the checkout.
        try Self.write("#!/bin/sh\n", to: dir + "/install/bin/widgetshot")
        try Self.write("cafebabe0042\n", to: dir + "/install/" + BuildCommit.stampPath)
        #expect(BuildCommit.find(executable: dir + "/install/bin/widgetshot", checkout: dir + "/loose") == "cafebabe0042")
        try Self.write("not hex\n", to: dir + "/install/" + BuildCommit.stampPath)
        #expect(BuildCommit.find(executable: dir + "/install/bin/widgetshot", checkout: dir + "/loose") == "aaaaaaaaaaaa")
    }

    // ---- the tag check --------------------------------------------------------------------------

    @Test(.childProcess) func releaseCheckRefusesMainAndAcceptsAReleaseCommit() async throws {
        let here = try await Self.shell(["bash", "scripts/release-check", "v" + WidgetShotVersion.release])
        #expect(here.status == 1 && here.stderr.contains("Sources/WidgetShot/Version.swift:") && here.stderr.contains("isRelease must be true"), "\(here.stderr)")
        let dir = scratchDirectory("release-check")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let version = try String(contentsOfFile: Self.root + "/Sources/WidgetShot/Version.swift", encoding: .utf8)
        try Self.write(version.replacingOccurrences(of: "isRelease = false", with: "isRelease = true"), to: dir + "/Sources/WidgetShot/Version.swift")
        try Self.write("# Changelog\n\n## \(WidgetShotVersion.release) - 2026-12-01\n\n- x\n", to: dir + "/CHANGELOG.md")
        let good = try await Self.shell(["bash", "scripts/release-check", "--root", dir, "v" + WidgetShotVersion.release])
        #expect(good.status == 0, "\(good.stderr)")
        let other = try await Self.shell(["bash", "scripts/release-check", "--root", dir, "v9.9.9"])
        #expect(other.status == 1 && other.stderr.contains("release is \"\(WidgetShotVersion.release)\", the tag says 9.9.9"), "\(other.stderr)")
        let shape = try await Self.shell(["bash", "scripts/release-check", "--root", dir, "v0.7"])
        #expect(shape.status == 1 && shape.stderr.contains("not vMAJOR.MINOR.PATCH"), "\(shape.stderr)")
        try Self.write("# Changelog\n\n## \(WidgetShotVersion.release) (unreleased)\n", to: dir + "/CHANGELOG.md")
        let undated = try await Self.shell(["bash", "scripts/release-check", "--root", dir, "v" + WidgetShotVersion.release])
        #expect(undated.status == 1 && undated.stderr.contains("CHANGELOG.md:3: '## \(WidgetShotVersion.release) (unreleased)' must read"), "\(undated.stderr)")
    }

    // ---- the workflow and the Action ------------------------------------------------------------

    static func yaml(_ path: String) throws -> [String: Any] {
        let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any], "\(path) is not a YAML mapping")
    }

    static func runLines(_ steps: [[String: Any]]) -> String { steps.compactMap { $0["run"] as? String }.joined(separator: "\n") }

    static func scripts(in text: String) -> Set<String> {
        Set(text.matches(of: /scripts\/[a-z][a-z-]*/).map { String($0.output) })
    }

    @Test(.childProcess) func theReleaseWorkflowRunsOnATagAndCallsScriptsThatExist() async throws {
        let workflow = try Self.yaml(".github/workflows/release.yml")
        // Yams reads the key `on` as the boolean true (YAML 1.1), as GitHub does not: either is accepted.
        let on = try #require((workflow["on"] ?? workflow[String(true)]) as? [String: Any], "no on:")
        #expect((on["push"] as? [String: Any])?["tags"] as? [String] == ["v*"])
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        #expect(Set(jobs.keys) == ["tarball", "clean-root", "publish"])
        func steps(_ job: String) throws -> [[String: Any]] {
            try #require((jobs[job] as? [String: Any])?["steps"] as? [[String: Any]], "no steps in \(job)")
        }
        func arches(_ job: String) -> Set<String> {
            let include = (((jobs[job] as? [String: Any])?["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["include"] as? [[String: Any]]
            return Set((include ?? []).compactMap { $0["arch"] as? String })
        }
        #expect(arches("tarball") == ["x86_64", "aarch64"] && arches("clean-root") == ["x86_64", "aarch64"])
        #expect((jobs["tarball"] as? [String: Any])?["container"] as? String == "swift:6.3.1-bookworm")
        let build = Self.runLines(try steps("tarball"))
        #expect(build.contains("scripts/release-check \"$GITHUB_REF_NAME\""))
        #expect(build.contains("swift build -c release --static-swift-stdlib --product widgetshot\n"))
        #expect(build.contains("swift build -c release --static-swift-stdlib --product widgetshot-import"))
        #expect(build.contains("scripts/dist --expect-version \"${GITHUB_REF_NAME#v}\""))
        let check = Self.runLines(try steps("clean-root"))
        #expect(check.contains("sha256sum -c") && check.contains("scripts/dist-root dist/widgetshot-*.tar.gz"))
        let publish = Self.runLines(try steps("publish"))
        #expect(publish.contains("gh release create") && publish.contains(".tar.gz.sha256"))
        // Every script named exists and is valid bash; the ones taking --help answer it.
        let named = Self.scripts(in: build + check + publish)
        #expect(named == ["scripts/release-check", "scripts/setup", "scripts/dist", "scripts/dist-root"], "\(named)")
        for script in named {
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + script), "\(script) is missing")
            let syntax = try await Self.shell(["bash", "-n", script])
            #expect(syntax.status == 0, "\(script): \(syntax.stderr)")
        }
        for script in ["scripts/dist", "scripts/release-check", "scripts/dist-root"] {
            let help = try await Self.shell(["bash", script, "--help"])
            #expect(help.status == 0 && !help.stdout.isEmpty, "\(script) --help: \(help.stderr)")
        }
        // The notes step's awk finds a section the way it is written in a release commit.
        let dir = scratchDirectory("notes")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write("# Changelog\n\n## 0.7.0 - 2026-12-01\n\n### Added\n\n- one\n\n## 0.6.0 - 2026-11-27\n\n- old\n", to: dir + "/CHANGELOG.md")
        let awk = try #require(publish.split(separator: "\n").first { $0.contains("awk ") }).trimmingCharacters(in: .whitespaces)
        let notes = try await Self.shell(["bash", "-c", "version=0.7.0; " + awk + " && cat notes.md"], cwd: dir)
        #expect(notes.status == 0 && notes.stdout == "\n### Added\n\n- one\n\n", "\(notes.stdout)|\(notes.stderr)")
    }

    @Test func theActionTakesAVersionOrAURLAndInstallsThroughTheScript() throws {
        let action = try Self.yaml("action.yml")
        let inputs = try #require(action["inputs"] as? [String: Any])
        #expect(Set(inputs.keys).isSuperset(of: ["version", "repository", "url", "sha256", "project", "report", "lint", "verify"]))
        #expect(inputs["tarball"] == nil)
        let steps = try #require((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
        let run = Self.runLines(steps)
        #expect(run.contains("bash \"$GITHUB_ACTION_PATH/scripts/action-install\" --dest \"$RUNNER_TEMP/widgetshot\""))
        #expect(Self.scripts(in: run) == ["scripts/action-install"])
        // The libraries it installs are the Dockerfile's runtime list.
        let dockerfile = try String(contentsOfFile: Self.root + "/Dockerfile", encoding: .utf8)
        let listed = try DeployFilesTests.runtimePackages(in: dockerfile)
        let installLine = try #require(steps.first { ($0["name"] as? String)?.hasPrefix("Runtime libraries") == true }?["run"] as? String)
        let installed = Set(installLine.replacingOccurrences(of: "\\\n", with: " ").split(whereSeparator: \.isWhitespace)
            .map(String.init).filter { $0.hasPrefix("lib") })
        #expect(installed == listed, "action.yml \(installed.sorted()) vs Dockerfile \(listed.sorted())")
        // The sample workflow uses it by version, with no placeholder hosts.
        let sample = try String(contentsOfFile: Self.root + "/docs/ci/github-actions-verify.yml", encoding: .utf8)
        #expect(sample.contains("version: 0.7.0") || sample.contains("version: ${{ env.WIDGETSHOT_VERSION }}"))
        #expect(!sample.contains("example.com") && !sample.contains("your-org"))
    }

    /// A project with `swift:` (docs/swift.md, "From an empty repository to a green verify in CI"):
    /// the action installs the Dockerfile's cli-swift -dev packages only when widgetshot.yaml has
    /// `swift:`, stops without a Swift toolchain, lints with --allow-empty; the Swift sample workflow
    /// parses, runs in the Swift image and uses the action by version with a cache per version.
    @Test(.childProcess) func aSwiftProjectsWorkflowHasAToolchainAndTheDevLibraries() async throws {
        let action = try Self.yaml("action.yml")
        let steps = try #require((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
        let swiftStep = try #require(steps.first { ($0["name"] as? String)?.hasPrefix("A project with swift:") == true })
        let run = try #require(swiftStep["run"] as? String)
        let dockerfile = try String(contentsOfFile: Self.root + "/Dockerfile", encoding: .utf8)
        let devPackages = try DeployFilesTests.installed(in: DeployFilesTests.stage("cli-swift", in: dockerfile))
        #expect(try DeployFilesTests.installed(in: run) == devPackages, "action.yml vs the Dockerfile's cli-swift stage")
        #expect(swiftStep["working-directory"] as? String == "${{ inputs.project }}")
        let names = steps.compactMap { $0["name"] as? String }
        #expect(names.firstIndex(of: swiftStep["name"] as! String)! < names.firstIndex(of: "Verify")!)

        // The step's script, run by bash in three projects: no swift: (nothing), swift: without a
        // toolchain (exit 1, the error names the container), swift: with one (apt-get reached: a
        // stand-in prints its arguments).
        let dir = scratchDirectory("action-swift")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.write("layouts: Layouts\n", to: dir + "/layouts-only/widgetshot.yaml")
        try Self.write("swift:\n  widgets: [DeliveryWidgets]\n", to: dir + "/swift/widgetshot.yaml")
        try Self.write("#!/bin/sh\necho \"apt-get $*\"\n", to: dir + "/bin/apt-get")
        try Self.write("#!/bin/sh\necho \"sudo $*\"; exec \"$@\"\n", to: dir + "/bin/sudo")
        try Self.write("#!/bin/sh\nexit 0\n", to: dir + "/bin/swift")
        for tool in ["apt-get", "sudo", "swift"] { chmod(dir + "/bin/" + tool, 0o755) }
        let noSwift = "\(dir)/bin-noswift"
        try FileManager.default.createDirectory(atPath: noSwift, withIntermediateDirectories: true)
        for tool in ["apt-get", "sudo"] { try FileManager.default.createSymbolicLink(atPath: noSwift + "/" + tool, withDestinationPath: dir + "/bin/" + tool) }
        func step(in project: String, path: String) async throws -> CLIProcess.Outcome {
            try await Self.shell(["bash", "-c", run], cwd: dir + "/" + project, environment: ["PATH": path + ":/usr/bin:/bin"])
        }
        let plain = try await step(in: "layouts-only", path: dir + "/bin")
        #expect(plain.status == 0 && !plain.stdout.contains("apt-get"), "\(plain)")
        let missing = try await step(in: "swift", path: noSwift)
        #expect(missing.status == 1 && missing.stdout.contains("::error file=widgetshot.yaml::") && missing.stdout.contains("swift:6.3.1-bookworm"), "\(missing)")
        let installs = try await step(in: "swift", path: dir + "/bin")
        #expect(installs.status == 0 && installs.stdout.contains("apt-get install -y -qq --no-install-recommends pkg-config libcairo2-dev"), "\(installs)")
        let lint = try #require(steps.first { $0["name"] as? String == "Lint" }?["run"] as? String)
        #expect(lint.contains("widgetshot lint --allow-empty") && lint.contains("^swift:"))

        // The sample: the Swift image as the job's container, the action by version, the cache.
        let sample = try Self.yaml("docs/ci/github-actions-swift.yml")
        let verify = try #require((sample["jobs"] as? [String: Any])?["verify"] as? [String: Any])
        #expect(verify["container"] as? String == "swift:6.3.1-bookworm")
        let used = try #require(verify["steps"] as? [[String: Any]])
        let uses = used.compactMap { $0["uses"] as? String }
        #expect(uses.contains("actions/checkout@v4") && uses.contains("OWNER/widgetshot@v0.7.0"), "\(uses)")
        let with = try #require(used.first { $0["uses"] as? String == "OWNER/widgetshot@v0.7.0" }?["with"] as? [String: Any])
        #expect(with["version"] as? String == "0.7.0" && with["lint"] == nil, "\(with)")
        let cache = try #require(used.first { $0["uses"] as? String == "actions/cache@v4" }?["with"] as? [String: Any])
        #expect(cache["path"] as? String == ".build/widgetshot-swift" && (cache["key"] as? String)?.hasPrefix("widgetshot-swift-0.7.0-") == true)
        let text = try String(contentsOfFile: Self.root + "/docs/ci/github-actions-swift.yml", encoding: .utf8)
        #expect(!text.contains("example.com") && !text.contains("your-org"))
        // The docs point at it.
        let docs = try String(contentsOfFile: Self.root + "/docs/swift.md", encoding: .utf8)
        #expect(docs.contains("## From an empty repository to a green verify in CI") && docs.contains("docs/ci/github-actions-swift.yml"))
    }

    /// A release as GitHub serves it (BASE/vX.Y.Z/widgetshot-X.Y.Z-linux-ARCH.tar.gz and .sha256),
    /// from a real HTTP server on 127.0.0.1; the tarball's widgetshot is a stand-in script saying
    /// its version, so that this runs in a second.
    @Test(.childProcess) func theActionsInstallStepChecksTheDownload() async throws {
        let dir = scratchDirectory("action-install")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arch = DistCLITests.machine() == "arm64" ? "aarch64" : DistCLITests.machine()
        func release(_ version: String, says: String) async throws -> String {
            let name = "widgetshot-\(version)-linux-\(arch)"
            try Self.write("#!/bin/sh\necho \(says)\n", to: "\(dir)/stage/\(name)/bin/widgetshot")
            try Self.write("{}\n", to: "\(dir)/stage/\(name)/share/widgetshot/schema/layout.schema.json")
            chmod("\(dir)/stage/\(name)/bin/widgetshot", 0o755)
            try FileManager.default.createDirectory(atPath: "\(dir)/www/v\(version)", withIntermediateDirectories: true)
            let pack = try await Self.shell(["sh", "-c", "tar -C stage -czf www/v\(version)/\(name).tar.gz \(name) && cd www/v\(version) && sha256sum \(name).tar.gz > \(name).tar.gz.sha256"], cwd: dir)
            #expect(pack.status == 0, "\(pack.stderr)")
            return "\(dir)/www/v\(version)/\(name).tar.gz"
        }
        let good = try await release("0.7.0", says: "0.7.0")
        let liar = try await release("0.7.1", says: "0.7.1-dev")
        let tampered = try await release("0.7.2", says: "0.7.2")
        try Self.write(String(repeating: "0", count: 64) + "  x.tar.gz\n", to: tampered + ".sha256")

        let server = try CLIProcess(binary: "/usr/bin/env", ["python3", "-c", """
            import http.server, sys
            class Quiet(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args): pass
            s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: Quiet(*a, directory=sys.argv[1]))
            print(s.server_address[1], flush=True)
            s.serve_forever()
            """, dir + "/www"], environment: [:], cwd: dir)
        defer { _ = server.terminate() }
        let deadline = Date().addingTimeInterval(20)
        while server.isRunning, !server.outputSoFar.contains("\n"), Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let port = try #require(Int(server.outputSoFar.trimmingCharacters(in: .whitespacesAndNewlines)), "no port from the server")
        let base = "http://127.0.0.1:\(port)"
        func install(_ arguments: [String]) async throws -> CLIProcess.Outcome {
            try await Self.shell(["bash", Self.root + "/scripts/action-install", "--dest", dir + "/ws"] + arguments, cwd: dir)
        }

        let ok = try await install(["--version", "0.7.0", "--base-url", base])
        #expect(ok.status == 0 && ok.stdout.contains("(checked)") && ok.stdout.contains("widgetshot 0.7.0 in \(dir)/ws"), "\(ok.stdout)\(ok.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/ws/share/widgetshot/schema/layout.schema.json"))
        let mismatch = try await install(["--version", "0.7.2", "--base-url", base])
        #expect(mismatch.status == 1 && mismatch.stderr.contains("checksum mismatch") && mismatch.stderr.contains("expected 0000"), "\(mismatch.stderr)")
        // The earlier install is untouched by a failed one.
        let still = try await Self.shell([dir + "/ws/bin/widgetshot"])
        #expect(still.stdout == "0.7.0\n")
        let wrong = try await install(["--version", "0.7.1", "--base-url", base])
        #expect(wrong.status == 1 && wrong.stderr.contains("says it is 0.7.1-dev, not 0.7.1"), "\(wrong.stderr)")
        let missing = try await install(["--version", "0.9.0", "--base-url", base])
        #expect(missing.status == 1 && missing.stderr.contains("could not download \(base)/v0.9.0/widgetshot-0.9.0-linux-\(arch).tar.gz.sha256"), "\(missing.stderr)")
        // Self-hosted: a URL (http or a path) with or without its checksum.
        let sum = try String(contentsOfFile: good + ".sha256", encoding: .utf8).prefix(64)
        let byURL = try await install(["--url", base + "/v0.7.0/" + (good as NSString).lastPathComponent, "--sha256", String(sum)])
        #expect(byURL.status == 0 && byURL.stdout.contains("(checked)"), "\(byURL.stdout)\(byURL.stderr)")
        let byPath = try await install(["--url", good])
        #expect(byPath.status == 0 && byPath.stdout.contains("::warning::widgetshot tarball not checked"), "\(byPath.stdout)\(byPath.stderr)")
        let badSum = try await install(["--url", good, "--sha256", String(repeating: "f", count: 64)])
        #expect(badSum.status == 1 && badSum.stderr.contains("checksum mismatch"), "\(badSum.stderr)")
        let neither = try await install([])
        #expect(neither.status == 2 && neither.stderr.contains("give --version X.Y.Z"), "\(neither.stderr)")
        // Which release: the repository the Action was taken from (its path under _actions/, since
        // github.action_repository is empty in composite actions), or --repo.
        let taken = try await Self.shell(["bash", Self.root + "/scripts/action-install", "--dest", dir + "/ws", "--version", "0.7.0", "--print-url"],
                                         environment: ["GITHUB_ACTION_PATH": "/home/runner/work/_actions/acme/widgetshot/v0.7.0"])
        #expect(taken.status == 0 && taken.stdout == "https://github.com/acme/widgetshot/releases/download/v0.7.0/widgetshot-0.7.0-linux-\(arch).tar.gz\n", "\(taken.stdout)\(taken.stderr)")
        let named = try await install(["--version", "v0.7.0", "--repo", "someone/fork", "--print-url"])
        #expect(named.stdout.hasPrefix("https://github.com/someone/fork/releases/download/v0.7.0/"), "\(named.stdout)\(named.stderr)")
        let odd = try await install(["--version", "0.7.0", "--repo", "a/b/../c", "--print-url"])
        #expect(odd.status == 2 && odd.stderr.contains("is not OWNER/NAME"), "\(odd.stderr)")
        let noRepo = try await install(["--version", "0.7.0"])
        #expect(noRepo.status == 2 && noRepo.stderr.contains("--version needs --repo OWNER/NAME"), "\(noRepo.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".widgetshot-install") || $0.hasPrefix("ws.old") }
        #expect(left.isEmpty, "\(left)")
    }
}
