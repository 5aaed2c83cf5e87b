import Foundation
import Testing
import TestSupport
import WidgetModel

/// An output that exists and is not a regular file is written through or refused, never replaced:
/// `render -o /dev/null` run as root once turned the device into a regular file (the temporary
/// file was renamed over it).
@Suite struct OutputTargetTests {
    func kind(_ path: String) -> mode_t {
        var info = stat()
        precondition(lstat(path, &info) == 0)
        return info.st_mode & S_IFMT
    }

    @Test("a character device is written through and stays a device")
    func aDeviceIsWrittenThrough() throws {
        #expect(try OutputTarget.classify("/dev/null") == .writeThrough)
        try AtomicFile.write([1, 2, 3], to: "/dev/null")
        #expect(kind("/dev/null") == S_IFCHR)
    }

    @Test("a FIFO is written through to its reader and stays a FIFO")
    func aFIFOIsWrittenThrough() throws {
        let dir = scratchDirectory("output-fifo")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/out.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(fifo)
        try AtomicFile.write(Array("hello".utf8), to: fifo)
        #expect(reader.wait() == Data("hello".utf8))
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test("a FIFO nobody reads is refused after a bounded wait, not waited on forever")
    func aFIFOWithNoReaderIsRefused() throws {
        let dir = scratchDirectory("output-fifo-alone")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/out.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect { try OutputTarget.writeThrough([1, 2, 3], to: fifo, readerWait: 0.2) } throws: {
            "\($0)".contains("a FIFO with no reader")
        }
        #expect(kind(fifo) == S_IFIFO)
    }

    @Test("a link to a regular file replaces the file it points at, and stays a link")
    func aLinkToAFileStaysALink() throws {
        let dir = scratchDirectory("output-link")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/target.png"))
        #expect(symlink(dir + "/target.png", dir + "/link.png") == 0)
        try AtomicFile.write(Array("new".utf8), to: dir + "/link.png")
        #expect(kind(dir + "/link.png") == S_IFLNK)
        #expect(try String(contentsOfFile: dir + "/target.png", encoding: .utf8) == "new")
    }

    @Test("a link to nothing and a folder are refused with the path named")
    func danglingLinksAndFoldersAreRefused() throws {
        let dir = scratchDirectory("output-refused")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(symlink(dir + "/nowhere", dir + "/dangling.png") == 0)
        #expect { try AtomicFile.write([1], to: dir + "/dangling.png") } throws: {
            "\($0)".contains("dangling.png") && "\($0)".contains("link to nothing")
        }
        #expect(kind(dir + "/dangling.png") == S_IFLNK)
        #expect { try AtomicFile.write([1], to: dir) } throws: { "\($0)".contains("is a folder") }
    }

    @Test("a regular file is still replaced atomically")
    func aRegularFileIsReplaced() throws {
        let dir = scratchDirectory("output-regular")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AtomicFile.write(Array("one".utf8), to: dir + "/a.png")
        try AtomicFile.write(Array("two".utf8), to: dir + "/a.png")
        #expect(try String(contentsOfFile: dir + "/a.png", encoding: .utf8) == "two")
        #expect(temporaryFiles(in: dir).isEmpty)
    }
}
