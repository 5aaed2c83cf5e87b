import Foundation
import FuzzSupport
import WidgetShot

/// Bytes → layout file → LayoutDocument, lint (which binds every surface with every preview in
/// both schemes and both locales), then a render of the first surface at 1x: every stage a layout
/// file reaches, with the limits a real run has.
@main enum FuzzLayout {
    static let fonts = try! FontLibrary(directory: FuzzHarness.projectRoot + "/Fonts")
    nonisolated(unsafe) static let renderer = WidgetRenderer(fonts: fonts)  // one thread: libFuzzer runs inputs in turn
    // The loader reads a file (size check, encoding, BOM); tmpfs keeps that cheap.
    static let path = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
        + "/fuzz-layout-\(getpid()).yaml"

    static func main() {
        FuzzHarness.main(target: "layout") { bytes in
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
            guard let document = try? LayoutLoader.load(path: path) else { return }
            _ = Linter.lint(document)
            guard let surface = Surface.allCases.first(where: { document.hasView(for: $0) && DeviceProfile.default.surfaces.contains($0) }),
                  let preview = document.previews.first(where: { $0.applies(to: surface) }) else { return }
            let request = RenderRequest(layout: document, surface: surface, preview: preview, scale: 1, scheme: .light)
            _ = try? renderer.render(request)
        }
    }
}
