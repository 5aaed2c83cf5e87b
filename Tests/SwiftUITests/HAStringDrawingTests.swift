import Foundation
import SwiftUI
import Testing
import UIKit
import WidgetShotSwiftUI

/// UIKit's string drawing into a `UIGraphicsImageRenderer` (home-assistant's HAIconic draws its
/// Material Design Icons glyphs so: an `NSAttributedString` in the icon font, drawn into an image of
/// the size asked for): the string is set in its `UIFont`, from the rectangle's top-leading corner,
/// in its colour, or in the foreground style when the image is a template.
@Suite("UIFont and strings drawn into a UIGraphicsImageRenderer's image")
struct HAStringDrawingTests {
    static func isRed(_ p: [UInt8]) -> Bool { p[0] > 150 && p[1] < 100 && p[2] < 100 }
    static func isGreen(_ p: [UInt8]) -> Bool { p[1] > 100 && p[0] < 100 && p[2] < 100 }

    /// "MM" in the system font at 20 pt, drawn at (20, 10) of a 60 × 40 image.
    static func drawn(color: UIColor) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 60, height: 40)).image { _ in
            NSAttributedString(string: "MM", attributes: [.font: UIFont.systemFont(ofSize: 20, weight: .bold), .foregroundColor: color])
                .draw(in: CGRect(x: 20, y: 10, width: 40, height: 30))
        }
    }

    static func count(_ picture: CanvasPicture, _ xs: Range<Int>, _ ys: Range<Int>, _ test: ([UInt8]) -> Bool) -> Int {
        xs.reduce(0) { n, x in n + ys.filter { test(picture.at(x, $0)) }.count }
    }

    @Test("an attributed string is drawn in its font and colour from its rectangle's top-leading corner")
    func attributedString() throws {
        let image = Self.drawn(color: UIColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(image.drawing?.items.count == 1)
        if case .string(let drawn)? = image.drawing?.items.first?.content {
            #expect(drawn.string == "MM" && drawn.font.pointSize == 20 && drawn.font.systemWeight == .bold)
        } else {
            Issue.record("not a string: \(String(describing: image.drawing?.items.first))")
        }
        // The 60 × 40 image at the top-leading corner of a 100 × 60 canvas.
        let picture = try CanvasPicture(Image(uiImage: image).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading),
                                        width: 100, height: 60)
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
        // Red ink right of x 20 and under y 10 (two bold M of 20 pt: about 36 pt wide), none before.
        #expect(Self.count(picture, 20..<60, 10..<40, Self.isRed) > 100, "\(Self.count(picture, 20..<60, 10..<40, Self.isRed))")
        #expect(Self.count(picture, 0..<20, 0..<60, Self.isRed) == 0 && Self.count(picture, 0..<100, 0..<10, Self.isRed) == 0)
    }

    @Test("a template image's strings take the foreground style; a named font keeps its name and size")
    func templateAndNamedFont() throws {
        let image = Self.drawn(color: UIColor(red: 1, green: 0, blue: 0, alpha: 1)).withRenderingMode(.alwaysTemplate)
        let picture = try CanvasPicture(Image(uiImage: image).foregroundStyle(Color(red: 0, green: 0.6, blue: 0))
                                            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading), width: 100, height: 60)
        #expect(Self.count(picture, 20..<60, 10..<40, Self.isGreen) > 100 && Self.count(picture, 0..<100, 0..<60, Self.isRed) == 0)
        let font = UIFont(name: "MaterialDesignIcons", size: 16)
        #expect(font?.fontName == "MaterialDesignIcons" && font?.pointSize == 16 && font?.withSize(24).pointSize == 24)
        #expect(UIFont(name: "", size: 16) == nil)
    }
}
