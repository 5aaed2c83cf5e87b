import Foundation
import WidgetShot

/// `GallerySource.load` for a process that loads the same project again and again (`serve
/// --watch`): a layout file whose bytes are the same as at the last load is not parsed again, so
/// an edit to one layout re-parses that one only. A layout reads no other file, so its bytes (and
/// the limits) decide what it loads to; a file that failed fails the same way again.
public final class GallerySourceCache: @unchecked Sendable {
    private struct Entry {
        /// Nil when the file could not be read (it is read and parsed again next time).
        var bytes: [UInt8]?
        var limits: Limits
        var document: LayoutDocument?
        var problem: GalleryProblem?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// How many files the last `load` parsed (the rest were reused), for tests and stage times.
    public private(set) var lastParsed = 0

    public init() {}

    /// The same result as `GallerySource.load(folders, limits:)`.
    public func load(_ folders: ProjectFolders, limits: Limits = .default) -> GallerySource {
        lock.withLock {
            let catalog = LayoutCatalog(directory: folders.layouts)
            var documents: [LayoutDocument] = []
            var problems: [GalleryProblem] = []
            var seen: [String: Entry] = [:]
            var parsed = 0
            for file in catalog.files() {
                let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
                // Read under the loader's rules (a link out of the folder is not followed).
                let bytes = try? LayoutLoader.read(path: file, limits: limits)
                var entry: Entry
                if let bytes, let old = entries[file], let oldBytes = old.bytes, oldBytes == bytes, old.limits == limits {
                    entry = old
                } else {
                    parsed += 1
                    let source = GallerySource.load(folders, names: [name], limits: limits)
                    entry = Entry(bytes: bytes, limits: limits, document: source.documents.first,
                                  problem: source.problems.first)
                }
                seen[file] = entry
                if let d = entry.document { documents.append(d) }
                if let p = entry.problem { problems.append(p) }
            }
            entries = seen
            lastParsed = parsed
            return GallerySource(documents: documents, problems: problems)
        }
    }

    /// Forgets every file (the next load parses all).
    public func clear() { lock.withLock { entries = [:] } }
}
