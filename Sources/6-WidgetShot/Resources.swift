import CTempFiles
import Foundation
import WidgetModel

/// Where the fonts, the layouts and the goldens live. Fonts come only from the project's fonts
/// folder (never the system's), so a render looks the same on every machine.
public struct ProjectFolders: Sendable {
    public var root: String
    public var fonts: String
    public var layouts: String
    public var golden: String
    /// The `widgetshot.yaml` these came from; nil for a folder found by its `Fonts/` and `Layouts/`.
    public var projectFile: String?

    public init(root: String) {
        self.root = root
        fonts = root + "/Fonts"; layouts = root + "/Layouts"; golden = root + "/Golden"
    }

    /// How many folders above the working directory `locate` looks.
    static let searchDepth = 16

    /// The project a command works on:
    /// 1. `WIDGETSHOT_HOME` (as `--project` is read: `at(_:)`);
    /// 2. else the nearest folder at or above the working directory that holds `widgetshot.yaml`,
    ///    or both `Fonts/` and `Layouts/` (a WidgetShot checkout);
    /// 3. else an error saying what was looked for and where. The checkout widgetshot was built in
    ///    is never used in its place: another repository's commands must not quietly read its layouts.
    public static func locate(executable: String = ProjectFolders.currentExecutable,
                              workingDirectory: String = FileManager.default.currentDirectoryPath,
                              environment: [String: String] = ProcessInfo.processInfo.environment) throws(ProjectError) -> ProjectFolders {
        if let home = environment["WIDGETSHOT_HOME"], !home.isEmpty { return try at(home, executable: executable) }
        var dir = URL(fileURLWithPath: workingDirectory).standardizedFileURL
        for _ in 0..<searchDepth {
            if FileManager.default.fileExists(atPath: dir.path + "/" + ProjectFile.name) {
                return try ProjectFile.read(root: dir.path, executable: executable)
            }
            if isCheckout(dir.path) { return ProjectFolders(root: dir.path) }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        throw ProjectError("no WidgetShot project here: looked for \(ProjectFile.name) (or a folder holding both Fonts/ and Layouts/) "
                           + "in \(workingDirectory) and the folders above it. Create \(ProjectFile.name) at your repository's root "
                           + "(an empty file uses Layouts/ and Golden/ beside it; see docs/project.md), pass --project DIR or set WIDGETSHOT_HOME")
    }

    /// The project at `dir` (`--project`): its `widgetshot.yaml` if it has one, else `dir/Fonts`,
    /// `dir/Layouts` and `dir/Golden`, with the installed fonts when it has no `Fonts/`.
    public static func at(_ dir: String, executable: String = ProjectFolders.currentExecutable) throws(ProjectError) -> ProjectFolders {
        guard ProjectFile.isDirectory(dir) else { throw ProjectError("the project folder \(dir) does not exist") }
        if FileManager.default.fileExists(atPath: dir + "/" + ProjectFile.name) { return try ProjectFile.read(root: dir, executable: executable) }
        var folders = ProjectFolders(root: dir)
        if !ProjectFile.isDirectory(folders.fonts), let installed = installedFonts(executable: executable) { folders.fonts = installed }
        return folders
    }

    static func isCheckout(_ dir: String) -> Bool {
        ProjectFile.isDirectory(dir + "/Fonts") && ProjectFile.isDirectory(dir + "/Layouts")
    }

    /// The running program's own file, links resolved: what the installed fonts are found beside.
    /// Not `argv[0]`: run by name from `PATH` (`widgetshot verify`, as a team's CI does) that is the
    /// bare word `widgetshot`, which says nothing about where the program lies.
    public static var currentExecutable: String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") { return path }
        #endif
        if let path = Bundle.main.executablePath, path.hasPrefix("/") { return path }
        let first = CommandLine.arguments.first ?? ""
        guard !first.isEmpty, !first.contains("/") else { return first }
        // No /proc (a bare chroot) and no bundle answer: look the name up in PATH as the shell did.
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(dir) + "/" + first
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return first
    }

    /// The fonts that came with the executable: `Fonts/` beside it, `../share/widgetshot/Fonts` (the
    /// release tarball's layout), or the `Fonts/` of the checkout it was built in (`.build/…/widgetshot`).
    public static func installedFonts(executable: String) -> String? {
        guard !executable.isEmpty else { return nil }
        let bin = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent().standardizedFileURL
        for candidate in [bin.appendingPathComponent("Fonts"), bin.deletingLastPathComponent().appendingPathComponent("share/widgetshot/Fonts")]
        where ProjectFile.isDirectory(candidate.path) {
            return candidate.path
        }
        var dir = bin
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: dir.path + "/Package.swift"), ProjectFile.isDirectory(dir.path + "/Fonts") {
                return dir.path + "/Fonts"
            }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { break }
            dir = parent
        }
        return nil
    }
}

/// Writes a file so that it is either entirely there or not at all: a temporary file beside it,
/// then a rename. A failed render never leaves half a PNG, and an interrupted one leaves no
/// temporary file: each is registered (`CTempFiles`) while it exists, and the handlers that
/// `removeTempFilesOnSignal()` installs unlink the registered ones on SIGINT, SIGTERM or SIGHUP.
/// A run killed harder (SIGKILL, power loss) leaves its temporary files to the next run's
/// `removeStaleTempFiles(in:)`.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tmp = dir.appendingPathComponent(temporaryName(for: url.lastPathComponent))
        // Registered before the file exists and forgotten after the rename, so the signal handler
        // knows every temporary file there is.
        let slot = tmp.path.withCString { tempfiles_register($0) }
        defer { tempfiles_unregister(slot) }
        do {
            try Data(bytes).write(to: tmp)
            if rename(tmp.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path,
                    NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
    }

    /// `.NAME.PID.RANDOM.tmp`: hidden, and naming the process that wrote it.
    static func temporaryName(for name: String) -> String {
        ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// From now on SIGINT, SIGTERM and SIGHUP remove the temporary files being written and exit
    /// with 128 + the signal's number (130, 143, 129). For commands that write files; the server
    /// handles these signals itself (graceful shutdown).
    public static func removeTempFilesOnSignal() {
        tempfiles_install_signal_handlers()
    }

    /// Runs `body` so that a signal arriving meanwhile takes effect only once it returns: for
    /// changes made of several renames (a golden and the manifest entry describing it).
    public static func uninterrupted<T>(_ body: () throws -> T) rethrows -> T {
        tempfiles_begin_uninterrupted()
        defer { tempfiles_end_uninterrupted() }
        return try body()
    }

    /// Removes the temporary files of runs that are over, anywhere under `directory`: files named
    /// as `write` names them whose process is gone, or that are older than
    /// `Limits.staleTempFileSeconds` (a process id can be reused). Returns the paths removed.
    @discardableResult
    public static func removeStaleTempFiles(in directory: String, limits: Limits = .default,
                                            now: Date = Date()) -> [String] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: directory) else { return [] }
        var removed: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard let pid = writerProcess(ofTemporaryName: name) else { continue }
            let path = directory + "/" + relative
            let processGone = pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            let modified = (try? fm.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
            let old = modified.map { now.timeIntervalSince($0) > limits.staleTempFileSeconds } ?? false
            guard processGone || old else { continue }
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// The process id in `.NAME.PID.RANDOM.tmp`, or nil for any other name.
    static func writerProcess(ofTemporaryName name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[parts.count - 3].isEmpty,
              let random = UInt32(parts[parts.count - 1]), String(random) == parts[parts.count - 1],
              let pid = pid_t(parts[parts.count - 2]), pid > 0, String(pid) == parts[parts.count - 2] else { return nil }
        return pid
    }
}
