import Foundation
import Synchronization
import WidgetModel
import WidgetShot

/// Builds a team's widget folder against WidgetShot's SwiftUI modules into a runner program, in a
/// cached scratch package, and talks to that runner (docs/swift.md, "A folder of widget code as a
/// source"). The team's files are linked into the scratch package, never copied or changed; the
/// package lives under the project's `.build/widgetshot-swift/`, so a second build only compiles
/// what changed.
public struct SwiftWidgetBuild: Sendable {
    /// The longest a build may take before it is stopped (a cold build of WidgetShot's modules and
    /// a large extension on two cores stays well under it).
    public static let buildSeconds: Double = 900
    /// The longest the runner may take to describe or draw.
    public static let runSeconds: Double = 300

    public let folder: SwiftWidgetFolder
    /// The scratch package.
    public let directory: String
    /// The WidgetShot package the runner depends on (its sources).
    public let packageRoot: String

    public struct BuildError: Error, CustomStringConvertible, Sendable {
        public var description: String
        /// An error whose words are already written (a build's kept failure, said again).
        public static func described(_ text: String) -> BuildError { BuildError(description: text) }
    }

    public init(folder: SwiftWidgetFolder, cacheRoot: String, packageRoot: String) {
        self.folder = folder
        self.packageRoot = packageRoot
        // One scratch package per set of sources: the roots, hashed.
        var hash: UInt64 = 0xcbf29ce484222325
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = folder.roots.map { root in
            URL(fileURLWithPath: root.hasPrefix("/") ? root : cwd + "/" + root).standardizedFileURL.path
        }
        for byte in absolute.sorted().joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100000001b3
        }
        directory = cacheRoot + "/widgetshot-swift/" + String(hash, radix: 16)
    }

    /// The WidgetShot package to build against: `WIDGETSHOT_PACKAGE` when set, else the package this
    /// executable was built from or installed with (a `Package.swift` naming WidgetShot, found
    /// upward from the executable, or `share/widgetshot/package` beside an installed `bin/`).
    public static func locatePackage(executable: String = ProjectFolders.currentExecutable) throws -> String {
        if let given = ProcessInfo.processInfo.environment["WIDGETSHOT_PACKAGE"], !given.isEmpty { return given }
        var url = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            for candidate in [url.path, url.path + "/share/widgetshot/package"] where isWidgetShotPackage(candidate) {
                return candidate
            }
            url = url.deletingLastPathComponent()
        }
        throw BuildError(description: "cannot find WidgetShot's package (its Sources, to build the widget code against): set WIDGETSHOT_PACKAGE to a WidgetShot checkout")
    }

    static func isWidgetShotPackage(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path + "/Package.swift", encoding: .utf8) else { return false }
        return text.contains("name: \"WidgetShot\"") && FileManager.default.fileExists(atPath: path + "/Sources/SwiftUI")
    }

    /// The runner's path once built.
    public var runner: String { directory + "/.build/debug/WidgetRunner" }

    /// Writes the scratch package: its manifest, links to the team's files, the runner's main.
    public func prepare() throws {
        let sources = directory + "/Sources/" + SwiftWidgetFolder.moduleName
        let runnerSources = directory + "/Sources/WidgetRunner"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: runnerSources, withIntermediateDirectories: true)
        // Built against another WidgetShot (another path, or its sources changed: an upgrade, a
        // WidgetShot developer's edit): the old products are dropped. SwiftPM's incremental build of
        // a path dependency can keep a module compiled against a struct's old layout or a changed
        // initialiser (undefined symbols, garbage fields), so the build starts clean instead.
        let stamp = Self.packageStamp(packageRoot)
        let stampFile = directory + "/package-stamp"
        if (try? String(contentsOfFile: stampFile, encoding: .utf8)) != stamp {
            try? FileManager.default.removeItem(atPath: directory + "/.build")
            try writeIfChanged(stampFile, stamp)
        }
        try writeIfChanged(directory + "/Package.swift", manifest)
        try writeIfChanged(runnerSources + "/main.swift", runnerMain)
        try prepareRunnerModules()
        // Xcode's generated asset symbols (`Color(.brand)`, `.brand`, `Image(.logo)`) for the
        // folder's asset catalogs, as a file of the team's module.
        try writeIfChanged(sources + "/" + AssetSymbols.fileName, AssetSymbols.source(for: AssetCatalog(catalogs: folder.assetCatalogs)))
        // Links, by build name, to every file but the entry points; stale links removed.
        let wanted = Dictionary(uniqueKeysWithValues: folder.files.filter { !folder.entryPoints.contains($0.path) }.map { ($0.buildName, $0.path) })
        for existing in (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
            where wanted[existing] == nil && existing != AssetSymbols.fileName {
            try FileManager.default.removeItem(atPath: sources + "/" + existing)
        }
        for (name, target) in wanted {
            let link = sources + "/" + name
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target { continue }
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        }
    }

    /// Modules only a runner's graph holds: `os` (Apple's unified logging, from the WidgetShot
    /// package's `Sources/WidgetSwiftSource/RunnerModules/os`, linked) and `OSLog` (re-exports it).
    /// In WidgetShot's own graph a module named `os` would turn on swift-argument-parser's,
    /// swift-syntax's and xctest-dynamic-overlay's Darwin-only `#if canImport(os)` code.
    func prepareRunnerModules() throws {
        let os = directory + "/Sources/os", target = packageRoot + "/Sources/WidgetSwiftSource/RunnerModules/os"
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: os)) != target {
            try? FileManager.default.removeItem(atPath: os)
            try FileManager.default.createSymbolicLink(atPath: os, withDestinationPath: target)
        }
        try FileManager.default.createDirectory(atPath: directory + "/Sources/OSLog", withIntermediateDirectories: true)
        try writeIfChanged(directory + "/Sources/OSLog/OSLog.swift", "// Generated by widgetshot: `import OSLog` is `import os`.\n@_exported import os\n")
    }

    /// The WidgetShot package a runner is built against: its path and, for every file of its
    /// `Sources` and its manifest, the relative path, size and modification time (a few hundred
    /// `stat`s, no reads), hashed.
    static func packageStamp(_ root: String) -> String {
        var hash: UInt64 = 0xcbf29ce484222325
        func add(_ text: String) { for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 } }
        let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
        add(absolute)
        var files = ["Package.swift"]
        if let walker = FileManager.default.enumerator(atPath: absolute + "/Sources") {
            while let relative = walker.nextObject() as? String { files.append("Sources/" + relative) }
        }
        for file in files.sorted() {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: absolute + "/" + file),
                  attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let size = attributes[.size] as? Int ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            add("\(file) \(size) \(modified)\n")
        }
        return absolute + " " + String(hash, radix: 16) + "\n"
    }

    func writeIfChanged(_ path: String, _ text: String) throws {
        if FileManager.default.contents(atPath: path) == Data(text.utf8) { return }
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    var manifest: String {
        """
        // swift-tools-version:6.1
        // Generated by widgetshot for \(folder.roots.joined(separator: ", ")): rewritten on every build.
        import PackageDescription

        let package = Package(
            name: "WidgetShotRunner",
            dependencies: [.package(name: "WidgetShot", path: \(literal(packageRoot)), traits: [])],
            targets: [
                .target(name: "os"),
                .target(name: "OSLog", dependencies: ["os"]),
                .target(name: "\(SwiftWidgetFolder.moduleName)", dependencies: [.product(name: "WidgetShotTesting", package: "WidgetShot"), "os", "OSLog"],
                        swiftSettings: [.swiftLanguageMode(.v5), \(Self.implicitImports)]),
                .executableTarget(name: "WidgetRunner", dependencies: [
                    "\(SwiftWidgetFolder.moduleName)", .product(name: "WidgetShotTesting", package: "WidgetShot"),
                ], swiftSettings: [.swiftLanguageMode(.v5)]),
            ]
        )

        """
    }

    /// Every team file imports WidgetShot's CoreGraphics module as if it said so: on Apple platforms
    /// `import Foundation` alone gives `DateComponentsFormatter` and `RelativeDateTimeFormatter`,
    /// which swift-corelibs-foundation marks unavailable and WidgetShot declares in CoreGraphics
    /// (a provider or helper file that imports only Foundation did not compile). The scratch
    /// package is the root package, so SwiftPM takes the flag.
    static let implicitImports = #".unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "CoreGraphics"])"#

    var runnerMain: String {
        var text = """
            // Generated by widgetshot for \(folder.roots.joined(separator: ", ")): rewritten on every build.
            import DeveloperToolsSupport
            import Foundation
            import WidgetKit
            import WidgetShotSwiftUI
            @testable import \(SwiftWidgetFolder.moduleName)


            """
        for (index, preview) in folder.previews.enumerated() {
            text += "@_silgen_name(\(literal(preview.symbol))) @MainActor func preview\(index)() throws -> DeveloperToolsSupport.Preview\n"
        }
        text += "\nlet widgets: [SwiftRunner.WidgetEntry] = [\n"
        for widget in folder.widgets { text += "    .init(\(literal(widget.name)), \(widget.name).self),\n" }
        text += "]\nlet previews: [SwiftRunner.PreviewEntry] = [\n"
        for (index, preview) in folder.previews.enumerated() {
            text += "    .init(symbol: \(literal(preview.symbol)), file: \(literal(preview.file)), line: \(preview.line), make: preview\(index)),\n"
        }
        text += "]\nexit(await SwiftRunner.main(widgets: widgets, previews: previews))\n"
        return text
    }

    func literal(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// Builds the runner; a compile error is the compiler's own diagnostics with the team's paths,
    /// and a missing app type is named with what to do. `progress` gets a line now and then.
    public func build(progress: (String) -> Void = { _ in }) throws {
        try prepare()
        let log = directory + "/build.log"
        let started = Date()
        progress("building \(folder.files.count) Swift files of \(folder.roots.joined(separator: ", ")) against WidgetShot's SwiftUI in \(packageRoot) (cache: \(directory))")
        let temporary = try buildTemporaryFolder()
        let child = try ChildProcess("/usr/bin/env", ["swift", "build", "--package-path", directory, "--product", "WidgetRunner"],
                                     environment: Self.childEnvironment(temporary: temporary),
                                     stdin: .null, stdout: .file(log), stderr: .file(log + ".err"), newProcessGroup: true)
        let status = try Self.finish(child, started: started, within: Self.buildSeconds, stopWith: SIGINT, group: true,
                                     what: "the build", log: " (log: \(log))")
        if status.status != 0 {
            let output = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "") + ((try? String(contentsOfFile: log + ".err", encoding: .utf8)) ?? "")
            throw BuildError(description: diagnostics(output))
        }
        progress(String(format: "built in %.1f s", Date().timeIntervalSince(started)))
    }

    /// The compiler's errors with the team's paths for the linked files, each missing name followed
    /// by what to do about it.
    func diagnostics(_ output: String) -> String {
        let sources = directory + "/Sources/" + SwiftWidgetFolder.moduleName + "/"
        let byName = Dictionary(uniqueKeysWithValues: folder.files.map { ($0.buildName, $0.path) })
        var lines: [String] = []
        var seen = Set<String>()
        // The compiler's own lines (`path:line:col: error: …`, `error: …`), not its source excerpts.
        for raw in output.split(separator: "\n") where raw.contains("error:") && !raw.hasPrefix(" ") && !raw.hasPrefix("\t") {
            var line = String(raw)
            if line.hasPrefix(sources) {
                let rest = line.dropFirst(sources.count)
                if let colon = rest.firstIndex(of: ":"), let team = byName[String(rest[..<colon])] {
                    line = team + rest[colon...]
                }
            }
            guard seen.insert(line).inserted else { continue }
            lines.append(line)
            if line.contains("cannot find type") || line.contains("cannot find '") {
                lines.append("  note: a type or function of the app's that the widget code uses: add the folder that defines it to `include:` (widgetshot.yaml's swift: section, or --include), or a small stub file")
            }
        }
        if lines.isEmpty { return "the build failed:\n" + output.split(separator: "\n").suffix(20).joined(separator: "\n") }
        return "the widget code does not compile against WidgetShot's SwiftUI:\n" + lines.joined(separator: "\n")
    }

    /// A file name part no other call of this process uses at the same time (the server draws
    /// several pictures at once): the process id and a counter.
    static func callName() -> String { "\(getpid())-\(calls.add(1, ordering: .relaxed).newValue)" }
    private static let calls = Atomic<Int>(0)

    /// The build's `TMPDIR`: one folder per scratch package, kept, because SwiftPM keeps the lock
    /// that makes a second `swift build` of the same package wait there (a folder per build would let
    /// two builds run at once). What the Swift driver leaves in it (an empty
    /// `TemporaryDirectory.XXXXXX` per `swiftc`) is removed here once older than the longest build,
    /// so no build still running can be using it.
    func buildTemporaryFolder(now: Date = Date()) throws -> String {
        let path = directory + "/tmp/build"
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw BuildError(description: "cannot make the temporary folder \(path): \(error)")
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where name.hasPrefix("TemporaryDirectory.") {
            let item = path + "/" + name
            let modified = (try? FileManager.default.attributesOfItem(atPath: item)[.modificationDate]) as? Date
            if let modified, now.timeIntervalSince(modified) > Self.buildSeconds + 60 { try? FileManager.default.removeItem(atPath: item) }
        }
        return path
    }

    /// A fresh folder inside the scratch package for one child's temporary files (its `TMPDIR`),
    /// removed by the caller when the child has ended.
    func makeTemporaryFolder(_ what: String) throws -> String {
        let path = directory + "/tmp/\(what)-\(Self.callName())"
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw BuildError(description: "cannot make the temporary folder \(path): \(error)")
        }
        return path
    }

    /// The environment of a child of the Swift source (the toolchain's `swift build`, the runner):
    /// ours, with
    /// - `TMPDIR` set to `temporary`, a folder inside the scratch package: the Swift driver leaves
    ///   an empty `TemporaryDirectory.XXXXXX` in the temporary directory at every `swiftc` it runs,
    ///   SwiftPM keeps its lock there, and the team's code may write temporary files of its own;
    ///   none of it belongs outside the project's cache;
    /// - `TZ` set to `timeZone` when given: the runner's `TimeZone.current` — which the team's
    ///   `Date.formatted`, `DateFormatter`, `Calendar.current` use — is the render's time zone, as a
    ///   device's current zone is, rather than the machine's (which made a picture differ between a
    ///   laptop and CI).
    static func childEnvironment(temporary: String, timeZone: TimeZone? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        if let timeZone { environment["TZ"] = timeZone.identifier }
        return environment
    }

    /// The time zone a call of the runner is drawn in: that of the look's `now`, else of the first
    /// picture's own `now`; else, for pictures drawn from `data` (whose `now` is then the current
    /// second, in the machine's zone: the layouts' rule), the machine's; else UTC (the layouts'
    /// rule for a preview without `now`).
    static func timeZone(look: LookSpec, pictures: [[String: Any]]) -> TimeZone {
        if let zone = (try? look.resolvedNow())??.timeZone { return zone }
        if let now = pictures.lazy.compactMap({ $0["now"] as? String }).first, let zone = try? RenderRequest.readNow(now).timeZone {
            return zone
        }
        if pictures.contains(where: { $0["data"] != nil }) { return .current }
        return TimeZone(identifier: "GMT")!
    }

    /// Runs the runner with `arguments` and returns its standard output; the runner's
    /// `TimeZone.current` is `timeZone` (`childEnvironment`).
    public func run(_ arguments: [String], timeZone: TimeZone = TimeZone(identifier: "GMT")!) throws -> Data {
        let call = Self.callName()
        let out = directory + "/runner-\(call).out", err = directory + "/runner-\(call).err"
        let temporary = try makeTemporaryFolder("runner")
        defer {
            try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: err)
            try? FileManager.default.removeItem(atPath: temporary)
        }
        let child = try ChildProcess(runner, arguments, environment: Self.childEnvironment(temporary: temporary, timeZone: timeZone),
                                     stdin: .null, stdout: .file(out), stderr: .file(err))
        let status = try Self.finish(child, started: Date(), within: Self.runSeconds, stopWith: SIGKILL, what: "the widget runner")
        let output = FileManager.default.contents(atPath: out) ?? Data()
        if status.status == 2 || (status.status != 0 && output.isEmpty) {
            let message = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
            throw BuildError(description: "the widget runner failed (\(status)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return output
    }

    /// Waits for `child`, stopping it with `signal` once `seconds` have passed since `started`.
    /// `group`: the child leads its own process group (`swift build`: the driver, SwiftPM and the
    /// compilers), signalled as a whole.
    static func finish(_ child: ChildProcess, started: Date, within seconds: Double, stopWith signal: Int32, group: Bool = false,
                       what: String, log: String = "") throws -> ChildProcess.Termination {
        // While it runs, a signal that ends this process stops it too (AtomicFile.whileRunning;
        // `serve` stops it with AtomicFile.stopChildren): a build stopped midway left swift-build
        // and its compilers running for minutes.
        let overdue = AtomicFile.whileRunning(child, group: group) { () -> Bool in
            while child.isRunning {
                if Date().timeIntervalSince(started) > seconds { return true }
                usleep(20_000)
            }
            return false
        }
        if overdue {
            _ = group ? child.signalGroup(signal) : child.signal(signal)
            _ = try? child.wait()
            throw BuildError(description: "\(what) took longer than \(Int(seconds)) s and was stopped\(log)")
        }
        return try child.wait()
    }

    /// What the runner finds in the team's code.
    public func describe() throws -> SwiftDescription {
        let data = try run(["describe"])
        do { return try JSONDecoder().decode(SwiftDescription.self, from: data) } catch {
            throw BuildError(description: "the widget runner's description does not decode: \(error)")
        }
    }

    /// One picture the runner drew, or why not.
    public struct Drawn: Decodable, Sendable {
        public let output: String, pixelWidth: Int?, pixelHeight: Int?, warnings: [String], error: String?
        /// A `data` file the team's types did not decode (SwiftDataFile.swift).
        public let dataError: DataError?
    }

    /// Draws `pictures` (the runner's request fields: widget/family/entry or preview/index, and
    /// output) in `look` with the fonts of `fonts` (folders, in order) and the folder's catalogs.
    public func render(_ pictures: [[String: Any]], look: LookSpec, fonts: [String]) throws -> [Drawn] {
        let request: [String: Any] = ["fonts": fonts, "look": look.settings, "pictures": pictures,
                                      "catalogs": folder.stringCatalogs, "assets": folder.assetCatalogs]
        let file = directory + "/request-\(Self.callName()).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            try AtomicFile.write(Array(try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])), to: file)
        } catch { throw BuildError(description: "cannot write the runner's request \(file): \(error)") }
        let data = try run(["render", file], timeZone: Self.timeZone(look: look, pictures: pictures))
        do { return try JSONDecoder().decode([Drawn].self, from: data).map { $0.mapped(teamText) } } catch {
            throw BuildError(description: "the widget runner's answer does not decode: \(error)")
        }
    }

    /// Text the runner wrote (a warning, an error) with the team's paths, relative to the working
    /// directory: a view's `#fileID` (`AppWidgets/<buildName>`) and the scratch package's copy of
    /// a file (`.build/widgetshot-swift/…/Sources/AppWidgets/<buildName>`) both name the team's file.
    public func teamText(_ text: String) -> String {
        folder.teamPaths(in: text.replacingOccurrences(of: directory + "/Sources/", with: ""))
    }
}

extension SwiftWidgetBuild.Drawn {
    /// The same picture with `text` applied to its warnings and error.
    func mapped(_ text: (String) -> String) -> Self {
        Self(output: output, pixelWidth: pixelWidth, pixelHeight: pixelHeight, warnings: warnings.map(text), error: error.map(text),
             dataError: dataError)
    }
}
