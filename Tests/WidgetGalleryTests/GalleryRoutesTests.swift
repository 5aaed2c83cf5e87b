import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import Testing
import TestSupport
import WidgetServer
import WidgetShot

@Suite("Gallery routes (GET /, /gallery/…)")
struct GalleryRoutesTests {
    @Test("/ serves the page, its images are served with an immutable versioned address, nothing outside the gallery is")
    func routes() async throws {
        let project = try WatchedProject()
        defer { project.remove() }
        var logger = Logger(label: "widgetshot.gallery.test")
        logger.logLevel = .warning
        let server = try RenderServer(folders: ProjectFolders(root: project.root), host: "127.0.0.1", port: 0,
                                      workerThreads: 2, logger: logger)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task(executorPreference: ServerExecutor.shared) { defer { continuation.finish() }; try await server.run { continuation.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        defer { task.cancel() }
        func get(_ path: String) async throws -> (Int, String?, Data) {
            let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            let http = response as! HTTPURLResponse
            return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), data)
        }
        let (status, type, body) = try await get("/")
        #expect(status == 200 && type?.hasPrefix("text/html") == true)
        let html = String(decoding: body, as: UTF8.self)
        let src = try #require(html.firstMatch(of: /src="(gallery\/reference\/systemMedium\/onTheWay-light\.png\?v=[0-9a-f]+)"/)?.1)
        let (imageStatus, imageType, png) = try await get("/" + src)
        #expect(imageStatus == 200 && imageType == "image/png" && png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        for bad in ["/gallery/..%2F..%2Fetc%2Fpasswd", "/gallery/.gallery-manifest.json", "/gallery/reference/nosuch.png", "/gallery/index.html"] {
            #expect(try await get(bad).0 == 404, "\(bad)")
        }
        task.cancel()
        _ = await task.result
    }
}
