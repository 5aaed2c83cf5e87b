import Foundation
import FuzzSupport
import WidgetShot

/// Bytes → a layout and a data document, cut at the first line `=== data ===` → parse both, bind
/// every surface with the data, render the first surface the default device has at 1x with it.
/// A trap may need both halves (a filter in the layout, a number in the data: `plural` of 1e19),
/// which neither the layout target (its previews' data) nor the data target (the shipped layouts)
/// can reach alone.
@main enum FuzzLayoutData {
    static let separator = "\n=== data ===\n"
    static let fonts = try! FontLibrary(directory: FuzzHarness.projectRoot + "/Fonts")
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: fonts)  // one thread: libFuzzer runs inputs in turn
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func main() {
        FuzzHarness.main(target: "layoutdata") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let (layoutText, dataText) = text.range(of: separator).map { (String(text[..<$0.lowerBound]), String(text[$0.upperBound...])) }
                ?? (text, "{}")
            guard let document = try? LayoutLoader.parse(layoutText, path: "fuzz.yaml"),
                  let data = try? DataValue.parse(dataText, file: "fuzz.json") else { return }
            for surface in Surface.allCases where document.hasView(for: surface) {
                _ = document.bind(surface: surface, data: data, context: BindContext(surface: surface, locale: "en", now: now))
            }
            guard let surface = Surface.allCases.first(where: { document.hasView(for: $0) && DeviceProfile.default.surfaces.contains($0) })
            else { return }
            let request = RenderRequest(layout: document, surface: surface, data: data, scale: 1, locale: "en", now: now)
            _ = try? renderer.render(request)
        }
    }
}
