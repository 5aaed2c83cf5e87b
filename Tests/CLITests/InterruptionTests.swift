import Foundation
import Testing
import TestSupport
import WidgetDiff
import WidgetShot
import WidgetGoldens
import WidgetModel

/// SIGINT or SIGTERM during `gallery` or `record` leaves no temporary file, and an interrupted
/// `record` leaves a manifest that describes every golden on disk. These run the real CLI.
@Suite(.serialized) struct InterruptionTests {
    /// Stops the process again and again until one of its temporary files is on disk while it is
    /// stopped, then sends `signal` and lets it go on: the signal arrives while a file is being
    /// written. Returns false if the run ended before that happened.
    /// `ready` says when to start trying (e.g. once some goldens are written).
    static func interruptWhileWriting(_ run: CLIProcess, in directory: String, signal: Int32,
                                      ignoring: Set<String> = [], ready: () -> Bool = { true }) -> Bool {
        let deadline = Date().addingTimeInterval(90)
        while run.isRunning && Date() < deadline {
            guard ready() else { usleep(1000); continue }
            guard run.stop() else { break }
            if !Set(temporaryFiles(in: directory)).subtracting(ignoring).isEmpty {
                kill(run.pid, signal)
                run.resume()
                return true
            }
            run.resume()
            usleep(UInt32.random(in: 200...1500))
        }
        return false
    }

    @Test(.childProcess) func sigintDuringGalleryRemovesItsTemporaryFiles() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-gallery-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var caught = false
        for _ in 0..<3 where !caught {
            try? FileManager.default.removeItem(atPath: out)
            let run = try CLIProcess(["gallery", "--out", out, "--scale", "3", "--project", Project.root])
            caught = Self.interruptWhileWriting(run, in: out, signal: SIGINT)
            let end = await run.wait()
            if caught {
                #expect(end.killedBy == nil && end.status == 130, "exit \(end.status), signal \(end.killedBy.map(String.init) ?? "none")")
                #expect(temporaryFiles(in: out).isEmpty, "left behind: \(temporaryFiles(in: out))")
            }
        }
        #expect(caught, "gallery never had a temporary file on disk while stopped")
    }

    @Test(.childProcess) func sigtermDuringRecordLeavesGoldensAndManifestConsistent() async throws {
        let project = try ScratchProject(from: Project.root)
        defer { project.remove() }
        // Goldens to record: every delivery golden, missing with its manifest entry.
        try FileManager.default.removeItem(atPath: project.golden + "/delivery")
        var manifest = try GoldenManifest.load(project.golden + "/manifest.json")
        manifest.entries = manifest.entries.filter { !$0.key.hasPrefix("delivery/") }
        try manifest.write(to: project.golden + "/manifest.json")
        // A temporary file of an earlier run that was killed (its process is gone).
        let staleName = try "reference/.old.png.\(Self.deadProcessID()).42.tmp"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: project.golden + "/" + staleName))

        let run = try CLIProcess(["record", "--project", project.root])
        // Interrupted once a good number of goldens exist, so the manifest has work to show.
        let caught = Self.interruptWhileWriting(run, in: project.golden, signal: SIGTERM, ignoring: [staleName]) {
            (FileManager.default.enumerator(atPath: project.golden + "/delivery")?.allObjects.count ?? 0) > 40
        }
        let end = await run.wait()
        #expect(caught, "record never had a temporary file on disk while stopped")
        if caught {
            #expect(end.killedBy == nil && end.status == 143, "exit \(end.status), signal \(end.killedBy.map(String.init) ?? "none"); \(end.stderr)")
        }
        #expect(temporaryFiles(in: project.golden).isEmpty, "left behind: \(temporaryFiles(in: project.golden))")
        try Self.expectManifestDescribesEveryGolden(project.golden)

        // Verify trusts nothing it cannot check: what was recorded passes, the rest is missing.
        let verify = try await CLIProcess.run(["verify", "--project", project.root])
        #expect(!verify.stdout.contains("FAIL ") && !verify.stdout.contains("ERROR "), "\(verify.stdout)")
        #expect(verify.status == (verify.stdout.contains("MISSING ") ? 1 : 0), "\(verify.stdout)\(verify.stderr)")

        // Recording again finishes the job; then everything verifies.
        let again = try await CLIProcess.run(["record", "--project", project.root])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        try Self.expectManifestDescribesEveryGolden(project.golden)
        let final = try await CLIProcess.run(["verify", "--project", project.root])
        #expect(final.status == 0 && final.stdout.contains(" passed, 0 failed"), "\(final.stdout)\(final.stderr)")
    }

    @Test(.childProcess) func staleTemporaryFilesAreRemovedByTheNextGallery() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-stale-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let folder = out + "/delivery/systemSmall"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = try folder + "/.onTheWay-light.png.\(Self.deadProcessID()).7.tmp"
        let mine = folder + "/.onTheWay-dark.png.\(getpid()).8.tmp"   // a live writer, just now
        let unrelated = folder + "/.notes.tmp"
        for path in [dead, mine, unrelated] { try Data([0]).write(to: URL(fileURLWithPath: path)) }

        let run = try await CLIProcess.run(["gallery", "--out", out, "--layout", "delivery", "--surface", "systemSmall", "--preview", "onTheWay",
                                      "--project", Project.root])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: mine))
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }

    @Test func oldTemporaryFilesAreStaleEvenIfTheirProcessIdIsAlive() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-old-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/a/b", withIntermediateDirectories: true)
        let old = dir + "/a/b/.x.png.\(getppid()).9.tmp"
        let fresh = dir + "/a/.y.png.\(getppid()).10.tmp"
        for path in [old, fresh] { try Data([0]).write(to: URL(fileURLWithPath: path)) }
        let limits = Limits.default
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-limits.staleTempFileSeconds - 60)],
                                              ofItemAtPath: old)
        let removed = AtomicFile.removeStaleTempFiles(in: dir, limits: limits)
        #expect(removed == [old])
        #expect(FileManager.default.fileExists(atPath: fresh))
    }

    /// The manifest names every golden PNG under `golden` with the hash of the bytes on disk.
    static func expectManifestDescribesEveryGolden(_ golden: String) throws {
        let manifest = try GoldenManifest.load(golden + "/manifest.json")
        let walker = FileManager.default.enumerator(atPath: golden)!
        var count = 0
        while let rel = walker.nextObject() as? String {
            guard rel.hasSuffix(".png") else { continue }
            count += 1
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: golden + "/" + rel)))
            guard let entry = manifest.entries[rel] else { Issue.record("no manifest entry for \(rel)"); continue }
            #expect(entry.file == ImageDiff.bytesHash(bytes), "\(rel): the manifest describes other bytes")
        }
        #expect(count > 0)
    }

    /// The id of a process that has exited.
    static func deadProcessID() throws -> pid_t {
        let child = try ChildProcess("/bin/true")
        _ = try child.wait()
        return child.pid
    }
}

/// A manifest that is there but unreadable is an error naming the file and the place, never an
/// empty manifest.
@Suite struct ManifestErrorTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-manifest-\(UUID().uuidString)").path

    func write(_ text: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/manifest.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func error(loading text: String) throws -> String {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try write(text)
        do {
            let m = try GoldenManifest.load(path)
            Issue.record("loaded \(m.entries.count) entries from \(text.debugDescription)")
            return ""
        } catch let e as GoldenFileError {
            return e.description
        }
    }

    @Test func absentIsEmpty() throws {
        #expect(try GoldenManifest.load(dir + "/none.json").entries.isEmpty)
    }

    @Test func emptyFileIsAnError() throws {
        #expect(try error(loading: "") == dir + "/manifest.json:1:1: the file is empty (expected a JSON object)")
        #expect(try error(loading: "\n  \n").hasPrefix(dir + "/manifest.json:1:1: the file is empty"))
    }

    @Test(.childProcess) func truncatedFileIsLocatedAtItsEnd() throws {
        let text = "{\n  \"entries\" : {\n    \"a/b/c.png\" : {\n      \"file\" : \"49af"
        let message = try error(loading: text)
        #expect(message.hasPrefix(dir + "/manifest.json:4:21: invalid JSON"), "\(message)")
    }

    @Test(.childProcess) func syntaxErrorIsLocated() throws {
        let message = try error(loading: "{\n  \"entries\" : {,\n}")
        #expect(message.hasPrefix(dir + "/manifest.json:2:16: invalid JSON"), "\(message)")
    }

    @Test func wrongShapeNamesTheField() throws {
        let message = try error(loading: #"{"version": 1, "entries": {"a.png": {"file": 3, "pixels": "p"}}}"#)
        #expect(message == dir + "/manifest.json: entries.a.png.file: expected String", "\(message)")
        let version = try error(loading: #"{"version": 9, "entries": {}}"#)
        #expect(version.contains("version 9"), "\(version)")
    }

    @Test func malformedIgnoreListIsAnError() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(#"{"delivery/*": [{"x": 1, "y": 2}]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/ignore.json"))
        #expect { _ = try GoldenSuite(directory: dir) } throws: { error in
            "\(error)" == dir + "/ignore.json: delivery/*.0.width: missing"
        }
    }

    @Test(.childProcess) func verifyAndRecordRefuseATruncatedManifest() async throws {
        let project = try ScratchProject(from: Project.root)
        defer { project.remove() }
        let path = project.golden + "/manifest.json"
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let truncated = whole.prefix(whole.count / 2)
        try truncated.write(to: URL(fileURLWithPath: path))
        for command in ["verify", "record"] {
            let run = try await CLIProcess.run([command, "--project", project.root])
            #expect(run.status == 2, "\(command): exit \(run.status)")
            #expect(run.stderr.contains("error: \(path):") && run.stderr.contains("invalid JSON"), "\(command): \(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == truncated, "record must not rewrite a manifest it cannot read")
    }
}
