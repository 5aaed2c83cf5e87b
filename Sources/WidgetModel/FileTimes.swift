#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A file's modification and status-change times from `stat`, in nanoseconds since 1970, read from
/// the field each platform names (`st_mtim`/`st_ctim` on Linux, `st_mtimespec`/`st_ctimespec` on
/// Darwin): what the render keys, the sealed font copies and the gallery's change checks compare.
public struct FileTimes: Hashable, Sendable {
    public var modified: Int
    public var changed: Int

    public init(_ s: stat) {
        #if canImport(Darwin)
        let m = s.st_mtimespec, c = s.st_ctimespec
        #else
        let m = s.st_mtim, c = s.st_ctim
        #endif
        modified = Int(m.tv_sec) &* 1_000_000_000 &+ Int(m.tv_nsec)
        changed = Int(c.tv_sec) &* 1_000_000_000 &+ Int(c.tv_nsec)
    }

    /// The times of the file at `path` (following links), nil when it cannot be read.
    public init?(path: String) {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        self.init(s)
    }
}
