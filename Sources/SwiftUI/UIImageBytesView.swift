import UIKit
package import WidgetModel

extension Image {
    /// `Image(uiImage:)` of an image made from bytes (`UIImage(data:)`, `UIImage(contentsOfFile:)`):
    /// PNG and JPEG bytes are drawn at their pixel size in points (UIKit's scale 1), resizable and
    /// tinted as an asset image is; another format (HEIC, GIF, …) is a placeholder of its size with a warning
    /// at the caller's line naming the format.
    func bytesNodes(_ image: UIImage, data: Data, in environment: EnvironmentValues) -> [ViewNode] {
        let format = UIImageBytes.format(of: data)
        guard format == .png || format == .jpeg else {
            environment.collector.warn("Image(uiImage:) of \(format?.rawValue ?? "unknown") bytes is not decoded (PNG and JPEG bytes are): a placeholder stands in",
                                       file: file, line: line)
            return placeholder(image.size)
        }
        let key: String
        do { key = try ImageBytes.register([UInt8](data)) } catch {
            environment.collector.warn("Image(uiImage:): \(error): a placeholder stands in", file: file, line: line)
            return placeholder(image.size)
        }
        let template = (renderingModeValue ?? (image.renderingMode == .alwaysTemplate ? .template : nil)) == .template
        let tint = template ? (environment.foreground?.resolvePaint(in: environment) ?? Color.primary.resolvePaint(in: environment)) : nil
        let redacted = environment.redactionReasons.contains(.placeholder)
        return [ViewNode(.image(ImageContent(path: key, naturalSize: Size(width: Double(image.size.width), height: Double(image.size.height)),
                                             resizable: isResizable, contentMode: isResizable ? .stretch : .fit, redacted: redacted, tint: tint)))]
    }

    /// The placeholder (magenta, dashed), at the image's size when its header gave one.
    private func placeholder(_ size: CGSize) -> [ViewNode] {
        var node = Placeholder.node("Image(uiImage:)")
        if size.width > 0, size.height > 0, !isResizable {
            node.modifiers.append(.frame(FrameSpec(width: Double(size.width), height: Double(size.height))))
        }
        return [node]
    }
}
