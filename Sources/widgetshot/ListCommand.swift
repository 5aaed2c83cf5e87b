import ArgumentParser
import Foundation
import WidgetModel
import WidgetShot
import WidgetTemplate

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List layouts (with their surfaces and previews), surfaces, devices, icons and colors.")

    enum Topic: String, ExpressibleByArgument, CaseIterable {
        case all, layouts, surfaces, devices, icons, colors
    }

    @Argument(help: "What to list: all, layouts, surfaces, devices, icons, colors.")
    var topic: Topic = .all

    @OptionGroup var project: ProjectOptions

    func run() throws {
        if topic == .all || topic == .layouts { try listLayouts() }
        if topic == .all || topic == .surfaces { listSurfaces() }
        if topic == .all || topic == .devices { listDevices() }
        if topic == .all || topic == .icons {
            print("Icons (SF Symbol names → Material Icons):")
            print(wrap(IconCatalog.names))
            print("")
        }
        if topic == .all || topic == .colors {
            print("Colors (plus #RRGGBB, #RRGGBBAA, {light:, dark:}):")
            print(wrap(SystemColors.names))
        }
    }

    private func listLayouts() throws {
        let folders = try project.folders()
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

    private func listSurfaces() {
        print("Surfaces (points on \(DeviceProfile.default.id)):")
        for s in Surface.allCases {
            let size = Self.sizeText(s, DeviceProfile.default)
            print("  \(s.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(size.padding(toLength: 16, withPad: " ", startingAt: 0)) \(s.summary)")
            if s.family == .control { print(String(repeating: " ", count: 42) + "size: " + ControlMetrics.source(of: s)) }
        }
        print("")
    }

    private func listDevices() {
        print("Devices:")
        for d in DeviceProfile.all {
            print("  \(d.id.padding(toLength: 16, withPad: " ", startingAt: 0)) \(d.name), \(Int(d.screen.width))×\(Int(d.screen.height)) pt @\(Int(d.scale))x")
            print("    surfaces: \(d.surfaces.map { "\($0.rawValue) \(Self.sizeText($0, d))" }.joined(separator: ", "))")
        }
        print("")
    }

    static func sizeText(_ s: Surface, _ d: DeviceProfile) -> String {
        guard d.supports(s) else { return "—" }
        if let size = d.widgetSizes[s] { return "\(size)" }
        switch s {
        case .lockScreen, .standBy: return "\(d.liveActivityWidth.map { "\(Int($0))" } ?? "?")×84…160"
        case .islandCompact: return d.island.map { "\(Size(width: $0.compactWidth, height: $0.height))" } ?? "—"
        case .islandMinimal: return d.island.map { "\(Size(width: $0.height, height: $0.height))…45" } ?? "—"
        case .islandExpanded: return d.island.map { "\(Int($0.expandedWidth))×84…160" } ?? "—"
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
