import Testing
import WidgetLayout
import WidgetModel

/// Issue 37, item 2: no truncation iOS would not draw. "Setting Button" is 14 characters, 70 pt
/// in the 10 pt test font; iOS's font would fit it where ours is up to 2 % (1.4 pt) short.
@Suite struct FontDifferenceTests {
    let engine = LayoutEngine(measurer: FakeMeasurer(countsTracking: true))

    func placed(_ node: ViewNode, _ width: Double, _ height: Double = 100) -> PlacedNode {
        engine.place(node, in: Rect(x: 0, y: 0, width: width, height: height), alignment: .topLeading)
    }

    @Test func aLineShortByTheFontDifferenceIsDrawnWholeAndTightened() throws {
        // 69 pt for a 70 pt line (1.4 % short): whole, one line, 69 wide, tracking −1/14 pt.
        let root = placed(text("Setting Button", lineLimit: 1), 69)
        let t = try #require(root.placedText)
        #expect(t.truncated == false)
        #expect(t.lineCount == 1)
        #expect(t.maxLines == 1)
        #expect(t.wrapWidth == 69)
        #expect(abs(root.frame.width - 69) < 0.01)
        #expect(root.frame.height == 12)
        #expect(abs(t.font.tracking + 1.0 / 14) < 1e-3)
        #expect(t.content.font.tracking == 0)
    }

    @Test func aTextThatWouldWrapByAHairStaysOneLine() throws {
        // Without a line limit the 70 pt line would wrap its last word in 69 (two lines, 24 pt).
        let root = placed(text("Setting Button"), 69)
        let t = try #require(root.placedText)
        #expect(t.lineCount == 1)
        #expect(root.frame.height == 12)
        #expect(t.truncated == false)
    }

    @Test func realShortageTruncatesAsIOSDoes() throws {
        // 66 pt is 5.7 % short: cut with an ellipsis, the font untouched.
        let root = placed(text("Setting Button", lineLimit: 1), 66)
        let t = try #require(root.placedText)
        #expect(t.truncated == true)
        #expect(root.frame.width == 66)
        #expect(t.font.tracking == 0)
        // And wrapped, without a limit: two lines.
        let wrapped = placed(text("Setting Button"), 66)
        #expect(wrapped.placedText?.lineCount == 2)
        #expect(wrapped.frame.height == 24)
    }

    @Test func otherScriptsKeepTruncating() {
        // The allowance is SF's against Inter's; Hangul is drawn in fonts of its own on iOS.
        let root = placed(text("돌솥비빔밥 곱빼기", lineLimit: 1), 44.5)
        #expect(root.placedText?.truncated == true)
        #expect(root.placedText?.font.tracking == 0)
    }

    @Test func theAllowanceIsTwoPercent() {
        // 70 / 1.02 = 68.63: at 68.7 whole, at 68.5 (2.2 % short) cut.
        #expect(placed(text("Setting Button", lineLimit: 1), 68.7).placedText?.truncated == false)
        #expect(placed(text("Setting Button", lineLimit: 1), 68.5).placedText?.truncated == true)
    }

    @Test func aStackChildShortOfItsIdealByTheDifferenceKeepsItsWords() throws {
        // HStack { Text("Setting Button"); chevron 8 wide }, 85 pt: 8 spacing + 8 chevron leave
        // the text 69 of its 70. Frames: text 0…69, chevron 77…85; nothing cut.
        let row = hstack([text("Setting Button", lineLimit: 1), box(8, 14)])
        let root = placed(row, 85)
        let nodes = root.allNodes.filter { $0.children.isEmpty }
        #expect(nodes.count == 2)
        #expect(abs(nodes[0].frame.width - 69) < 0.01)
        #expect(nodes[0].placedText?.truncated == false)
        #expect(nodes[1].frame == r(77, 0, 8, 14))
        #expect(nodes[0].frame.minX == 0 && nodes[0].frame.minY == 1)
    }

    @Test func aViewAtItsIdealSizeNeverTruncates() throws {
        // Our own measure sized it: fixedSize, and a stack laid out at exactly its ideal width.
        let fixed = placed(text("Setting Button", lineLimit: 1, [.fixedSize(horizontal: true, vertical: true)]), 40)
        #expect(fixed.frame.width == 70)
        #expect(fixed.placedText?.truncated == false)
        #expect(fixed.placedText?.font.tracking == 0)
        let row = hstack(spacing: 8, [text("Setting Button", lineLimit: 1), spacer(), text("On")])
        let ideal = engine.sizeThatFits(row, .unspecified)
        // 70 + 8 + the spacer's 8 + 8 + 10.
        #expect(ideal.width == 104)
        let root = placed(row, ideal.width)
        let texts = root.allNodes.compactMap(\.placedText)
        #expect(texts.map(\.truncated) == [false, false])
        #expect(texts.map(\.font.tracking) == [0, 0])
    }
}
