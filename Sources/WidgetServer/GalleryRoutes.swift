import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle
import WidgetGallery
import WidgetShot

/// The live gallery: `GET /` is the page, `GET /gallery/…` its images, `GET /gallery-events` the
/// server-sent events that tell an open page to update (with `serve --watch`).
package struct GalleryRoutes: Sendable {
    let gallery: LiveGallery

    /// The last verify report of the project, served at `/verify-report/` for the page's marks.
    let reportFolder: String

    init(server: RenderServer) {
        reportFolder = server.folders.root + "/" + GalleryOptions.defaultVerifyReport
        gallery = LiveGallery(folders: server.folders, pool: server.renderers,
                              options: GalleryOptions(imageBase: "gallery/", live: server.watch, verifyReport: reportFolder,
                                                      verifyReportURL: "verify-report/index.html"),
                              watching: server.watch)
        gallery.limits = server.limits
        if server.watch {
            // The render routes draw the layouts the page shows, not the ones loaded at start.
            let layouts = server.layouts
            gallery.onLoad = { source in layouts.replace(with: source.documents, broken: source.brokenNames) }
        }
    }

    /// Registers the routes and starts watching (with --watch); `stop()` ends the watching.
    func add(to router: Router<BasicRequestContext>) -> GalleryRoutes {
        router.get("/") { _, _ in try await page() }
        router.get("index.html") { _, _ in try await page() }
        router.get("gallery/**") { request, context in try image(request, context) }
        router.get("gallery-events") { _, _ in events() }
        router.get("verify-report/**") { request, context in try reportFile(request, context) }
        gallery.start()
        return self
    }

    func stop() { gallery.stop() }

    private func page() async throws -> Response {
        let html = await gallery.currentPage()
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A PNG of the gallery. Its address carries `?v=` (part of its content key), so a changed
    /// image has a new address and an unchanged one may be cached.
    private func image(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        let parts = context.parameters.getCatchAll().map(String.init)
        guard !gallery.directory.isEmpty, !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }),
              parts.last!.hasSuffix(".png") else {
            throw APIError(.notFound, "no gallery image at \(request.uri.path)", field: "path")
        }
        // Read without following links: only a file the gallery wrote into its private folder.
        guard let data = OutputFolder(gallery.directory).read(parts.joined(separator: "/")) else {
            throw APIError(.notFound, "no gallery image at \(request.uri.path); open / to build the gallery", field: "path")
        }
        let versioned = request.uri.queryParameters["v"] != nil
        return Response(status: .ok,
                        headers: [.contentType: "image/png",
                                  .cacheControl: versioned ? "public, max-age=31536000, immutable" : "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A file of the last verify report (its page, images, report.json, junit.xml).
    private func reportFile(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        var parts = context.parameters.getCatchAll().map(String.init)
        if parts.isEmpty { parts = ["index.html"] }
        let types = ["html": "text/html; charset=utf-8", "png": "image/png", "json": "application/json", "xml": "application/xml"]
        guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }),
              let type = types[(parts.last! as NSString).pathExtension],
              let data = OutputFolder(reportFolder).read(parts.joined(separator: "/")) else {
            throw APIError(.notFound, "no verify report file at \(request.uri.path) (run `widgetshot verify --report \(GalleryOptions.defaultVerifyReport)`)", field: "path")
        }
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private func events() -> Response {
        let stream = gallery.events()
        let body = ResponseBody { writer in
            // A graceful shutdown ends the stream instead of waiting out the shutdown deadline.
            try await withGracefulShutdownHandler {
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event.name.isEmpty ? ": keep-alive\n\n" : event.wire))
                }
            } onGracefulShutdown: {
                gallery.stop()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }
}
