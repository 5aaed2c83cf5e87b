import Foundation

/// A gallery page cut into its figures (each image's card, each filmstrip) and the rest, its
/// frame: what a live page needs to be told after a rebuild. When two builds' pages have the same
/// frame (the same sections, headings, toolbar, messages and figure ids in the same order), the
/// open page is sent the figures that differ and replaces just those; otherwise it fetches the
/// whole page again.
public struct GalleryPageParts: Sendable, Equatable {
    /// Figure ids in page order.
    public var ids: [String]
    /// Each figure's HTML (`<figure …>…</figure>`), by id.
    public var figures: [String: String]
    /// The page without its figures' contents (each figure stands as its id).
    public var frame: [UInt8]

    /// Cuts a page written by `GalleryPage` (figures are not nested, and every `<` in text is
    /// escaped, so `<figure` and `</figure>` are the figures' bounds). A figure without an id is
    /// part of the frame.
    public init(html: String) {
        let bytes = Array(html.utf8)
        ids = []; figures = [:]; frame = []
        frame.reserveCapacity(bytes.count / 8)
        let open = Array("<figure".utf8), close = Array("</figure>".utf8), idKey = Array(" id=\"".utf8)
        func matches(_ pattern: [UInt8], at i: Int) -> Bool {
            guard i + pattern.count <= bytes.count else { return false }
            for k in 0..<pattern.count where bytes[i + k] != pattern[k] { return false }
            return true
        }
        var i = 0, copied = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), matches(open, at: i),
                  i + open.count < bytes.count, bytes[i + open.count] == UInt8(ascii: " ") || bytes[i + open.count] == UInt8(ascii: ">") else {
                i += 1; continue
            }
            // The id, within the opening tag.
            var j = i + open.count, id: String?
            while j < bytes.count, bytes[j] != UInt8(ascii: ">") {
                if bytes[j] == UInt8(ascii: " "), matches(idKey, at: j) {
                    let start = j + idKey.count
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                    id = String(decoding: bytes[start..<end], as: UTF8.self)
                    j = end
                }
                j += 1
            }
            var end = j
            while end < bytes.count, !(bytes[end] == UInt8(ascii: "<") && matches(close, at: end)) { end += 1 }
            guard let id, end < bytes.count, figures[id] == nil else { i = j; continue }
            end += close.count
            frame += bytes[copied..<i]
            frame += [0] + Array(id.utf8) + [0]
            ids.append(id)
            figures[id] = String(decoding: bytes[i..<end], as: UTF8.self)
            i = end; copied = end
        }
        frame += bytes[copied...]
    }
}

/// What changed between two pages of a live gallery, as the `update` event carries it.
public enum GalleryLivePatch {
    /// The most HTML (bytes of the changed figures) an `update` event carries. An edit that changes
    /// more (a string every surface of a large layout reads) is sent as "fetch the page again":
    /// beyond this, one request for the page costs the browser less than a large event.
    public static let maxBytes = 1024 * 1024

    /// One changed figure: its id and new HTML.
    public struct Figure: Sendable, Equatable, Codable {
        public var id: String
        public var html: String
        public init(id: String, html: String) { self.id = id; self.html = html }
    }

    /// The figures of `new` that differ from `old`, in page order; nil when the frame changed (or
    /// there is no old page) or the changed figures are more than `maxBytes`: the page then
    /// fetches the whole page.
    public static func changes(from old: GalleryPageParts?, to new: GalleryPageParts,
                               maxBytes: Int = GalleryLivePatch.maxBytes) -> [Figure]? {
        guard let old, old.ids == new.ids, old.frame == new.frame else { return nil }
        var out: [Figure] = []
        var bytes = 0
        for id in new.ids where old.figures[id] != new.figures[id] {
            let html = new.figures[id]!
            bytes += html.utf8.count
            if bytes > maxBytes { return nil }
            out.append(Figure(id: id, html: html))
        }
        return out
    }
}
