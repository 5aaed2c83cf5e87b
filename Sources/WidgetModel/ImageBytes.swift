import Foundation
import Synchronization

/// Images a view holds as bytes rather than as files: a team's `UIImage(data:)` or
/// `UIImage(contentsOfFile:)` drawn with SwiftUI's `Image(uiImage:)`. They are kept in memory under a
/// key that stands where an `ImageContent.path` goes (`widgetshot-bytes:<digest>`), and the renderer
/// decodes them as it decodes an image file (PNG; `Limits.imageBytes` and `imagePixels` apply).
/// Bounded: at most `maxImages` images and `maxTotalBytes` bytes per process; past either, nothing
/// more is kept and the caller draws a placeholder with a warning.
public enum ImageBytes {
    public static let prefix = "widgetshot-bytes:"
    /// The most images kept at once (a runner draws a few pictures and exits).
    public static let maxImages = 1024
    /// The most bytes kept at once.
    public static let maxTotalBytes = 256 * 1024 * 1024

    private struct Store {
        var images: [String: [UInt8]] = [:]
        var total = 0
    }
    private static let store = Mutex(Store())

    /// Why bytes cannot be kept.
    public enum Refusal: Error, CustomStringConvertible, Sendable {
        case tooLarge(Int, limit: Int)
        case full
        public var description: String {
            switch self {
            case .tooLarge(let n, let limit): "the image is \(n) bytes, more than the limit of \(limit) (Limits.imageBytes)"
            case .full: "more than \(ImageBytes.maxImages) images or \(ImageBytes.maxTotalBytes) bytes of images are held (ImageBytes.maxImages, maxTotalBytes)"
            }
        }
    }

    /// The key for `bytes` (the same bytes, the same key: kept once).
    public static func register(_ bytes: [UInt8], limits: Limits = .default) throws(Refusal) -> String {
        guard bytes.count <= limits.imageBytes else { throw .tooLarge(bytes.count, limit: limits.imageBytes) }
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        let key = prefix + String(hash, radix: 16) + "-" + String(bytes.count)
        let kept = store.withLock { s -> Bool in
            if s.images[key] != nil { return true }
            guard s.images.count < maxImages, s.total + bytes.count <= maxTotalBytes else { return false }
            s.images[key] = bytes
            s.total += bytes.count
            return true
        }
        guard kept else { throw .full }
        return key
    }

    /// The bytes kept under `key`, if it is one of these keys and they are kept.
    public static func bytes(for key: String) -> [UInt8]? {
        guard key.hasPrefix(prefix) else { return nil }
        return store.withLock { $0.images[key] }
    }
}
