import Foundation
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import WidgetServer
import WidgetShot

/// A real server on 127.0.0.1 and a port the system picked.
struct RunningServer: Sendable {
    let port: Int
    let task: Task<Void, any Error>

    static func start(folders: ProjectFolders = Project.folders, workerThreads: Int = 2,
                      limits: Limits = .default, serverLimits: ServerLimits = .default, access: AccessPolicy = .open,
                      watch: Bool = false) async throws -> RunningServer {
        var logger = Logger(label: "widgetshot.server.test")
        logger.logLevel = ProcessInfo.processInfo.environment["SERVER_TEST_LOG"] != nil ? .info : .warning
        // Loading layouts and sealing fonts blocks for a while: on a thread of its own, not on one of
        // the few threads every test's async code (and every in-process server's routes) shares.
        let loggerCopy = logger
        var server = try await onThread {
            try RenderServer(folders: folders, host: "127.0.0.1", port: 0, workerThreads: workerThreads,
                             limits: limits, serverLimits: serverLimits, access: access, logger: loggerCopy)
        }
        server.watch = watch
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task(executorPreference: ServerExecutor.shared) {
            defer { continuation.finish() }
            try await server.run { port in continuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            try await task.value
            throw TestFailure("the server stopped before it listened")
        }
        return RunningServer(port: port, task: task)
    }

    /// Cancelling the run task shuts the server down gracefully; waits (bounded) until it has.
    func stop() async throws {
        task.cancel()
        try await withTimeout(seconds: 10) { _ = await task.result }
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
}

/// One server for the whole suite (each test may still start its own).
enum SharedServer {
    /// A render deadline and queue far above the defaults: these tests check answers, not speed or
    /// load shedding, and a debug build rendering for many tests at once on a busy machine can pass
    /// the default 0.5 s, and their requests together can fill the default queue.
    static let started = Task {
        var serverLimits = ServerLimits.default
        serverLimits.renderDeadline = 30
        serverLimits.queuePerWorker = 64
        return try await RunningServer.start(serverLimits: serverLimits)
    }
    static func get() async throws -> RunningServer { try await started.value }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

func withTimeout<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TestFailure("timed out after \(seconds) s")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

struct Reply: Sendable {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var json: [String: any Sendable]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: any Sendable]
    }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// HTTP over URLSession with no cache, every request bounded to 10 s.
enum Client {
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 10
        return URLSession(configuration: configuration)
    }()

    static func send(_ url: URL, headers: [String: String] = [:]) async throws -> Reply {
        try await send("GET", url, headers: headers)
    }

    static func send(_ method: String, _ url: URL, body: [UInt8]? = nil,
                     headers: [String: String] = [:]) async throws -> Reply {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.httpMethod = method
        if let body { request.httpBody = Data(body) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let finalRequest = request
        return try await withTimeout(seconds: 12) {
            let (data, response) = try await session.data(for: finalRequest)
            guard let http = response as? HTTPURLResponse else { throw TestFailure("not an HTTP response") }
            var fields: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
            }
            return Reply(status: http.statusCode, headers: fields, body: [UInt8](data))
        }
    }
}
