import Foundation
import Testing
import WidgetRender

/// `ios=` on the render routes: the canvas, the ETag and the error.
@Suite struct IOSGenerationRouteTests {
    @Test func iosQueryReachesTheCanvasAndTheETag() async throws {
        let server = try await SharedServer.get()
        let path = "/v1/render/delivery/systemSmall.png?preview=onTheWay&scale=2"
        let plain = try await Client.send(server.url(path))
        let on18 = try await Client.send(server.url(path + "&ios=18"))
        let on26 = try await Client.send(server.url(path + "&ios=26"))
        #expect(plain.status == 200 && on18.status == 200 && on26.status == 200)
        #expect(try PNGCodec.decode(plain.body).width == 316)
        #expect(try PNGCodec.decode(on26.body).width == 325, "162.67 pt × 2")
        #expect(plain.header("ETag") == on18.header("ETag"))
        #expect(plain.header("ETag") != on26.header("ETag"))
        let iphone17 = try await Client.send(server.url(path + "&device=iphone17"))
        #expect(try PNGCodec.decode(iphone17.body).width == 329, "the iPhone 17 defaults to iOS 26: 164.33 pt × 2")

        let bad = try await Client.send(server.url(path + "&ios=17"))
        #expect(bad.status == 400)
        #expect(bad.json?["field"] as? String == "ios")
    }

    @Test func iosInTheBodyAndTheSmallActivity() async throws {
        let server = try await SharedServer.get()
        let body = Array(#"{"layout": "delivery", "surface": "systemMedium", "preview": "onTheWay", "scale": 2, "ios": 26}"#.utf8)
        let reply = try await Client.send("POST", server.url("/v1/render"), body: body, headers: ["Content-Type": "application/json"])
        #expect(reply.status == 200)
        #expect(try PNGCodec.decode(reply.body).width == 689, "344.67 pt × 2")
        let small = try await Client.send(server.url("/v1/render/delivery/activitySmall.png?preview=onTheWay&scale=2&device=carplaytall"))
        #expect(small.status == 200)
        let image = try PNGCodec.decode(small.body)
        #expect(image.width == 480 && image.height == 200)
        let none = try await Client.send(server.url("/v1/render/delivery/activitySmall.png?device=ipadpro13"))
        #expect(none.status == 422)
    }
}
