import Foundation
import Testing
import TestSupport
import WidgetServer
import WidgetShot
import WidgetPush

/// `POST /v1/live-activity/preview` on a real server: the same bytes as the library stage the CLI
/// uses, JSON with every presentation, and 4xx JSON for input it cannot take.
@Suite(.serialized) struct PushRouteTests {
    static let samples = Project.root + "/Layouts/samples/delivery"
    static let attributes = try! String(contentsOfFile: samples + "/attributes.json", encoding: .utf8)

    func bytes(_ file: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/" + file))) }

    func path(_ query: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+")
        return "/v1/live-activity/preview?layout=delivery&attributes="
            + Self.attributes.addingPercentEncoding(withAllowedCharacters: allowed)! + query
    }

    /// What `widgetshot push` writes for the same payload (the same library call).
    func expected(_ file: String, _ presentation: LiveActivityPresentation) throws -> [UInt8] {
        let layout = try LayoutCatalog(directory: Project.folders.layouts).load("delivery")
        let previewer = LiveActivityPreviewer(layout: layout, attributes: try DataValue.load(path: Self.samples + "/attributes.json"))
        let renderer = WidgetRenderer(fonts: try FontLibrary(directory: Project.folders.fonts))
        let previews = try previewer.renderSequence(try PushValidator.inputs(in: try bytes(file), name: file), with: renderer)
        return try #require(previews.last?.frames.first { $0.presentation == presentation }).png
    }

    @Test func onePresentationAsPNG() async throws {
        let server = try await SharedServer.get()
        for p in [LiveActivityPresentation.lockScreen, .islandExpanded] {
            let reply = try await Client.send("POST", server.url(path("&surface=\(p.rawValue)")), body: try bytes("update-onTheWay.json"),
                                              headers: ["Content-Type": "application/json"])
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.header("content-type") == "image/png")
            #expect(reply.body == (try expected("update-onTheWay.json", p)))
        }
    }

    @Test func everyPresentationAsJSON() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send("POST", server.url(path("")), body: try bytes("update-onTheWay.json"))
        #expect(reply.status == 200, "\(reply.text.prefix(500))")
        let json = try #require(reply.json)
        #expect(json["valid"] as? Bool == true)
        let push = try #require((json["pushes"] as? [[String: Any]])?.first)
        #expect(push["bytes"] as? Int == 223)  // the file's last newline is not part of the payload
        let frames = try #require(push["presentations"] as? [String: String])
        #expect(Set(frames.keys) == ["lockScreen", "standBy", "islandCompact", "islandMinimal", "islandExpanded"])
        #expect(Data(base64Encoded: frames["lockScreen"]!).map { [UInt8]($0) } == (try expected("update-onTheWay.json", .lockScreen)))
    }

    @Test func invalidInputIs4xxJSON() async throws {
        let server = try await SharedServer.get()
        let big = try await Client.send("POST", server.url(path("&surface=lockScreen")), body: try bytes("invalid/size-4097-bytes.json"))
        #expect(big.status == 422)
        #expect(big.json?["field"] as? String == "$")
        #expect((big.json?["error"] as? String)?.contains("4097 bytes") == true)
        #expect(big.header("content-type")?.hasPrefix("application/json") == true)

        let dismissal = try await Client.send("POST", server.url(path("")), body: try bytes("invalid/dismissal-date-on-update.json"))
        #expect(dismissal.status == 422)
        #expect(dismissal.json?["field"] as? String == "aps.dismissal-date")

        let notJSON = try await Client.send("POST", server.url(path("")), body: Array("aps: {}".utf8))
        #expect(notJSON.status == 400)
        #expect(notJSON.json?["field"] as? String == "body")
        let broken = try await Client.send("POST", server.url(path("")), body: Array(#"{"aps": {"#.utf8))
        #expect(broken.status == 400)

        let layout = try await Client.send("POST", server.url("/v1/live-activity/preview?layout=nope"), body: try bytes("update-onTheWay.json"))
        #expect(layout.status == 404)
        #expect(layout.json?["field"] as? String == "layout")
        let surface = try await Client.send("POST", server.url(path("&surface=systemSmall")), body: try bytes("update-onTheWay.json"))
        #expect(surface.status == 404)
        #expect(surface.json?["field"] as? String == "surface")
        let se = try await Client.send("POST", server.url(path("&surface=islandCompact&device=iphonese")), body: try bytes("update-onTheWay.json"))
        #expect(se.status == 422)
        let get = try await Client.send("GET", server.url(path("")))
        #expect(get.status == 405)
        #expect(get.header("allow") == "POST")
        let unknown = try await Client.send("POST", server.url(path("&color=red")), body: try bytes("update-onTheWay.json"))
        #expect(unknown.status == 400)
        #expect(unknown.json?["field"] as? String == "color")
    }
}
