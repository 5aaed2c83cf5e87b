#if os(Linux)
import Foundation
import Testing
import TestSupport
import WidgetShot

/// The write-ups' code blocks, one folder per write-up (WIDGETSHOT_SEED_FOLDERS elsewhere).
private let seedFolders = ProcessInfo.processInfo.environment["WIDGETSHOT_SEED_FOLDERS"] ?? Project.root + "/../shared/swiftui"

/// A write-up's folder and the blocks left out of the copy: they do not compile on iOS either (see
/// the glue's header).
struct SeedFolder: Sendable, CustomStringConvertible {
    let name: String
    let leftOut: Set<String>
    /// How many widgets (their families) and #Previews the copy declares, counted by hand: a check
    /// that the test's reading of the sources below finds them.
    let widgets: [String: Int], previews: Int
    var description: String { name }
}

private let seedList = [
    // block05: `struct DeliveryDynamicIsland: DynamicIsland` (a struct on iOS; its body uses
    // `context` it never declares); block08: `import ControlWidgetKit` (no such module).
    SeedFolder(name: "000-delivery", leftOut: ["block05.swift", "block08.swift"],
               widgets: ["DeliveryWidget": 6], previews: 2),   // block03; the glue's #Previews
    // block02: an intent calling helpers the write-up never shows; block05: an AppIntent used as a
    // ControlConfigurationIntent and ControlWidgetToggle with a closure action; block06:
    // CoreSpotlight/MobileCoreServices app code.
    SeedFolder(name: "004-delivery", leftOut: ["block02.swift", "block05.swift", "block06.swift"],
               widgets: ["OrderStatusWidget": 6, "OrderTrackingLiveActivity": 0], previews: 4),   // the glue; block04
]

/// Issue 35's acceptance on the two write-ups' widget code (/work/shared/swiftui, read-only, outside
/// the repository: the suite is skipped where it is absent): a scratch project holds a copy of a
/// seed's blocks as its widget folder and the seed's glue (scripts/corpus-glue/, the app's own types
/// the write-up never shows) as its `include:` folder. `widgetshot list` finds every widget, family
/// and #Preview the sources declare, and `widgetshot gallery` draws a PNG for each.
///
/// What is expected is read from the sources themselves, not written here: each `struct X: Widget`
/// at a line's start, its `.supportedFamilies([...])` in order (or a Live Activity for an
/// `ActivityConfiguration`), each `#Preview` with its name, surface and the entries of its
/// `timeline:`/`contentStates:` block (one a line). Blocks that do not compile on iOS either are
/// left out of the copy, as the glue's header says.
///
/// Each seed keeps one scratch project across runs (.build/test-output/seed-folders/<seed>), so only
/// a first run compiles WidgetShot's modules for its runner (about 30-75 s on two cores).
@Suite("the seeds' widget folders: list and gallery", .serialized,
       .enabled(if: FileManager.default.fileExists(atPath: seedFolders), "no seed folders at \(seedFolders)"))
struct SeedFoldersCLITests {
    static let seeds = seedFolders

    /// What the sources declare.
    struct Expected {
        var widgets: [(name: String, families: [String]?)] = []     // nil: a Live Activity
        var previews: [(name: String?, file: String, line: Int, surface: String, pictures: Int, widget: String)] = []
    }

    static func expected(in files: [String]) throws -> Expected {
        var result = Expected()
        for path in files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() {
                if let widget = line.firstMatch(of: /^struct (\w+): Widget \{/) {
                    let rest = lines[index...].joined(separator: "\n")
                    let end = rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex
                    let body = String(rest[..<end])
                    if body.contains("ActivityConfiguration(") {
                        result.widgets.append((String(widget.1), nil))
                    } else {
                        let list = try #require(body.firstMatch(of: /\.supportedFamilies\(\[([^\]]*)\]\)/), "\(path):\(index + 1): no supportedFamilies")
                        result.widgets.append((String(widget.1), list.1.matches(of: /\.(\w+)/).map { String($0.1) }))
                    }
                }
                if let preview = line.firstMatch(of: /^#Preview\((?:"([^"]+)", )?as: (\.[\w.()]+)(?:, using: [\w.]+)?\) \{/) {
                    let surfaces = [".content": "lockScreen", ".dynamicIsland(.expanded)": "islandExpanded",
                                    ".dynamicIsland(.compact)": "islandCompact", ".dynamicIsland(.minimal)": "islandMinimal"]
                    let surface = surfaces[String(preview.2)] ?? String(preview.2.dropFirst())
                    let widget = String(try #require(lines[index + 1].firstMatch(of: /^\s*(\w+)\(\)/)).1)
                    let start = try #require(lines[index...].firstIndex { $0.hasSuffix("timeline: {") || $0.hasSuffix("contentStates: {") })
                    let stop = try #require(lines[start...].firstIndex { $0 == "}" })
                    let entries = lines[(start + 1)..<stop].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
                    result.previews.append((preview.1.map(String.init), (path as NSString).lastPathComponent, index + 1, surface, entries, widget))
                }
            }
        }
        return result
    }

    /// A fresh copy of the seed's blocks and its glue in the seed's scratch project; its `.build`
    /// (the runner's cache) stays.
    func project(_ seed: SeedFolder) throws -> String {
        let root = Project.output("seed-folders/" + seed.name)
        for part in ["Widgets", "Glue", "Gallery", "widgetshot.yaml"] { try? FileManager.default.removeItem(atPath: root + "/" + part) }
        for folder in ["Widgets", "Glue"] { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        let source = Self.seeds + "/" + seed.name
        let blocks = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(seed.leftOut.isSubset(of: Set(blocks)), "\(seed.leftOut) not all in \(blocks)")
        for block in blocks where !seed.leftOut.contains(block) {
            try Data(contentsOf: URL(fileURLWithPath: source + "/" + block)).write(to: URL(fileURLWithPath: root + "/Widgets/" + block))
        }
        try FileManager.default.copyItem(atPath: Project.root + "/scripts/corpus-glue/\(seed.name).swift", toPath: root + "/Glue/\(seed.name).swift")
        try Data("swift:\n  widgets: [Widgets]\n  include: [Glue]\n".utf8).write(to: URL(fileURLWithPath: root + "/widgetshot.yaml"))
        return root
    }

    @Test("list finds every widget, family and #Preview; the gallery draws each", .childProcess, arguments: seedList)
    func listAndGallery(seed: SeedFolder) async throws {
        let root = try project(seed)
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/Widgets").sorted().map { root + "/Widgets/" + $0 }
            + [root + "/Glue/\(seed.name).swift"]
        let expected = try Self.expected(in: files)
        #expect(Dictionary(uniqueKeysWithValues: expected.widgets.map { ($0.name, $0.families?.count ?? 0) }) == seed.widgets)
        #expect(expected.previews.count == seed.previews)

        let list = await try CLIProcess(binary: CLIProcess.binary, ["list", "Widgets", "--include", "Glue"], environment: [:], cwd: root).wait(seconds: 900)
        #expect(list.status == 0, "\(list.stderr)")
        for widget in expected.widgets {
            let line = widget.families.map { "  \(widget.name)  (families: \($0.joined(separator: ", ")))" } ?? "  \(widget.name)  (Live Activity"
            #expect(list.stdout.contains(line), "\(line)\n\(list.stdout)")
        }
        for preview in expected.previews {
            let kind = expected.widgets.first { $0.name == preview.widget }?.families == nil ? "activity" : "widget"
            let line = (preview.name.map { "'\($0)'" } ?? "unnamed") + " at \(preview.file):\(preview.line): \(kind) on \(preview.surface), "
                + "\(preview.pictures) picture" + (preview.pictures == 1 ? "" : "s")
            #expect(list.stdout.contains(line), "\(line)\n\(list.stdout)")
        }
        let listed = list.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" at ") }.count
        #expect(listed == expected.previews.count, "\(list.stdout)")

        let gallery = await try CLIProcess(binary: CLIProcess.binary, ["gallery", "--out", "Gallery"], environment: [:], cwd: root).wait(seconds: 900)
        #expect(gallery.status == 0, "\(gallery.stderr)")
        let pngs = Set((FileManager.default.subpaths(atPath: root + "/Gallery") ?? []).filter { $0.hasSuffix(".png") })
        #expect(gallery.stdout.contains("\(pngs.count) of \(pngs.count) PNGs"), "\(gallery.stdout)")
        /// The gallery's pictures named `<widget>/<surface>/<stem>-<look>.png`.
        func drawn(_ widget: String, _ surface: String, _ stem: String) -> [String] {
            pngs.filter { $0.hasPrefix("\(widget)/\(surface)/\(stem)-") && !$0.dropFirst("\(widget)/\(surface)/\(stem)-".count).first!.isNumber }.sorted()
        }
        var accounted = 0
        for widget in expected.widgets {
            for family in widget.families ?? [] {
                let placeholder = drawn(widget.name, family, "placeholder")
                #expect(!placeholder.isEmpty, "no placeholder of \(widget.name) on \(family) in \(pngs.sorted())")
                accounted += placeholder.count
            }
        }
        var unnamed: [String: Int] = [:]
        for preview in expected.previews {
            let stem: String
            if let name = preview.name { stem = name } else {
                unnamed[preview.widget, default: 0] += 1
                stem = unnamed[preview.widget] == 1 ? "preview" : "preview\(unnamed[preview.widget]!)"
            }
            for picture in 0..<preview.pictures {
                let names = drawn(preview.widget, preview.surface, picture == 0 ? stem : "\(stem)-\(picture)")
                #expect(!names.isEmpty, "no picture \(picture) of the #Preview at \(preview.file):\(preview.line) in \(pngs.sorted())")
                accounted += names.count
            }
        }
        for name in pngs.sorted() {
            let png = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/Gallery/" + name))))
            #expect(png.width >= 40 && png.height >= 20, "\(name): \(png.width) × \(png.height)")
        }
        print("\(seed.name): \(expected.widgets.count) widgets, \(expected.previews.count) #Previews; \(pngs.count) PNGs, \(accounted) of them the families' placeholders and the previews' pictures")
    }
}
#endif
