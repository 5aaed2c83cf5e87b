import Foundation
import Testing
import TestSupport
import WidgetShot

/// The CLI side of the fourth hostile round: outputs that are not files, projects that check
/// nothing, folders linked out of the project, files far over their limits, blank references.
@Suite(.timeLimit(.minutes(3)))
struct HostileRoundFourCLITests {
    /// A project holding the reference layout, the checkout's fonts linked in.
    static func project() throws -> String {
        let root = scratchDirectory("round4")
        try FileManager.default.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Project.root + "/Layouts/reference.yaml", toPath: root + "/Layouts/reference.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
        return root
    }

    func fileType(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test("render -o into a FIFO writes through it and leaves the FIFO a FIFO", .childProcess)
    func renderWritesThroughAFIFO() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fifo = root + "/out.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(fifo)
        let run = try await runWidgetshot(["render", "reference", "--surface", "systemMedium", "-o", fifo, "--project", root])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = reader.wait() ?? Data()
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(bytes.count) bytes")
        #expect(fileType(fifo) == S_IFIFO)
        let null = try await runWidgetshot(["render", "reference", "--surface", "systemMedium", "-o", "/dev/null", "--project", root])
        #expect(null.status == 0, "\(null.stderr)")
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    @Test("lint, verify, record and prune exit 2 naming the folder when there are no layouts; --allow-empty lets them pass", .childProcess)
    func noLayoutsIsAnError() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "layouts: Widget/Layouts\n".write(toFile: root + "/widgetshot.yaml", atomically: true, encoding: .utf8)
        for command in [["lint"], ["lint", "--strict"], ["verify"], ["record"], ["prune"]] {
            let run = try await runWidgetshot(command + ["--project", root])
            #expect(run.status == 2, "\(command): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.contains("no layouts found: \(root)/Widget/Layouts") && run.stderr.contains("does not exist"), "\(command): \(run.stderr)")
        }
        let allowed = try await runWidgetshot(["verify", "--allow-empty", "--project", root])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
    }

    @Test("a layouts folder linked out of the project is refused before anything is read", .childProcess)
    func aLinkedLayoutsFolderIsRefused() async throws {
        let root = try Self.project()
        let outside = scratchDirectory("round4-outside")
        defer { try? FileManager.default.removeItem(atPath: root); try? FileManager.default.removeItem(atPath: outside) }
        try "name: secret\n".write(toFile: outside + "/secret.yaml", atomically: true, encoding: .utf8)
        try "layouts: Linked\n".write(toFile: root + "/widgetshot.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/Linked", withDestinationPath: outside)
        let run = try await runWidgetshot(["lint", "--project", root])
        #expect(run.status == 2)
        #expect(run.stderr.contains("'layouts: Linked' reaches outside the project folder through a symbolic link"), "\(run.stderr)")
        #expect(!run.stderr.contains("secret") && !run.stdout.contains("secret"))
    }

    @Test("a 1 GiB widgetshot.yaml is refused from its size, not read", .childProcess)
    func aHugeProjectFileIsNotRead() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/widgetshot.yaml"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 1 << 30) == 0)  // sparse: costs no disk
        let run = try await runWidgetshot(["list", "--project", root])
        #expect(run.status == 2)
        #expect(run.stderr.contains("widgetshot.yaml: larger than 65536 bytes"), "\(run.stderr)")
    }

    @Test("calibrate against a blank reference fails instead of matching 0 of 0", .childProcess)
    func calibrateOnABlankReferenceFails() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let blank = try PNGCodec.encode(Bitmap(straight: RGBAImage(width: 200, height: 200, pixels: [UInt8](repeating: 255, count: 200 * 200 * 4))))
        try Data(blank).write(to: URL(fileURLWithPath: root + "/blank.png"))
        let run = try await runWidgetshot(["calibrate", root + "/blank.png", "--layout", "reference", "--surface", "systemMedium", "--canvas", "100x100", "--project", root])
        #expect(run.status != 0, "\(run.stdout)")
        #expect(run.stderr.contains("the reference has no elements"), "\(run.stderr)")
    }
}
