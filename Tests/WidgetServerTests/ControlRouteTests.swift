import Foundation
import Testing
import TestSupport
import WidgetShot

/// Control surfaces over HTTP: `control` and `controlState` on GET and POST
/// reach the library's render (same bytes), and bad values are 4xx JSON naming the field.
@Suite struct ControlRouteTests {
    func library(_ control: String, _ state: String?) throws -> [UInt8] {
        let document = try LayoutCatalog(directory: Project.folders.layouts).load("delivery")
        let renderer = WidgetRenderer(fonts: try FontLibrary(directory: Project.folders.fonts))
        let request = try RenderSpec(layout: "delivery", surface: "controlMedium", scale: 2, control: control,
                                     controlState: state).request(for: document)
        return try renderer.render(request).png
    }

    @Test func getAndPostReachTheControlAndState() async throws {
        let server = try await SharedServer.get()
        let off = try await Client.send(server.url("/render/delivery/controlMedium.png?control=notifications&controlState=off&scale=2"))
        #expect(off.status == 200, "\(off.text)")
        #expect(off.header("Content-Type") == "image/png")
        #expect(off.body == (try library("notifications", "off")))
        let on = try await Client.send(server.url("/render/delivery/controlMedium.png?control=notifications&scale=2"))
        #expect(on.body == (try library("notifications", "on")))
        #expect(on.body != off.body)
        let body = #"{"layout": "delivery", "surface": "controlMedium", "scale": 2, "control": "refreshOrder"}"#
        let posted = try await Client.send("POST", server.url("/render"), body: Array(body.utf8),
                                           headers: ["Content-Type": "application/json"])
        #expect(posted.status == 200, "\(posted.text)")
        #expect(posted.body == (try library("refreshOrder", nil)))
    }

    @Test func badControlFieldsAre4xxNamingTheField() async throws {
        let server = try await SharedServer.get()
        let cases: [(path: String, status: Int, field: String)] = [
            ("/render/delivery/controlSmall.png?control=nope", 404, "control"),
            ("/render/delivery/controlSmall.png?control=notifications&controlState=maybe", 400, "controlState"),
            ("/render/delivery/controlSmall.png?control=refreshOrder&controlState=on", 400, "controlState"),
            ("/render/delivery/systemSmall.png?control=notifications", 400, "control"),
            ("/render/delivery/controlLockScreen.png?device=iphonese", 422, "surface"),
        ]
        for c in cases {
            let reply = try await Client.send(server.url(c.path))
            #expect(reply.status == c.status, "\(c.path): \(reply.text)")
            #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(reply.json?["field"] as? String == c.field, "\(c.path): \(reply.text)")
        }
    }
}
