import Foundation

/// The one way WidgetShot reads a file it was given (a layout, data, `widgetshot.yaml`,
/// `fonts.yaml`, a calibration reference, Swift for the importer, a symbol's SVG): its size checked
/// before a byte is read, then read up to the limit and no further, so a 1 GiB file, a FIFO or
/// `/dev/zero` costs nothing but an error.
///
/// - Only a regular file is read (opened `O_NONBLOCK`, so a FIFO cannot hang the open; then
///   `fstat` on what was opened, so a file swapped meanwhile is judged as read).
/// - With `within`, a symbolic link is followed only when its target lies inside that folder
///   (both sides with their links resolved); the error shows nothing of the target.
/// - A file that grows while it is read is cut at one byte past the limit and refused.
public enum BoundedFile {
    public static func read(_ path: String, limit: Int, within folder: String? = nil) throws(BoundedFileError) -> [UInt8] {
        var target = path
        var info = stat()
        if let folder, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let realFolder = realPath(folder.isEmpty ? "." : folder) else { throw .cannotRead("its folder cannot be read") }
            guard let real = realPath(path) else { throw .cannotRead("a symbolic link to nothing") }
            guard real.hasPrefix(realFolder == "/" ? "/" : realFolder + "/") else { throw .outsideFolder }
            target = real
        }
        let fd = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (folder == nil ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw .cannotRead(reason)
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw info.st_mode & S_IFMT == S_IFDIR ? .cannotRead("a folder, not a file") : .notRegularFile
        }
        if Int(info.st_size) > limit { throw .tooLarge(bytes: Int(info.st_size), limit: limit) }
        // Room for what fstat said plus a byte, grown while the file goes on, to one byte over the limit.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count <= limit {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(64 * 1024, limit + 1 - count)) }
            let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw .tooLarge(bytes: count, limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// The same, as UTF-8 text.
    public static func text(_ path: String, limit: Int, within folder: String? = nil) throws(BoundedFileError) -> String {
        let bytes = try read(path, limit: limit, within: folder)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        return text
    }

    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Why `BoundedFile` read nothing. `description` reads after the file's name and a colon.
public enum BoundedFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(bytes: Int, limit: Int)
    case notRegularFile
    case outsideFolder
    case notText
    case cannotRead(String)

    public var isTooLarge: Bool { if case .tooLarge = self { return true }; return false }

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "\(bytes) bytes or more, more than the limit of \(limit) bytes"
        case .notRegularFile: "not a regular file"
        case .outsideFolder: "a symbolic link to a file outside its folder: files are read only from inside it"
        case .notText: "not UTF-8 text"
        case .cannotRead(let reason): "cannot read: \(reason)"
        }
    }
}
