import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// What the cheap cached path (20,000 answers/s) must not change: a remembered URL
/// still follows its layout folder's files, POST revalidation is 412 (RFC 9110 §13.1.2), the
/// access log line keeps every field, request ids stay unique, and the OpenAPI aliases are
/// generated from one table. Against real servers on 127.0.0.1 where a server is involved.
@Suite(.timeLimit(.minutes(1)))
struct FastPathTests {
    static let url = "/render/delivery/systemSmall.png?preview=onTheWay&scale=2"

    /// A project of its own: delivery.yaml copied, the fonts linked, so a test can add files.
    static func scratchProject() throws -> (root: String, folders: ProjectFolders) {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("ws-fast-\(UUID().uuidString)").path
        try fm.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
        let text = try String(contentsOfFile: Project.folders.layouts + "/delivery.yaml", encoding: .utf8)
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/delivery.yaml"))
        return (root, ProjectFolders(root: root))
    }

    @Test func aRememberedURLStillFollowsItsLayoutFolder() async throws {
        let (root, folders) = try Self.scratchProject()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try await RunningServer.start(folders: folders, serverLimits: CacheTests.generousLimits())
        defer { Task { try await server.stop() } }
        let first = try await Client.send(server.url(Self.url))
        #expect(first.status == 200)
        let etag = try #require(first.header("ETag"))
        // Remembered: the same answer, a cache hit, a 304 on its ETag.
        let second = try await Client.send(server.url(Self.url))
        #expect(second.header("ETag") == etag)
        #expect(second.header("X-Render-Cache") == "hit")
        #expect(second.body == first.body)
        #expect(try await Client.send(server.url(Self.url), headers: ["If-None-Match": etag]).status == 304)
        // The v1 path is another target, the same key.
        #expect(try await Client.send(server.url("/v1" + Self.url)).header("ETag") == etag)

        // A new file in the layout's folder (an image a data path could name) changes every key
        // made from that folder, remembered or not, once the folder is looked at again (≤ 1 s).
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: root + "/Layouts/badge.png"))
        var changed: Reply?
        for _ in 0..<40 {
            let reply = try await Client.send(server.url(Self.url), headers: ["If-None-Match": etag])
            if reply.status == 200 { changed = reply; break }
            #expect(reply.status == 304)
            try await Task.sleep(for: .milliseconds(100))
        }
        let after = try #require(changed, "the ETag did not change after a file was added to Layouts/")
        #expect(after.header("ETag") != etag)
        #expect(after.header("X-Render-Cache") == "miss")
    }

    @Test func aPOSTNamingItsETagIs412WithoutARender() async throws {
        let server = try await RunningServer.start(serverLimits: CacheTests.generousLimits())
        defer { Task { try await server.stop() } }
        let body = Array(#"{"layout": "delivery", "surface": "systemSmall", "preview": "onTheWay"}"#.utf8)
        let first = try await Client.send("POST", server.url("/v1/render"), body: body)
        #expect(first.status == 200)
        let etag = try #require(first.header("ETag"))
        #expect(try await CacheTests.renders(server) == 1)
        for tag in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            let again = try await Client.send("POST", server.url("/v1/render"), body: body, headers: ["If-None-Match": tag])
            #expect(again.status == 412, "\(tag)")
            #expect(again.header("ETag") == etag)
            #expect(again.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(again.json?["field"] as? String == "If-None-Match")
            #expect((again.json?["error"] as? String)?.contains("412") == true)
        }
        // A tag that does not match: the PNG (from the cache).
        let other = try await Client.send("POST", server.url("/render"), body: body, headers: ["If-None-Match": "\"x\""])
        #expect(other.status == 200)
        #expect(other.body == first.body)
        // GET and HEAD on the same inputs still get 304.
        let get = try await Client.send(server.url("/v1/render/delivery/systemSmall.png?preview=onTheWay"))
        let getTag = try #require(get.header("ETag"))
        #expect(try await Client.send(server.url("/v1/render/delivery/systemSmall.png?preview=onTheWay"),
                                      headers: ["If-None-Match": getTag]).status == 304)
        #expect(try await Client.send("HEAD", server.url("/v1/render/delivery/systemSmall.png?preview=onTheWay"),
                                      headers: ["If-None-Match": getTag]).status == 304)
        let text = try await CacheTests.metrics(server)
        #expect(CacheTests.metric(text, "widgetshot_renders_total", ["outcome": "ok"]) <= 2)  // the POST's and (maybe) the GET's
        #expect(CacheTests.metric(text, "widgetshot_http_requests_total", ["status": "412"]) == 4)
    }

    @Test func theAccessLogLineKeepsEveryField() async throws {
        let lines = CapturedLines()
        var logger = Logger(label: "widgetshot.server.test") { _ in CapturingHandler(lines: lines) }
        logger.logLevel = .info
        let server = try RenderServer(folders: Project.folders, host: "127.0.0.1", port: 0, workerThreads: 2,
                                      serverLimits: CacheTests.generousLimits(), logger: logger)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task(executorPreference: ServerExecutor.shared) {
            defer { continuation.finish() }
            try await server.run { continuation.yield($0) }
        }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let url = URL(string: "http://127.0.0.1:\(port)\(Self.url)")!
        _ = try await Client.send(url, headers: ["X-Request-Id": "log-1"])
        _ = try await Client.send(url, headers: ["X-Request-Id": "log-2"])
        let logged = lines.all.filter { $0.message == "request" }
        let first = try #require(logged.first { $0.metadata["request_id"] == "log-1" })
        let second = try #require(logged.first { $0.metadata["request_id"] == "log-2" })
        #expect(first.metadata["method"] == "GET")
        #expect(first.metadata["path"] == Self.url)
        #expect(first.metadata["status"] == "200")
        #expect(first.metadata["cache"] == "miss")
        #expect(second.metadata["cache"] == "hit")
        let ms = try #require(first.metadata["ms"])
        #expect(ms.wholeMatch(of: /[0-9]+\.[0-9]{2}/) != nil, "\(ms)")
    }

    @Test func millisecondsHaveTwoDecimals() {
        typealias M = RequestLogMiddleware<BasicRequestContext>
        #expect(M.milliseconds(0) == "0.00")
        #expect(M.milliseconds(70_000) == "0.07")
        #expect(M.milliseconds(104_999) == "0.10")
        #expect(M.milliseconds(12_495_000) == "12.50")
        #expect(M.milliseconds(1_234_567_890) == "1234.57")
        #expect(M.statusText(304) == "304" && M.statusText(99) == "99" && M.statusText(600) == "600")
        #expect(M.methodLabel(.get) == "GET" && M.methodLabel(HTTPRequest.Method("PROPFIND")!) == "other")
    }

    @Test func generatedRequestIdsAreUniqueLowercaseHex() {
        var seen = Set<String>()
        for _ in 0..<100_000 {
            let id = RequestId.generate()
            #expect(id.utf8.count == 32)
            seen.insert(id)
        }
        #expect(seen.count == 100_000)
        #expect(seen.allSatisfy { $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } })
    }

    @Test func theSignatureSearchIsBytewise() {
        #expect(AccessMiddleware<BasicRequestContext>.contains("a=1&sig=x", "sig="))
        #expect(AccessMiddleware<BasicRequestContext>.contains("expires=1", "expires="))
        #expect(!AccessMiddleware<BasicRequestContext>.contains("preview=sig", "sig="))
        #expect(!AccessMiddleware<BasicRequestContext>.contains("", "sig="))
        #expect(AccessMiddleware<BasicRequestContext>.contains("ünï&sig=1", "sig="))
    }

    @Test func ifNoneMatchListsAreReadByteByByte() {
        let tag = "\"abc\""
        #expect(RenderRoutes.matches(tag, tag))
        #expect(RenderRoutes.matches(" W/\"abc\" ", tag))
        #expect(RenderRoutes.matches("\"x\",\t\"abc\"", tag))
        #expect(RenderRoutes.matches("*", tag))
        #expect(!RenderRoutes.matches("\"abcd\"", tag))
        #expect(!RenderRoutes.matches("", tag))
        #expect(!RenderRoutes.matches("abc", tag))
    }

    /// The aliases' entries are made from the canonical ones: the same object but the operationId.
    @Test func theOpenAPIAliasesAreGeneratedFromOneTable() throws {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any])
        let paths = try #require(root["paths"] as? [String: Any])
        #expect(OpenAPIDocument.canonical.components(separatedBy: "\"/render\": {").count == 1)
        for (alias, of) in OpenAPIDocument.aliases {
            let copy = try #require(paths[alias] as? [String: Any], "\(alias)")
            let original = try #require(paths[of] as? [String: Any], "\(of)")
            #expect(Set(copy.keys) == Set(original.keys))
            for (method, operation) in original {
                var a = try #require(copy[method] as? [String: Any])
                var b = try #require(operation as? [String: Any])
                if let id = b["operationId"] as? String { #expect(a["operationId"] as? String == id + "Alias") }
                a["operationId"] = nil
                b["operationId"] = nil
                #expect(NSDictionary(dictionary: a).isEqual(to: b), "\(alias) \(method)")
            }
        }
        var ids: [String] = []
        for case let item as [String: Any] in paths.values {
            for case let operation as [String: Any] in item.values {
                if let id = operation["operationId"] as? String { ids.append(id) }
            }
        }
        #expect(Set(ids).count == ids.count, "\(ids.sorted())")
        #expect(ids.contains("renderDataAlias") && ids.contains("renderPreviewAlias") && ids.contains("listLayoutsAlias"))
    }

    @Test func theBufferedLogHandlerWritesStreamLogHandlersLines() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let sink = LogSink(fileDescriptor: fds[1])
        var logger = Logger(label: "widgetshot.server") { BufferedLogHandler(label: $0, sink: sink) }
        logger.logLevel = .info
        logger.info("request", metadata: ["status": "200", "path": "/health", "ms": .stringConvertible(1.5)])
        logger.debug("not written")
        logger.warning("written at once")
        close(fds[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        let first = try #require(lines.first)
        #expect(first.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} info widgetshot\.server: ms=1\.5 path=\/health status=200 \[WidgetServerTests\] request/) != nil, "\(first)")
        #expect(lines.last?.contains(" warning widgetshot.server: [WidgetServerTests] written at once") == true, "\(lines)")
    }
}

final class CapturedLines: Sendable {
    struct Line: Sendable { var message: String; var metadata: [String: String] }
    private let lines = Mutex<[Line]>([])
    func add(_ line: Line) { lines.withLock { $0.append(line) } }
    var all: [Line] { lines.withLock { $0 } }
}

struct CapturingHandler: LogHandler {
    let lines: CapturedLines
    var logLevel: Logger.Level = .info
    var metadata = Logger.Metadata()
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
        var all: [String: String] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { all[key] = value.description }
        lines.add(.init(message: event.message.description, metadata: all))
    }
}
