import Foundation
import Hummingbird
import NIOCore
import WidgetShot
import WidgetPush

/// `POST /v1/live-activity/preview?layout=delivery[&surface=…]`: the body is an ActivityKit push
/// payload exactly as an app server would send it to APNs (its bytes are what the 4 KB rule
/// counts), or a JSON array of them (a sequence). The same library stage as `widgetshot push`.
///
/// - With `surface` (a presentation: lockScreen, standBy, islandCompact, islandMinimal,
///   islandExpanded, alert): that picture of the last push, `image/png`.
/// - Without: JSON, the validation report with every presentation as a base64 PNG
///   (PushReportJSON).
///
/// A payload that breaks a rule is 422 with `{"error", "field", …report}` (`field` is the key
/// path, e.g. `aps.content-state`); a body that is not JSON is 400; a body past a limit on what a
/// check may cost (`Limits.sequencePushes`, `pushLeaves`, `sequenceLeaves`, `pushReportBytes`) is
/// 413, refused before anything is drawn. Reading, checking and drawing all run under the render
/// deadline (503 past it), and stop when the client goes away. The other parameters mean what
/// they mean for `/render` (LookSpec.fields: `device`, `ios`, `scale`, `scheme`, `locale`, `now`,
/// `placeholder`, `mode`; a mode applies to the presentations that have it), plus `attributes` (a
/// JSON object: the activity's static attributes for updates).
struct PushRoutes: Sendable {
    let layouts: LoadedLayouts
    let workers: RenderWorkers
    /// What a push and a JSON value may cause (the render limits).
    let limits: Limits
    /// The body's size (`requestBodyBytes`).
    let serverLimits: ServerLimits
    /// The project's Swift source: a `layout` that is none of the layout files names one of its Live
    /// Activities, whose own `ContentState` decodes each content-state (SwiftPushRoute.swift).
    var swift: SwiftRouteSource? = nil

    static let path = "v1/live-activity/preview"
    /// The look's fields (LookSpec.fields, as for `/render`) and the route's own.
    static let queryFields: Set<String> = LookSpec.fieldNames.union(["layout", "surface", "attributes"])

    func add(to router: Router<BasicRequestContext>) {
        router.post(RouterPath(Self.path)) { request, _ in try await preview(request) }
        for method in [HTTPRequest.Method.get, .put, .delete, .patch] {
            router.on(RouterPath(Self.path), method: method) { request, _ -> Response in
                var error = APIError(.methodNotAllowed, "\(request.method) is not allowed on \(request.uri.path); use POST")
                error.headers[.allow] = "POST"
                throw error
            }
        }
    }

    struct Parameters: Sendable {
        /// A layout's previewer; nil for a Live Activity of the Swift source (`swiftWidget`).
        var previewer: LiveActivityPreviewer?
        var presentation: LiveActivityPresentation?
        var swiftWidget: String? = nil
        var options: PushRenderOptions
        var attributes: DataValue?
    }

    func parameters(_ query: [(name: String, value: String)]) throws(APIError) -> Parameters {
        var values: [String: String] = [:]
        for (name, value) in try RequestTarget.checked(query, fields: Self.queryFields) { values[name] = value }
        guard let layoutName = values["layout"] else { throw .badValue("layout", "missing: ?layout=NAME (e.g. delivery)") }
        let document = layouts.document(named: layoutName)
        guard document != nil || swift != nil else {
            throw .notFound("layout", "no layout named '\(layoutName)'; layouts: \(layouts.names.joined(separator: ", "))")
        }
        var presentation: LiveActivityPresentation?
        if let s = values["surface"] {
            guard let p = LiveActivityPresentation(rawValue: s) else {
                throw .notFound("surface", "no presentation named '\(s)'; presentations: \(LiveActivityPresentation.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            presentation = p
        }
        var look = LookSpec()
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            do { _ = try look.set(name, text: value) } catch { throw APIError(error) }
        }
        var options: PushRenderOptions
        do { options = try PushRenderOptions(look: look) } catch { throw APIError(error) }
        // The answer carries PNGs only: no picture's pixels are kept past its encoding.
        options.keepsBitmaps = false
        var attributes: DataValue?
        if let a = values["attributes"] {
            let value = try RenderRoutes.parseJSON(a, limits: limits)
            attributes = value
        }
        if let presentation {
            if let s = presentation.surface, !options.device.supports(s) {
                throw APIError(.unprocessableContent, "\(options.device.name) (\(options.device.id)) has no \(s.rawValue) surface", field: "surface")
            }
            options.presentations = [presentation]
        }
        guard let document else {
            return Parameters(previewer: nil, presentation: presentation, swiftWidget: layoutName, options: options, attributes: attributes)
        }
        return Parameters(previewer: LiveActivityPreviewer(layout: document, attributes: attributes, options: options, limits: limits),
                          presentation: presentation, options: options, attributes: attributes)
    }

    func preview(_ request: Request) async throws -> Response {
        // Read as the render routes and the URL signer read a query (RequestTarget), so a signed
        // push URL means to the route what it meant to the signature.
        let parameters = try self.parameters(try RequestTarget.pairs(request.uri.query))
        let maxBodyBytes = serverLimits.requestBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > maxBodyBytes {
            throw APIError(.contentTooLarge, "the body is \(length) bytes; at most \(maxBodyBytes) are accepted (ServerLimits.requestBodyBytes)", field: "body")
        }
        let buffer = try await RenderRoutes.wholeBody(request, upTo: maxBodyBytes)
        let bytes = Array(buffer.readableBytesView)
        let limits = self.limits
        let previews: [PushPreview]
        do {
            if let previewer = parameters.previewer {
                previews = try await workers.render { renderer, deadline in
                    let inputs = try PushValidator.inputs(in: bytes, name: "body", limits: limits)
                    return try previewer.renderSequence(inputs, with: renderer, deadline: deadline)
                }
            } else {
                let swift = self.swift!, layoutNames = layouts.names
                // A renderer for the alert's band; the runner draws the rest (its calls are not bound by
                // the render deadline, which only the engine checks).
                previews = try await workers.render { renderer, _ in
                    try Self.swiftPreviews(bytes, parameters, swift: swift, limits: limits, layouts: layoutNames, renderer: renderer)
                }
            }
        } catch let error as PushInputError {
            // Past a limit on what a check may cost (pushes, content-state values, the report's
            // bytes): refused before anything is drawn, naming the limit. Otherwise unreadable.
            guard error.limit != nil else { throw APIError.badValue("body", error.message) }
            throw APIError(.contentTooLarge, error.message, field: error.field)
        } catch let error as RenderDeadlineExceeded {
            throw APIError(.serviceUnavailable, error.description)
        } catch let error as RenderError {
            throw APIError(.unprocessableContent, error.description)
        } catch let error as RenderSpecError {
            let status: HTTPResponse.Status = switch error.kind {
            case .notFound: .notFound
            case .badValue: .badRequest
            case .unprocessable: .unprocessableContent
            }
            throw APIError(status, error.message, field: error.field)
        }

        let firstError = previews.lazy.flatMap(\.checked.report.errors).first
        if let presentation = parameters.presentation {
            if let firstError { return Self.invalid(firstError, previews) }
            guard let frame = previews.last?.frames.first(where: { $0.presentation == presentation }) else {
                let why = presentation == .alert ? "the push has no alert to show" : "the layout has no view for \(presentation.rawValue)"
                throw APIError(.unprocessableContent, why, field: "surface")
            }
            return Response(status: .ok, headers: [.contentType: "image/png"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: frame.png)))
        }
        if let firstError { return Self.invalid(firstError, previews) }
        return Self.json(PushReportJSON.object(previews, images: true), status: .ok)
    }

    /// 422 with the first error as `{error, field}` and the whole report beside it.
    static func invalid(_ first: PushProblem, _ previews: [PushPreview]) -> Response {
        var body = PushReportJSON.object(previews, images: true)
        body["error"] = first.message
        body["field"] = first.key
        return json(body, status: .unprocessableContent)
    }

    static func json(_ object: [String: Any], status: HTTPResponse.Status) -> Response {
        var bytes = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data(#"{"error":"cannot encode the response"}"#.utf8)
        bytes.append(0x0A)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
