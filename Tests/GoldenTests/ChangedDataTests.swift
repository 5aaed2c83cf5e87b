import Foundation
import Testing
import TestSupport
import WidgetDiff
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// A golden is only worth its bytes if a real change to what it shows fails it. Each case edits
/// one field of the delivery layout's `onTheWay` preview, renders every surface before and after
/// at the goldens' settings, and wherever the pixels changed at all (the surface shows the field)
/// the strict default comparison must say "different" — on white-on-transparent surfaces too.
@Suite struct ChangedDataTests {
    struct Change: CustomStringConvertible, Sendable {
        var description: String
        var edit: @Sendable (inout RenderRequest) -> Void
    }

    static let changes: [Change] = [
        Change(description: "ETA +1 min") { $0.data = $0.data.setting(["order", "eta"], .string("2026-11-22T12:46:00+09:00")) },
        Change(description: "order number") { $0.data = $0.data.setting(["order", "number"], .number(2842)) },
        Change(description: "total") { $0.data = $0.data.setting(["order", "total"], .number(38600)) },
        Change(description: "distance") { $0.data = $0.data.setting(["order", "distanceKm"], .number(1.3)) },
        Change(description: "now +1 min") { $0.now = $0.now.addingTimeInterval(60) },
    ]

    static let surfaces = Surface.allCases

    @Test(arguments: changes)
    func aChangedFieldFailsEverySurfaceThatShowsIt(_ change: Change) throws {
        let layout = try Project.layout("delivery")
        let preview = try #require(layout.preview(named: "onTheWay"))
        let renderer = WidgetRenderer(fonts: Project.fonts)
        var shown = 0
        for surface in Self.surfaces where layout.hasView(for: surface) && preview.applies(to: surface) {
            for scheme in [ColorScheme.light, .dark] {
                let before = RenderRequest(layout: layout, surface: surface, preview: preview, scale: 2, scheme: scheme)
                var after = before
                change.edit(&after)
                let expected = try decode(renderer.render(before).png)
                let actual = try decode(renderer.render(after).png)
                guard expected.pixels != actual.pixels else { continue }
                shown += 1
                let result = ImageDiff.compare(expected: expected, actual: actual)
                #expect(result.verdict == .different,
                        "\(change) on \(surface.rawValue) \(scheme): \(result.differingPixels) px differ, \(result.antialiasedPixels) antialiased — passes the strict defaults")
            }
        }
        #expect(shown > 0, "\(change) changed no surface at all")
    }

    /// The reproduction: white-on-transparent surfaces that scored "0 px differ".
    @Test(arguments: [Surface.accessoryInline, .accessoryRectangular, .standBy])
    func aOneMinuteETAChangeFailsOnTransparentSurfaces(_ surface: Surface) throws {
        let layout = try Project.layout("delivery")
        let preview = try #require(layout.preview(named: "onTheWay"))
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let before = RenderRequest(layout: layout, surface: surface, preview: preview, scale: 2)
        var after = before
        Self.changes[0].edit(&after)
        let result = ImageDiff.compare(expected: try decode(renderer.render(before).png),
                                       actual: try decode(renderer.render(after).png))
        #expect(result.verdict == .different)
        #expect(result.differingPixels > 10)
    }

    func decode(_ png: [UInt8]) throws -> DiffImage {
        let image = try PNGCodec.decode(png)
        return DiffImage(width: image.width, height: image.height, pixels: image.pixels)
    }
}

extension DataValue {
    /// A copy with the value at `path` (object keys) replaced.
    func setting(_ path: [String], _ value: DataValue) -> DataValue {
        guard let key = path.first else { return value }
        guard case .object(var object) = self else { return self }
        object[key] = (object[key] ?? .object([:])).setting(Array(path.dropFirst()), value)
        return .object(object)
    }
}
