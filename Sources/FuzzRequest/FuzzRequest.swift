import Foundation
import FuzzSupport
import HummingbirdCore
import WidgetServer
import WidgetShot

/// Bytes → what the server makes of a request before it renders: the first line is a URL
/// (`/render/LAYOUT/SURFACE.png?query`, its query read by Hummingbird as the route reads it),
/// the rest a `POST /render` body (strict JSON, then DataValue); each becomes RenderParameters
/// and then a RenderRequest checked against the loaded layouts. Errors must be APIErrors.
@main enum FuzzRequest {
    static let layouts = try! LoadedLayouts(catalog: LayoutCatalog(directory: FuzzHarness.projectRoot + "/Layouts"))

    static func main() {
        FuzzHarness.main(target: "request") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let (line, body) = text.firstIndex(of: "\n").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) }
                ?? (text, "")
            let uri = URI(line)
            let parts = uri.path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 4, parts[1] == "render", parts[3].hasSuffix(".png") {
                let query = uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
                _ = try? RenderParameters(layout: String(parts[2]), surface: String(parts[3].dropLast(4)), query: query)
                    .request(in: layouts)
            }
            if !body.isEmpty {
                _ = try? RenderParameters(body: RenderRoutes.parseJSON(body)).request(in: layouts)
            }
        }
    }
}
