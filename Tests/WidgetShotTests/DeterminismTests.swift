import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

@Suite struct DeterminismTests {
    @Test func sameRequestSameBytesAcrossRenderersAndThreads() throws {
        let doc = try Project.layout("delivery")
        let surfaces: [Surface] = [.systemMedium, .lockScreen, .islandExpanded]
        let requests = surfaces.map { RenderRequest(layout: doc, surface: $0, preview: doc.previews[0], scale: 2) }
        let serial = try requests.map { try WidgetRenderer(fonts: Project.fonts).render($0).png }
        let again = try requests.map { try WidgetRenderer(fonts: Project.fonts).render($0).png }
        #expect(serial == again)
        // Two threads, each with its own renderer, rendering at once.
        let pool = RendererPool(fonts: Project.fonts)
        let jobs = requests + requests + requests + requests
        let parallel = pool.map(jobs.count, workers: 2) { i, r in (try? r.render(jobs[i]).png) ?? [] }
        for (i, png) in parallel.enumerated() { #expect(png == serial[i % surfaces.count], "job \(i)") }
    }

    @Test func nowIsAnInputNotTheClock() throws {
        let doc = try Project.layout("delivery")
        let renderer = WidgetRenderer(fonts: Project.fonts)
        var early = RenderRequest(layout: doc, surface: .islandCompact, preview: doc.previews[0], scale: 2)
        let a = try renderer.render(early).png
        early.now = early.now.addingTimeInterval(300)
        let b = try renderer.render(early).png
        #expect(a != b, "the timer shows 5 minutes less")
    }
}
