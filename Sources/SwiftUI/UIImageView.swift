import UIKit
package import WidgetModel

extension Image {
    /// `Image(uiImage:)`: a named image is the asset catalog's (its `withRenderingMode` decides
    /// template or original unless `.renderingMode` was written), a symbol image is
    /// `Image(systemName:)`, a `UIGraphicsImageRenderer`'s image is a canvas of its size with each
    /// image it drew scaled into its rectangle. Bytes are not decoded yet: a placeholder, with a
    /// warning at the caller's line.
    func uiImageNodes(_ image: UIImage, in environment: EnvironmentValues) -> [ViewNode] {
        if let drawing = image.drawing {
            for what in Set(drawing.unsupported).sorted() {
                environment.collector.warn("\(what) is not drawn by WidgetShot's UIGraphicsImageRenderer (only UIImage.draw(in:)/draw(at:) are)",
                                           file: file, line: line)
            }
            let items = drawing.items
            let canvas = ZStack(alignment: .topLeading) {
                ForEach(0..<items.count) { index in
                    Image(uiImage: items[index].image, file: file, line: line)
                        .resizable()
                        .frame(width: items[index].rect.width, height: items[index].rect.height)
                        .opacity(items[index].alpha)
                        .offset(x: items[index].rect.minX, y: items[index].rect.minY)
                }
            }
            .frame(width: drawing.size.width, height: drawing.size.height, alignment: .topLeading)
            return ViewResolver.nodes(canvas, in: environment)
        }
        guard let name = image.name else {
            environment.collector.warn("Image(uiImage:) of image bytes is not decoded yet: a placeholder stands in", file: file, line: line)
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
}
