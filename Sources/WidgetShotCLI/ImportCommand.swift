import ArgumentParser
import Foundation

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

    /// `widgetshot-import` in the folder of the running executable.
    static func importerPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : (Bundle.main.executablePath ?? CommandLine.arguments[0])
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("widgetshot-import").path
    }
}
