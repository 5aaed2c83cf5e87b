import Foundation
import Testing
import TestSupport
import WidgetShot

/// The report page of a failing verify, opened in real headless Chromium. Leaves the report and
/// screenshots in .build/test-output/report/ to look at.
@Suite("Report page in Chromium", .serialized)
struct ReportBrowserTests {
    /// A failing report of the painted project, written once into the test output folder.
    static func failingReport() async throws -> String {
        let dir = testOutput + "/failing"
        try? FileManager.default.removeItem(atPath: dir)
        let project = try PaintedProject()
        defer { project.remove() }
        let r = try await runWidgetshot(["verify", "--project", project.root, "--report", dir, "--gallery", "../gallery/index.html"]
                                  + PaintedProject.selection)
        #expect(r.status == 1, "\(r.stderr)")
        return dir
    }

    @Test("Groups and views exist, every image loads, no script error; filters and anchors come from the URL", .browser, .childProcess)
    func page() async throws {
        let dir = try await Self.failingReport()
        let url = URL(fileURLWithPath: dir + "/index.html").absoluteString
        let dom = try await HeadlessChromium.dumpDOM(url)
        #expect(attribute("data-groups", in: dom) == "4")
        #expect(attribute("data-shown-groups", in: dom) == "4")
        #expect(attribute("data-shown-cases", in: dom) == "\(PaintedProject.paints.count)")
        let total = Int(attribute("data-images-total", in: dom) ?? "") ?? 0
        // 4 representatives × (3 side + 2 slider + 2 blink + 1 diff) and 6 others in closed details, the same.
        #expect(total == PaintedProject.paints.count * 8)
        #expect(attribute("data-images-loaded", in: dom) == "\(total)")
        #expect(attribute("data-images-failed", in: dom) == "0")
        #expect(attribute("data-js-errors", in: dom) == nil)
        #expect(dom.components(separatedBy: "<section class=\"group\"").count - 1 == 4)
        for view in ["view side", "view slider", "view blink", "view diff"] {
            #expect(dom.components(separatedBy: "class=\"\(view)\"").count - 1 == PaintedProject.paints.count, "\(view)")
        }
        #expect(dom.contains("href=\"../gallery/index.html#delivery/systemSmall/onTheWay/light/iphone15pro\""))

        // Filter state read from the URL: only the systemMedium group stays.
        let filtered = try await HeadlessChromium.dumpDOM(url + "#surface=systemMedium&view=blink&zoom=3")
        #expect(attribute("data-shown-groups", in: filtered) == "1")
        #expect(attribute("data-shown-cases", in: filtered) == "2")
        #expect(attribute("data-view", in: filtered) == "blink")
        #expect(filtered.components(separatedBy: "<section class=\"group\" id=\"group-").count - 1 == 4)
        #expect(openingTag(id: "group-2", in: filtered)?.contains("hidden") == false)
        for g in ["group-1", "group-3", "group-4"] { #expect(openingTag(id: g, in: filtered)?.contains("hidden") == true, "\(g)") }

        // An anchor to a golden listed under its group opens its images and marks it.
        let anchored = try await HeadlessChromium.dumpDOM(url + "#delivery/systemSmall/pending/dark/iphone15pro")
        #expect(openingTag(id: "delivery/systemSmall/pending/dark/iphone15pro", in: anchored)?.contains("target") == true)
        let afterAnchor = anchored.components(separatedBy: "id=\"delivery/systemSmall/pending/dark/iphone15pro\"").last ?? ""
        #expect(afterAnchor.prefix(3000).contains("<details class=\"more\" open"))
    }

    @Test("The toolbar writes its state into the URL", .browser, .childProcess)
    func toolbar() async throws {
        let dir = try await Self.failingReport()
        // A page beside the report drives it in a frame, as a person would, and writes what it saw.
        try """
        <!doctype html><meta charset="utf-8"><iframe id="f" src="index.html" style="width:1200px;height:900px"></iframe><pre id="out"></pre>
        <script>
        var f=document.getElementById('f');
        f.onload=function(){ var w=f.contentWindow, d=f.contentDocument, out=[];
          try{
            var s=d.getElementById('f-surface'); s.value='systemMedium'; s.dispatchEvent(new Event('change'));
            out.push('after-surface hash='+w.location.hash+' shown='+d.body.dataset.shownGroups+'/'+d.body.dataset.shownCases);
            d.querySelector('#f-view button[data-v=diff]').click();
            var z=d.getElementById('f-zoom'); z.value='2'; z.dispatchEvent(new Event('change'));
            out.push('after-view hash='+w.location.hash+' view='+d.body.dataset.view);
            var img=d.querySelector('#group-2 .view.diff img'); out.push('zoom2 '+(img.naturalWidth*2)+'='+parseInt(img.style.width));
          }catch(e){ out.push('error '+e); }
          document.getElementById('out').textContent=out.join('\\n'); };
        </script>
        """.write(toFile: dir + "/driver.html", atomically: true, encoding: .utf8)
        let dom = try await HeadlessChromium.dumpDOM(URL(fileURLWithPath: dir + "/driver.html").absoluteString)
        #expect(dom.contains("after-surface hash=#surface=systemMedium shown=1/2"), "\(dom.suffix(600))")
        #expect(dom.contains("after-view hash=#surface=systemMedium&amp;view=diff&amp;zoom=2 view=diff"), "\(dom.suffix(600))")
        let zoom = dom.components(separatedBy: "zoom2 ").dropFirst().first?.prefix(while: { $0 != "\n" && $0 != "<" }) ?? ""
        let sides = zoom.split(separator: "=")
        #expect(sides.count == 2 && sides[0] == sides[1] && sides[0] != "0", "\(zoom)")
    }

    @Test("Screenshots of a failing report and of the record summary, to look at", .browser, .childProcess)
    func screenshots() async throws {
        let dir = try await Self.failingReport()
        let shot = testOutput + "/failing-report.png"
        try await HeadlessChromium.screenshot(URL(fileURLWithPath: dir + "/index.html").absoluteString, to: shot)
        let image = try PNGCodec.decode(file: shot)
        #expect(image.width == 1280)
        try await HeadlessChromium.screenshot(URL(fileURLWithPath: dir + "/index.html").absoluteString + "#view=slider&zoom=2",
                                        to: testOutput + "/failing-report-slider.png")
    }

    @Test("A real change (the order's clock a minute later: every ETA label changes) groups by surface and place", .browser, .childProcess)
    func changedETA() async throws {
        let project = try ScratchProject(from: Project.root)
        defer { project.remove() }
        let layout = project.root + "/Layouts/delivery.yaml"
        let text = try String(contentsOfFile: layout, encoding: .utf8)
        let changed = try #require(text.range(of: "now: 2026-11-22T12:27:00+09:00"))
        try text.replacingCharacters(in: changed, with: "now: 2026-11-22T12:28:00+09:00").write(toFile: layout, atomically: true, encoding: .utf8)
        let dir = testOutput + "/changed-eta"
        try? FileManager.default.removeItem(atPath: dir)
        let r = try await runWidgetshot(["verify", "--project", project.root, "--report", dir, "--layout", "delivery",
                                   "--surface", "systemSmall", "--surface", "systemMedium", "--surface", "islandExpanded"])
        #expect(r.status == 1)
        let report = try readReport(dir)
        #expect(report.failed >= 30)
        #expect(report.groups.count * 3 <= report.failed, "\(report.failed) failures in \(report.groups.count) groups")
        let byName = Dictionary(uniqueKeysWithValues: report.results.map { ($0.name, $0) })
        for g in report.groups {
            #expect(Set(g.members.compactMap { byName[$0]?.surface }) == [g.surface])
        }
        #expect(report.groups.map(\.members.count).reduce(0, +) == report.failed)
        let url = URL(fileURLWithPath: dir + "/index.html").absoluteString
        let dom = try await HeadlessChromium.dumpDOM(url)
        #expect(attribute("data-images-failed", in: dom) == "0")
        #expect(attribute("data-shown-groups", in: dom) == "\(report.groups.count)")
        try await HeadlessChromium.screenshot(url, to: testOutput + "/changed-eta-report.png")
    }
}
