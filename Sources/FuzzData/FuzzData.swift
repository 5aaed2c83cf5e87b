import Foundation
import FuzzSupport
import WidgetShot

/// Bytes → a data file (`--data`, a preview's data) → DataValue, then bound to every surface of
/// every shipped layout in Layouts/ in both of their locales: the parser, and the binder with data
/// it never expected, through every filter the layouts use (flight's `plural`s and minutes,
/// weather's arithmetic, delivery's lists).
@main enum FuzzData {
    static let layouts = try! LayoutCatalog(directory: FuzzHarness.projectRoot + "/Layouts").loadAll()
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func main() {
        precondition(layouts.count >= 4, "Layouts/ holds \(layouts.count) layouts")
        FuzzHarness.main(target: "data") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let data = try? DataValue.parse(text, file: "fuzz.json") else { return }
            for layout in layouts {
                for surface in Surface.allCases where layout.hasView(for: surface) {
                    for locale in ["en", "ko"] {
                        _ = layout.bind(surface: surface, data: data, context: BindContext(surface: surface, locale: locale, now: now))
                    }
                }
            }
        }
    }
}
