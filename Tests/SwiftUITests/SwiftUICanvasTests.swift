import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetShot
import WidgetShotSwiftUI

/// The sizes a canvas's renderer was called with, render pass by pass.
final class CanvasSizes: @unchecked Sendable { var sizes: [CGSize] = [] }

/// SwiftUI's `Canvas` drawn by the engine: filled and stroked paths, text, transforms, clips and
/// gradients, checked by pixels at known points of a 100 × 100 pt picture at 1 px a point.
@Suite("SwiftUI's Canvas draws paths, text and images through the engine")
struct SwiftUICanvasTests {
    static func isRed(_ p: [UInt8]) -> Bool { p[0] > 200 && p[1] < 80 && p[2] < 80 && p[3] > 200 }
    static func isBlue(_ p: [UInt8]) -> Bool { p[2] > 200 && p[0] < 80 && p[1] < 160 && p[3] > 200 }
    static func isInk(_ p: [UInt8]) -> Bool { p[3] > 100 && p[0] < 120 && p[1] < 120 && p[2] < 120 }
    static func isEmpty(_ p: [UInt8]) -> Bool { !isRed(p) && !isBlue(p) && !isInk(p) }

    @Test("a filled rectangle, a stroked line and a text, each where the renderer put it; the renderer gets the canvas's size")
    func drawsPathsAndText() throws {
        let seen = CanvasSizes()
        let view = Canvas { context, size in
            seen.sizes.append(size)
            context.fill(Path(CGRect(x: 10, y: 10, width: 30, height: 30)), with: .color(.red))
            var line = Path()
            line.move(to: CGPoint(x: 50, y: 80))
            line.addLine(to: CGPoint(x: 90, y: 80))
            context.stroke(line, with: .color(.blue), lineWidth: 6)
            context.draw(Text("HH").font(.system(size: 24, weight: .bold)).foregroundStyle(Color.black),
                         at: CGPoint(x: 70, y: 25), anchor: .center)
        }
        let picture = try CanvasPicture(view, width: 100, height: 100)
        #expect(seen.sizes.last == CGSize(width: 100, height: 100), "\(seen.sizes)")
        #expect(Self.isRed(picture.at(25, 25)) && Self.isRed(picture.at(11, 39)), "\(picture.at(25, 25))")
        #expect(Self.isEmpty(picture.at(5, 5)) && Self.isEmpty(picture.at(45, 25)), "\(picture.at(45, 25))")
        #expect(Self.isBlue(picture.at(70, 80)) && Self.isBlue(picture.at(52, 78)), "\(picture.at(70, 80))")
        #expect(Self.isEmpty(picture.at(70, 86)) && Self.isEmpty(picture.at(95, 80)), "\(picture.at(70, 86))")
        // The text's ink is around (70, 25), and nowhere near the canvas's other corners.
        var ink: [(Int, Int)] = []
        for y in 0..<100 { for x in 0..<100 where Self.isInk(picture.at(x, y)) { ink.append((x, y)) } }
        #expect(!ink.isEmpty)
        let xs = ink.map(\.0), ys = ink.map(\.1)
        #expect((xs.min() ?? 0) >= 50 && (xs.max() ?? 0) <= 90 && (ys.min() ?? 0) >= 10 && (ys.max() ?? 0) <= 40, "ink in x \(xs.min() ?? -1)…\(xs.max() ?? -1), y \(ys.min() ?? -1)…\(ys.max() ?? -1)")
        #expect(abs(Double((xs.min() ?? 0) + (xs.max() ?? 0)) / 2 - 70) <= 3, "the text is centred on x 70")
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
    }

    @Test("translate, scale, opacity and a rectangular clip apply to what is drawn after them")
    func transformsAndClip() throws {
        let view = Canvas { context, size in
            var moved = context
            moved.translateBy(x: 50, y: 0)
            moved.scaleBy(x: 2, y: 2)
            moved.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.red))   // → (50, 0)…(70, 20)
            var clipped = context
            clipped.clip(to: Path(CGRect(x: 0, y: 50, width: 30, height: 50)))
            clipped.fill(Path(CGRect(x: 0, y: 50, width: 100, height: 50)), with: .color(.blue))
            var faded = context
            faded.opacity = 0.5
            faded.fill(Path(CGRect(x: 80, y: 0, width: 20, height: 20)), with: .color(.blue))
        }
        let picture = try CanvasPicture(view, width: 100, height: 100)
        #expect(Self.isRed(picture.at(65, 15)) && Self.isEmpty(picture.at(45, 5)) && Self.isEmpty(picture.at(65, 25)), "\(picture.at(65, 15))")
        #expect(Self.isBlue(picture.at(15, 75)), "\(picture.at(15, 75))")
        #expect(Self.isEmpty(picture.at(60, 75)), "clipped away: \(picture.at(60, 75))")
        let faded = picture.at(90, 10)
        // Half of the system blue (0, 122, 255) over the canvas's white.
        #expect(faded[0] > 100 && faded[0] < 160 && faded[2] > 200, "half-transparent blue: \(faded)")
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
    }

    @Test("a canvas takes the space offered, and 10 × 10 when asked for its ideal size, as a shape")
    func canvasSize() throws {
        let seen = CanvasSizes()
        let picture = try CanvasPicture(HStack(spacing: 0) {
            Canvas { _, size in seen.sizes.append(size) }.fixedSize()
            Canvas { _, size in seen.sizes.append(size) }
        }, width: 100, height: 100)
        // Last pass: the fixed-size canvas 10 × 10, the other the remaining 90 × 100.
        #expect(seen.sizes.suffix(2) == [CGSize(width: 10, height: 10), CGSize(width: 90, height: 100)], "\(seen.sizes)")
        #expect(picture.result.warnings.isEmpty, "\(picture.result.warnings)")
    }

    @Test("a linear gradient in canvas points runs from its start point to its end point")
    func gradient() throws {
        let view = Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)),
                         with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 100, y: 0)))
        }
        let picture = try CanvasPicture(view, width: 100, height: 100)
        let left = picture.at(2, 50), right = picture.at(97, 50)
        #expect(left[0] > 200 && left[2] < 60, "\(left)")
        #expect(right[2] > 200 && right[0] < 60, "\(right)")
    }

    @Test("a canvas keeps Limits.canvasDrawCalls drawing calls; the rest is left out with a warning")
    func drawCallsAreBounded() throws {
        let view = Canvas { context, size in
            for i in 0..<6_000 {
                context.fill(Path(CGRect(x: Double(i % 100), y: Double(i / 100), width: 1, height: 1)), with: .color(.red))
            }
        }
        let picture = try CanvasPicture(view, width: 100, height: 100)
        #expect(picture.result.warnings.contains { $0.description.contains("more than 5000 drawing calls (Limits.canvasDrawCalls)") },
                "\(picture.result.warnings)")
        // Rows 0…49 are drawn (5,000 dots), rows 50…59 are not.
        #expect(Self.isRed(picture.at(10, 49)) && Self.isEmpty(picture.at(10, 55)), "\(picture.at(10, 49)) \(picture.at(10, 55))")
    }

    @Test("what the engine does not draw is a warning at the canvas's line, and a magenta fill where a shading can not be painted")
    func unsupported() throws {
        let line = #line + 1
        let view = Canvas { context, size in
            var c = context
            c.addFilter(.blur(radius: 4))
            c.fill(Path(CGRect(x: 0, y: 0, width: 50, height: 50)), with: .conicGradient(Gradient(colors: [.red, .blue]), center: .zero))
            c.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10)))
        }
        let picture = try CanvasPicture(view, width: 100, height: 100)
        let warnings = picture.result.warnings.map(\.description)
        let here = "SwiftUICanvasTests.swift:\(line)"
        #expect(warnings.contains { $0.contains(here) && $0.contains("filter .blur") }, "\(warnings)")
        #expect(warnings.contains { $0.contains(here) && $0.contains("conicGradient") }, "\(warnings)")
        #expect(warnings.contains { $0.contains(here) && $0.contains("clip(to:)") }, "\(warnings)")
        let p = picture.at(25, 25)
        #expect(p[0] > 200 && p[1] < 60 && p[2] > 200, "magenta: \(p)")
    }
}
