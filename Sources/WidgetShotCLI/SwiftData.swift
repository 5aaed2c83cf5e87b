import Foundation
import WidgetModel
import WidgetShot
import WidgetSwiftSource

/// `render Widgets/ --data FILE`: the JSON decoded by the team's own entry type, or by a Live
/// Activity's attributes and `ContentState`, and drawn by the team's views (docs/swift.md, "Data
/// from JSON"; the runner's side is Sources/WidgetShotSwiftUI/RunnerData.swift).
extension SwiftSource {
    /// The runner's picture for `file`: the widget `--widget` names (default: the first) in
    /// `--surface` (a widget: one of its families, default the first; a Live Activity: one of its
    /// surfaces, default lockScreen, its attributes from the JSON or else from its first #Preview),
    /// and the picture's name for the default output file.
    static func dataPicture(_ file: String, widget: String?, surface: Surface?,
                            in found: SwiftDescription) throws -> (picture: [String: Any], name: String) {
        guard let chosen = widget.map({ w in found.widgets.first { $0.name == w } }) ?? found.widgets.first else {
            throw CLIError("no widget \(widget.map { "named '\($0)' " } ?? "")to draw --data with (widgets: \(found.widgets.map(\.name).joined(separator: ", ")))")
        }
        var picture: [String: Any] = ["widget": chosen.name, "data": URL(fileURLWithPath: file).standardizedFileURL.path,
                                      "dataName": file]
        let drawnOn: String
        if chosen.kind == "activity" {
            let on = surface ?? .lockScreen
            guard [.liveActivity, .island, .smallActivity].contains(on.family) else {
                throw CLIError("\(chosen.name) is a Live Activity: --surface is one of lockScreen, standBy, islandCompact, islandMinimal, islandExpanded, activitySmall (got \(on.rawValue))")
            }
            picture["surface"] = on.rawValue
            if let preview = found.previews.first(where: { $0.widget == chosen.name && $0.kind == "activity" }) {
                picture["attributesPreview"] = preview.symbol
            }
            drawnOn = on.rawValue
        } else {
            let family = surface?.rawValue ?? chosen.families.first ?? "systemSmall"
            guard chosen.families.contains(family) else {
                throw CLIError("\(chosen.name) does not support \(family) (its families: \(chosen.families.joined(separator: ", ")))")
            }
            picture["family"] = family
            drawnOn = family
        }
        return (picture, "\(chosen.name)-\(drawnOn)-data")
    }

    /// A picture the runner could not draw, said for the team: a data file's decoder path, an entry
    /// type that is not Decodable with its declaration, or the runner's own words.
    func failure(_ drawn: SwiftWidgetBuild.Drawn) -> String {
        if let data = drawn.dataError { return build.explain(data) }
        return drawn.error ?? "the widget runner drew nothing"
    }

    /// The font folders a Swift source draws with: the project's, else the installed fonts.
    static func fontFolders(_ project: ProjectOptions) -> [String] {
        (try? project.folders())?.fontFolders ?? [ProjectFolders.installedFonts(executable: ProjectFolders.currentExecutable) ?? ""]
    }
}
