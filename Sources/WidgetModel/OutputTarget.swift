import Foundation

/// The one rule for an output path a caller names (`-o`, `--out`, `--report`): what is there
/// decides how it is written, so no command can turn a device, a pipe or a link into a file.
///
/// - nothing there, or a regular file: written atomically beside itself, then renamed over it;
/// - a character device, a FIFO or a socket (`/dev/null`, `/dev/stdout` on a pipe, `mkfifo`):
///   written through, as `cat > path` would; never replaced;
/// - a symbolic link: followed, and the same rule applies to what it points at (a link to a
///   regular file replaces that file, so the link stays a link); a link to nothing is refused;
/// - a folder or a block device: refused, naming the path.
public enum OutputTarget: Equatable, Sendable {
    /// Write a temporary file beside `path` (links resolved) and rename it over.
    case replace(String)
    /// Open the existing node and write into it.
    case writeThrough

    public static func classify(_ path: String) throws(OutputPathError) -> OutputTarget {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return .replace(path) }
            throw OutputPathError(path: path, reason: String(cString: strerror(errno)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .replace(path)
        case S_IFDIR: throw OutputPathError(path: path, reason: "is a folder; give a file name")
        case S_IFCHR, S_IFIFO, S_IFSOCK: return .writeThrough
        case S_IFLNK:
            var target = stat()
            guard stat(path, &target) == 0 else {
                throw OutputPathError(path: path, reason: "is a symbolic link to nothing (\(String(cString: strerror(errno)))); give a real path")
            }
            switch target.st_mode & S_IFMT {
            case S_IFREG:
                guard let real = realpath(path, nil) else {
                    throw OutputPathError(path: path, reason: "its link cannot be resolved: \(String(cString: strerror(errno)))")
                }
                defer { free(real) }
                return .replace(String(cString: real))
            case S_IFCHR, S_IFIFO, S_IFSOCK: return .writeThrough
            case S_IFDIR: throw OutputPathError(path: path, reason: "is a link to a folder; give a file name")
            default: throw OutputPathError(path: path, reason: "is a link to a block device; refusing to write there")
            }
        default:
            throw OutputPathError(path: path, reason: "is not a regular file, a pipe or a character device; refusing to write there")
        }
    }

    /// Writes every byte into the node at `path` (a device, a FIFO, a socket), without creating,
    /// renaming or removing anything.
    ///
    /// A FIFO is opened without blocking: one with no reader is waited for up to `readerWait`
    /// seconds, then refused (a plain open would wait for a reader forever).
    public static func writeThrough(_ bytes: [UInt8], to path: String, readerWait: Double = 5) throws(OutputPathError) {
        var fd: Int32 = -1
        let started = Date()
        while true {
            fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_TRUNC | O_NONBLOCK)
            if fd >= 0 || errno != ENXIO { break }
            guard Date().timeIntervalSince(started) < readerWait else {
                throw OutputPathError(path: path, reason: "is a FIFO with no reader (waited \(Int(readerWait)) s); start the reader first")
            }
            usleep(10_000)
        }
        guard fd >= 0 else { throw OutputPathError(path: path, reason: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // Writes block as a pipe's writer's do (the reader sets the pace).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputPathError(path: path, reason: "cannot write: \(String(cString: strerror(errno)))")
            }
            done += n
        }
    }
}

/// An output path that cannot be written under `OutputTarget`'s rule.
public struct OutputPathError: Error, CustomStringConvertible, Sendable, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "cannot write \(path): \(reason)" }
}
