import Foundation
import Testing
import TestSupport
import WidgetShot

/// ChildProcess, the one way the package and its tests start a process: real children (`/bin/sh`),
/// looked at from outside.
@Suite struct ChildProcessTests {
    /// A fresh path in the temporary directory (removed by the caller).
    static func scratchFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("widgetshot-child-\(name)-\(UUID().uuidString)").path
    }

    /// Runs `sh -c script` with standard output to a file; returns how it ended and what it wrote.
    static func shell(_ script: String, environment: [String: String]? = nil, directory: String? = nil)
        throws -> (end: ChildProcess.Termination, output: String) {
        let out = scratchFile("out")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let child = try ChildProcess("/bin/sh", ["-c", script], environment: environment, directory: directory,
                                     stdin: .null, stdout: .file(out), stderr: .null)
        let end = try child.wait()
        return (end, try String(contentsOfFile: out, encoding: .utf8))
    }

    @Test(.childProcess) func anExitStatusComesBack() throws {
        let run = try Self.shell("exit 3")
        #expect(run.end == .exited(3))
        #expect(run.end.status == 3)
        #expect(try Self.shell("true").end == .exited(0))
    }

    @Test(.childProcess) func aSignalDeathIsReportedAsTheSignal() throws {
        let run = try Self.shell("kill -TERM $$")
        #expect(run.end == .signaled(SIGTERM))
        #expect(run.end.status == 128 + SIGTERM)
    }

    /// Signals at their default action in the child even when this thread blocks one: the shell
    /// would survive a blocked SIGTERM.
    @Test(.childProcess) func signalsAreUnblockedInTheChild() throws {
        var term = sigset_t(), before = sigset_t()
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &term, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let child = try ChildProcess("/bin/sh", ["-c", "kill -TERM $$; exit 0"], stdin: .null, stdout: .null, stderr: .null)
        #expect(try child.wait() == .signaled(SIGTERM))
    }

    @Test(.childProcess) func aSignalSentFromHereEndsIt() async throws {
        let child = try ChildProcess("/bin/sleep", ["30"], stdin: .null, stdout: .null, stderr: .null)
        #expect(child.isRunning)
        #expect(child.signal(SIGKILL))
        let deadline = Date().addingTimeInterval(10)
        while child.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!child.isRunning, "isRunning is false once it has ended, before it is reaped")
        #expect(try child.wait() == .signaled(SIGKILL))
        #expect(throws: ChildProcess.Failure.self) { try child.wait() }
    }

    @Test(.childProcess) func outputGoesToTheFileAndErrorsToTheirs() throws {
        let out = Self.scratchFile("out"), err = Self.scratchFile("err")
        defer { for path in [out, err] { try? FileManager.default.removeItem(atPath: path) } }
        try "old, longer text that must not survive\n".write(toFile: out, atomically: true, encoding: .utf8)
        let child = try ChildProcess("/bin/sh", ["-c", "echo to-stdout; echo to-stderr >&2"],
                                     stdin: .null, stdout: .file(out), stderr: .file(err))
        #expect(try child.wait() == .exited(0))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "to-stdout\n")
        #expect(try String(contentsOfFile: err, encoding: .utf8) == "to-stderr\n")
        let again = try ChildProcess("/bin/sh", ["-c", "echo more"], stdout: .file(out, append: true))
        _ = try again.wait()
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "to-stdout\nmore\n")
    }

    @Test(.childProcess) func pipesCarryInputAndOutput() throws {
        let input = try ChildProcess.makePipe(), output = try ChildProcess.makePipe()
        let child = try ChildProcess("/bin/sh", ["-c", "tr a-z A-Z; echo extra >&5"],
                                     stdin: .descriptor(input.read), stdout: .descriptor(output.write), stderr: .null,
                                     descriptors: [5: output.write])
        close(input.read); close(output.write)
        let text = Array("hello\n".utf8)
        #expect(write(input.write, text, text.count) == text.count)
        close(input.write)
        let data = FileHandle(fileDescriptor: output.read, closeOnDealloc: true).readDataToEndOfFile()
        #expect(try child.wait() == .exited(0))
        #expect(String(decoding: data, as: UTF8.self) == "HELLO\nextra\n")
    }

    @Test(.childProcess) func theWorkingDirectoryIsHonoured() throws {
        let dir = scratchDirectory("child-cwd")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Self.shell("pwd -P", directory: dir)
        #expect(run.end == .exited(0))
        #expect(run.output == URL(fileURLWithPath: dir).resolvingSymlinksInPath().path + "\n")
        // Ours is unchanged.
        #expect(FileManager.default.currentDirectoryPath != dir)
        #expect(throws: ChildProcess.Failure.self) { try Self.shell("true", directory: dir + "/missing") }
    }

    @Test(.childProcess) func theEnvironmentIsExactlyTheOneGiven() throws {
        let given = try Self.shell("echo \"$WIDGETSHOT_CHILD_TEST|${HOME-unset}\"", environment: ["WIDGETSHOT_CHILD_TEST": "a b=c"])
        #expect(given.output == "a b=c|unset\n")
        // Without one, ours: every variable of this process, read from the child. (Not by setting one
        // here: setenv while other tests read the environment on other threads raced their getenv,
        // a crash in strlen in a fresh-clone run.)
        let ours = ProcessInfo.processInfo.environment
        let name = try #require(["PATH", "HOME", "USER", "PWD"].first { ours[$0] != nil })
        let inherited = try Self.shell("printf '%s' \"$\(name)\"")
        #expect(inherited.output == ours[name])
    }

    @Test(.childProcess) func aDescriptorWeOpenedIsNotInherited() throws {
        let fd = open("/dev/null", O_RDONLY)  // no O_CLOEXEC: the kernel would hand it to a child
        try #require(fd > 2)
        defer { close(fd) }
        let child = try ChildProcess("/bin/sleep", ["30"], stdin: .null, stdout: .null, stderr: .null)
        defer { child.signal(SIGKILL); _ = try? child.wait() }
        // posix_spawn returns once the program is running, so its descriptors are the final ones.
        let inChild = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").compactMap { Int32($0) }
        #expect(inChild.sorted() == [0, 1, 2], "the child has more than the standard streams (ours: \(fd))")
    }

    @Test func aMissingProgramThrows() {
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess("/nonexistent/program") }
    }
}
