import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// Arabic, Hebrew, Persian … lay out right to left, as SwiftUI does under their locale: frames
/// mirror, content keeps its orientation, a linear bar fills from the right. Before, `--locale he`
/// laid everything out left to right.
@Suite struct RightToLeftTests {
    func prepared(locale: String) throws -> PreparedSurface {
        let doc = try Project.layout("delivery")
        var request = RenderRequest(layout: doc, surface: .lockScreen, preview: try #require(doc.preview(named: "onTheWay")))
        request.look.locale = locale
        return try WidgetRenderer(fonts: Project.fonts).prepare(request)
    }

    static func texts(_ root: PlacedNode) -> [String: Rect] {
        var out: [String: Rect] = [:]
        root.forEach { n in if case .text(let t) = n.content { out[t.content.string] = n.frame } }
        return out
    }

    @Test func directionFollowsTheLocale() {
        #expect(LayoutDirection(locale: "ar") == .rightToLeft)
        #expect(LayoutDirection(locale: "he_IL") == .rightToLeft)
        #expect(LayoutDirection(locale: "fa-IR") == .rightToLeft)
        #expect(LayoutDirection(locale: "en") == .leftToRight)
        #expect(LayoutDirection(locale: "ko") == .leftToRight)
    }

    @Test func framesMirrorAndContentDoesNot() throws {
        let ltr = try prepared(locale: "en"), rtl = try prepared(locale: "he")
        let width = ltr.composed.size.width
        let a = Self.texts(ltr.composed.root), b = Self.texts(rtl.composed.root)
        // The restaurant's name and the courier's name are the same text in both locales.
        for name in ["서울 키친", "김민수"] {
            let l = try #require(a[name]), r = try #require(b[name])
            #expect(abs(r.minX - (width - l.maxX)) < 0.001, "\(name): \(l) → \(r)")
            #expect(r.minY == l.minY && r.size == l.size)
        }
        // In the Latin layout the name is on the left half; in Hebrew on the right half.
        #expect(try #require(a["서울 키친"]).midX < width / 2 && (try #require(b["서울 키친"]).midX) > width / 2)
        // The step bar's progress fills from its right end: drawn through a horizontal flip.
        var flips = 0
        rtl.composed.root.forEach { n in if case .progress(let p) = n.content, p.style == .linear, n.transform.a == -1 { flips += 1 } }
        var bars = 0
        ltr.composed.root.forEach { n in if case .progress(let p) = n.content, p.style == .linear { bars += 1 } }
        #expect(flips == bars)
    }
}
