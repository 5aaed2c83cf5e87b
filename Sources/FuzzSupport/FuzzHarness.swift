import CFuzzDriver
import Foundation

/// The `main` of every fuzz target. Built with `-D FUZZING -sanitize=fuzzer` (scripts/fuzz), it
/// hands `body` to libFuzzer, which mutates inputs for as long as asked. In a normal build it
/// replays inputs instead: the files and folders given as arguments, else the target's seed
/// corpus and its regressions (`Fuzz/<target>/corpus`, `Fuzz/<target>/regressions`), so every
/// crash or hang once found stays a test (`make test` runs the replay).
public enum FuzzHarness {
    /// What one input does; must not keep state between inputs.
    public typealias Body = (UnsafeRawBufferPointer) -> Void

    nonisolated(unsafe) private static var body: Body = { _ in }

    public static func main(target: String, _ body: @escaping Body) -> Never {
        FuzzHarness.body = body
        #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            FuzzHarness.body(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        })
        #else
        exit(replay(target: target, arguments: Array(CommandLine.arguments.dropFirst())))
        #endif
    }

    /// `Fuzz/` of this checkout.
    public static var fuzzFolder: String {
        // #filePath is Sources/FuzzSupport/FuzzHarness.swift: three folders up is the root.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fuzz").path
    }

    /// The project root (Layouts/, Fonts/) of this checkout.
    public static var projectRoot: String {
        URL(fileURLWithPath: fuzzFolder).deletingLastPathComponent().path
    }

    /// Seconds one replayed input may take before the replay fails as a hang (libFuzzer's
    /// `-timeout` in scripts/fuzz is the same).
    public static let replayTimeout: UInt32 = 10

    static func replay(target: String, arguments: [String]) -> Int32 {
        // `-v`: name each input before running it, to see which one crashes.
        let verbose = arguments.contains("-v")
        let arguments = arguments.filter { $0 != "-v" }
        let roots = arguments.isEmpty
            ? ["corpus", "regressions"].map { "\(fuzzFolder)/\(target)/\($0)" }
            : arguments
        var files: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                if !arguments.isEmpty { print("fuzz-\(target): no such file \(root)"); return 2 }
                continue
            }
            if !isDirectory.boolValue { files.append(root); continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            files += names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { root + "/" + $0 }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("fuzz-\(target): cannot read \(file)"); return 2
            }
            // A hang is a failure too: SIGALRM's default action ends the process, and the
            // message says which input it was.
            if verbose { FileHandle.standardError.write(Data("fuzz-\(target): \(file)\n".utf8)) }
            alarm(replayTimeout)
            [UInt8](data).withUnsafeBytes { body($0) }
            alarm(0)
        }
        print("fuzz-\(target): replayed \(files.count) inputs without a crash or a hang")
        return 0
    }
}
