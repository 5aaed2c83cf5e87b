import CTempFiles
import Foundation
import WidgetModel

/// A folder that commands write files into, and delete files from, under names derived from input
/// (layout, preview and control names, manifest entries): the gallery's OUT/, the goldens.
///
/// Every relative path passes `SafeName.components(ofRelativePath:)` before anything is touched,
/// and the path is walked one folder at a time from the root with `openat(O_NOFOLLOW)`, so a
/// symbolic link planted where a folder is expected is an error naming it, never a way out; a file
/// is written to a temporary file in its folder and renamed over the name (a symbolic link planted
/// at the name is replaced, never written through); a delete removes one regular file, never a
/// folder and never through a link.
public struct OutputFolder: Sendable {
    public let root: String

    public init(_ root: String) {
        // "out/" would follow a link at "out": the root is named without trailing slashes.
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    /// Writes `bytes` at `relative` (`delivery/systemSmall/onTheWay-light.png`), creating the root
    /// and the folders on the way; either the whole file is there afterwards or none of it.
    /// `hidden`: the file's own name starts with one '.' (a writer's fixed name such as
    /// `.gallery-manifest.json`; the rest of it still passes the rule).
    public func write(_ bytes: [UInt8], to relative: String, hidden: Bool = false) throws {
        let parts = try checked(relative, hidden: hidden)
        let rootFD = try openRoot(create: true)
        var folder = rootFD
        defer { if folder != rootFD { close(folder) }; close(rootFD) }
        var walked = root
        for part in parts.dropLast() {
            walked += "/" + part
            let next = try openFolder(String(part), in: folder, path: walked, create: true)
            if folder != rootFD { close(folder) }
            folder = next
        }
        let name = String(parts.last!)
        let tmp = AtomicFile.temporaryName(for: name)
        // Registered before the file exists, so an interrupting signal removes it (see AtomicFile).
        let slot = (walked + "/" + tmp).withCString { tempfiles_register($0) }
        defer { tempfiles_unregister(slot) }
        let fd = openat(folder, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OutputFolderError(walked + "/" + name, "cannot create a temporary file beside it: \(Self.errorText())") }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = writeBytes(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                written += n
            }
        }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0, renameat(folder, tmp, folder, name) != 0 { failure = errno }
        if failure != 0 {
            unlinkat(folder, tmp, 0)
            throw OutputFolderError(walked + "/" + name, String(cString: strerror(failure)))
        }
    }

    /// What `remove` did with a path.
    public enum Removal: Sendable, Equatable {
        /// The file was there and is gone.
        case removed
        /// Nothing at that path (or a folder on the way is missing).
        case absent
        /// Not touched, and why: the warning to show (an unsafe entry, a link on the way, a folder).
        case skipped(String)
    }

    /// Removes the regular file at `relative`, if there is one. A path that fails the safe-path
    /// rule, passes through a symbolic link or names a folder or a link is skipped, not followed.
    @discardableResult
    public func remove(_ relative: String) -> Removal {
        let parts: [Substring]
        switch SafeName.components(ofRelativePath: relative) {
        case .success(let p): parts = p
        case .failure(let problem): return .skipped("\(problem)")
        }
        let rootFD: Int32
        do { rootFD = try openRoot(create: false) } catch { return .skipped("\(error)") }
        if rootFD < 0 { return .absent }
        var folder = rootFD
        defer { if folder != rootFD { close(folder) }; close(rootFD) }
        var walked = root
        for part in parts.dropLast() {
            walked += "/" + part
            let next: Int32
            do { next = try openFolder(String(part), in: folder, path: walked, create: false) } catch {
                return .skipped("\(relative): \(error)")
            }
            if next < 0 { return .absent }
            if folder != rootFD { close(folder) }
            folder = next
        }
        let name = String(parts.last!)
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .absent }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if unlinkat(folder, name, 0) == 0 || errno == ENOENT { return .removed }
            return .skipped("\(relative): cannot remove it: \(Self.errorText())")
        case S_IFLNK: return .skipped("\(relative) is a symbolic link, which this folder's writer never makes: left alone")
        case S_IFDIR: return .skipped("\(relative) is a folder: only files are removed")
        default: return .skipped("\(relative) is not a regular file: left alone")
        }
    }

    /// The bytes of the regular file at `relative`, reached without following any link; nil when
    /// the path fails the safe-path rule, passes through a link, is missing, is not a regular file
    /// or holds more than `maxBytes`.
    public func read(_ relative: String, hidden: Bool = false, maxBytes: Int = Int.max) -> [UInt8]? {
        try? readFile(relative, hidden: hidden, maxBytes: maxBytes)
    }

    /// As `read`, for a caller that must say why a file could not be read: the error names the
    /// path and the reason (not a safe path, no such file, a symbolic link, not a regular file,
    /// larger than `maxBytes`).
    public func readFile(_ relative: String, hidden: Bool = false, maxBytes: Int = Int.max) throws -> [UInt8] {
        let parts = try checked(relative, hidden: hidden)
        let rootFD = try openRoot(create: false)
        guard rootFD >= 0 else { throw OutputFolderError(root, "no such folder") }
        var folder = rootFD
        defer { if folder != rootFD { close(folder) }; close(rootFD) }
        var walked = root
        for part in parts.dropLast() {
            walked += "/" + part
            let next = try openFolder(String(part), in: folder, path: walked, create: false)
            guard next >= 0 else { throw OutputFolderError(walked, "no such folder") }
            if folder != rootFD { close(folder) }
            folder = next
        }
        let name = String(parts.last!)
        let path = walked + "/" + name
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            var info = stat()
            if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw OutputFolderError(path, "a symbolic link (it is not followed)")
            }
            throw OutputFolderError(path, code == ENOENT ? "no such file" : String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw OutputFolderError(path, Self.errorText()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw OutputFolderError(path, "not a regular file") }
        guard Int(info.st_size) <= maxBytes else { throw OutputFolderError(path, "\(info.st_size) bytes, more than \(maxBytes)") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw OutputFolderError(path, Self.errorText()) }
            if n == 0 { break }
            count += n
        }
        guard count == bytes.count else { throw OutputFolderError(path, "it changed while it was read") }
        return bytes
    }

    private func checked(_ relative: String, hidden: Bool) throws -> [Substring] {
        if hidden {
            let folder = (relative as NSString).deletingLastPathComponent
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix(".") else { throw OutputFolderError(root, "cannot write '\(SafeName.shown(relative))': not a hidden name") }
            let parts = try checked((folder.isEmpty ? "" : folder + "/") + name.dropFirst(), hidden: false)
            return parts.dropLast() + [Substring(name)]
        }
        switch SafeName.components(ofRelativePath: relative) {
        case .success(let parts): return parts
        case .failure(let problem): throw OutputFolderError(root, "not written: \(problem)")
        }
    }

    /// The root, opened as a folder without following a link at its last component; created (with
    /// its parents) when missing and `create`, else -1 when missing.
    private func openRoot(create: Bool) throws -> Int32 {
        for attempt in 0..<2 {
            let fd = open(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 { return fd }
            let code = errno
            if code == ENOENT, create, attempt == 0 {
                do { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) } catch {
                    throw OutputFolderError(root, "cannot create the folder: \(error.localizedDescription)")
                }
                continue
            }
            if code == ENOENT { return -1 }
            throw OutputFolderError(root, Self.notAFolder(code, at: root))
        }
        throw OutputFolderError(root, "cannot open the folder")
    }

    /// The folder `name` in `parent`, created when missing and `create` (else -1 when missing).
    private func openFolder(_ name: String, in parent: Int32, path: String, create: Bool) throws -> Int32 {
        if create, mkdirat(parent, name, 0o777) != 0, errno != EEXIST {
            throw OutputFolderError(path, "cannot create the folder: \(Self.errorText())")
        }
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 { return fd }
        let code = errno
        if code == ENOENT, !create { return -1 }
        var info = stat()
        if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw OutputFolderError(path, "a symbolic link where a folder is expected (it is not followed; remove it)")
        }
        throw OutputFolderError(path, Self.notAFolder(code, at: path))
    }

    private static func notAFolder(_ code: Int32, at path: String) -> String {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return "a symbolic link where a folder is expected (it is not followed; remove it, or give the folder it points to)"
        }
        if code == ENOTDIR { return "not a folder" }
        return "cannot open the folder: \(String(cString: strerror(code)))"
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
private func readBytes(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, bytes, count) }

/// A path an `OutputFolder` refused or could not write.
public struct OutputFolderError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public init(_ path: String, _ message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}

/// A folder only this user can reach, for files a server keeps between requests (the live
/// gallery): a fresh one made with mkdtemp, or a given one checked to be ours and private.
public enum PrivateFolder {
    /// A new folder in the temporary directory, mode 0700, with an unpredictable name
    /// (`widgetshot-gallery-XXXXXX`): nobody can have planted anything there.
    public static func makeTemporary(prefix: String) throws -> String {
        let base = (NSTemporaryDirectory() as NSString).standardizingPath
        var template = Array((base + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else {
            throw OutputFolderError(base, "cannot make a private folder: \(String(cString: strerror(errno)))")
        }
        return made
    }

    /// Checks that `path` is a folder (not a link to one) owned by this user with no access for
    /// anyone else (mode 0700 or stricter); creates it with mode 0700 when it is missing.
    public static func check(_ path: String) throws {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw OutputFolderError(path, "cannot look at it: \(String(cString: strerror(errno)))") }
            guard mkdir(path, 0o700) == 0 else {
                throw OutputFolderError(path, "cannot create it: \(String(cString: strerror(errno)))")
            }
            guard lstat(path, &info) == 0 else { throw OutputFolderError(path, "cannot look at it: \(String(cString: strerror(errno)))") }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: throw OutputFolderError(path, "a symbolic link where a private folder is expected (it is not followed)")
        default: throw OutputFolderError(path, "not a folder")
        }
        guard info.st_uid == geteuid() else {
            throw OutputFolderError(path, "owned by user \(info.st_uid), not by this process's user \(geteuid()): not used")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw OutputFolderError(path, "mode \(String(info.st_mode & 0o777, radix: 8)) lets other users in; it must be 0700: not used")
        }
    }
}
