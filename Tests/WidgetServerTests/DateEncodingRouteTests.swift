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

/// Issue 36: the server named a layout by its project-relative name (`Layouts/loc.yaml`) and read
/// its string catalog against the working directory: a project served from anywhere else lost the
/// layout ("the layout's folder cannot be read"). The catalog is found beside the layout's file.
@Suite(.timeLimit(.minutes(1)))
struct ServedCatalogTests {
    @Test func aLayoutWithAStringCatalogServesFromAnyWorkingDirectory() async throws {
        let app = scratchDirectory("served-catalog")
        defer { try? FileManager.default.removeItem(atPath: app) }
        try FileManager.default.createDirectory(atPath: app + "/Layouts", withIntermediateDirectories: true)
        try #"{"sourceLanguage": "en", "version": "1.0", "strings": {"eta": {"localizations": {"ko": {"stringUnit": {"state": "translated", "value": "도착"}}}}}}"#
            .write(toFile: app + "/Layouts/Loc.xcstrings", atomically: true, encoding: .utf8)
        try "name: loc\nstringCatalog: Loc.xcstrings\nsurfaces:\n  systemSmall:\n    view:\n      text: \"{{strings.eta}}\"\npreviews:\n  one:\n    locale: ko\n    data: {}\n"
            .write(toFile: app + "/Layouts/loc.yaml", atomically: true, encoding: .utf8)
        #expect(FileManager.default.currentDirectoryPath != app)
        var folders = try ProjectFolders.at(app)
        folders.fonts = Project.folders.fonts
        let server = try await RunningServer.start(folders: folders)
        defer { Task { try await server.stop() } }
        let reply = try await Client.send(server.url("/v1/render/loc/systemSmall.png?preview=one"))
        #expect(reply.status == 200, "\(reply.text)")
        #expect(reply.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
