import Yams
import WidgetModel

/// `image: photo.png`: a PNG next to the layout (ImageAsset), drawn at its asset `scale`.
enum ImageNode: NodeKind {
    static let names = ["image"]
    static let contentModes = ["fit", "fill"]
    static func value(of _: String) -> SchemaValue { .text }
    static func keys(of _: String) -> [NodeKey] {
        [NodeKey("resizable", .bindable(.boolean)),
         NodeKey("contentMode", .bindable(.words(contentModes))),
         NodeKey("scale", .bindable(.number)),
         NodeKey("renderingMode", .bindable(.words(ImageTemplate.RenderingMode.allCases.map(\.rawValue)))),
         NodeKey("accentedRenderingMode", .bindable(.words(AccentedImageMode.allCases.map(\.rawValue))))]
    }

    static func parse(_ name: String, _ value: Yams.Node?, _ p: [String: Yams.Node], at yaml: Yams.Node, depth: Int,
                      parser: inout LayoutParser) -> TemplateKind? {
        guard let value, let path = parser.interpolated(value, "image") else {
            if value == nil { parser.error("expected a PNG path for 'image'", yaml) }
            return nil
        }
        var t = ImageTemplate(path: path)
        if let v = p["resizable"] { t.resizable = parser.bool(v, "resizable") ?? false }
        if let v = p["contentMode"], let m = parser.word(v, "contentMode", contentModes, ContentMode.init) { t.contentMode = m }
        if let v = p["scale"], let s = parser.number(v, "scale", in: 0.1...10) { t.scale = s }
        if let v = p["renderingMode"] {
            t.renderingMode = parser.word(v, "renderingMode", ImageTemplate.RenderingMode.allCases.map(\.rawValue), ImageTemplate.RenderingMode.init)
        }
        if let v = p["accentedRenderingMode"] {
            t.accentedMode = parser.word(v, "accentedRenderingMode", AccentedImageMode.allCases.map(\.rawValue), AccentedImageMode.init)
        }
        return .image(t)
    }
}

struct ImageTemplate: Hashable, Sendable {
    enum RenderingMode: String, Hashable, Sendable, CaseIterable { case original, template }
    var path: Interpolated
    /// nil: template when the image has its own `color:`, else original (SwiftUI's default).
    var renderingMode: RenderingMode?
    var resizable = false
    var contentMode = ContentMode.fit
    var scale = 3.0
    var accentedMode: AccentedImageMode?
}

extension Binder {
    mutating func bindImage(_ im: ImageTemplate, _ env: Environment, ownForeground: Paint?, at source: SourceLocation) -> ViewKind? {
        let relative = text(im.path, env)
        if relative.isEmpty { return .empty }
        switch ImageAsset.locate(relative, in: document.directory) {
        case .success(let px):
            // A template image takes the foreground colour; `color:` on the image itself makes it one.
            let isTemplate = im.renderingMode.map { $0 == .template } ?? (ownForeground != nil)
            return .image(ImageContent(path: px.path, naturalSize: Size(width: Double(px.width) / im.scale, height: Double(px.height) / im.scale),
                                       resizable: im.resizable, contentMode: im.contentMode, redacted: redact && !env.unredacted,
                                       tint: isTemplate ? env.foreground ?? label() : nil, accentedMode: im.accentedMode))
        case .failure(let failure):
            let d = Diagnostic.error(failure.message, at: source)
            if !diagnostics.contains(d) { diagnostics.append(d) }
            return .empty
        }
    }
}
