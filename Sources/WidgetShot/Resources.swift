import Foundation

/// Where the bundled fonts and the layouts live. Fonts come only from the project's `Fonts/`
/// folder (never the system's), so a render looks the same on every machine.
public struct ProjectFolders: Sendable {
    public var root: String
    public var fonts: String { root + "/Fonts" }
    public var layouts: String { root + "/Layouts" }
    public var golden: String { root + "/Golden" }

    public init(root: String) { self.root = root }

    /// `WIDGETSHOT_HOME`, else the nearest folder at or above the working directory that holds
    /// `Fonts/` and `Layouts/`, else the checkout the executable was built in.
    public static func locate(executable: String = CommandLine.arguments.first ?? "") -> ProjectFolders? {
        let fm = FileManager.default
        func isRoot(_ dir: String) -> Bool {
            var isDir: ObjCBool = false
            return fm.fileExists(atPath: dir + "/Fonts", isDirectory: &isDir) && isDir.boolValue
                && fm.fileExists(atPath: dir + "/Layouts", isDirectory: &isDir) && isDir.boolValue
        }
        if let home = ProcessInfo.processInfo.environment["WIDGETSHOT_HOME"], !home.isEmpty {
            return ProjectFolders(root: home)
        }
        var candidates: [URL] = [URL(fileURLWithPath: fm.currentDirectoryPath)]
        if !executable.isEmpty {
            candidates.append(URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for start in candidates {
            var dir = start.standardizedFileURL
            for _ in 0..<8 {
                if isRoot(dir.path) { return ProjectFolders(root: dir.path) }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        return nil
    }
}

/// Writes a file so that it is either entirely there or not at all: a temporary file beside it,
/// then a rename. A failed render never leaves half a PNG.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
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
}
