#if canImport(WidgetShotSwiftUI)
import Foundation
import SwiftUI
import WidgetDiff
import WidgetGoldens
import WidgetKit
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI
#if canImport(Testing)
import Testing
#endif

// Snapshot tests of a team's own SwiftUI views on Linux: the view compiled against the SwiftUI
// modules, drawn by the engine in a widget family, compared with a reference beside the test as
// `assertWidgetSnapshot(layout:…)` does (docs/swift.md).

extension WidgetSnapshot {
    /// Renders `view` as a widget of `family` (the golden device at 2x, the small PNG preset) and
    /// compares it with its reference; nil when it matches, else the one-line failure.
    public static func verify<V: SwiftUI.View>(of view: V, family: WidgetFamily, scheme: WidgetModel.ColorScheme = .light,
                                               named name: String? = nil, record: RecordMode = .fromEnvironment,
                                               options: DiffOptions = .default, file: String, function: String) -> String? {
        if let name, name.isEmpty || name.contains("/") || name.hasPrefix(".") {
            return "snapshot name '\(name)' is not a file name (no '/', not starting with '.'); it names a PNG beside the test"
        }
        let base = name ?? "\(identifier(function)).\(family.rawValue)-\(scheme.rawValue)"
        let (reference, shown, snapshots) = referencePath(base: base, file: file)
        let png: [UInt8]
        do {
            let near = URL(fileURLWithPath: file).deletingLastPathComponent().path
            let folders = (try? ProjectFolders.locate(executable: packageAnchor, workingDirectory: near)) ?? ProjectFolders(root: near)
            let renderer = WidgetRenderer(fonts: try fonts(for: folders))
            let look = Look(scale: GoldenSuite.defaultScale, scheme: scheme)
            png = try SwiftUIRender.render(view, surface: Surface(rawValue: family.rawValue) ?? .systemSmall, look: look,
                                           pngPreset: .small, renderer: renderer).png
        } catch {
            return "snapshot \(shown): \(error)"
        }
        return check(png, reference: reference, shown: shown, snapshots: snapshots, record: record, options: options)
    }
}

#if canImport(Testing)
/// Records a failure at the call when the view's snapshot does not match (see `WidgetSnapshot`).
public func assertWidgetSnapshot<V: SwiftUI.View>(of view: V, family: WidgetFamily = .systemSmall,
                                                  scheme: WidgetModel.ColorScheme = .light, named name: String? = nil,
                                                  record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                                  file: StaticString = #filePath, function: String = #function,
                                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard let failure = WidgetSnapshot.verify(of: view, family: family, scheme: scheme, named: name, record: record,
                                              file: "\(file)", function: function) else { return }
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
}
#endif
#endif
