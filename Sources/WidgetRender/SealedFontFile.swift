import Foundation
import WidgetModel
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A font file's bytes copied into memory the process owns: a sealed memfd that fontconfig, Pango,
/// HarfBuzz and cairo open as `/proc/self/fd/N`.
///
/// They map font files rather than read them, so a font file rewritten or truncated on disk while a
/// renderer uses it would fault inside HarfBuzz (SIGBUS). A memfd is not on any disk and, once sealed
/// against writing, shrinking and growing, cannot change at all, so nothing done to `Fonts/`
/// after start-up reaches a running process.
///
/// Copies are never closed: a `/proc/self/fd/N` path names one content for the process's whole life,
/// which cairo's and Pango's process-wide font caches (keyed by file name) rely on. A file already
/// copied (same device, inode, size and change time) reuses its copy, so creating many libraries on
/// the same folder costs memory once.
enum SealedFontFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The path under which `file`'s bytes, as read now, stay readable for the process's life.
    static func copy(of file: String) throws -> String {
        let fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "font file \(file) cannot be opened: \(errorText())") }
        defer { close(fd) }
        var before = stat()
        guard fstat(fd, &before) == 0 else { throw Failure(description: "font file \(file) cannot be read: \(errorText())") }
        guard before.st_mode & S_IFMT == S_IFREG else { throw Failure(description: "font file \(file) is not a regular file") }
        let key = FileIdentity(before)
        if let known = copies.path(for: key) { return known }
        let name = (file as NSString).lastPathComponent
        let copyFD = try memfdCreate != nil && !forceUnlinkedCopies
            ? sealedCopy(of: fd, size: key.size, name: name)
            : unlinkedCopy(of: fd, size: key.size, name: name)
        var after = stat()
        guard fstat(fd, &after) == 0, FileIdentity(after) == key else {
            close(copyFD)
            throw Failure(description: "font file \(file) changed while it was being read")
        }
        let own = descriptorPath(copyFD)
        let path = copies.remember(own, for: key)
        if path != own { close(copyFD) }
        return path
    }

    /// Tests set this to take the path systems without memfd take (macOS): an unlinked copy.
    nonisolated(unsafe) static var forceUnlinkedCopies = false

    /// The path that opens descriptor `fd` of this process: `/proc/self/fd/N` on Linux,
    /// `/dev/fd/N` on Darwin.
    static func descriptorPath(_ fd: Int32) -> String {
        #if os(Linux)
        "/proc/self/fd/\(fd)"
        #else
        "/dev/fd/\(fd)"
        #endif
    }

    // MARK: - Private

    private struct FileIdentity: Hashable {
        var device: UInt64, inode: UInt64, size: Int, changed: Int
        init(_ s: stat) {
            device = UInt64(s.st_dev); inode = UInt64(s.st_ino); size = Int(s.st_size)
            changed = FileTimes(s).changed
        }
    }

    private final class Copies: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [FileIdentity: String] = [:]
        func path(for key: FileIdentity) -> String? { lock.withLock { paths[key] } }
        /// The first copy made for `key` wins, so two threads racing on one file share one copy.
        func remember(_ path: String, for key: FileIdentity) -> String {
            lock.withLock {
                if let winner = paths[key] { return winner }
                paths[key] = path
                return path
            }
        }
    }

    private static let copies = Copies()

    // Linux ABI numbers (linux/memfd.h, linux/fcntl.h): Swift's Glibc module does not import them
    // (they need _GNU_SOURCE), and they never change.
    private static let memfdCloseOnExec: UInt32 = 0x0001       // MFD_CLOEXEC
    private static let memfdAllowSealing: UInt32 = 0x0002      // MFD_ALLOW_SEALING
    private static let addSeals: Int32 = 1024 + 9              // F_ADD_SEALS
    private static let sealSeal: Int32 = 0x0001, sealShrink: Int32 = 0x0002
    private static let sealGrow: Int32 = 0x0004, sealWrite: Int32 = 0x0008

    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc ≥ 2.27 has memfd_create; it is looked up at run time because the header hides it.
    private static let memfdCreate: MemfdCreate? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memfd_create") else { return nil }
        return unsafeBitCast(symbol, to: MemfdCreate.self)
    }()

    /// A sealed memfd holding the `size` bytes of the file open as `source`, copied by the kernel
    /// (sendfile: no buffer in this process).
    private static func sealedCopy(of source: Int32, size: Int, name: String) throws -> Int32 {
        guard let memfdCreate else { throw Failure(description: "memfd_create is not available (Linux 3.17 and glibc 2.27 or later are needed)") }
        let fd = memfdCreate("widgetshot-font-\(name)", memfdCloseOnExec | memfdAllowSealing)
        guard fd >= 0 else { throw Failure(description: "cannot copy font \(name) into memory: memfd_create: \(errorText())") }
        func fail(_ what: String) -> Failure {
            let failure = Failure(description: "cannot copy font \(name) into memory: \(what)")
            close(fd)
            return failure
        }
        #if os(Linux)
        var offset = off_t(0)
        while Int(offset) < size {
            let n = sendfile(fd, source, &offset, size - Int(offset))
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw fail("sendfile: \(errorText())") }
            if n == 0 { throw fail("the file ended after \(offset) of \(size) bytes") }
        }
        #else
        throw fail("memfd is Linux's")   // not reached: memfdCreate is nil elsewhere
        #endif
        guard fcntl(fd, addSeals, sealWrite | sealShrink | sealGrow | sealSeal) == 0 else {
            throw fail("cannot seal it: \(errorText())")
        }
        return fd
    }

    /// Where memfd is missing (macOS, old Linux): a private copy in a fresh file that is unlinked
    /// at once and made read-only, so no path reaches it and nothing done to `Fonts/` changes it.
    /// Not sealed as a memfd is (the process itself could still write through its descriptor; it
    /// does not). Read and written through a bounded buffer.
    static func unlinkedCopy(of source: Int32, size: Int, name: String) throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/widgetshot-font-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(description: "cannot copy font \(name): mkstemp: \(errorText())") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        func fail(_ what: String) -> Failure {
            let failure = Failure(description: "cannot copy font \(name): \(what)")
            close(fd)
            return failure
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while offset < size {
            let n = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress!, min($0.count, size - offset), off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw fail("read: \(errorText())") }
            if n == 0 { throw fail("the file ended after \(offset) of \(size) bytes") }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { pwrite(fd, $0.baseAddress! + written, n - written, off_t(offset + written)) }
                if w < 0, errno == EINTR { continue }
                if w <= 0 { throw fail("write: \(errorText())") }
                written += w
            }
            offset += n
        }
        _ = fchmod(fd, 0o400)
        return fd
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
