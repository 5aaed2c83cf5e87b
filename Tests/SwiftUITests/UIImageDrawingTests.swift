import Foundation
import SwiftUI
import Testing
import UIKit
import WidgetShotSwiftUI

/// `Image(uiImage:)` of what a team's code makes: a symbol, an asset name, a
/// `UIGraphicsImageRenderer`'s drawing of them (home-assistant's "scale the logo" helper), bytes.
@Suite("Image(uiImage:) and UIGraphicsImageRenderer")
struct UIImageDrawingTests {
    static func isRed(_ p: [UInt8]) -> Bool { p[0] > 200 && p[1] < 80 && p[2] < 80 && p[3] > 200 }

    @Test("a renderer's image is a canvas of its size with each drawn image in its rectangle")
    func rendererDrawing() throws {
        let rendered = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in
            UIImage(systemName: "circle.fill")!.draw(in: CGRect(x: 20, y: 20, width: 20, height: 20))
        }
        #expect(rendered.size == CGSize(width: 40, height: 40))
        #expect(rendered.drawing?.items.count == 1)
        // 40 × 40 in the middle of the 100 × 100 canvas: 30…70; the square's rectangle is 50…70.
        let picture = try CanvasPicture(Image(uiImage: rendered).foregroundStyle(Color.red), width: 100, height: 100)
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
        #expect(Self.isRed(picture.at(60, 60)), "\(picture.at(60, 60))")
        #expect(!Self.isRed(picture.at(40, 40)) && !Self.isRed(picture.at(35, 60)) && !Self.isRed(picture.at(60, 35)),
                "\(picture.at(40, 40)) \(picture.at(35, 60))")
    }

    @Test("what the renderer does not draw is named in a warning at the caller's line; a symbol UIImage is the symbol")
    func warnings() throws {
        let filled = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        let line = #line + 1
        let picture = try CanvasPicture(Image(uiImage: filled), width: 40, height: 40)
        #expect(picture.result.warnings.contains { $0.description.contains("UIGraphicsImageRendererContext.fill is not drawn") && $0.description.contains(":\(line)") },
                "\(picture.result.warnings)")
        let symbol = try CanvasPicture(Image(uiImage: UIImage(systemName: "circle.fill")!).foregroundStyle(Color.red), width: 40, height: 40)
        #expect(symbol.result.warnings.isEmpty && Self.isRed(symbol.at(20, 20)), "\(symbol.result.warnings) \(symbol.at(20, 20))")
        let named = try CanvasPicture(Image(uiImage: UIImage(named: "logo")!), width: 40, height: 40)
        #expect(named.result.warnings.contains { $0.description.contains("no image set 'logo'") }, "\(named.result.warnings)")
        // Bytes that are no image are no UIImage, as on iOS; JPEG bytes are named (UIImageBytesTests).
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
    }
}
