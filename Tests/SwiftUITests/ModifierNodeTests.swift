import Foundation
import SwiftUI
import Testing
import WidgetKit
import WidgetShot

/// What each SwiftUI modifier becomes in the engine's tree, in SwiftUI's order (the first wraps
/// the view, the last is outermost).
@Suite("SwiftUI modifiers become the engine's modifiers, in order")
struct ModifierNodeTests {
    static func node<V: SwiftUI.View>(_ view: V) -> ViewNode {
        ViewResolver.node(view, in: EnvironmentValues(look: Look()))
    }

    @Test("padding, frame, clip, overlay, offset and priority keep their order and values")
    func chainOrder() throws {
        let n = Self.node(
            Text("x")
                .padding(.horizontal, 6)
                .frame(maxWidth: .infinity, alignment: .leading)
                .cornerRadius(4)
                .overlay(alignment: .topTrailing) { Circle().fill(Color.green).frame(width: 8, height: 8) }
                .offset(y: 2)
                .layoutPriority(1)
        )
        #expect(n.layoutPriority == 1)
        #expect(n.modifiers.count == 5)
        #expect(n.modifiers[0] == .padding(WidgetModel.EdgeInsets(top: 0, leading: 6, bottom: 0, trailing: 6)))
        #expect(n.modifiers[1] == .frame(FrameSpec(maxWidth: .infinity, alignment: WidgetModel.Alignment(horizontal: .leading, vertical: .center))))
        #expect(n.modifiers[2] == .clip(.roundedRect(radius: 4, continuous: false)))
        guard case .overlay(let dot, let alignment) = n.modifiers[3] else { Issue.record("no overlay: \(n.modifiers[3])"); return }
        #expect(alignment == WidgetModel.Alignment(horizontal: .trailing, vertical: .top))
        #expect(dot.modifiers == [.frame(FrameSpec(width: 8, height: 8))])
        #expect(n.modifiers[4] == .offset(x: 0, y: 2))
    }

    @Test("ViewThatFits keeps its children in order and its axes")
    func viewThatFits() {
        let n = Self.node(ViewThatFits(in: .horizontal) { Text("a long label"); Text("short") })
        guard case .viewThatFits(let axes, let children) = n.kind else { Issue.record("\(n.kind)"); return }
        #expect(axes == .horizontal)
        #expect(children.count == 2)
    }

    @Test("a modifier on a group applies to each of its views")
    func groupModifier() {
        let n = Self.node(VStack { Group { Text("a"); Text("b") }.opacity(0.5) })
        guard case .vstack(_, _, let children) = n.kind else { Issue.record("\(n.kind)"); return }
        #expect(children.map(\.modifiers) == [[.opacity(0.5)], [.opacity(0.5)]])
    }
}
