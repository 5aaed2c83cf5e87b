import Foundation
import Testing
import TestSupport
@testable import WidgetServer
import WidgetShot

/// Issue 36: a date from Swift's default JSONEncoder (seconds since 2001) drew a timer of
/// `271752:15:00` through `POST /v1/render` with no warning. The binder's check answers in an
/// `X-Render-Warning` header, on a cache hit as on the miss; ISO 8601 text draws no warning.
@Suite(.timeLimit(.minutes(1)))
struct DateEncodingRouteTests {
    static func body(eta: String) -> [UInt8] {
        Array(#"{"layout": "delivery", "surface": "systemSmall", "now": "2026-11-22T12:27:00+09:00", "data": {"order": {"status": "onTheWay", "eta": \#(eta)}}}"#.utf8)
    }

    @Test func aSwiftEncodedDateIsNamedInAHeader() async throws {
        let server = try await RunningServer.start()
        defer { Task { try await server.stop() } }
        for expected in ["miss", "hit"] {
            let reply = try await Client.send("POST", server.url("/v1/render"), body: Self.body(eta: "817011900"))
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.header("X-Render-Cache") == expected)
            let warning = reply.header("X-Render-Warning") ?? ""
            #expect(warning.hasPrefix("order.eta: 817011900 read as seconds since 1970"), "\(warning)")
            #expect(warning.contains("set `dateEncoding: deferredToDate` in the layout 'delivery'"), "\(warning)")
        }
        let iso = try await Client.send("POST", server.url("/v1/render"), body: Self.body(eta: #""2026-11-22T12:45:00+09:00""#))
        #expect(iso.status == 200)
        #expect(iso.header("X-Render-Warning") == nil)
    }
}
