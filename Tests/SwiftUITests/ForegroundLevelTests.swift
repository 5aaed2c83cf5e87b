import Foundation
import SwiftUI
import Testing

/// `.secondary` and the levels below are the foreground style above them, fainter; SwiftUI's two-
/// and three-level `foregroundStyle` name the levels. Measured as the colour a filled rectangle
/// takes on black.
@Suite("foreground levels: .primary/.secondary/.tertiary follow the foregroundStyle above")
struct ForegroundLevelTests {
    /// The pixel at the middle of `content` drawn on black, 40 × 40 pt.
    func colour<V: View>(_ content: V) throws -> [UInt8] {
        let picture = try CanvasPicture(ZStack { Color.black; content }, width: 40, height: 40)
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
        return picture.at(20, 20)
    }

    func near(_ p: [UInt8], _ r: Int, _ g: Int, _ b: Int) -> Bool {
        abs(Int(p[0]) - r) <= 3 && abs(Int(p[1]) - g) <= 3 && abs(Int(p[2]) - b) <= 3
    }

    @Test("under white, .secondary is white at 60 %, .tertiary at 30 %; with nothing above, the system's label colours")
    func relativeToTheStyleAbove() throws {
        let secondary = try colour(Rectangle().fill(.secondary).foregroundStyle(Color.white))
        #expect(near(secondary, 153, 153, 153), "\(secondary)")
        let tertiary = try colour(Rectangle().fill(.tertiary).foregroundStyle(Color.white))
        #expect(near(tertiary, 77, 77, 77), "\(tertiary)")
        let primary = try colour(Rectangle().fill(.primary).foregroundColor(.white))
        #expect(near(primary, 255, 255, 255), "\(primary)")
        // The system's secondaryLabel (light: 60, 60, 67 at 60 %) on black.
        let system = try colour(Rectangle().fill(.secondary))
        #expect(near(system, 36, 36, 40), "\(system)")
        // Set as the foreground itself, it is the level of what is above.
        let asForeground = try colour(VStack { Rectangle() }.foregroundStyle(.secondary).foregroundStyle(Color.white))
        #expect(near(asForeground, 153, 153, 153), "\(asForeground)")
        let fainter = try colour(Rectangle().foregroundStyle(.secondary.opacity(0.5)).foregroundStyle(Color.white))
        #expect(near(fainter, 77, 77, 77), "\(fainter)")
        // Wrapped in AnyShapeStyle (a team's conditional style), it is still a level, faded once.
        let wrapped = try colour(Rectangle().foregroundStyle(AnyShapeStyle(.secondary)).foregroundStyle(Color.white))
        #expect(near(wrapped, 153, 153, 153), "\(wrapped)")
        // Levels given as levels resolve against the style above them.
        let palette = try colour(Rectangle().fill(.secondary).foregroundStyle(.primary, .secondary).foregroundStyle(Color.white))
        #expect(near(palette, 153, 153, 153), "\(palette)")
    }

    @Test("foregroundStyle(primary, secondary) and (_:_:_:) name the levels; a level past them is the primary, fainter")
    func namedLevels() throws {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1), green = Color(red: 0, green: 1, blue: 0)
        #expect(near(try colour(Rectangle().fill(.primary).foregroundStyle(red, blue)), 255, 0, 0))
        #expect(near(try colour(Rectangle().fill(.secondary).foregroundStyle(red, blue)), 0, 0, 255))
        #expect(near(try colour(Rectangle().fill(.tertiary).foregroundStyle(red, blue)), 77, 0, 0))
        #expect(near(try colour(Rectangle().fill(.tertiary).foregroundStyle(red, blue, green)), 0, 255, 0))
    }
}
