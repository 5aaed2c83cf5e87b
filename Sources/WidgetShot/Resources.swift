import Foundation
import WidgetModel

/// Where the fonts, the layouts and the goldens live. Fonts come only from the project's fonts
/// folder (never the system's), so a render looks the same on every machine.
public struct ProjectFolders: Sendable {
    public var root: String
    public var fonts: String
    /// Font folders drawn after `fonts` (`fonts: [Fonts/Noto]` in widgetshot.yaml): `fontFolders`.
    public var addedFonts: [String] = []
    public var layouts: String
    public var golden: String
    /// The `widgetshot.yaml` these came from; nil for a folder found by its `Fonts/` and `Layouts/`.
    public var projectFile: String?
    /// The look axes the project's goldens and gallery span beyond each preview's own (`matrix:`).
    public var matrix: MatrixSpan = .none
    /// `swift:` in widgetshot.yaml: folders of the team's widget code, and of the app code it needs.
    public var swiftWidgets: [String] = []
    public var swiftInclude: [String] = []

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
            if isCheckout(dir.path) { let f = ProjectFolders(root: dir.path); try f.checkInside(); return f }
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
        try folders.checkInside()
        return folders
    }

    /// The layouts and goldens folders lie inside the project with their links resolved: a
    /// `Layouts` that is a link to elsewhere is refused (lint, the gallery and the server read and
    /// quote what is there; record and prune write there). The fonts folder may be a link (a shared
    /// set of fonts, as the tests and many repositories link theirs): only `.ttf`/`.otf` files are
    /// loaded from it, as fonts, never shown, and its `fonts.yaml` is read only from inside it.
    func checkInside() throws(ProjectError) {
        for (name, folder) in [("layouts", layouts), ("goldens", golden)] {
            guard ProjectFile.staysInside(folder, root: root) else {
                throw ProjectError("the \(name) folder \(folder) reaches outside the project \(root) through a symbolic link; "
                                   + "project folders are read only inside it")
            }
        }
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
