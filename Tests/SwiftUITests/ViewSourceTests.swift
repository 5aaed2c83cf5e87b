import Foundation
import SwiftUI
import Testing
import WidgetKit
import WidgetShot

/// Each view a team writes inline keeps its initialiser's `#fileID` and line on the engine node it
/// draws (issue 35 item 5), so verify names the changed view's line: the shapes, images, labels,
/// progress views, gauges, controls and grids, as Text and the stacks already do. A modifier on a
/// later line keeps the view's line; a view made inside another (Label's icon, Button's title)
/// carries the line the team wrote.
@Suite("a SwiftUI view's node carries the line of its initialiser")
struct ViewSourceTests {
    /// The node `view` resolves to, and whether it carries the caller's `#fileID` and line.
    static func carries<V: SwiftUI.View>(_ view: V, file: StaticString = #fileID, line: UInt = #line) -> Bool {
        let node = ViewResolver.node(view, in: EnvironmentValues(look: Look()))
        let ok = node.source == SourceLocation(file: "\(file)", line: Int(line), column: 1)
        if !ok { Issue.record("\(node.source.map(\.description) ?? "no source") for \(V.self) at line \(line)") }
        return ok
    }

    @Test("shapes, as views and filled or stroked on the next line; a trimmed shape; a team's shape at its fill")
    func shapes() {
        #expect(Self.carries(Rectangle()))
        #expect(Self.carries(RoundedRectangle(cornerRadius: 6)
            .fill(Color.red)))
        #expect(Self.carries(RoundedRectangle(cornerSize: CGSize(width: 4, height: 4), style: .circular)))
        #expect(Self.carries(Circle()
            .stroke(Color.blue, lineWidth: 2)
            .frame(width: 20, height: 20)))
        #expect(Self.carries(Capsule(style: .continuous)))
        #expect(Self.carries(Ellipse()
            .strokeBorder(lineWidth: 3)))
        #expect(Self.carries(ContainerRelativeShape()))
        #expect(Self.carries(Circle().trim(from: 0, to: 0.5)
            .stroke(Color.green)))
        let line = #line; let custom = ViewResolver.node(TeamTriangle().fill(Color.red), in: EnvironmentValues(look: Look()))
        #expect(custom.source?.line == line, "a team's shape is named where it is filled")
        #expect(Self.carries(Divider()))
    }

    @Test("images, labels, progress views and gauges")
    func images() {
        #expect(Self.carries(Image(systemName: "star.fill")
            .foregroundStyle(Color.orange)))
        #expect(Self.carries(Image("no-such-asset")))
        #expect(Self.carries(Label("Go", systemImage: "car")))
        #expect(Self.carries(Label { Text("Go") } icon: { Image(systemName: "car") }))
        #expect(Self.carries(ProgressView(value: 0.4)))
        #expect(Self.carries(ProgressView(value: 0.4) { Text("Cooking") }))
        #expect(Self.carries(ProgressView(timerInterval: Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 60))))
        #expect(Self.carries(Gauge(value: 0.3) { Text("Fuel") }))
        #expect(Self.carries(Gauge(value: 0.3) { Text("Fuel") } currentValueLabel: { Text("30") }))
        #expect(Self.carries(Gauge(value: 30, in: 0...100) { Text("Fuel") } currentValueLabel: { Text("30") }
                             minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") }))
    }

    @Test("buttons, links and toggles (their titles too), grids and lazy stacks")
    func controlsAndGrids() {
        #expect(Self.carries(Button("Tap") {}))
        #expect(Self.carries(Button(action: {}) { Circle() }.buttonStyle(.borderedProminent)))
        #expect(Self.carries(Link("Open", destination: URL(string: "https://example.com")!)))
        #expect(Self.carries(Link(destination: URL(string: "https://example.com")!) { Rectangle() }))
        #expect(Self.carries(Toggle("On", isOn: .constant(true))))
        #expect(Self.carries(Toggle(isOn: .constant(false)) { Text("Off") }))
        #expect(Self.carries(Grid { GridRow { Text("a"); Text("b") } }))
        #expect(Self.carries(GridRow { Circle(); Circle() }))
        #expect(Self.carries(LazyVGrid(columns: [GridItem(), GridItem()]) { Circle(); Circle() }))
        #expect(Self.carries(LazyHGrid(rows: [GridItem()]) { Circle() }))
        #expect(Self.carries(LazyVStack { Circle() }))
        #expect(Self.carries(LazyHStack { Circle() }))
    }
}
