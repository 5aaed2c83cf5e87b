import ArgumentParser
import Foundation
import WidgetModel
import WidgetSwiftSource
import WidgetShot
import WidgetTemplate

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List layouts (with their surfaces and previews), surfaces, devices, icons and colors.",
        discussion: """
        `list devices` prints every device's screen, scale and default iOS generation, its surfaces \
        with their sizes in points, and where each number comes from: the widget sizes of both \
        generations (iOS 18: Apple's HIG table; iOS 26: FrameUp's measurements; `--ios` picks one), \
        the Live Activity and Dynamic Island widths and the small activity family's size, each \
        marked HIG, FrameUp measurement, derived or inferred.
        """)

    enum Topic: String, ExpressibleByArgument, CaseIterable {
        case all, layouts, surfaces, devices, icons, colors
    }

    @Argument(help: ArgumentHelp("What to list: all, layouts, surfaces, devices, icons, colors — or a widget extension's folder (or .swift file).",
                                 discussion: "Given Swift, widgetshot builds it against its SwiftUI modules (cached in the project's .build/widgetshot-swift/) and lists the widgets, Live Activities and #Previews it finds, with their families and pictures."))
    var topicOrSource: String = "all"

    @Option(name: .long, help: "A folder (or .swift file) of the app's own code the widget code needs (repeatable).")
    var include: [String] = []

    @Flag(name: .long, help: ArgumentHelp("With a Swift source: print the Swift WidgetShot generates for its asset catalogs (Xcode's `Color(.name)`, `.name`, `Image(.name)` symbols) and stop, without building.",
                                          discussion: "The same file the build adds to the team's module (GeneratedAssetSymbols.swift)."))
    var assetSymbols = false

    @OptionGroup var project: ProjectOptions

    var topic: Topic { Topic(rawValue: topicOrSource) ?? .all }

    func validate() throws {
        if Topic(rawValue: topicOrSource) == nil && !SwiftSource.isSwift(topicOrSource) {
            throw ValidationError("'\(topicOrSource)' is not a topic (\(Topic.allCases.map(\.rawValue).joined(separator: ", "))) nor a .swift file or folder")
        }
    }

    func run() throws {
        if assetSymbols {
            guard Topic(rawValue: topicOrSource) == nil else { throw ValidationError("--asset-symbols is for a Swift source (a widget extension's folder)") }
            let folder = try SwiftWidgetFolder.scan(widgets: [topicOrSource], include: SwiftSource.includes(for: [topicOrSource], given: include, project: project))
            return print(AssetSymbols.source(for: AssetCatalog(catalogs: folder.assetCatalogs)), terminator: "")
        }
        if Topic(rawValue: topicOrSource) == nil { return try listSwift([topicOrSource], include: include) }
        if topic == .all || topic == .layouts { try listProject() }
        if topic == .all || topic == .surfaces { listSurfaces() }
        if topic == .all || topic == .devices { listDevices() }
        if topic == .all || topic == .icons {
            print("Icons (SF Symbol names → Material Icons):")
            print(wrap(IconCatalog.names))
            // The project's own artwork, which wins over the stand-in for the same name.
            if let folders = try? project.folders() {
                let own = SymbolAsset.names(in: folders.layouts)
                if !own.isEmpty {
                    print("Icons drawn from \(folders.layouts)/\(SymbolAsset.folder)/ (your artwork; it replaces a stand-in of the same name):")
                    print(wrap(own))
                }
                if case .success(let table) = SymbolFontTable.table(in: folders.layouts), !table.isEmpty {
                    print("Icons from your icon fonts (\(SymbolAsset.folder)/\(SymbolFontTable.fileName)):")
                    print(wrap(table.keys.sorted().map { "\($0) (\(table[$0]!.family))" }))
                }
            }
            print("")
        }
        if topic == .all || topic == .colors {
            print("Colors (plus #RRGGBB, #RRGGBBAA, {light:, dark:}):")
            print(wrap(SystemColors.names))
        }
    }

    /// The project's layouts, and the widgets of its `swift:` folders (widgetshot.yaml), as gallery
    /// and record see them; a Swift-only project has no layouts folder to list.
    private func listProject() throws {
        let folders = try project.folders()
        if folders.swiftWidgets.isEmpty || FileManager.default.fileExists(atPath: folders.layouts) { try listLayouts(folders) }
        if !folders.swiftWidgets.isEmpty {
            try listSwift(folders.swiftWidgets, include: include)
            print("")
        }
    }

    private func listLayouts(_ folders: ProjectFolders) throws {
        let catalog = LayoutCatalog(directory: folders.layouts)
        print("Layouts in \(folders.layouts):")
        for path in catalog.files() {
            do {
                let d = try LayoutLoader.load(path: path)
                print("  \(d.name)")
                print("    surfaces: \(Surface.allCases.filter(d.hasView(for:)).map(\.rawValue).joined(separator: ", "))")
                print("    previews: \(d.previews.map(\.name).joined(separator: ", "))")
                if !d.controls.isEmpty {
                    print("    controls: \(d.controls.map { "\($0.id) (\($0.kind.rawValue))" }.joined(separator: ", "))")
                }
            } catch {
                print("  \((path as NSString).lastPathComponent): does not load (run `widgetshot lint`)")
            }
        }
        print("")
    }

    /// The widgets, Live Activities and previews of a Swift source.
    private func listSwift(_ paths: [String], include: [String]) throws {
        let source = try SwiftSource.open(paths, include: include, project: project)
        let found = try source.describe()
        let cwd = FileManager.default.currentDirectoryPath + "/"
        print("Widgets in \(paths.map { $0.hasPrefix(cwd) ? String($0.dropFirst(cwd.count)) : $0 }.joined(separator: ", ")):")
        for widget in found.widgets {
            let families = widget.kind == "activity" ? "Live Activity: lockScreen, islandCompact, islandExpanded, islandMinimal"
                : "families: " + widget.families.joined(separator: ", ")
            print("  \(widget.name)  (\(families))")
        }
        if found.widgets.isEmpty { print("  none") }
        print("Previews:")
        for preview in found.previews {
            let place = "\((preview.file as NSString).lastPathComponent):\(preview.line)"
            print("  \(preview.name.map { "'\($0)'" } ?? "unnamed") at \(place): \(preview.kind) on \(preview.surface), \(preview.pictures) picture\(preview.pictures == 1 ? "" : "s")")
        }
        if found.previews.isEmpty { print("  none") }
        let assets = AssetCatalog(catalogs: source.build.folder.assetCatalogs)
        if !source.build.folder.assetCatalogs.isEmpty {
            print("Asset catalogs: \(source.build.folder.assetCatalogs.count), \(assets.colors.count) colour sets, \(assets.images.count) image sets (their symbols: --asset-symbols)")
        }
        for failure in found.failures + assets.warnings { note("warning: " + failure) }
    }

    private func listSurfaces() {
        print("Surfaces (points on \(DeviceProfile.default.id), iOS \(DeviceProfile.default.ios.number); every device and each number's source: `widgetshot list devices`):")
        for s in Surface.allCases {
            let size = Self.sizeText(s, DeviceProfile.default)
            print("  \(s.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(size.padding(toLength: 16, withPad: " ", startingAt: 0)) \(s.summary)")
            if s.family == .control { print(String(repeating: " ", count: 42) + "size: " + ControlMetrics.source(of: s)) }
        }
        print("")
    }

    private func listDevices() {
        print("Devices (points; each number's source in brackets: HIG = Apple's Human Interface Guidelines,")
        print("FrameUp = measured on a device by FrameUp's probe widget, derived = arithmetic on published")
        print("numbers, inferred = no source, by analogy with a device that has one):")
        for d in DeviceProfile.all {
            print("  \(d.id.padding(toLength: 16, withPad: " ", startingAt: 0)) \(d.name), \(Self.number(d.screen.width))×\(Self.number(d.screen.height)) pt @\(Int(d.scale))x [HIG]"
                  + (d.widgetTables.isEmpty ? "" : ", default --ios \(d.shipsWith.number)"))
            print("    surfaces: \(d.surfaces.map { "\($0.rawValue) \(Self.sizeText($0, d))" }.joined(separator: ", "))")
            for line in Self.sourceLines(d) { print("    " + line) }
        }
        print("")
    }

    /// Where each of the device's numbers comes from, one line per table or group.
    static func sourceLines(_ d: DeviceProfile) -> [String] {
        var lines: [String] = []
        let order: [Surface] = [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge,
                                .accessoryCircular, .accessoryRectangular, .accessoryInline]
        for generation in IOSGeneration.allCases {
            guard let table = d.widgetTables[generation] else { continue }
            let sizes = order.compactMap { s in table.sizes[s].map { "\(s.rawValue) \($0)" } }.joined(separator: ", ")
            lines.append("iOS \(generation.number) widgets [\(table.source.rawValue): \(table.note)]: \(sizes)")
        }
        if let w = d.liveActivityWidth {
            lines.append("Live Activity width \(number(w)) [\(d.liveActivityWidthSource?.rawValue ?? "inferred")], height 84…160 [HIG]")
        }
        if let i = d.island {
            lines.append("Dynamic Island \(number(i.compactWidth)) compact/minimal, \(number(i.expandedWidth)) expanded [\(i.widthSource.rawValue)]; "
                         + "compact sides \(i.compactSide) [\(i.compactSideSource.rawValue)]; sensor \(number(i.sensorWidth)) [derived]")
        }
        if let small = d.smallActivity {
            lines.append("activitySmall \(small.size) [\(small.source.rawValue)]: \(small.shownOn)")
        }
        return lines
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v).replacingOccurrences(of: "0$", with: "", options: .regularExpression)
    }

    static func sizeText(_ s: Surface, _ d: DeviceProfile) -> String {
        guard d.supports(s) else { return "—" }
        if let size = d.widgetSizes[s] { return "\(size)" }
        switch s {
        case .lockScreen, .standBy: return "\(d.liveActivityWidth.map { "\(Int($0))" } ?? "?")×84…160"
        case .islandCompact: return d.island.map { "\(Int($0.compactWidth))…\(Size(width: (($0.sensorWidth + 2 * $0.compactSideMaxWidth) * 100).rounded() / 100, height: $0.height))" } ?? "—"
        case .islandMinimal: return d.island.map { "\(Size(width: $0.height, height: $0.height))…45" } ?? "—"
        case .islandExpanded: return d.island.map { "\(Int($0.expandedWidth))×84…160" } ?? "—"
        case .activitySmall: return d.smallActivity.map { "\($0.size)" } ?? "—"
        case .controlSmall, .controlMedium, .controlLarge, .controlLockScreen:
            return ControlMetrics.size(of: s).map { "\($0)" } ?? "—"
        default: return "—"
        }
    }

    private func wrap(_ words: [String]) -> String {
        var lines: [String] = []
        var line = " "
        for w in words {
            if line.count + w.count + 1 > 96 { lines.append(line); line = " " }
            line += " " + w
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
