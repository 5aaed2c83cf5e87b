import Foundation
import Testing
import TestSupport
import WidgetShot

/// RenderSpec → RenderRequest: every field checked with an error naming it; and RenderKey: equal
/// inputs give equal keys, changing any one input changes the key.
@Suite struct RenderSpecTests {
    static let delivery = try! Project.layout("delivery")

    func request(_ spec: RenderSpec) throws(RenderSpecError) -> RenderRequest {
        try spec.request(in: [Self.delivery], clock: { Date(timeIntervalSince1970: 1_800_000_000.75) })
    }

    func failure(_ spec: RenderSpec) -> RenderSpecError? {
        do { _ = try request(spec); return nil } catch { return error }
    }

    @Test func defaultsPickTheFirstPreviewAndItsNow() throws {
        let r = try request(RenderSpec(layout: "delivery", surface: "systemMedium"))
        let first = Self.delivery.previews[0]
        #expect(r.data == first.data)
        #expect(r.now == first.now ?? RenderRequest.fallbackNow)
        #expect(r.device.id == DeviceProfile.default.id)
        #expect(r.scheme == .light)
        #expect(r.scale == nil)
    }

    @Test func nowOverridesThePreviewsAndDataUsesTheClockInWholeSeconds() throws {
        let r = try request(RenderSpec(layout: "delivery", surface: "systemMedium", now: "2026-11-22T12:27:00+09:00"))
        #expect(r.now == Date(timeIntervalSince1970: 1_795_318_020))
        #expect(r.timeZone.secondsFromGMT(for: r.now) == 9 * 3600)
        let d = try request(RenderSpec(layout: "delivery", surface: "systemMedium", data: .object([:])))
        #expect(d.now == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(d.locale == "ko")   // data without a locale: the layout's first preview's (delivery's is ko), as a push
        var plain = RenderSpec(layout: "delivery", surface: "systemMedium", data: .object([:]))
        plain.look.locale = "de"
        #expect(try request(plain).locale == "de")
    }

    @Test(arguments: [
        (RenderSpec(layout: "nope", surface: "systemSmall"), "layout", RenderSpecError.Kind.notFound),
        (RenderSpec(layout: "delivery", surface: "huge"), "surface", .notFound),
        (RenderSpec(layout: "delivery", surface: "systemSmall", preview: "nope"), "preview", .notFound),
        (RenderSpec(layout: "delivery", surface: "systemSmall", device: "nokia"), "device", .notFound),
        (RenderSpec(layout: "delivery", surface: "systemSmall", scheme: "sepia"), "scheme", .badValue),
        (RenderSpec(layout: "delivery", surface: "systemSmall", scale: 9), "scale", .badValue),
        (RenderSpec(layout: "delivery", surface: "systemSmall", scale: .nan), "scale", .badValue),
        (RenderSpec(layout: "delivery", surface: "systemSmall", locale: "../x"), "locale", .badValue),
        (RenderSpec(layout: "delivery", surface: "systemSmall", now: "yesterday"), "now", .badValue),
        (RenderSpec(layout: "delivery", surface: "systemSmall", preview: "x", data: .object([:])), "data", .badValue),
        (RenderSpec(layout: "delivery", surface: "islandCompact", device: "iphonese"), "surface", .unprocessable),
    ])
    func errorsNameTheField(_ spec: RenderSpec, _ field: String, _ kind: RenderSpecError.Kind) throws {
        let error = try #require(failure(spec))
        #expect(error.field == field)
        #expect(error.kind == kind)
        #expect(!error.message.isEmpty)
    }

    // MARK: - Keys

    static let keyer = RenderKeyer(fonts: Project.fonts)

    func key(_ spec: RenderSpec) throws -> RenderKey { Self.keyer.key(for: try request(spec)) }

    @Test func equalInputsGiveEqualKeysAcrossKeyers() throws {
        let spec = RenderSpec(layout: "delivery", surface: "systemMedium", preview: Self.delivery.previews[0].name,
                              data: nil, now: "2026-11-22T12:27:00+09:00")
        let a = try key(spec)
        #expect(a == (try key(spec)))
        #expect(a.hex.count == 64)
        // A second keyer (another process, another replica) computes the same key.
        #expect(RenderKeyer(fonts: Project.fonts).key(for: try request(spec)) == a)
    }

    @Test func everyParameterChangesTheKey() throws {
        let base = RenderSpec(layout: "delivery", surface: "systemMedium")
        var variants: [RenderSpec] = []
        func vary(_ change: (inout RenderSpec) -> Void) { var s = base; change(&s); variants.append(s) }
        vary { $0.surface = "systemSmall" }
        vary { $0.preview = Self.delivery.previews.last!.name }
        vary { $0.look.scheme = "dark" }
        vary { $0.look.scale = 2 }
        vary { $0.look.device = "iphone15promax" }
        vary { $0.look.locale = "en" }
        vary { $0.look.now = "2026-11-22T12:28:00+09:00" }
        vary { $0.look.now = "2026-11-22T12:28:00+09:00"; $0.look.placeholder = true }
        vary { $0.look.placeholder = true }
        vary { $0.look.colors = .ios26 }
        vary { $0.pngPreset = .small }
        vary { $0.data = .object(["a": .number(1)]) }
        let keys = try variants.map(key) + [try key(base)]
        #expect(Set(keys).count == keys.count, "two different specs share a key")
    }

    @Test func theSameInstantInAnotherZoneIsAnotherKey() throws {
        let a = try key(RenderSpec(layout: "delivery", surface: "systemMedium", now: "2026-11-22T12:27:00+09:00"))
        let b = try key(RenderSpec(layout: "delivery", surface: "systemMedium", now: "2026-11-22T03:27:00Z"))
        #expect(a != b)
    }

    @Test func dataIsKeyedCanonically() throws {
        func data(_ v: DataValue) throws -> RenderKey {
            try key(RenderSpec(layout: "delivery", surface: "systemMedium", data: v, now: "2026-11-22T12:27:00+09:00"))
        }
        // Key order does not matter (a dictionary has none); values, nesting and types do.
        let a = try data(.object(["x": .number(1), "y": .string("a"), "z": .array([.bool(true), .null])]))
        let b = try data(.object(["z": .array([.bool(true), .null]), "y": .string("a"), "x": .number(1)]))
        #expect(a == b)
        let others = try [
            data(.object(["x": .number(2), "y": .string("a"), "z": .array([.bool(true), .null])])),
            data(.object(["x": .string("1"), "y": .string("a"), "z": .array([.bool(true), .null])])),
            data(.object(["x": .number(1), "y": .string("a"), "z": .array([.null, .bool(true)])])),
            data(.object(["x": .number(1), "y": .string("a"), "z": .array([.bool(true)]), "": .null])),
            data(.object(["x": .number(1), "ya": .string(""), "z": .array([.bool(true), .null])])),
            data(.object(["x": .number(1), "y": .array([.string("a")]), "z": .array([.bool(true), .null])])),
        ]
        #expect(Set(others + [a]).count == others.count + 1)
    }

    @Test func deepDataDoesNotRecurse() throws {
        var v = DataValue.number(1)
        for _ in 0..<2_000 { v = .array([v]) }  // (freeing a much deeper value recurses in Swift itself)
        _ = try key(RenderSpec(layout: "delivery", surface: "systemMedium", data: v, now: "2026-11-22T12:27:00+09:00"))
    }

    /// A folder with a layout that shows an image: editing the layout file, the image, or adding a
    /// file an image path could name changes the key; fonts and engine are in it too.
    @Test func filesOnDiskAreInTheKey() throws {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("ws-key-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let png = try PNGCodec.encode(Bitmap(straight: RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))))
        try Data(png).write(to: dir.appendingPathComponent("dot.png"))
        let layoutText = """
        name: pic
        surfaces:
          systemSmall:
            view:
              image: dot.png
        previews:
          one:
            data: {}

        """
        let file = dir.appendingPathComponent("pic.yaml")
        try Data(layoutText.utf8).write(to: file)
        let keyer = RenderKeyer(fonts: Project.fonts, assetRecheckSeconds: 0)
        func currentKey() throws -> RenderKey {
            let doc = try LayoutLoader.load(path: file.path)
            return keyer.key(for: try RenderSpec(layout: "pic", surface: "systemSmall").request(for: doc))
        }
        let first = try currentKey()
        #expect(try currentKey() == first)

        try Data((layoutText + "# a comment\n").utf8).write(to: file)
        let edited = try currentKey()
        #expect(edited != first)

        var changed = png
        changed[changed.count - 20] ^= 1
        try Data(changed).write(to: dir.appendingPathComponent("dot.png"))
        let newImage = try currentKey()
        #expect(newImage != edited)

        try Data(png).write(to: dir.appendingPathComponent("other.png"))
        #expect(try currentKey() != newImage)

        let doc = try LayoutLoader.load(path: file.path)
        let request = try RenderSpec(layout: "pic", surface: "systemSmall").request(for: doc)
        let otherFonts = RenderKeyer(fontDigest: String(repeating: "0", count: 64), assetRecheckSeconds: 0)
        #expect(otherFonts.key(for: request) != keyer.key(for: request))
    }
}
