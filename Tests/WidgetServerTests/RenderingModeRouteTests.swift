import Foundation
import Testing
import WidgetShot

/// `mode=` on the render routes: a mode changes the picture and the ETag; a
/// mode the surface does not have is a 422 naming the mode and the surface; an unknown one a 400.
@Suite struct RenderingModeRouteTests {
    @Test func modeQueryAndBodyRenderTheMode() async throws {
        let server = try await SharedServer.get()
        let plain = try await Client.send(server.url("/render/delivery/systemSmall.png?preview=onTheWay&scale=1"))
        let accented = try await Client.send(server.url("/render/delivery/systemSmall.png?preview=onTheWay&scale=1&mode=accented"))
        #expect(plain.status == 200 && accented.status == 200, "\(accented.text)")
        #expect(plain.header("ETag") != nil && plain.header("ETag") != accented.header("ETag"))
        #expect(plain.body != accented.body)
        let png = try PNGCodec.decode(accented.body)
        // The container background is removed: the corner inside the widget's margin is transparent.
        #expect(png.pixel(x: 3, y: png.height / 2).a == 0)
        let explicitDefault = try await Client.send(server.url("/render/delivery/systemSmall.png?preview=onTheWay&scale=1&mode=fullColor"))
        #expect(explicitDefault.header("ETag") == plain.header("ETag"))

        let body = #"{"layout": "delivery", "surface": "systemSmall", "preview": "onTheWay", "scale": 1, "mode": "accented"}"#
        let posted = try await Client.send("POST", server.url("/render"), body: Array(body.utf8))
        #expect(posted.status == 200)
        #expect(posted.body == accented.body)
    }

    @Test func modeTheSurfaceLacksIs422AndUnknownIs400() async throws {
        let server = try await SharedServer.get()
        let lacking = try await Client.send(server.url("/render/delivery/lockScreen.png?mode=accented"))
        #expect(lacking.status == 422, "\(lacking.text)")
        let json = lacking.json
        #expect(json?["field"] as? String == "mode")
        let message = json?["error"] as? String ?? ""
        #expect(message.contains("lockScreen") && message.contains("accented"), "\(message)")
        let unknown = try await Client.send(server.url("/render/delivery/systemSmall.png?mode=tinted"))
        #expect(unknown.status == 400, "\(unknown.text)")
        #expect(unknown.json?["field"] as? String == "mode")
    }
}
