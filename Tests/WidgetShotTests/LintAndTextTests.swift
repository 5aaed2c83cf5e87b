import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

@Suite struct LintAndTextTests {
    @Test func deliverySuiteTruncatesOnlyInTheLongTextPreview() throws {
        let linter = ProjectLinter(pool: RendererPool(fonts: Project.fonts))
        let diagnostics = linter.lint(try Project.layout("delivery"))
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
        // The long text and the two large text sizes are there to show what does not fit.
        let meantToOverflow = ["preview longText", "preview noOrder", "preview textXXXLarge", "preview textAX3"]
        let outside = diagnostics.filter { d in !meantToOverflow.contains { d.message.contains($0) } }
        #expect(outside.isEmpty, "\(outside.map(\.description).joined(separator: "\n"))")
        let longText = diagnostics.filter { $0.message.contains("preview longText") && $0.message.contains("truncated") }
        #expect(!longText.isEmpty, "the long-text preview must truncate somewhere")
        let ax3 = diagnostics.filter { $0.message.contains("preview textAX3") && $0.message.contains("truncated") }
        #expect(!ax3.isEmpty, "at AX3 the delivery widgets' texts must be truncated somewhere")
    }

    @Test func koreanTextDrawsRealGlyphs() throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let prepared = try renderer.prepare(RenderRequest(layout: doc, surface: .systemMedium, preview: doc.previews[0]))
        var korean = 0
        prepared.composed.root.forEach { node in
            guard case .text(let t) = node.content else { return }
            if t.content.string.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) }) { korean += 1 }
            #expect(!renderer.hasMissingGlyphs(t.content.string, font: t.font), "\(t.content.string)")
        }
        #expect(korean > 0)
    }

    @Test func atomicWriteLeavesNoHalfFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ws-atomic-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("a.png").path
        try AtomicFile.write([1, 2, 3], to: target)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data([1, 2, 3]))
        // A directory standing where the file should go: the write fails, the folder holds no temp file.
        let blocked = dir.appendingPathComponent("b.png").path
        try FileManager.default.createDirectory(atPath: blocked + "/x", withIntermediateDirectories: true)
        #expect(throws: (any Error).self) { try AtomicFile.write([1], to: blocked) }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty)
    }
}

@Suite struct PlaceholderTests {
    @Test func placeholderRedactsEveryTextAndChangesThePixels() throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        for surface in [Surface.systemSmall, .systemMedium, .lockScreen, .islandExpanded] {
            var request = RenderRequest(layout: doc, surface: surface, preview: doc.previews[0], scale: 2)
            let normal = try renderer.render(request)
            request.placeholder = true
            let prepared = try renderer.prepare(request)
            var texts = 0, redacted = 0
            prepared.composed.root.forEach { node in
                if case .text(let t) = node.content { texts += 1; if t.content.redacted { redacted += 1 } }
            }
            #expect(texts > 0 && redacted == texts, "\(surface): \(redacted) of \(texts) texts redacted")
            #expect(try renderer.render(request).png != normal.png)
        }
    }
}
