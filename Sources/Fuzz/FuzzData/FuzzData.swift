import Foundation
import FuzzSupport
import WidgetShot

/// Bytes → a data file (`--data`, a preview's data) → DataValue, then bound to every surface of
/// the delivery layout: the parser, and the binder with data it never expected.
@main enum FuzzData {
    static let layout = try! LayoutLoader.load(path: FuzzHarness.projectRoot + "/Layouts/delivery.yaml")
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func main() {
        FuzzHarness.main(target: "data") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let data = try? DataValue.parse(text, file: "fuzz.json") else { return }
            for surface in Surface.allCases where layout.hasView(for: surface) {
                _ = layout.bind(surface: surface, data: data, context: BindContext(surface: surface, now: now))
            }
        }
    }
}
