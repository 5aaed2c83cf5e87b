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

    /// The push route reads its query as the render routes and the URL signer do (RequestTarget):
    /// a name is decoded as a value is, a parameter given twice is refused, an escape that is not
    /// UTF-8 is a 400 naming its parameter, and `+` stays `+`. Each query is sent to both routes and
    /// must get the same answer from each.
    @Test func theQueryIsReadAsTheRenderRouteReadsIt() async throws {
        let server = try await SharedServer.get()
        let cases: [(query: String, status: Int, field: String?)] = [
            ("sch%65me=dark", 200, nil),
            ("scheme=dark&scheme=light", 400, "scheme"),
            ("locale=%E0%A4", 400, "locale"),
            ("now=2026-11-22T12:27:00+09:00", 200, nil),
        ]
        for c in cases {
            let render = try await Client.send(server.url("/v1/render/delivery/lockScreen.png?preview=onTheWay&" + c.query))
            let push = try await Client.send("POST", server.url(path("&surface=lockScreen&" + c.query)), body: try bytes("update-onTheWay.json"))
            #expect(render.status == c.status, "render ?\(c.query): \(render.text.prefix(300))")
            #expect(push.status == c.status, "push ?\(c.query): \(push.text.prefix(300))")
            guard c.status != 200 else {
                #expect(push.header("content-type") == "image/png")
                continue
            }
            #expect(push.json?["field"] as? String == c.field, "push ?\(c.query): \(push.text)")
            #expect(render.json?["field"] as? String == c.field, "render ?\(c.query): \(render.text)")
            #expect(push.json?["error"] as? String == render.json?["error"] as? String, "?\(c.query)")
        }
        // Decoded alike, the names and values mean the same picture.
        let plain = try await Client.send("POST", server.url(path("&surface=lockScreen&scheme=dark")), body: try bytes("update-onTheWay.json"))
        let encoded = try await Client.send("POST", server.url(path("&surf%61ce=lockScreen&sch%65me=d%61rk")), body: try bytes("update-onTheWay.json"))
        #expect(plain.status == 200 && encoded.body == plain.body)
    }

    /// RFC 8259 §8.1 lets a reader ignore a byte-order mark at the start of JSON text: one is
    /// skipped, and the payload (its bytes counted for the 4 KB rule) is the text after it.
    @Test func aLeadingByteOrderMarkIsIgnored() async throws {
        let server = try await SharedServer.get()
        let payload = try bytes("update-onTheWay.json")
        let plain = try await Client.send("POST", server.url(path("")), body: payload)
        let marked = try await Client.send("POST", server.url(path("")), body: [0xEF, 0xBB, 0xBF] + payload)
        #expect(marked.status == 200, "\(marked.text.prefix(300))")
        let push = try #require((marked.json?["pushes"] as? [[String: Any]])?.first)
        #expect(push["bytes"] as? Int == 223)
        #expect((push["presentations"] as? [String: String]) == ((plain.json?["pushes"] as? [[String: Any]])?.first?["presentations"] as? [String: String]))
        let sequence = try await Client.send("POST", server.url(path("&surface=lockScreen")), body: [0xEF, 0xBB, 0xBF] + Array("[".utf8) + payload + Array("]".utf8))
        #expect(sequence.status == 200, "\(sequence.text.prefix(300))")

        // Only one: a second is a character where JSON must start, named as such.
        let twice = try await Client.send("POST", server.url(path("")), body: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + payload)
        #expect(twice.status == 400, "\(twice.text.prefix(300))")
        let message = twice.json?["error"] as? String ?? ""
        #expect(message.contains("byte-order mark (U+FEFF)") && !message.contains("ï"), "\(message)")
    }
}
