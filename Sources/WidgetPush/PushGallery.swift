import Foundation
import WidgetTemplate
import WidgetShot

/// One filmstrip of the gallery's push section: a sample sequence or timeline, drawn.
public struct SampleFilmstrip: Sendable {
    /// `delivery/sequence`, `delivery/timeline-medium`: unique, usable in a file name.
    public var name: String
    public var title: String
    /// A self-contained page (pictures inline).
    public var html: String
    public var png: [UInt8]
    /// Problems found in the sample's pushes (a valid sample has none).
    public var errors: Int
}

/// The gallery's section per sample push sequence and timeline: the gallery (a shell)
/// calls this and places the pages and pictures; nothing here writes files.
public enum PushGallery {
    /// For every layout with a `samples/LAYOUT/` folder beside it: each `sequence*.json` as a push
    /// filmstrip (attributes from its start push, else `attributes.json`), each `timeline*.json`
    /// as a timeline filmstrip of systemMedium, and, when the layout has a `timeline:` section,
    /// that policy applied to its first preview.
    public static func filmstrips(layoutsDirectory: String, renderer: WidgetRenderer, scale: Double = 2,
                                  limits: Limits = .default) throws -> [SampleFilmstrip] {
        let fm = FileManager.default
        let catalog = LayoutCatalog(directory: layoutsDirectory)
        var out: [SampleFilmstrip] = []
        for name in catalog.names() {
            let folder = "\(layoutsDirectory)/samples/\(name)"
            guard let files = try? fm.contentsOfDirectory(atPath: folder) else { continue }
            let layout = try catalog.load(name, limits: limits)
            let zone = layout.previews.first?.timeZone ?? TimeZone(secondsFromGMT: 0)!
            let attributes = fm.fileExists(atPath: folder + "/attributes.json")
                ? try DataValue.load(path: folder + "/attributes.json", limits: limits) : nil
            for file in files.sorted() where file.hasPrefix("sequence") && file.hasSuffix(".json") {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
                let inputs = try PushValidator.inputs(in: bytes, name: file, limits: limits)
                var options = PushRenderOptions(scale: scale)
                options.staleColumns = true
                let previewer = LiveActivityPreviewer(layout: layout, attributes: attributes, options: options, limits: limits)
                let previews = try previewer.renderSequence(inputs, with: renderer)
                let strip = Filmstrip.pushes(previews, title: "\(name) · \(file)", timeZone: zone)
                out.append(SampleFilmstrip(name: "\(name)/\((file as NSString).deletingPathExtension)", title: strip.title,
                                           html: strip.html(scale: scale), png: try strip.png(with: renderer, scale: scale, limits: limits),
                                           errors: previews.reduce(0) { $0 + $1.checked.report.errors.count }))
            }
            let surfaces = [Surface.systemSmall, .systemMedium].filter(layout.hasView(for:))
            guard !surfaces.isEmpty else { continue }
            let previewer = TimelinePreviewer(layout: layout, surfaces: surfaces, scale: scale)
            var timelines: [(String, Timeline)] = []
            if let policy = try TimelinePreviewer.policy(of: layout), let first = layout.previews.first, let start = first.now {
                timelines.append(("timeline-policy", policy.timeline(start: start, data: first.data)))
            }
            for file in files.sorted() where file.hasPrefix("timeline") && file.hasSuffix(".json") {
                let value = try DataValue.load(path: folder + "/" + file, limits: limits)
                timelines.append(((file as NSString).deletingPathExtension, try TimelineFile.parse(value, limits: limits)))
            }
            for (label, timeline) in timelines {
                let strip = try previewer.filmstrip(timeline, with: renderer)
                out.append(SampleFilmstrip(name: "\(name)/\(label)", title: strip.title, html: strip.html(scale: scale),
                                           png: try strip.png(with: renderer, scale: scale, limits: limits), errors: 0))
            }
        }
        return out
    }
}
