import Foundation
import Testing
import TestSupport
import WidgetShot

private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// What the library renders in-process: the server must answer with exactly these bytes.
private func libraryRender(_ make: (LayoutDocument) throws -> RenderRequest) throws -> [UInt8] {
    let document = try LayoutCatalog(directory: Project.folders.layouts).load("delivery")
    let renderer = WidgetRenderer(fonts: try FontLibrary(directory: Project.folders.fonts))
    return try renderer.render(try make(document)).png
}

private let orderJSON = """
{"order": {"id": "A-2841", "number": 2841, "restaurant": {"name": "Seoul Kitchen"},
 "items": [{"name": "Bibimbap", "quantity": 2}], "total": 38500, "status": "nearbyHome",
 "eta": "2026-11-22T12:31:00+09:00", "driver": {"name": "Minsu", "phone": "010-1234-5678"},
 "distanceKm": 0.3, "code": "4827", "address": "12 World Cup-ro"}}
"""

@Suite(.timeLimit(.minutes(1)))
struct ServerTests {
    /// After any bad request the server must go on answering.
    private func expectStillServing(_ server: RunningServer) async throws {
        let reply = try await Client.send(server.url("/health"))
        #expect(reply.status == 200)
    }

    private func expectError(_ reply: Reply, status: Int, field: String?, mentioning words: [String] = [],
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(reply.status == status, "body: \(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let json = reply.json
        let message = json?["error"] as? String ?? ""
        #expect(!message.isEmpty, "no error message in \(reply.text)", sourceLocation: sourceLocation)
        #expect(json?["field"] as? String == field, "body: \(reply.text)", sourceLocation: sourceLocation)
        for word in words {
            #expect(message.contains(word), "'\(word)' not in: \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test func healthAnswersOK() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send(server.url("/health"))
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
        #expect(reply.json?["status"] as? String == "ok")
        #expect(reply.json?["version"] as? String == WidgetShotVersion.current, "\(reply.text)")
    }

    @Test func layoutsListDeliveryWithItsPreviewsAndTheDevices() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send(server.url("/layouts"))
        #expect(reply.status == 200)
        let layouts = reply.json?["layouts"] as? [[String: any Sendable]] ?? []
        let delivery = try #require(layouts.first { $0["name"] as? String == "delivery" })
        let previews = delivery["previews"] as? [String] ?? []
        #expect(previews.first == "onTheWay")
        #expect(previews.contains("nearbyHome") && previews.contains("cancelled"))
        let surfaces = delivery["surfaces"] as? [String] ?? []
        #expect(surfaces.contains("systemSmall") && surfaces.contains("islandExpanded") && surfaces.contains("lockScreen"))
        #expect(surfaces.contains("controlMedium"))
        let controls = (delivery["controls"] as? [[String: any Sendable]] ?? []).map { "\($0["id"] as? String ?? "?"):\($0["kind"] as? String ?? "?")" }
        #expect(controls == ["refreshOrder:button", "notifications:toggle"], "\(controls)")
        let weather = try #require(layouts.first { $0["name"] as? String == "weather" })
        #expect((weather["controls"] as? [Any])?.isEmpty == true)
        let devices = reply.json?["devices"] as? [[String: any Sendable]] ?? []
        let se = try #require(devices.first { $0["id"] as? String == "iphonese" })
        #expect((se["surfaces"] as? [String])?.contains("islandCompact") == false)
    }

    @Test func renderURLIsTheLibrarysPNG() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send(server.url("/render/delivery/systemSmall.png?preview=onTheWay&scale=2"))
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "image/png")
        #expect(reply.header("Content-Length") == String(reply.body.count))
        #expect(reply.header("Cache-Control") == "public, max-age=60")
        #expect(Array(reply.body.prefix(8)) == pngSignature)
        let image = try PNGCodec.decode(reply.body)
        #expect(image.width == 316 && image.height == 316)
        let expected = try libraryRender { d in
            RenderRequest(layout: d, surface: .systemSmall, preview: d.preview(named: "onTheWay")!, scale: 2)
        }
        #expect(reply.body == expected)
        // The ETag is the render key of the inputs (RenderKey), not a hash of the bytes.
        let document = try LayoutCatalog(directory: Project.folders.layouts).load("delivery")
        let request = try RenderSpec(layout: "delivery", surface: "systemSmall", preview: "onTheWay", scale: 2).request(for: document)
        let key = RenderKeyer(fonts: try FontLibrary(directory: Project.folders.fonts)).key(for: request)
        #expect(reply.header("ETag") == "\"\(key.hex)\"")
    }

    @Test func matchingETagAnswers304WithoutABody() async throws {
        let server = try await SharedServer.get()
        let url = server.url("/render/delivery/systemSmall.png?preview=onTheWay&scale=2")
        let first = try await Client.send(url)
        let etag = try #require(first.header("ETag"))
        let again = try await Client.send(url, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == etag)
        let stale = try await Client.send(url, headers: ["If-None-Match": "\"0000000000000000\""])
        #expect(stale.status == 200)
        #expect(stale.body == first.body)
    }

    @Test func queryParametersReachTheRender() async throws {
        let server = try await SharedServer.get()
        let query = "preview=delivered&scheme=dark&scale=1&device=iphonese&locale=en&now=2026-11-22T12:40:00+09:00&placeholder=false"
        let reply = try await Client.send(server.url("/render/delivery/systemMedium.png?" + query))
        #expect(reply.status == 200, "\(reply.text)")
        let expected = try libraryRender { d in
            var r = RenderRequest(layout: d, surface: .systemMedium, preview: d.preview(named: "delivered")!,
                                  device: .iphonese, scale: 1, scheme: .dark, locale: "en")
            let now = RenderRequest.parseNow("2026-11-22T12:40:00+09:00")!
            r.now = now.date; r.timeZone = now.timeZone
            return r
        }
        #expect(reply.body == expected)
    }

    @Test func postedDataIsBound() async throws {
        let server = try await SharedServer.get()
        let body = """
        {"layout": "delivery", "surface": "lockScreen", "data": \(orderJSON),
         "scheme": "dark", "scale": 2, "locale": "en", "now": "2026-11-22T12:27:00+09:00"}
        """
        let reply = try await Client.send("POST", server.url("/render"), body: Array(body.utf8),
                                          headers: ["Content-Type": "application/json"])
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.header("Content-Type") == "image/png")
        #expect(Array(reply.body.prefix(8)) == pngSignature)
        let expected = try libraryRender { d in
            let now = RenderRequest.parseNow("2026-11-22T12:27:00+09:00")!
            return RenderRequest(layout: d, surface: .lockScreen, data: try DataValue.parse(orderJSON, file: "order"),
                                 scale: 2, scheme: .dark, locale: "en", now: now.date, timeZone: now.timeZone)
        }
        #expect(reply.body == expected)

        // Neither data nor preview: the layout's first preview.
        let bare = try await Client.send("POST", server.url("/render"),
                                         body: Array(#"{"layout": "delivery", "surface": "systemSmall", "scale": 2}"#.utf8))
        let get = try await Client.send(server.url("/render/delivery/systemSmall.png?preview=onTheWay&scale=2"))
        #expect(bare.status == 200)
        #expect(bare.body == get.body)
    }

    /// A body is read by the same strict JSON reader as `--data`: surrogate pairs work, YAML (which
    /// DataValue also reads) does not, and a refused `now` says what was wrong with it.
    @Test func bodiesAreStrictJSONAndNowSaysWhatIsWrong() async throws {
        let server = try await SharedServer.get()
        let emoji = try await Client.send("POST", server.url("/render"), body: Array(#"""
            {"layout": "delivery", "surface": "systemSmall", "now": "2026-11-22T12:27:00+09:00",
             "data": {"order": {"status": "onTheWay", "restaurant": {"name": "\ud83c\udf5c Ramen"}}}}
            """#.utf8))
        #expect(emoji.status == 200, "\(emoji.text)")
        #expect(emoji.header("Content-Type") == "image/png")

        let yaml = try await Client.send("POST", server.url("/render"), body: Array("layout: delivery\nsurface: systemSmall\n".utf8))
        expectError(yaml, status: 400, field: "body", mentioning: ["malformed JSON", "JSON object"])
        let lone = try await Client.send("POST", server.url("/render"),
                                         body: Array(#"{"layout": "delivery", "surface": "systemSmall", "data": {"a": "\ud83c"}}"#.utf8))
        expectError(lone, status: 400, field: "body", mentioning: ["malformed JSON", "line 1"])

        let february = try await Client.send(server.url("/render/delivery/systemSmall.png?now=2026-02-30T12:00:00%2B09:00"))
        expectError(february, status: 400, field: "now", mentioning: ["day 30 does not exist in February 2026"])
        let offset = try await Client.send(server.url("/render/delivery/systemSmall.png?now=2026-11-22T12:00:00%2B99:99"))
        expectError(offset, status: 400, field: "now")
        try await expectStillServing(server)
    }

    /// RFC 8259 §8.1 lets a reader ignore a byte-order mark at the start of JSON text, and some
    /// editors and Windows tools write one: one is skipped; a second is a character where the object
    /// must start, named as one (not as "ï", its first byte read as Latin-1).
    @Test func aBodyStartingWithAByteOrderMarkIsRead() async throws {
        let server = try await SharedServer.get()
        let body = Array(#"{"layout": "delivery", "surface": "systemSmall", "preview": "onTheWay", "scale": 2}"#.utf8)
        let plain = try await Client.send("POST", server.url("/render"), body: body)
        #expect(plain.status == 200, "\(plain.text)")
        let marked = try await Client.send("POST", server.url("/render"), body: [0xEF, 0xBB, 0xBF] + body)
        #expect(marked.status == 200, "\(marked.text)")
        #expect(marked.header("Content-Type") == "image/png")
        #expect(marked.body == plain.body)
        #expect(marked.header("ETag") == plain.header("ETag"))

        let twice = try await Client.send("POST", server.url("/render"), body: [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + body)
        expectError(twice, status: 400, field: "body", mentioning: ["malformed JSON", "byte-order mark (U+FEFF)"])
        #expect(!(twice.text.contains("ï")), "\(twice.text)")
        try await expectStillServing(server)
    }

    @Test func malformedBodyIs400NamingTheProblem() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send("POST", server.url("/render"),
                                          body: Array("{\"layout\": \"delivery\",\n \"surface\": }".utf8))
        expectError(reply, status: 400, field: "body", mentioning: ["malformed JSON", "line 2, column 13"])
        try await expectStillServing(server)

        let wrongType = try await Client.send("POST", server.url("/render"),
                                              body: Array(#"{"layout": "delivery", "surface": "systemSmall", "scale": "big"}"#.utf8))
        expectError(wrongType, status: 400, field: "scale")
        let both = try await Client.send("POST", server.url("/render"),
                                         body: Array(#"{"layout": "delivery", "surface": "systemSmall", "preview": "onTheWay", "data": {}}"#.utf8))
        expectError(both, status: 400, field: "data", mentioning: ["not both"])
        let unknownKey = try await Client.send("POST", server.url("/render"),
                                               body: Array(#"{"layout": "delivery", "surface": "systemSmall", "sceme": "dark"}"#.utf8))
        expectError(unknownKey, status: 400, field: "sceme")
        let notObject = try await Client.send("POST", server.url("/render"), body: Array("[1, 2]".utf8))
        expectError(notObject, status: 400, field: "body")
        let empty = try await Client.send("POST", server.url("/render"), body: [])
        expectError(empty, status: 400, field: "body")
        try await expectStillServing(server)
    }

    @Test func unknownNamesAre404() async throws {
        let server = try await SharedServer.get()
        expectError(try await Client.send(server.url("/render/nosuch/systemSmall.png")), status: 404, field: "layout",
                    mentioning: ["nosuch", "delivery"])
        expectError(try await Client.send("POST", server.url("/render"), body: Array(#"{"layout": "nosuch", "surface": "systemSmall"}"#.utf8)),
                    status: 404, field: "layout")
        expectError(try await Client.send(server.url("/render/delivery/systemHuge.png")), status: 404, field: "surface")
        expectError(try await Client.send(server.url("/render/delivery/systemSmall.png?preview=nosuch")), status: 404,
                    field: "preview", mentioning: ["onTheWay"])
        expectError(try await Client.send(server.url("/render/delivery/systemSmall.png?device=pixel")), status: 404,
                    field: "device", mentioning: ["iphonese"])
        expectError(try await Client.send(server.url("/nowhere")), status: 404, field: nil)
        try await expectStillServing(server)
    }

    @Test func islandOnAnSEIs422() async throws {
        let server = try await SharedServer.get()
        let reply = try await Client.send(server.url("/render/delivery/islandExpanded.png?device=iphonese"))
        expectError(reply, status: 422, field: "surface", mentioning: ["iphonese", "has no islandExpanded"])
        try await expectStillServing(server)
    }

    @Test func badParameterValuesAre400NamingTheParameter() async throws {
        let server = try await SharedServer.get()
        let cases: [(query: String, field: String)] = [
            ("scale=abc", "scale"), ("scale=9", "scale"), ("scale=0.1", "scale"), ("scale=nan", "scale"),
            ("scheme=blue", "scheme"), ("now=yesterday", "now"), ("placeholder=maybe", "placeholder"),
            ("locale=%20", "locale"), ("sclae=2", "sclae"), ("scale=2&scale=3", "scale"),
        ]
        for c in cases {
            let reply = try await Client.send(server.url("/render/delivery/systemSmall.png?" + c.query))
            expectError(reply, status: 400, field: c.field)
        }
        try await expectStillServing(server)
    }

    @Test func wrongMethodIs405AndLargeBodyIs413() async throws {
        let server = try await SharedServer.get()
        let delete = try await Client.send("DELETE", server.url("/health"))
        #expect(delete.status == 405)
        #expect(delete.header("Allow") == "GET, HEAD")
        let getRender = try await Client.send(server.url("/render"))
        #expect(getRender.status == 405)
        #expect(getRender.header("Allow") == "POST")

        var big = Array(#"{"layout": "delivery", "surface": "systemSmall", "data": {"pad": ""#.utf8)
        big += Array(repeating: UInt8(ascii: "x"), count: (1 << 20) + 10)
        big += Array(#""}}"#.utf8)
        expectError(try await Client.send("POST", server.url("/render"), body: big), status: 413, field: "body")
        try await expectStillServing(server)
    }

    @Test func concurrentRequestsAllGetTheSameBytes() async throws {
        let server = try await SharedServer.get()
        let url = server.url("/render/delivery/systemMedium.png?preview=preparing&scheme=dark&scale=3")
        let replies = try await withThrowingTaskGroup(of: Reply.self) { group in
            for _ in 0..<8 { group.addTask { try await Client.send(url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.count == 8)
        #expect(replies.allSatisfy { $0.status == 200 })
        #expect(Set(replies.map(\.body)).count == 1)
        #expect(try PNGCodec.decode(replies[0].body).width == 1014)
    }

    @Test func cancellingTheRunTaskShutsTheServerDown() async throws {
        let server = try await RunningServer.start()
        #expect(try await Client.send(server.url("/health")).status == 200)
        try await server.stop()
        await #expect(throws: (any Error).self) { _ = try await Client.send(server.url("/health")) }
    }
}
