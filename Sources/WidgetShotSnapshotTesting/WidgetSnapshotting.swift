import Foundation
import SnapshotTesting
import WidgetDiff
import WidgetModel
import WidgetShot
import WidgetShotTesting
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// One cell of a layout to snapshot with swift-snapshot-testing: a layout by name, a surface, a
/// preview, a scheme and (on the tinted Home Screen) a rendering mode.
///
/// ```swift
/// import SnapshotTesting
/// import Testing
/// import WidgetShotSnapshotTesting
///
/// @Test func smallWidget() {
///     assertSnapshot(of: WidgetCell(layout: "steps", surface: .systemSmall, preview: "morning"), as: .widget)
/// }
/// ```
///
/// The layout comes from the project found upward from the test file (`widgetshot.yaml`, or a
/// folder with `Layouts/`), or `project`. The reference is swift-snapshot-testing's own
/// (`__Snapshots__/<TestFile>/<test>.<n>.png`), and so is its record mode
/// (`SNAPSHOT_TESTING_RECORD=all|missing|never|failed`, `withSnapshotTesting(record:)`).
public struct WidgetCell: Sendable {
    public var layout: String
    public var surface: Surface
    public var preview: String
    public var scheme: ColorScheme
    public var mode: RenderingMode?
    public var project: ProjectFolders?
    /// The folder the project is looked for from: the test file's.
    public var near: String

    public init(layout: String, surface: Surface, preview: String, scheme: ColorScheme = .light,
                mode: RenderingMode? = nil, project: ProjectFolders? = nil, filePath: StaticString = #filePath) {
        self.layout = layout; self.surface = surface; self.preview = preview; self.scheme = scheme
        self.mode = mode; self.project = project
        self.near = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().path
    }
}

extension Snapshotting where Value == WidgetCell, Format == Data {
    /// The cell rendered to PNG as the goldens are (the golden device at 2x), compared by pixels with
    /// WidgetShot's diff rules (those of `widgetshot verify`).
    public static var widget: Snapshotting { .widget(options: .default) }

    /// `widget` with other diff rules (a tolerance per channel, a share of differing pixels …).
    public static func widget(options: DiffOptions) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .widgetPNG(options: options)) { cell in
            Async { hand in
                let png: [UInt8]
                do {
                    png = try WidgetSnapshot.render(layout: cell.layout, surface: cell.surface, preview: cell.preview,
                                                    scheme: cell.scheme, mode: cell.mode, project: cell.project, near: cell.near)
                } catch {
                    // Nothing is handed over: swift-snapshot-testing writes whatever it is handed as the
                    // reference when there is none yet, and a failed render must never become one. The
                    // test fails here with the reason, and the snapshot then times out without a file.
                    reportRenderFailure("widgetshot render failed: \(cell.layout)/\(cell.surface.rawValue)/\(cell.preview): \(error) (no reference written)")
                    return
                }
                hand(Data(png))
            }
        }
    }

}

/// Records a failed render on the running test: an issue in a Swift Testing test, an `XCTFail` in
/// an XCTest one.
func reportRenderFailure(_ message: String) {
    #if canImport(Testing)
    #if canImport(XCTest)
    if Test.current == nil { XCTFail(message); return }
    #endif
    Issue.record(Comment(rawValue: message))
    #elseif canImport(XCTest)
    XCTFail(message)
    #endif
}

/// Marked the bytes a failed render gave in place of a PNG before a failed render stopped being
/// handed over: a reference written so by an earlier version still fails with its text.
let renderFailure = "widgetshot render failed: "

extension Diffing where Value == Data {
    /// PNGs compared by their pixels under `options`; on a difference, one line saying why and the
    /// diff picture as an attachment (`diff.png`).
    public static func widgetPNG(options: DiffOptions = .default) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, actual in
            if actual.starts(with: Data(renderFailure.utf8)) {
                return (String(decoding: actual, as: UTF8.self), [])
            }
            do {
                guard let mismatch = try WidgetSnapshot.compare(reference: [UInt8](reference), actual: [UInt8](actual), options: options) else {
                    return nil
                }
                return ("widget snapshot differs: \(mismatch.reason)", [.data(Data(mismatch.diffPNG), name: "diff.png")])
            } catch {
                return ("widget snapshot cannot be compared: \(error)", [])
            }
        }
    }
}
