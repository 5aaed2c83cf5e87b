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
    /// The bound on event streams (with --watch).
    let streams: EventStreams

    /// The last verify report of the project, served at `/verify-report/` for the page's marks.
    let reportFolder: String

    init(server: RenderServer) {
        reportFolder = server.folders.root + "/" + GalleryOptions.defaultVerifyReport
        var options = GalleryOptions(imageBase: "gallery/", live: server.watch, verifyReport: reportFolder,
                                     verifyReportURL: "verify-report/index.html")
        options.span = server.folders.matrix
        gallery = LiveGallery(folders: server.folders, pool: server.renderers, options: options, watching: server.watch)
        gallery.limits = server.limits
        gallery.extraSource = server.gallerySource
        gallery.extraWatched = server.galleryWatched
        streams = EventStreams(limits: server.serverLimits)
        let layouts = server.layouts, watch = server.watch
        gallery.onLoad = { source in
            // With --watch the render routes draw the layouts the page shows, not the ones loaded at start.
            // Documents drawn elsewhere (a Swift source) have nothing to bind: the render routes ask
            // the Swift source for them (SwiftRouteSource, which the gallery's rebuild refreshed).
            if watch { layouts.replace(with: source.documents.filter { !$0.isDrawnElsewhere }, broken: source.brokenNames) }
        }
    }

    /// Registers the routes and starts watching (with --watch); `stop()` ends the watching.
    func add(to router: Router<BasicRequestContext>) -> GalleryRoutes {
        router.get("/") { _, _ in try await page() }
        router.get("index.html") { _, _ in try await page() }
        router.get("gallery/**") { request, context in try image(request, context) }
        // Events only for a page that is kept up to date: without --watch none would ever come.
        if gallery.watching { router.get("gallery-events") { _, _ in try events() } }
        router.get("verify-report/**") { request, context in try reportFile(request, context) }
        // The folder's own address is its page; without the slash the page's relative links would
        // miss, so that one is sent to the folder (the router matches both the same).
        router.get("verify-report") { request, context in
            guard request.uri.path.hasSuffix("/") else {
                return Response(status: .permanentRedirect, headers: [.location: "/verify-report/"])
            }
            return try reportFile(request, context)
        }
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
        // Decoded parts may hold '/' (from %2F): OutputFolder checks every component of the joined
        // path again, so `a%2F..%2Fb` reads nothing.
        let parts = context.parameters.getCatchAll().map { RequestTarget.decode($0) ?? String($0) }
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
        var parts = context.parameters.getCatchAll().map { RequestTarget.decode($0) ?? String($0) }
        if parts.isEmpty || parts == [""] { parts = ["index.html"] }
        let types = ["html": "text/html; charset=utf-8", "png": "image/png", "json": "application/json", "xml": "application/xml"]
        guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }),
              let type = types[(parts.last! as NSString).pathExtension],
              let data = OutputFolder(reportFolder).read(parts.joined(separator: "/")) else {
            throw APIError(.notFound, "no verify report file at \(request.uri.path) (run `widgetshot verify --report \(GalleryOptions.defaultVerifyReport)`)", field: "path")
        }
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Bounded in number and time by `streams`; a graceful shutdown ends it at once.
    private func events() throws -> Response {
        try streams.response(gallery.events()) { gallery.stop() }
    }
}
