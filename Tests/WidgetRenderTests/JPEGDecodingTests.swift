import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetRender

/// JPEG images are decoded (GdkPixbuf's JPEG loader), as a photo in an asset catalog or a team's
/// `UIImage(data:)` is on iOS: they were a decode error in a layout and a placeholder in Swift.
/// Fixtures/jpeg (written by Pillow, quality 95, no chroma subsampling): `halves.jpg` is 40×20
/// pixels, the left half red (230, 20, 20), the right blue (20, 20, 230); `halves-orientation6.jpg`
/// the same pixels with EXIF orientation 6 (shown turned a quarter clockwise: 20×40, red on top);
/// `truncated.jpg` the first half of `halves.jpg`.
@Suite struct JPEGDecodingTests {
    let renderer = Renderer(fonts: TestFonts.library)
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/jpeg").path

    func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name))) }

    /// `name` drawn unscaled at its shown size, at 1 px a point.
    func drawn(_ name: String, width: Double, height: Double) -> Bitmap {
        let image = ImageContent(path: Self.fixtures + "/" + name, naturalSize: Size(width: width, height: height))
        return renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: width, height: height), content: .image(image)),
                             pixelWidth: Int(width), pixelHeight: Int(height), scale: 1)
    }

    static func near(_ p: RGBA8, _ r: Int, _ g: Int, _ b: Int) -> Bool {
        abs(Int(p.r) - r) <= 6 && abs(Int(p.g) - g) <= 6 && abs(Int(p.b) - b) <= 6 && p.a == 255
    }

    @Test("the header gives the shown size: 40×20, and 20×40 with EXIF orientation 6; PNG as before")
    func headerSizes() throws {
        #expect(ImageHeader.format(try bytes("halves.jpg")[...]) == .jpeg)
        #expect(ImageHeader.size(try bytes("halves.jpg")[...]).map { [$0.width, $0.height] } == [40, 20])
        #expect(ImageHeader.size(try bytes("halves-orientation6.jpg")[...]).map { [$0.width, $0.height] } == [20, 40])
        let png = try PNGCodec.encode(Bitmap(width: 3, height: 2, stride: 12, pixels: [UInt8](repeating: 255, count: 24)))
        #expect(ImageHeader.size(png[...]).map { [$0.width, $0.height] } == [3, 2])
        #expect(ImageHeader.size([0xFF, 0xD8, 0xFF, 0xDA, 0, 2][...]) == nil, "scan data before a frame header has no size")
    }

    @Test("a JPEG is drawn: its halves in their colours (within 6 of 255); EXIF orientation 6 turns it")
    func drawsPixels() throws {
        let plain = drawn("halves.jpg", width: 40, height: 20)
        #expect(Self.near(plain.pixel(x: 5, y: 10), 230, 20, 20), "\(plain.pixel(x: 5, y: 10))")
        #expect(Self.near(plain.pixel(x: 35, y: 10), 20, 20, 230), "\(plain.pixel(x: 35, y: 10))")
        let turned = drawn("halves-orientation6.jpg", width: 20, height: 40)
        #expect(Self.near(turned.pixel(x: 10, y: 5), 230, 20, 20), "\(turned.pixel(x: 10, y: 5))")
        #expect(Self.near(turned.pixel(x: 10, y: 35), 20, 20, 230), "\(turned.pixel(x: 10, y: 35))")
    }

    @Test("a truncated JPEG, or one whose header claims more pixels than the limit, is an error naming it; nothing is decoded past the limit")
    func refusals() throws {
        #expect(throws: (any Error).self) { try renderer.loadImage(Self.fixtures + "/truncated.jpg") }
        do { try renderer.loadImage(Self.fixtures + "/truncated.jpg") } catch {
            #expect("\(error)".contains("truncated.jpg") && "\(error)".contains("JPEG"), "\(error)")
        }
        // halves.jpg with its frame header saying 60000×60000 (3.6 G pixels).
        var huge = try bytes("halves.jpg")
        let sof = try #require((2..<huge.count - 1).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 })
        huge[sof + 5] = 0xEA; huge[sof + 6] = 0x60; huge[sof + 7] = 0xEA; huge[sof + 8] = 0x60
        #expect(ImageHeader.size(huge[...]).map { [$0.width, $0.height] } == [60000, 60000])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-huge-\(UUID().uuidString).jpg").path
        try Data(huge).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { try renderer.loadImage(path); Issue.record("a 60000×60000 JPEG was decoded") } catch {
            #expect("\(error)".contains("60000×60000") && "\(error)".contains("Limits.imagePixels"), "\(error)")
        }
    }

    @Test("an asset catalog's JPEG image set is read: its path and its size in points at its scale (a photo at 2x: 20×10 pt)")
    func assetCatalogJPEG() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-jpeg-assets-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let set = root + "/Assets.xcassets/Photo.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures + "/halves.jpg", toPath: set + "/photo@2x.JPG")
        try Data(#"{"images":[{"idiom":"universal","filename":"photo@2x.JPG","scale":"2x"}],"info":{"version":1,"author":"xcode"}}"#.utf8)
            .write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let catalog = AssetCatalog(catalogs: [root + "/Assets.xcassets"])
        let photo = try #require(catalog.image(named: "Photo"), "\(catalog.warnings)")
        #expect(photo.path == set + "/photo@2x.JPG")
        #expect(photo.size == Size(width: 20, height: 10))
        let drawn = renderer.draw(PlacedNode(frame: Rect(x: 0, y: 0, width: 20, height: 10),
                                             content: .image(ImageContent(path: photo.path!, naturalSize: photo.size))),
                                  pixelWidth: 40, pixelHeight: 20, scale: 2)
        #expect(Self.near(drawn.pixel(x: 5, y: 10), 230, 20, 20) && Self.near(drawn.pixel(x: 35, y: 10), 20, 20, 230))
    }
}