import Foundation
import SwiftUI
import Testing
import UIKit
import WidgetRender

/// `Image(uiImage:)` of an image made from bytes (`UIImage(data:)`, `UIImage(contentsOfFile:)`):
/// PNG and JPEG bytes are drawn (they were a placeholder), at their pixel size in points, resizable
/// and tinted as an asset image; other formats are a placeholder of their size with a warning naming
/// the format; bytes that are no image give nil, as on iOS.
@Suite("UIImage made from bytes, drawn by Image(uiImage:)")
struct UIImageBytesTests {
    /// A PNG `width` × `height` px: red left half, blue right half.
    static func png(width: Int, height: Int) throws -> Data {
        var pixels = [UInt8]()
        for _ in 0..<height {
            for x in 0..<width { pixels += x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        return Data(try PNGCodec.encode(Bitmap(straight: RGBAImage(width: width, height: height, pixels: pixels))))
    }

    /// The smallest JPEG header that says its size: SOI, APP0, then a baseline frame of 32 × 48 px.
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
                           + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x30, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])

    @Test("PNG bytes are drawn at their size; resizable stretches over the frame, scaledToFit letterboxes, .fill covers; a template takes the foreground colour")
    func pngDrawn() throws {
        let image = try #require(UIImage(data: try Self.png(width: 20, height: 10)))
        #expect(image.size == CGSize(width: 20, height: 10))
        let natural = try CanvasPicture(Image(uiImage: image), width: 40, height: 40)
        #expect(natural.result.warnings.isEmpty, "\(natural.result.warnings)")
        // Centred: x 10…30, y 15…25; red left of 20, blue right.
        #expect(natural.at(12, 20) == [255, 0, 0, 255] && natural.at(28, 20) == [0, 0, 255, 255])
        #expect(natural.at(12, 10) == [255, 255, 255, 255], "nothing above the picture")
        // Resizable, the 20 × 10 picture stretches over the 40 × 40 frame, as SwiftUI draws it.
        let filled = try CanvasPicture(Image(uiImage: image).resizable().frame(width: 40, height: 40), width: 40, height: 40)
        #expect(filled.at(2, 2) == [255, 0, 0, 255] && filled.at(38, 38) == [0, 0, 255, 255])
        // With its own ratio: fitted (letterboxed, 40 × 20 in the middle) or covering (the middle 20 px of each half).
        let fitted = try CanvasPicture(Image(uiImage: image).resizable().scaledToFit().frame(width: 40, height: 40), width: 40, height: 40)
        #expect(fitted.at(2, 2) == [255, 255, 255, 255] && fitted.at(2, 20) == [255, 0, 0, 255] && fitted.at(38, 20) == [0, 0, 255, 255])
        let covered = try CanvasPicture(Image(uiImage: image).resizable().aspectRatio(contentMode: .fill).frame(width: 40, height: 40),
                                        width: 40, height: 40)
        #expect(covered.at(2, 2) == [255, 0, 0, 255] && covered.at(38, 38) == [0, 0, 255, 255])
        #expect(fitted.result.warnings.isEmpty && covered.result.warnings.isEmpty, "\(covered.result.warnings)")
        let green = Color(red: 0, green: 1, blue: 0)
        let tinted = try CanvasPicture(Image(uiImage: image.withRenderingMode(.alwaysTemplate)).foregroundStyle(green), width: 40, height: 40)
        #expect(tinted.at(12, 20) == [0, 255, 0, 255] && tinted.at(28, 20) == [0, 255, 0, 255])
    }

    @Test("UIImage(contentsOfFile:) reads a PNG file; a missing file or bytes that are no image give nil")
    func fromAFile() throws {
        let path = NSTemporaryDirectory() + "uiimage-bytes-\(getpid()).png"
        try Self.png(width: 8, height: 8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try #require(UIImage(contentsOfFile: path))
        let picture = try CanvasPicture(Image(uiImage: image).resizable(), width: 16, height: 16)
        #expect(picture.at(3, 8) == [255, 0, 0, 255] && picture.at(12, 8) == [0, 0, 255, 255])
        #expect(UIImage(contentsOfFile: path + ".missing") == nil)
        #expect(UIImage(data: Data("not an image".utf8)) == nil)
    }

    /// WidgetRenderTests' fixture: 40 × 20 px, the left half red (230, 20, 20), the right blue (20, 20, 230);
    /// and the same with EXIF orientation 6 (shown 20 × 40, red on top).
    static func photo(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WidgetRenderTests/Fixtures/jpeg/\(name)"))
    }

    static func near(_ p: [UInt8], _ rgb: [Int]) -> Bool { zip(p.prefix(3), rgb).allSatisfy { abs(Int($0) - $1) <= 6 } && p[3] == 255 }

    @Test("JPEG bytes are drawn (they were a placeholder): at their shown size, EXIF orientation applied, no warning")
    func jpegDrawn() throws {
        let image = try #require(UIImage(data: try Self.photo("halves.jpg")))
        #expect(image.size == CGSize(width: 40, height: 20))
        let picture = try CanvasPicture(Image(uiImage: image), width: 60, height: 60)
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
        // Centred: x 10…50, y 20…40.
        #expect(Self.near(picture.at(15, 30), [230, 20, 20]) && Self.near(picture.at(45, 30), [20, 20, 230]), "\(picture.at(15, 30)) \(picture.at(45, 30))")
        let turned = try #require(UIImage(data: try Self.photo("halves-orientation6.jpg")))
        #expect(turned.size == CGSize(width: 20, height: 40))
        let upright = try CanvasPicture(Image(uiImage: turned), width: 60, height: 60)
        // Centred: x 20…40, y 10…50; red on top.
        #expect(Self.near(upright.at(30, 15), [230, 20, 20]) && Self.near(upright.at(30, 45), [20, 20, 230]), "\(upright.at(30, 15)) \(upright.at(30, 45))")
        // The smallest header that says a size (no image data) is still a UIImage of that size.
        #expect(UIImage(data: Self.jpeg)?.size == CGSize(width: 48, height: 32))
    }

    /// The first bytes of a HEIC file (an `ftyp` box of brand heic): a format WidgetShot does not decode.
    static let heic = Data([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))

    @Test("HEIC bytes: a placeholder and a warning naming HEIC")
    func heicIsNamed() throws {
        let image = try #require(UIImage(data: Self.heic))
        let picture = try CanvasPicture(Image(uiImage: image), width: 60, height: 60)
        #expect(picture.result.warnings.contains { $0.message.contains("Image(uiImage:) of HEIC bytes is not decoded (PNG and JPEG bytes are)") },
                "\(picture.result.warnings)")
    }
}
