import Foundation
import Testing
import TestSupport
import WidgetServer
import WidgetShot

/// The server under the safe-path rule: its error bodies name files relative to the project
/// folder, a layout linked outside the layouts folder stops it with an error that shows nothing of
/// the target, and its gallery folder cannot be planted beforehand.
@Suite(.timeLimit(.minutes(2)))
struct SafePathRouteTests {
    /// A project in its own temporary folder (the fonts linked in) and a `victim/` folder beside it.
    struct Sandbox {
        let base = NSTemporaryDirectory() + "/ws-safepath-server-\(UUID().uuidString)"
        var root: String { base + "/project" }
        var victim: String { base + "/victim" }
        var folders: ProjectFolders { ProjectFolders(root: root) }

        init(_ files: [String: String]) throws {
            let fm = FileManager.default
            try fm.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
            try fm.createDirectory(atPath: victim, withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
            for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/" + name)) }
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }
    }

    static let picture = """
        name: pic
        surfaces:
          systemSmall:
            view:
              image: nothere.png
        previews:
          one: { data: {} }

        """

    @Test func errorBodiesNameFilesRelativeToTheProject() async throws {
        let box = try Sandbox(["pic.yaml": Self.picture])
        defer { box.remove() }
        let server = try await RunningServer.start(folders: box.folders)
        defer { Task { try? await server.stop() } }
        let reply = try await Client.send(server.url("/v1/render/pic/systemSmall.png"))
        #expect(reply.status == 422, "\(reply.text)")
        let message = reply.json?["error"] as? String ?? ""
        #expect(message.hasPrefix("Layouts/pic.yaml:5:") && message.contains("error: image not found: nothere.png"), "\(message)")
        #expect(!reply.text.contains(box.base), "the body shows \(box.base): \(reply.text)")
    }

    @Test func anImageThatCannotBeDecodedIsNamedWithoutItsFolder() async throws {
        let box = try Sandbox(["pic.yaml": Self.picture.replacingOccurrences(of: "nothere.png", with: "corrupt.png")])
        defer { box.remove() }
        // A PNG signature and an IHDR saying 2×2, and nothing a decoder can use after it.
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 2, 0, 0, 0, 2, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        try Data(header).write(to: URL(fileURLWithPath: box.root + "/Layouts/corrupt.png"))
        let server = try await RunningServer.start(folders: box.folders)
        defer { Task { try? await server.stop() } }
        let reply = try await Client.send(server.url("/v1/render/pic/systemSmall.png"))
        #expect(reply.status == 422, "\(reply.text)")
        let message = reply.json?["error"] as? String ?? ""
        #expect(message.hasPrefix("Layouts/pic.yaml:5:") && message.contains("error: image corrupt.png cannot be decoded"), "\(message)")
        #expect(!reply.text.contains(box.base), "the body shows \(box.base): \(reply.text)")
    }

    @Test func aLayoutLinkedOutsideStopsTheServerShowingNothingOfItsTarget() throws {
        let box = try Sandbox([:])
        defer { box.remove() }
        let secret = "ghp_SECRETTOKEN0123456789abcdefghijklmnopqrstuvwxyz"
        try Data("\(secret)\n".utf8).write(to: URL(fileURLWithPath: box.victim + "/token.txt"))
        try FileManager.default.createSymbolicLink(atPath: box.root + "/Layouts/leak.yaml", withDestinationPath: box.victim + "/token.txt")
        do {
            _ = try RenderServer(folders: box.folders, host: "127.0.0.1", port: 0)
            Issue.record("the server started with a layout linked outside the layouts folder")
        } catch {
            let text = "\(error)"
            #expect(text.contains("Layouts/leak.yaml:1:1: error: a symlink to a file outside the layouts folder"), "\(text)")
            #expect(!text.contains("SECRET") && !text.contains("ghp_"), "\(text)")
        }
    }

    @Test func theGalleryIsNotBuiltIntoAPlantedLink() async throws {
        let box = try Sandbox(["pic.yaml": Self.picture.replacingOccurrences(of: "image: nothere.png", with: "text: hi")])
        defer { box.remove() }
        // Where the gallery used to go: NSTemporaryDirectory()/widgetshot-gallery-FNV1a(root).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in box.root.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let planted = NSTemporaryDirectory() + "/widgetshot-gallery-" + String(hash, radix: 16)
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: box.victim)
        defer { try? FileManager.default.removeItem(atPath: planted) }
        // A file planted there to be served.
        try FileManager.default.createDirectory(atPath: box.victim + "/pic/systemSmall", withIntermediateDirectories: true)
        try Data("planted".utf8).write(to: URL(fileURLWithPath: box.victim + "/pic/systemSmall/planted.png"))

        let server = try await RunningServer.start(folders: box.folders)
        defer { Task { try? await server.stop() } }
        let page = try await Client.send(server.url("/"))
        #expect(page.status == 200)
        #expect(page.text.contains("pic/systemSmall/one-light.png"))
        let image = try await Client.send(server.url("/gallery/pic/systemSmall/one-light.png"))
        #expect(image.status == 200)
        #expect(image.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try await Client.send(server.url("/gallery/pic/systemSmall/planted.png")).status == 404)
        // An encoded slash does not make a way up either (the joined path is checked again).
        #expect(try await Client.send(server.url("/gallery/pic%2F..%2Fpic/systemSmall/one-light.png")).status == 404)
        #expect((FileManager.default.subpaths(atPath: box.victim) ?? []).sorted() == ["pic", "pic/systemSmall", "pic/systemSmall/planted.png"])
    }
}
