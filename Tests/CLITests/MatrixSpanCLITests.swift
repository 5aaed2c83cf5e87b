import Foundation
import Testing
import TestSupport
import WidgetRender

/// A project asks for goldens in several locales and Dynamic Type sizes through `matrix:` in
/// widgetshot.yaml (the axes of `MatrixAxis`): record writes one more file per value, named after
/// it, verify checks them, the images are what `render` draws with the same field, and the cells
/// at each preview's own look keep the names they always had.
@Suite("a project's matrix spans locales and Dynamic Type sizes", .childProcess)
struct MatrixSpanCLITests {
    static let layout = """
        name: clock
        surfaces:
          systemSmall:
            view: { text: "{{t | time}}", style: headline }
        previews:
          morning: { data: { t: "2026-11-22T09:05:00+09:00" } }
          seoul: { locale: ko, data: { t: "2026-11-22T09:05:00+09:00" } }

        """

    struct Scratch {
        let root = scratchDirectory("matrix-span")
        init(projectFile: String) throws {
            let fm = FileManager.default
            try fm.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
            try Data(MatrixSpanCLITests.layout.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/clock.yaml"))
            try Data(projectFile.utf8).write(to: URL(fileURLWithPath: root + "/widgetshot.yaml"))
        }
        var goldens: [String] {
            ((FileManager.default.subpaths(atPath: root + "/Golden/clock/systemSmall")) ?? []).filter { $0.hasSuffix(".png") }.sorted()
        }
        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("record writes a golden per spanned value, named after it; verify passes; the plain cells keep their names")
    func recordAndVerifyASpannedMatrix() async throws {
        let project = try Scratch(projectFile: "matrix:\n  locale: [en, ko]\n  dynamicType: [large, AX3]\n")
        defer { project.remove() }
        let record = try await runWidgetshot(["record"], cwd: project.root)
        #expect(record.status == 0, "\(record.stderr)")
        // morning (en): its own look, ko, AX3, ko+AX3; seoul (ko): its own, en, AX3, en+AX3. Each in
        // light and dark, a pair that draws the same pixels shared as one `-any` file or not.
        let names = Set(project.goldens.map { $0.replacingOccurrences(of: "-any", with: "-light") })
        #expect(names.isSuperset(of: ["morning-light.png", "morning-light.ko.png", "morning-light.accessibility3.png",
                                      "morning-light.ko.accessibility3.png", "seoul-light.png", "seoul-light.en.png",
                                      "seoul-light.accessibility3.png", "seoul-light.en.accessibility3.png"]), "\(project.goldens)")
        #expect(!names.contains("morning-light.en.png") && !names.contains("seoul-light.ko.png"), "a value equal to the preview's own is its plain cell")

        let verify = try await runWidgetshot(["verify", "--report", project.root + "/report"], cwd: project.root)
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        let report = try readReport(project.root + "/report")
        // Light, dark and (the tinted Home Screen) dark-accented, at 4 combinations, for 2 previews.
        #expect(report.results.count == 24)
        let spanned = try #require(report.results.first { $0.name == "clock/systemSmall/morning-dark.ko.accessibility3" })
        #expect(spanned.axes == ["locale": "ko", "dynamicType": "accessibility3"])
        #expect(spanned.anchor == "clock/systemSmall/morning/dark/iphone15pro/locale=ko/dynamicType=accessibility3")

        // The spanned golden is the picture `render` draws with the same fields.
        let out = project.root + "/direct.png"
        let render = try await runWidgetshot(["render", "clock", "--surface", "systemSmall", "--preview", "morning", "--scheme", "dark",
                                              "--locale", "ko", "--dynamic-type", "AX3", "--scale", "2", "-o", out], cwd: project.root)
        #expect(render.status == 0, "\(render.stderr)")
        let golden = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: project.root + "/Golden/clock/systemSmall/morning-dark.ko.accessibility3.png"))))
        let direct = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out))))
        #expect(golden.width == direct.width && golden.pixels == direct.pixels)
        // …and not the picture in the preview's own look.
        let plainPath = project.root + "/Golden/clock/systemSmall/" + (project.goldens.first { $0.hasPrefix("morning-dark.png") || $0.hasPrefix("morning-any.png") } ?? "")
        let plain = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: plainPath))))
        #expect(plain.pixels != golden.pixels)

        // Dropping the axis makes its goldens stale, and prune removes only those.
        try Data("".utf8).write(to: URL(fileURLWithPath: project.root + "/widgetshot.yaml"))
        let prune = try await runWidgetshot(["prune"], cwd: project.root)
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(project.goldens.allSatisfy { !$0.contains(".ko") && !$0.contains(".en") && !$0.contains("accessibility3") }, "\(project.goldens)")
        #expect(project.goldens.contains { $0.hasPrefix("morning-") } && project.goldens.contains { $0.hasPrefix("seoul-") })
    }

    @Test("--span overrides the project's matrix for one run, and a selection names the spanned files")
    func spanOptionOverridesTheProject() async throws {
        let project = try Scratch(projectFile: "")
        defer { project.remove() }
        let record = try await runWidgetshot(["record", "--span", "locale=ja", "--preview", "morning"], cwd: project.root)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(project.goldens.contains { $0.hasSuffix(".ja.png") }, "\(project.goldens)")
        let gallery = try await runWidgetshot(["gallery", "--span", "dynamicType=AX5", "--preview", "seoul", "--out", project.root + "/gallery"], cwd: project.root)
        #expect(gallery.status == 0, "\(gallery.stderr)")
        let html = try String(contentsOfFile: project.root + "/gallery/index.html", encoding: .utf8)
        #expect(html.contains("clock/systemSmall/seoul-light.accessibility5.png"))
        #expect(html.contains("--dynamic-type accessibility5"))
        #expect(html.contains("dynamicType=accessibility5"))
    }

    @Test("a bad matrix names the file, the line, the axis and the value", arguments: [
        ("matrix:\n  locale: [en, zz]\n", "widgetshot.yaml:2: matrix.locale: locale 'zz' names no language"),
        ("matrix:\n  textSize: [AX3]\n", "widgetshot.yaml:2: matrix.textSize: no matrix axis named 'textSize'; axes: locale, dynamicType"),
        ("matrix:\n  dynamicType: [huge]\n", "widgetshot.yaml:2: matrix.dynamicType: dynamicType must be one of"),
        ("matrix: [en]\n", "widgetshot.yaml:1: 'matrix' must be a mapping of axes"),
    ])
    func badMatrixIsAnError(_ file: String, _ message: String) async throws {
        let project = try Scratch(projectFile: file)
        defer { project.remove() }
        let run = try await runWidgetshot(["verify"], cwd: project.root)
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test("--span with a bad value or form is refused before anything renders")
    func badSpanOption() async throws {
        let project = try Scratch(projectFile: "")
        defer { project.remove() }
        let run = try await runWidgetshot(["verify", "--span", "locale"], cwd: project.root)
        #expect(run.status != 0)
        #expect(run.stderr.contains("--span takes NAME=VALUE,VALUE"), "\(run.stderr)")
    }
}
