import Foundation
import Hummingbird
import NIOCore
import Synchronization
import WidgetShot
import WidgetSwiftSource

/// The project's Swift source (widgetshot.yaml's `swift:`) as the server holds it: built into the
/// widget runner when first needed (the server starts that build in the background), again each
/// time the live gallery rebuilds it after an edit (`serve --watch`, through `reload`), and asked by
/// the render routes to draw its widgets (docs/server.md, "Swift widgets"). One build at a time: a
/// request that comes during one waits for it. A build that fails is kept as the answer (each route
/// names the compiler's errors) until the next reload.
public final class SwiftRouteSource: Sendable {
    public typealias Loader = @Sendable () throws -> SwiftProject

    /// What a build gave: the project and the digest of its files, or the error's words.
    struct Loaded: Sendable {
        var project: SwiftProject?
        /// Why there is no project (the compiler's errors, with the team's paths).
        var error: String
        var digest: String
    }

    private let load: Loader
    /// The font folders the runner draws with (the project's, in order).
    public let fonts: [String]
    private let current = Mutex<Loaded?>(nil)
    /// Held for the whole of a build, so that two never run at once.
    private let building = NSLock()
    /// The runner's warnings of the pictures drawn lately, by their key: an answer from the response
    /// cache names them as the first one did. Bounded by `warningsCapacity` (starts over when full).
    private let warnings = Mutex<[RenderKey: [String]]>([:])
    static let warningsCapacity = 1024

    public init(fonts: [String], load: @escaping Loader) {
        self.fonts = fonts
        self.load = load
    }

    /// Builds again and keeps what it found (the gallery after an edit).
    @discardableResult
    public func reload() throws -> SwiftProject {
        building.lock(); defer { building.unlock() }
        let done = build()
        guard let project = done.project else { throw SwiftWidgetBuild.BuildError.described(done.error) }
        return project
    }

    /// The source as last built, built now when it never was.
    func loaded() -> Loaded {
        if let done = current.withLock({ $0 }) { return done }
        building.lock(); defer { building.unlock() }
        if let done = current.withLock({ $0 }) { return done }  // built while this waited
        return build()
    }

    /// Starts the first build on a thread of its own, so the first request finds it done or under way.
    func prewarm() {
        let thread = Thread { [self] in _ = self.loaded() }
        thread.name = "widgetshot.swift-build"
        thread.start()
    }

    private func build() -> Loaded {
        let done: Loaded
        do {
            let project = try load()
            done = Loaded(project: project, error: "", digest: project.digest)
        } catch {
            done = Loaded(project: nil, error: "\(error)", digest: "")
        }
        current.withLock { $0 = done }
        return done
    }

    func remember(_ found: [String], for key: RenderKey) {
        warnings.withLock { table in
            if table.count >= Self.warningsCapacity { table.removeAll(keepingCapacity: true) }
            table[key] = found
        }
    }

    func warnings(for key: RenderKey) -> [String] { warnings.withLock { $0[key] ?? [] } }
}

extension RenderRoutes {
    /// What a Swift widget's render call needs, found on a worker thread: the project, the picture
    /// and the key of the PNG.
    struct SwiftCall: @unchecked Sendable {
        var project: SwiftProject
        var picture: SwiftRoutePicture
        var key: RenderKey
    }

    /// A render call naming a widget of the project's Swift source: drawn by the widget runner (about
    /// 50 ms a picture), cached and revalidated as a layout's PNG is. `now` not given is the current
    /// second, handed to the runner and part of the key (so a cached answer is never older than a second).
    func swiftAnswer(_ request: Request, _ spec: RenderSpec, _ swift: SwiftRouteSource, headers: HTTPFields) async throws -> Response {
        let fontDigest = keyer.fontDigest, layoutNames = layouts.names
        let call = try await workers.run { () throws -> SwiftCall in
            let loaded = swift.loaded()
            guard let project = loaded.project else {
                throw APIError(.internalServerError, "the project's Swift source does not build, so '\(spec.layout)' cannot be drawn: \(loaded.error)",
                               field: "layout")
            }
            var spec = spec
            if spec.look.now == nil {
                let second = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
                spec.look.now = ISO8601DateFormatter.string(from: second, timeZone: TimeZone(secondsFromGMT: 0)!, formatOptions: [.withInternetDateTime])
            }
            let picture: SwiftRoutePicture
            do { picture = try project.picture(for: spec, dataFile: "") } catch let error as RenderSpecError {
                var refusal = APIError(error)
                if error.kind == .notFound, error.field == "layout" {
                    refusal.message = "no layout or Swift widget named '\(spec.layout)'; layouts: \(layoutNames.joined(separator: ", ")); "
                        + "the Swift source's widgets: \(project.documents.map(\.name).joined(separator: ", "))"
                }
                throw refusal
            }
            var text = "swift-route-1\n\(RenderKeyer.engineVersion)\n\(fontDigest)\n\(loaded.digest)\n\(spec.layout)\n\(spec.surface)\n"
            text += picture.request.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "\n") + "\n"
            text += picture.look.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n") + "\n"
            if let data = picture.data { text += "data " + SwiftRouteJSON.encode(data) }
            return SwiftCall(project: project, picture: picture, key: RenderKey(hex: RenderKeyer.digest(text: text)))
        }
        let workers = self.workers, fonts = swift.fonts
        return try await answer(request, key: call.key, etag: Self.etag(call.key), headers: headers,
                                warnings: { swift.warnings(for: call.key) }) {
            let (png, warnings) = try await workers.run { try Self.drawSwift(call, fonts: fonts) }
            swift.remember(warnings, for: call.key)
            return ByteBuffer(bytes: png)
        }
    }

    /// One picture by the runner, in a file of the scratch package that is gone when this returns.
    static func drawSwift(_ call: SwiftCall, fonts: [String]) throws -> (png: [UInt8], warnings: [String]) {
        let build = call.project.build
        // A folder of its own, gone when this returns: the picture, the runner's view frames beside
        // it, the data file.
        let folder = build.directory + "/route-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw APIError(.internalServerError, "cannot create \(folder) for the widget runner: \(error)")
        }
        let base = folder + "/picture"
        var request = call.picture.request
        request["output"] = base + ".png"
        if let data = call.picture.data {
            do { try AtomicFile.write(Array(SwiftRouteJSON.encode(data).utf8), to: base + ".json") } catch {
                throw APIError(.internalServerError, "cannot write the data for the widget runner: \(error)")
            }
            request["data"] = base + ".json"
        }
        let drawn: SwiftWidgetBuild.Drawn
        do {
            guard let first = try build.render([request], look: call.picture.look, fonts: fonts).first else {
                throw APIError(.internalServerError, "the widget runner drew nothing")
            }
            drawn = first
        } catch let error as SwiftWidgetBuild.BuildError {
            throw APIError(.internalServerError, error.description)
        }
        if let refused = drawn.dataError {
            // The app's own decoder refused the data: at its path inside `data`.
            throw APIError(.unprocessableContent, build.explain(refused).replacingOccurrences(of: "--data", with: "data"),
                           field: refused.path.isEmpty ? "data" : "data." + refused.path)
        }
        if let error = drawn.error { throw APIError(.unprocessableContent, error, field: "layout") }
        let png: [UInt8]
        do { png = try BoundedFile.read(base + ".png", limit: Limits.default.pngFileBytes) } catch {
            throw APIError(.internalServerError, "the widget runner's picture cannot be read: \(error)")
        }
        return (png, drawn.warnings)
    }
}

/// JSON text of a DataValue, for the runner to decode with the team's types: keys sorted, a whole
/// number written without a fraction (so an `Int` property decodes it as the app's would), written
/// by JSONSerialization.
enum SwiftRouteJSON {
    static func encode(_ value: DataValue) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object(value), options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func object(_ value: DataValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n):
            if n.rounded() == n, abs(n) < 9_007_199_254_740_992 { return Int64(n) }
            return n.isFinite ? n : NSNull()
        case .string(let s): return s
        case .array(let items): return items.map(object)
        case .object(let fields): return fields.mapValues(object)
        }
    }
}
