import DeveloperToolsSupport
import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetShot
import WidgetShotSwiftUI

// `#Preview` as a team writes it, expanded by our own compiler plugin (Sources/PreviewMacros) and
// found again by the symbol the expansion exports for its file and line.

#Preview("Ordered") {
    VStack(alignment: .leading, spacing: 4) {
        Text("Seoul Kitchen").font(.headline)
        Text("Arrives 12:45")
    }
    .padding()
}

#Preview(traits: .sizeThatFitsLayout) {
    Text("No name")
}

// The line numbers of the two `#Preview`s above: the symbols are named after them.
@_silgen_name("widgetshot_preview_SwiftUITests_PreviewMacroTests_swift_12") @MainActor
func orderedPreview() throws -> DeveloperToolsSupport.Preview
@_silgen_name("widgetshot_preview_SwiftUITests_PreviewMacroTests_swift_20") @MainActor
func unnamedPreview() throws -> DeveloperToolsSupport.Preview

@Suite("#Preview compiles on Linux and its body draws as the same view written out")
@MainActor
struct PreviewMacroTests {
    @Test("a named #Preview keeps its name and its body draws the same pixels as the view itself")
    func namedPreviewDraws() throws {
        let preview = try orderedPreview()
        #expect(preview.displayName == "Ordered")
        let body = try #require(preview.viewPreview).body()
        let renderer = WidgetRenderer(fonts: Project.fonts)
        var look = Look(scale: 2)
        look.now = Look.fallbackNow
        let fromPreview = try SwiftUIRender.render(body, surface: .systemSmall, look: look, renderer: renderer)
        let written = VStack(alignment: .leading, spacing: 4) {
            Text("Seoul Kitchen").font(.headline)
            Text("Arrives 12:45")
        }
        .padding()
        let direct = try SwiftUIRender.render(written, surface: .systemSmall, look: look, renderer: renderer)
        #expect(samePixels(fromPreview, direct, keepIn: "swiftui-preview", as: "ordered"))
        // Not a blank surface: the text is drawn.
        let blank = try SwiftUIRender.render(EmptyView(), surface: .systemSmall, look: look, renderer: renderer)
        #expect(fromPreview.bitmap.straightRGBA().pixels != blank.bitmap.straightRGBA().pixels)
    }

    @Test("an unnamed #Preview has no name and keeps its traits")
    func unnamedPreviewKeepsTraits() throws {
        let preview = try unnamedPreview()
        #expect(preview.displayName == nil)
        let traits = try #require(preview.viewPreview).traits
        #expect(traits.map(\.value) == [.sizeThatFitsLayout])
    }
}
