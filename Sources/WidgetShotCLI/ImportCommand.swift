import ArgumentParser
import Foundation
import WidgetShot

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `widgetshot import …` runs `widgetshot-import` (found beside this binary) with the same
/// arguments: the importer carries swift-syntax, which this binary, the server and the renderer
/// are kept free of.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn SwiftUI widget code into a draft layout (runs widgetshot-import; see docs/import.md).",
        discussion: "Every argument, --help included, goes to widgetshot-import, which is built beside widgetshot.",
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "Arguments for widgetshot-import.")
    var arguments: [String] = []

    func run() throws {
        let tool = Self.importerPath()
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw CLIError("widgetshot-import is not built: expected it at \(tool), beside widgetshot. Build it with `swift build --product widgetshot-import` (add `-c release` for a release build)")
        }
        let argv = [tool] + arguments
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArgs.append(nil)
        execv(tool, &cArgs)
        let reason = String(cString: strerror(errno))
        throw CLIError("cannot run \(tool): \(reason)")
    }

    /// `widgetshot-import` in the folder of the running executable (found one way for every
    /// command: `ProjectFolders.currentExecutable`, never `argv[0]` against the working directory).
    static func importerPath() -> String {
        URL(fileURLWithPath: ProjectFolders.currentExecutable).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("widgetshot-import").path
    }
}
