import Foundation
import Testing
import TestSupport
import WidgetShot
@testable import WidgetGoldens

/// The verify report on a controlled set of failures (`PaintedProject`): causes, shards, merging,
/// GitHub annotations.
@Suite("Verify report", .serialized)
struct ReportTests {
    @Test("Failures are grouped by cause: the same change across previews and appearances is one group", .childProcess)
    func groups() async throws {
        let project = try PaintedProject()
        defer { project.remove() }
        let out = scratchDirectory("report")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try await runWidgetshot(["verify", "--project", project.root, "--report", out] + PaintedProject.selection)
        #expect(r.status == 1, "\(r.stderr)")
        let report = try readReport(out)
        #expect(report.failed == PaintedProject.paints.count)
        #expect(report.groups.count == 4)
        #expect(report.groups.map(\.members) == [
            PaintedProject.sameSmall, PaintedProject.sameMedium, [PaintedProject.loneSmall], [PaintedProject.loneLock],
        ])
        #expect(report.groups.map(\.id) == ["group-1", "group-2", "group-3", "group-4"])
        // The box of the six is where the block was painted (2x goldens: pixels, not points).
        let box = try #require(report.groups[0].box)
        #expect(abs(box.x - 30) <= 1 && abs(box.y - 30) <= 1 && abs(box.width - 14) <= 2 && abs(box.height - 10) <= 2)
        #expect(report.groups[0].cause.contains("6 goldens") && report.groups[0].cause.contains("systemSmall"))
        // Numbers per failure, and the files the page shows.
        let failure = try #require(report.results.first { $0.name == PaintedProject.sameSmall[0] })
        #expect(failure.status == .failed)
        #expect((failure.differingPixels ?? 0) >= 100 && (failure.differingPixels ?? 0) <= 140)
        #expect(failure.maxDelta == 255 || (failure.maxDelta ?? 0) > 150)
        #expect(failure.worstWindow?.pixels == 64)
        #expect(failure.source?.contains("delivery.yaml:") == true)
        for file in [failure.images?.expected, failure.images?.actual, failure.images?.diff] {
            let name = try #require(file)
            #expect(FileManager.default.fileExists(atPath: out + "/" + name))
        }
        #expect(report.results.filter { $0.status == .passed }.count == report.cells - PaintedProject.paints.count)
        let junit = try String(contentsOfFile: out + "/junit.xml", encoding: .utf8)
        #expect(junit.components(separatedBy: "<failure ").count - 1 == PaintedProject.paints.count)
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("id=\"delivery/systemSmall/onTheWay/light/iphone15pro\""))
        #expect(report.results.first { $0.name == "delivery/systemSmall/onTheWay-light" }?.anchor == "delivery/systemSmall/onTheWay/light/iphone15pro")
        #expect(html.components(separatedBy: "<section class=\"group\"").count - 1 == 4)
    }

    @Test("Shards merged equal an unsharded run (JSON apart from seconds, JUnit apart from time)", .childProcess, arguments: [2, 3])
    func merge(count: Int) async throws {
        let project = try PaintedProject()
        defer { project.remove() }
        let base = scratchDirectory("merge")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let whole = try await runWidgetshot(["verify", "--project", project.root, "--report", base + "/whole"] + PaintedProject.selection)
        #expect(whole.status == 1)
        var dirs: [String] = []
        var covered = 0
        for k in 1...count {
            let dir = base + "/shard-\(k)"
            let r = try await runWidgetshot(["verify", "--project", project.root, "--shard", "\(k)/\(count)", "--report", dir] + PaintedProject.selection)
            #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
            #expect(r.stdout.contains("(shard \(k)/\(count):"))
            let shard = try readReport(dir)
            #expect(shard.shard == (try MatrixShard(index: k, count: count)))
            covered += shard.results.count
            dirs.append(dir)
        }
        let merged = try await runWidgetshot(["merge-reports"] + dirs + ["--out", base + "/merged"])
        #expect(merged.status == 1, "\(merged.stderr)")
        var a = try readReport(base + "/whole"), b = try readReport(base + "/merged")
        #expect(covered == a.cells)
        a.seconds = 0; b.seconds = 0
        #expect(a == b)
        #expect(b.groups.count == 4)
        func junit(_ dir: String) throws -> String {
            try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
                .replacingOccurrences(of: #"time="[0-9.]+""#, with: "", options: .regularExpression)
        }
        #expect(try junit(base + "/whole") == junit(base + "/merged"))
        func page(_ dir: String) throws -> String {
            try String(contentsOfFile: dir + "/index.html", encoding: .utf8)
                .replacingOccurrences(of: #"in [0-9.]+ s"#, with: "", options: .regularExpression)
        }
        #expect(try page(base + "/whole") == page(base + "/merged"))
        for r in b.results { for f in [r.images?.expected, r.images?.actual, r.images?.diff].compactMap({ $0 }) {
            #expect(FileManager.default.fileExists(atPath: base + "/merged/" + f), "\(f)")
        } }
        // Every shard of one run, exactly once.
        let missing = try await runWidgetshot(["merge-reports"] + dirs.dropLast() + ["--out", base + "/partial"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing shard \(count)/\(count)"))
        let twice = try await runWidgetshot(["merge-reports"] + dirs + [dirs[0], "--out", base + "/twice"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("appears twice"))
        // A report.json that names an image outside its folder is refused, naming the field.
        let tampered = base + "/tampered"
        let victim = try #require(dirs.firstIndex { (try? readReport($0))?.results.contains { $0.images?.expected != nil } == true })
        try FileManager.default.copyItem(atPath: dirs[victim], toPath: tampered)
        var doc = try readReport(tampered)
        let i = try #require(doc.results.firstIndex { $0.images?.expected != nil })
        doc.results[i].images?.expected = "../../escape.png"
        try Data(try doc.encoded()).write(to: URL(fileURLWithPath: tampered + "/report.json"))
        var others = dirs
        others[victim] = tampered
        let refused = try await runWidgetshot(["merge-reports"] + others + ["--out", base + "/refused"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("images.expected '../../escape.png' is not a safe relative path"), "\(refused.stderr)")
        let none = try await runWidgetshot(["merge-reports", base + "/nothing-here", "--out", base + "/none"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no report.json"))
    }

    @Test("A stale golden is reported once, by shard 1, and the merged report equals the unsharded one over the whole matrix", .childProcess)
    func staleAcrossShards() async throws {
        let project = try ScratchProject(from: Project.root)
        defer { project.remove() }
        try FileManager.default.copyItem(atPath: project.golden + "/delivery/systemSmall/onTheWay-light.png",
                                         toPath: project.golden + "/delivery/systemSmall/renamedPreview-light.png")
        // As `record` left it before the preview was renamed: listed in the manifest (only listed
        // files are goldens; an unlisted PNG is never stale).
        var manifest = try GoldenManifest.load(project.golden + "/manifest.json")
        manifest.entries["delivery/systemSmall/renamedPreview-light.png"] = manifest.entries["delivery/systemSmall/onTheWay-light.png"]
        try manifest.write(to: project.golden + "/manifest.json")
        let base = scratchDirectory("stale")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let whole = try await runWidgetshot(["verify", "--project", project.root, "--report", base + "/whole"])
        #expect(whole.status == 1)
        #expect(whole.stdout.contains("STALE "))
        var dirs: [String] = []
        for k in 1...2 {
            let dir = base + "/shard-\(k)"
            let r = try await runWidgetshot(["verify", "--project", project.root, "--shard", "\(k)/2", "--report", dir])
            #expect(r.stdout.contains("STALE ") == (k == 1), "shard \(k): \(r.stdout.suffix(300))")
            #expect(r.status == (k == 1 ? 1 : 0))
            dirs.append(dir)
        }
        let merged = try await runWidgetshot(["merge-reports"] + dirs + ["--out", base + "/merged"])
        #expect(merged.status == 1)
        var a = try readReport(base + "/whole"), b = try readReport(base + "/merged")
        a.seconds = 0; b.seconds = 0
        #expect(a == b)
        #expect(b.stale == 1 && b.failed == 0 && b.passed == b.cells)
        #expect(b.groups.count == 1 && b.groups[0].members == ["delivery/systemSmall/renamedPreview-light"])
    }

    @Test("--format github: one ::error per cause at its first preview's line, and a job summary; auto-detected on GitHub Actions", .childProcess)
    func githubVerify() async throws {
        let project = try PaintedProject()
        defer { project.remove() }
        let layoutText = try String(contentsOfFile: project.root + "/Layouts/delivery.yaml", encoding: .utf8)
        let previewLine = try #require(layoutText.components(separatedBy: "\n").firstIndex { $0 == "  onTheWay:" }) + 1
        for (args, env) in [(["--format", "github"], [String: String]()), ([], ["GITHUB_ACTIONS": "true"])] {
            let summaryFolder = scratchDirectory("summary"), report = scratchDirectory("github-report")
            defer { removeScratch(summaryFolder); removeScratch(report) }
            let summary = summaryFolder + "/step-summary.md"
            FileManager.default.createFile(atPath: summary, contents: Data("earlier step\n".utf8))
            var environment = env
            environment["GITHUB_STEP_SUMMARY"] = summary
            let r = try await runWidgetshot(["verify", "--project", project.root, "--layout", "delivery", "--surface", "systemMedium",
                                             "--report", report] + args, environment: environment)
            #expect(r.status == 1)
            let document = try readReport(report)
            let lines = r.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("::error ") }
            // Before: one annotation per failing golden (a clock change gave 80; GitHub shows 10).
            #expect(lines.count == document.groups.count && document.failed == 2, "\(r.stdout)")
            let line = try #require(lines.first { $0.contains("onTheWay-light") })
            let group = try #require(document.groups.first { $0.members.contains("delivery/systemMedium/onTheWay-light") })
            if let view = group.view {
                // The view the painted block falls in (issue 35 item 5), the preview's line as context.
                let at = view.split(separator: ":")
                #expect(view.hasPrefix("\(project.root)/Layouts/delivery.yaml:") && at.count == 3, "\(view)")
                #expect(line.hasPrefix("::error file=\(project.root)/Layouts/delivery.yaml,line=\(at[1]),col=\(at[2]),"), "\(line)")
                #expect(Int(at[1]) != previewLine && Int(at[1]) != previewLine + 1, "\(view)")
                #expect(line.contains("in the preview at \(project.root)/Layouts/delivery.yaml%3A\(previewLine)")
                        || line.contains("in the preview at \(project.root)/Layouts/delivery.yaml%3A\(previewLine + 1)"), "\(line)")
            } else {
                // The first member's preview: its name's line or the first line of its body.
                #expect(line.hasPrefix("::error file=\(project.root)/Layouts/delivery.yaml,line=\(previewLine),col=")
                        || line.hasPrefix("::error file=\(project.root)/Layouts/delivery.yaml,line=\(previewLine + 1),col="), "\(line)")
            }
            #expect(line.contains(",title=widgetshot verify%3A \(group.members.count) golden"), "\(line)")
            #expect(line.contains("::" + GitHubAnnotation.data(group.cause) + ": \(group.members.count) golden"), "\(line)")
            #expect(!r.stdout.contains("FAIL "))
            let markdown = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(markdown.hasPrefix("earlier step\n### widgetshot verify\n\n**\(document.passed) passed, 2 failed** of \(document.cells) goldens"), "\(markdown)")
            #expect(markdown.contains("| 1 | ") && markdown.contains("delivery/systemMedium"), "\(markdown)")
            // Issue 36: each cause shows its first golden before, after and as the diff, small, also
            // as files in the report; the summary stays far below GitHub's 1 MiB.
            for (n, g) in document.groups.enumerated() where n < SummaryThumbnails.maxCauses {
                for label in ["before", "after", "diff"] {
                    let file = report + "/summary/\(g.id)-\(label).png"
                    let png = try #require(FileManager.default.contents(atPath: file), "\(file)")
                    let encoded = png.base64EncodedString()
                    #expect(markdown.contains("<img src=\"data:image/png;base64,\(encoded)\" alt=\"\(label)\""), "\(label) of \(g.id)")
                    let width = Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19])
                    #expect(width > 0 && width <= SummaryThumbnails.maxWidth, "\(file): \(width) px")
                }
            }
            #expect(markdown.utf8.count < SummaryThumbnails.maxSummaryBytes + 64 * 1024, "\(markdown.utf8.count) bytes")
        }
        let plain = try await runWidgetshot(["verify", "--project", project.root, "--layout", "delivery", "--surface", "systemMedium"])
        #expect(plain.stdout.contains("FAIL ") && !plain.stdout.contains("::error"))
    }

    @Test("--format github: a lint error is an ::error with file, line and column", .childProcess)
    func githubLint() async throws {
        let dir = scratchDirectory("lint")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/Layouts", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Fonts", withDestinationPath: Project.folders.fonts)
        try """
        surfaces:
          systemSmall:
            view:
              vstack:
                - text: "hi"
                  colour: red
        previews:
          one:
            data: {}

        """.write(toFile: dir + "/Layouts/bad.yaml", atomically: true, encoding: .utf8)
        let text = try await runWidgetshot(["lint", "--project", dir], cwd: dir)
        #expect(text.status == 1)
        let first = try #require(text.stdout.split(separator: "\n").first.map(String.init))
        #expect(first.contains("Layouts/bad.yaml:6:11: error: unknown key 'colour'"), "\(first)")
        for (args, env) in [(["--format", "github"], [String: String]()), ([], ["GITHUB_ACTIONS": "true"])] {
            let r = try await runWidgetshot(["lint", "--project", dir] + args, environment: env, cwd: dir)
            #expect(r.status == 1)
            let line = try #require(r.stdout.split(separator: "\n").first.map(String.init))
            #expect(line.range(of: #"^::error file=Layouts/bad\.yaml,line=6,col=\d+,title=widgetshot lint::\S"#, options: .regularExpression) != nil, "\(line)")
        }
    }
}

@Suite("Record summary", .serialized)
struct RecordSummaryTests {
    @Test("record --report lists what it rewrote with before/after, grouped by cause, and loads in Chromium", .browser, .childProcess)
    func summary() async throws {
        let project = try PaintedProject()
        defer { project.remove() }
        let dir = testOutput + "/recorded"
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.removeItem(atPath: project.root + "/Golden/delivery/systemMedium/ready-dark.png")
        let r = try await runWidgetshot(["record", "--mode", "all", "--project", project.root, "--report", dir] + PaintedProject.selection)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try readReport(dir)
        #expect(report.kind == .record)
        #expect(report.updated == PaintedProject.paints.count)
        #expect(report.created == 1)
        #expect(report.groups.map(\.members).contains(PaintedProject.sameSmall))
        #expect(report.groups.contains { $0.members == ["delivery/systemMedium/ready-dark"] && $0.cause.hasPrefix("new goldens") })
        let updated = try #require(report.results.first { $0.name == PaintedProject.loneLock })
        #expect(updated.status == .updated)
        #expect(updated.images?.expected != nil && updated.images?.actual != nil && updated.images?.diff != nil)
        let dom = try await HeadlessChromium.dumpDOM(URL(fileURLWithPath: dir + "/index.html").absoluteString)
        #expect(attribute("data-kind", in: dom) == "record")
        #expect(attribute("data-images-failed", in: dom) == "0")
        #expect(Int(attribute("data-images-loaded", in: dom) ?? "0") ?? 0 > 0)
        #expect(dom.contains(">before</figcaption>") && dom.contains(">after</figcaption>"))
        try await HeadlessChromium.screenshot(URL(fileURLWithPath: dir + "/index.html").absoluteString, to: testOutput + "/record-summary.png")
    }
}
