import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetShot
import WidgetTemplate

/// `fonts:` in widgetshot.yaml adds folders to the bundled fonts (a list, or `add:`), or replaces
/// them (a folder, as before, or `replace:`); an Arabic or Hebrew text drawn with Noto added draws
/// glyphs, not boxes, and a text the bundled fonts draw keeps its pixels (issue 36, item 4).
@Suite struct ProjectFontsTests {
    /// Noto Sans Arabic and Hebrew, as `scripts/setup --fonts` copies them (Debian's fonts-noto-core).
    static let noto = Project.root + "/Tests/WidgetRenderTests/Fixtures/noto-fallback"
    /// A program in this checkout's .build: its installed fonts are the checkout's Fonts/.
    static let executable = Project.root + "/.build/debug/widgetshot"

    func project(_ yaml: String, folders: [String] = ["Noto"]) throws -> String {
        let root = scratchDirectory("project-fonts")
        try FileManager.default.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        try yaml.write(toFile: root + "/widgetshot.yaml", atomically: true, encoding: .utf8)
        for name in folders {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            for file in ["NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf"] {
                try FileManager.default.copyItem(atPath: Self.noto + "/" + file, toPath: root + "/" + name + "/" + file)
            }
        }
        return root
    }

    func read(_ yaml: String, folders: [String] = ["Noto"], executable: String = executable) throws -> (ProjectFolders, String) {
        let root = try project(yaml, folders: folders)
        return (try ProjectFolders.at(root, executable: executable), root)
    }

    @Test func aListAddsToTheBundledFonts() throws {
        for yaml in ["fonts: [Noto]\n", "fonts:\n  - Noto\n", "fonts:\n  add: Noto\n", "fonts: { add: [Noto] }\n"] {
            let (folders, root) = try read(yaml)
            defer { try? FileManager.default.removeItem(atPath: root) }
            #expect(folders.fonts == Project.folders.fonts, "\(yaml)")
            #expect(folders.addedFonts == [root + "/Noto"], "\(yaml)")
            #expect(folders.fontFolders == [Project.folders.fonts, root + "/Noto"])
        }
    }

    @Test func aFolderStillReplacesAndReplaceIsExplicit() throws {
        let (one, r1) = try read("fonts: Noto\n")
        defer { try? FileManager.default.removeItem(atPath: r1) }
        #expect(one.fonts == r1 + "/Noto" && one.addedFonts.isEmpty)
        let (both, r2) = try read("fonts:\n  replace: Noto\n  add: [More]\n", folders: ["Noto", "More"])
        defer { try? FileManager.default.removeItem(atPath: r2) }
        #expect(both.fontFolders == [r2 + "/Noto", r2 + "/More"])
        let (list, r3) = try read("fonts: { replace: [Noto, More] }\n", folders: ["Noto", "More"])
        defer { try? FileManager.default.removeItem(atPath: r3) }
        #expect(list.fontFolders == [r3 + "/Noto", r3 + "/More"])
        // No fonts: key: as before.
        let (plain, r4) = try read("layouts: Layouts\n", folders: [])
        defer { try? FileManager.default.removeItem(atPath: r4) }
        #expect(plain.fontFolders == [Project.folders.fonts])
    }

    @Test func badFontsEntriesAreLocated() throws {
        for (yaml, expected) in [
            ("fonts: [Missing]\n", "widgetshot.yaml:1: 'fonts: Missing': no such folder"),
            ("fonts:\n  add: [Noto, /usr/share/fonts]\n", "widgetshot.yaml:2: 'fonts.add: /usr/share/fonts' must be a path inside the project folder"),
            ("fonts:\n  - Noto\n  - ../x\n", "widgetshot.yaml:3: 'fonts: ../x' must be a path inside the project folder"),
            ("fonts:\n  extra: Noto\n", "widgetshot.yaml:2: 'fonts' takes add: and replace:"),
            ("fonts: []\n", "widgetshot.yaml:1: 'fonts' lists no folder"),
            ("fonts: [[Noto]]\n", "widgetshot.yaml:1: 'fonts' must be a folder path or a list of them"),
            ("fonts: [" + Array(repeating: "Noto", count: 16).joined(separator: ", ") + "]\n", "names 17 folders with the bundled one; at most 16"),
        ] {
            let root = try project(yaml)
            defer { try? FileManager.default.removeItem(atPath: root) }
            #expect { try ProjectFolders.at(root, executable: Self.executable) } throws: { "\($0)".contains(expected) }
        }
        // Adding needs fonts to add to.
        let root = try project("fonts: [Noto]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect { try ProjectFolders.at(root, executable: "/nonexistent/bin/widgetshot") } throws: {
            "\($0)".contains("no fonts were installed with widgetshot")
        }
    }

    func render(_ eta: String, fonts: FontLibrary, locale: String = "en") throws -> RenderResult {
        let doc = try LayoutLoader.load(path: Project.folders.layouts + "/reference.yaml")
        var preview = try #require(doc.previews.first)
        var data: [String: DataValue] = [:]
        if case .object(let fields) = preview.data { data = fields }
        data["eta"] = .string(eta)
        preview.data = .object(data)
        var request = RenderRequest(layout: doc, surface: .systemMedium, preview: preview)
        request.look.locale = locale
        return try WidgetRenderer(fonts: fonts).render(request)
    }

    /// Right-to-left text with Noto added draws glyphs (no box warning, other pixels than the boxes);
    /// text the bundled fonts draw is byte-for-byte the same PNG with the folder added.
    @Test func arabicAndHebrewDrawWithTheFolderAdded() throws {
        let (folders, root) = try read("fonts: [Noto]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let added = try folders.fontLibrary()
        #expect(added.directories.count == 2)
        let out = Project.output("fallback-fonts")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, text, locale) in [("arabic", "مرحبا بكم", "ar"), ("hebrew", "שלום עולם", "he")] {
            let boxes = try render(text, fonts: Project.fonts, locale: locale)
            let glyphs = try render(text, fonts: added, locale: locale)
            try Data(boxes.png).write(to: URL(fileURLWithPath: "\(out)/\(name)-bundled.png"))
            try Data(glyphs.png).write(to: URL(fileURLWithPath: "\(out)/\(name)-added.png"))
            #expect(boxes.warnings.contains { $0.message.contains("drawn as boxes") }, "\(name)")
            #expect(!glyphs.warnings.contains { $0.message.contains("drawn as boxes") }, "\(name): \(glyphs.warnings.map(\.message))")
            let changed = differing(boxes.bitmap, glyphs.bitmap)
            #expect(changed > 200, "\(name): \(changed) pixels differ")
        }
        for text in ["12:45", "배달 중 · 12분", "Café → €5"] {
            #expect(try render(text, fonts: Project.fonts).png == render(text, fonts: added).png, "\(text)")
        }
    }

    func differing(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 } }
        return n
    }
}
