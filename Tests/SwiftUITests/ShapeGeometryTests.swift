import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import AppIntents
import WidgetShot
import WidgetShotSwiftUI

/// A team's own shape: a triangle pointing up.
struct TeamTriangle: Shape {
    func path(in rect: CGRect) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: rect.midX, y: rect.minY))
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        p.closeSubpath()
        return p
    }
}

/// A shape whose corners do not scale with its frame: right only when made for the real frame.
struct FixedNotch: Shape {
    func path(in rect: CGRect) -> Path {
        Path(CGRect(x: rect.maxX - 10, y: rect.minY, width: 10, height: 10))
    }
}

struct LightsIntent: AppIntent {
    static let title: LocalizedStringResource = "Lights"
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

/// The sizes a GeometryReader's content was made with, pass by pass.
final class SeenSizes: @unchecked Sendable { var sizes: [CGSize] = [] }

/// Paths, a team's `Shape`, `trim`, stroke styles and `GeometryReader` drawn by the engine: pixels
/// where the shapes are and are not, and the size a GeometryReader's content was made with.
@Suite("SwiftUI shapes, paths and GeometryReader are drawn from the frame layout gives them")
struct ShapeGeometryTests {
    /// The view alone on a 100 × 100 pt canvas at 1 px per point.
    static func pixels<V: SwiftUI.View>(_ view: V) throws -> (RenderResult, (Int, Int) -> [UInt8]) {
        let picture = try CanvasPicture(view, width: 100, height: 100)
        return (picture.result, picture.at)
    }

    static func isBlue(_ p: [UInt8]) -> Bool { p[2] > 200 && p[0] < 80 && p[1] < 160 }
    static func isRed(_ p: [UInt8]) -> Bool { p[0] > 200 && p[1] < 80 && p[2] < 80 }
    static func isGreen(_ p: [UInt8]) -> Bool { p[1] > 150 && p[0] < 120 && p[2] < 140 }

    @Test("a team's own Shape is filled along its path(in:), without a warning")
    func teamShape() throws {
        let (result, at) = try Self.pixels(TeamTriangle().fill(Color.blue))
        #expect(result.pixelWidth == 100 && result.pixelHeight == 100)
        #expect(Self.isBlue(at(50, 90)), "\(at(50, 90))")
        #expect(Self.isBlue(at(50, 20)), "\(at(50, 20))")
        #expect(!Self.isBlue(at(5, 5)) && !Self.isBlue(at(95, 5)) && !Self.isBlue(at(10, 50)), "\(at(5, 5)) \(at(95, 5))")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test("a shape is made for its real frame: a 10 pt notch stays 10 pt in a 100 pt frame")
    func madeForTheRealFrame() throws {
        // The first pass proposes the surface's widget size (170 pt): the second makes it for 100.
        let (_, at) = try Self.pixels(FixedNotch().fill(Color.red))
        #expect(Self.isRed(at(95, 5)), "\(at(95, 5))")
        #expect(!Self.isRed(at(85, 5)) && !Self.isRed(at(95, 15)), "\(at(85, 5)) \(at(95, 15))")
    }

    @Test("Path's arc turns the way SwiftUI's does: clockwise: false from 0° to 90° is the bottom-right quarter")
    func arcDirection() throws {
        let pie = Path { p in
            p.move(to: CGPoint(x: 50, y: 50))
            p.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
            p.closeSubpath()
        }
        let (_, at) = try Self.pixels(pie.fill(Color.blue))
        #expect(Self.isBlue(at(70, 70)), "\(at(70, 70))")
        #expect(!Self.isBlue(at(30, 30)) && !Self.isBlue(at(70, 30)) && !Self.isBlue(at(30, 70)))
    }

    @Test("trim(from:to:) strokes a quarter of a circle, from 3 o'clock clockwise")
    func trimmedRing() throws {
        let (_, at) = try Self.pixels(Circle().trim(from: 0, to: 0.25)
            .stroke(Color.green, style: StrokeStyle(lineWidth: 10, lineCap: .butt)))
        // The ring's centre line is the circle of radius 50; 3 px inside it at 45° and at 225°.
        #expect(Self.isGreen(at(83, 83)), "\(at(83, 83))")
        #expect(!Self.isGreen(at(17, 17)) && !Self.isGreen(at(83, 17)) && !Self.isGreen(at(17, 83)), "\(at(17, 17))")
    }

    @Test("a butt cap ends at the line's end; a round cap goes half the width past it")
    func lineCaps() throws {
        func line(_ cap: CGLineCap) -> some SwiftUI.View {
            Path { p in p.move(to: CGPoint(x: 20, y: 50)); p.addLine(to: CGPoint(x: 80, y: 50)) }
                .stroke(Color.blue, style: StrokeStyle(lineWidth: 20, lineCap: cap))
        }
        let (_, butt) = try Self.pixels(line(.butt))
        let (_, round) = try Self.pixels(line(.round))
        #expect(Self.isBlue(butt(50, 50)) && !Self.isBlue(butt(14, 50)), "\(butt(14, 50))")
        #expect(Self.isBlue(round(14, 50)), "\(round(14, 50))")
    }

    @Test("GeometryReader's content is made with the size layout gave it, at its top leading corner")
    func geometryReader() throws {
        let seen = SeenSizes()
        let view = HStack(spacing: 0) {
            Color.blue.frame(width: 40)
            GeometryReader { proxy in
                let _ = seen.sizes.append(proxy.size)
                Color.red.frame(width: proxy.size.width / 2, height: proxy.size.height / 2)
            }
        }
        let (_, at) = try Self.pixels(view)
        #expect(seen.sizes.last == CGSize(width: 60, height: 100), "\(seen.sizes)")
        #expect(seen.sizes.count == 2, "a first pass with the guess, a second with the real frame: \(seen.sizes)")
        #expect(Self.isBlue(at(20, 50)))
        #expect(Self.isRed(at(45, 10)) && Self.isRed(at(68, 48)), "\(at(45, 10)) \(at(68, 48))")
        #expect(!Self.isRed(at(72, 10)) && !Self.isRed(at(45, 52)), "\(at(72, 10)) \(at(45, 52))")
    }

    @Test("Gauge's accessory styles are the engine's gauge and ring, with the current value inside")
    func gauge() {
        let environment = EnvironmentValues(look: Look())
        let open = ViewResolver.node(Gauge(value: 30, in: 0...100) { Text("T") } currentValueLabel: { Text("30") }
            .gaugeStyle(.accessoryCircular), in: environment)
        guard case .zstack(_, let children) = open.kind, case .progress(let progress) = children.first?.kind else {
            Issue.record("\(open.kind)"); return
        }
        #expect(progress.style == .gauge && abs(progress.fraction - 0.3) < 1e-9)
        #expect(children.count == 2)
        let ring = ViewResolver.node(Gauge(value: 0.5) { Text("x") }.gaugeStyle(.accessoryCircularCapacity), in: environment)
        guard case .zstack(_, let ringChildren) = ring.kind, case .progress(let r) = ringChildren.first?.kind else { Issue.record("\(ring.kind)"); return }
        #expect(r.style == .ring && r.fraction == 0.5)
        let bar = ViewResolver.node(Gauge(value: 2.0, in: 0...4) { EmptyView() }, in: environment)
        guard case .progress(let b) = bar.kind else { Issue.record("\(bar.kind)"); return }
        #expect(b.style == .linear && b.fraction == 0.5)
    }

    @Test("Toggle(isOn:intent:) draws iOS's switch: the tint when on, the knob at the trailing end")
    func toggle() throws {
        let view = VStack(spacing: 10) {
            Toggle(isOn: true, intent: LightsIntent()) { Text("On") }
            Toggle(isOn: false, intent: LightsIntent()) { Text("Off") }
        }.padding(.horizontal, 4)
        let (_, at) = try Self.pixels(view)
        // The switches are 51 × 31 at the trailing edge (x 45…96): the first at y 24…55, the second 65…96.
        #expect(Self.isGreen(at(55, 39)), "on: the track is the tint left of the knob \(at(55, 39))")
        #expect(at(82, 39)[0] > 240 && at(82, 39)[1] > 240 && at(82, 39)[2] > 240, "on: the white knob at the trailing end \(at(82, 39))")
        #expect(!Self.isGreen(at(85, 80)), "off: no tint \(at(85, 80))")
        // One switch: the layout language's `toggle:` node, the same value.
        let alone = ViewResolver.node(Toggle(isOn: false, intent: LightsIntent()) { EmptyView() }, in: EnvironmentValues(look: Look()))
        #expect(alone == ToggleSwitch.node(isOn: false, scheme: .light))
    }

    @Test("UIKit's system colours follow the render's scheme; rotationEffect is the engine's rotation")
    func uiColorsAndRotation() {
        var look = Look()
        look.scheme = .dark
        let dark = ViewResolver.node(Rectangle().fill(Color(uiColor: .systemBackground)), in: EnvironmentValues(look: look))
        guard case .shape(let shape) = dark.kind else { Issue.record("\(dark.kind)"); return }
        #expect(shape.fill == .color(RGBA(r: 0, g: 0, b: 0)))
        let rotated = ViewResolver.node(Text("x").rotationEffect(.degrees(-90)), in: EnvironmentValues(look: Look()))
        #expect(rotated.modifiers == [.rotation(degrees: -90, anchor: WidgetModel.UnitPoint(x: 0.5, y: 0.5))])
    }
}
