import WidgetLayout
import WidgetModel

/// Short constructors so each test reads as the SwiftUI it mirrors.
var engine: LayoutEngine { LayoutEngine(measurer: FakeMeasurer()) }

/// 10 pt text: characters 5 wide, lines 12 tall.
func text(_ s: String, lineLimit: Int? = nil, scale: Double = 1, lineHeight: Double? = 12,
          priority: Double = 0, _ modifiers: [Modifier] = []) -> ViewNode {
    ViewNode(.text(TextContent(string: s, font: FontSpec(size: 10, lineHeight: lineHeight), lineLimit: lineLimit,
                               minimumScaleFactor: scale)),
             modifiers: modifiers, layoutPriority: priority)
}

func shape(_ modifiers: [Modifier] = [], priority: Double = 0) -> ViewNode {
    ViewNode(.shape(ShapeContent(shape: .rect, fill: .color(.black))), modifiers: modifiers, layoutPriority: priority)
}

/// A rectangle in a fixed frame.
func box(_ width: Double, _ height: Double, _ more: [Modifier] = []) -> ViewNode {
    shape([.frame(FrameSpec(width: width, height: height))] + more)
}

func hstack(spacing: Double? = nil, alignment: VerticalAlignment = .center, _ children: [ViewNode],
            _ modifiers: [Modifier] = []) -> ViewNode {
    ViewNode(.hstack(spacing: spacing, alignment: alignment, children: children), modifiers: modifiers)
}

func vstack(spacing: Double? = nil, alignment: HorizontalAlignment = .center, _ children: [ViewNode],
            _ modifiers: [Modifier] = []) -> ViewNode {
    ViewNode(.vstack(spacing: spacing, alignment: alignment, children: children), modifiers: modifiers)
}

func zstack(_ alignment: Alignment = .center, _ children: [ViewNode]) -> ViewNode {
    ViewNode(.zstack(alignment: alignment, children: children))
}

func spacer(_ minLength: Double? = nil) -> ViewNode { ViewNode(.spacer(minLength: minLength)) }

let empty = ViewNode(.empty)

func align(_ name: String) -> Alignment { Alignment(name: name)! }

func place(_ node: ViewNode, _ width: Double, _ height: Double, _ alignment: Alignment = .topLeading) -> PlacedNode {
    engine.place(node, in: Rect(x: 0, y: 0, width: width, height: height), alignment: alignment)
}

func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

extension PlacedNode {
    var placedText: PlacedText? {
        if case .text(let t) = content { return t }
        return nil
    }
    var allNodes: [PlacedNode] {
        var all: [PlacedNode] = []
        forEach { all.append($0) }
        return all
    }
}
