import UIKit
package import WidgetModel

extension Image {
    /// `Image(uiImage:)`: a named image is the asset catalog's (its `withRenderingMode` decides
    /// template or original unless `.renderingMode` was written), a symbol image is
    /// `Image(systemName:)`, a `UIGraphicsImageRenderer`'s image is a canvas of its size with each
    /// image it drew scaled into its rectangle and each string it drew set in its `UIFont` (a
    /// named font as `Font.custom`, from the rectangle's top-leading corner, in its colour; in the
    /// foreground style when the image is a template). Bytes: UIImageBytesView.swift.
    func uiImageNodes(_ image: UIImage, in environment: EnvironmentValues) -> [ViewNode] {
        if let drawing = image.drawing {
            for what in Set(drawing.unsupported).sorted() {
                environment.collector.warn("\(what) is not drawn by WidgetShot's UIGraphicsImageRenderer (only UIImage.draw(in:)/draw(at:) and strings' draw are)",
                                           file: file, line: line)
            }
            let items = drawing.items
            let template = (renderingModeValue ?? (image.renderingMode == .alwaysTemplate ? .template : nil)) == .template
            let canvas = ZStack(alignment: .topLeading) {
                ForEach(0..<items.count) { index in
                    Group {
                        switch items[index].content {
                        case .image(let drawn):
                            Image(uiImage: drawn, file: file, line: line).resizable()
                        case .string(let drawn):
                            Self.drawnText(drawn, template: template)
                        }
                    }
                    .frame(width: items[index].rect.width, height: items[index].rect.height, alignment: .topLeading)
                    .opacity(items[index].alpha)
                    .offset(x: items[index].rect.minX, y: items[index].rect.minY)
                }
            }
            .frame(width: drawing.size.width, height: drawing.size.height, alignment: .topLeading)
            return ViewResolver.nodes(canvas, in: environment)
        }
        guard let name = image.name else {
            if let data = image.data { return bytesNodes(image, data: data, in: environment) }
            environment.collector.warn("Image(uiImage:) of an image with no name, bytes or drawing: a placeholder stands in", file: file, line: line)
            return [Placeholder.node("Image(uiImage:)")]
        }
        var resolved = Image(source: image.isSymbol ? .system(name) : .asset(name), file: file, line: line)
        resolved.isResizable = isResizable
        resolved.renderingModeValue = renderingModeValue ?? {
            switch image.renderingMode {
            case .alwaysTemplate: .template
            case .alwaysOriginal: .original
            case .automatic: nil
            }
        }()
        return resolved.makeNodes(in: environment)
    }

    /// A string a renderer drew: one line in its font (a named one as `Font.custom`, the system
    /// font at its weight), not wrapped, in its colour unless the image is a template.
    @ViewBuilder
    static func drawnText(_ drawn: UIImageDrawnString, template: Bool) -> some View {
        let size = drawn.font.pointSize
        let font: Font = if let weight = drawn.font.systemWeight {
            .system(size: size, weight: Font.Weight(uiFontWeight: weight))
        } else {
            .custom(drawn.font.fontName, fixedSize: size)
        }
        let text = Text(verbatim: drawn.string).font(font).lineLimit(1).fixedSize()
        if template { text } else { text.foregroundColor(Color(uiColor: drawn.color)) }
    }
}

extension Font.Weight {
    /// The SwiftUI weight nearest a UIKit one (UIKit's weights run from −0.8, ultra light, to 0.62, black).
    init(uiFontWeight weight: UIFont.Weight) {
        let table: [(CGFloat, Font.Weight)] = [(-0.8, .ultraLight), (-0.6, .thin), (-0.4, .light), (0, .regular), (0.23, .medium),
                                               (0.3, .semibold), (0.4, .bold), (0.56, .heavy), (0.62, .black)]
        self = table.min { abs($0.0 - weight.rawValue) < abs($1.0 - weight.rawValue) }!.1
    }
}
