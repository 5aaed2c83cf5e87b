import Foundation
import Testing
import WidgetRender

/// `png=small` on the render routes: the same pixels in fewer bytes, its own ETag, and the error.
@Suite struct PNGPresetRouteTests {
    @Test func smallIsTheSamePixelsInFewerBytes() async throws {
        let server = try await SharedServer.get()
        let path = "/v1/render/reference/systemMedium.png?scale=3"
        let fast = try await Client.send(server.url(path))
        let explicit = try await Client.send(server.url(path + "&png=fast"))
        let small = try await Client.send(server.url(path + "&png=small"))
        #expect(fast.status == 200 && explicit.status == 200 && small.status == 200)
        #expect(fast.body == explicit.body && fast.header("ETag") == explicit.header("ETag"))
        #expect(small.body.count < fast.body.count, "\(small.body.count) against \(fast.body.count)")
        #expect(small.header("ETag") != fast.header("ETag"), "different bytes, different entity tag")
        let a = try PNGCodec.decode(fast.body), b = try PNGCodec.decode(small.body)
        #expect(a.width == b.width && a.height == b.height && a.pixels == b.pixels)

        let body = Array(#"{"layout": "reference", "surface": "systemMedium", "scale": 3, "png": "small"}"#.utf8)
        let posted = try await Client.send("POST", server.url("/v1/render"), body: body, headers: ["Content-Type": "application/json"])
        #expect(posted.status == 200 && posted.body == small.body)
    }

    @Test func anUnknownPresetIsABadRequest() async throws {
        let server = try await SharedServer.get()
        let bad = try await Client.send(server.url("/v1/render/reference/systemMedium.png?png=tiny"))
        #expect(bad.status == 400)
        #expect(bad.json?["field"] as? String == "png")
        #expect((bad.json?["error"] as? String ?? "").contains("fast, small"), "\(bad.json ?? [:])")
        let body = Array(#"{"layout": "reference", "surface": "systemMedium", "png": 3}"#.utf8)
        let posted = try await Client.send("POST", server.url("/v1/render"), body: body, headers: ["Content-Type": "application/json"])
        #expect(posted.status == 400 && posted.json?["field"] as? String == "png")
    }
}
