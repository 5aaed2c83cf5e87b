import Foundation
import FuzzSupport
import WidgetServer

/// Bytes → a `serve` configuration: a config file body (JSON when it starts with `{`, else YAML),
/// then, after a line `=== env ===`, environment lines `NAME=value` → ServeSettings and
/// ServeConfiguration, what `serve` builds its settings with, fail-closed checks included. Asserted
/// (a broken one is a finding like a crash): a configuration that names any access option
/// (token, token-file, signing-key, signing-key-file) in the environment or the file either is
/// refused or has access control on, never an open server.
@main enum FuzzConfig {
    static let separator = "\n=== env ===\n"
    /// Files an input may name (`token-file: /tmp/widgetshot-fuzz-config/tokens`): a good token
    /// file and key file, a short key, an empty file. A fixed place, so the dictionary can name it.
    static let files = "/tmp/widgetshot-fuzz-config"
    /// This process's config file (tmpfs keeps writing it cheap); `.json` or `.yaml` is appended.
    static let stem = (FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
        + "/fuzz-config-\(getpid())"

    static func makeFiles() {
        try? FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        for (name, text) in [("tokens", "# tokens\nalpha\n\nbeta\n"), ("key", "0123456789abcdef0123456789abcdef\n"),
                             ("short-key", "short\n"), ("empty", "")] where !FileManager.default.fileExists(atPath: files + "/" + name) {
            _ = FileManager.default.createFile(atPath: files + "/" + name, contents: Data(text.utf8))
        }
        atexit {
            for suffix in [".json", ".yaml"] { unlink(FuzzConfig.stem + suffix) }
        }
    }
    static let accessOptions = ["token", "token-file", "signing-key", "signing-key-file"]

    static func main() {
        makeFiles()
        FuzzHarness.main(target: "config") { bytes in
            // The body stays bytes: the reader's own UTF-8 check sees what was sent.
            let input = Data(bytes)
            let cut = input.range(of: Data(separator.utf8))
            let body = cut.map { input[..<$0.lowerBound] } ?? input
            let envText = cut.map { String(decoding: input[$0.upperBound...], as: UTF8.self) } ?? ""
            var environment: [String: String] = [:]
            for line in envText.split(separator: "\n") {
                let (name, value) = line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
                    ?? (String(line), "")
                environment[name] = value
            }
            // The file is this process's own (an explicit --config): a WIDGETSHOT_CONFIG in the
            // input is only checked for being blank, never read.
            let isJSON = body.first { !" \t\r\n".utf8.contains($0) } == UInt8(ascii: "{")
            let path = stem + (isJSON ? ".json" : ".yaml")
            guard FileManager.default.createFile(atPath: path, contents: body) else { return }
            let settings: ServeSettings
            do { settings = try ServeSettings(flags: [:], environment: environment, configFile: path) } catch { return }
            let configuration: ServeConfiguration
            do { configuration = try ServeConfiguration(settings) } catch { return }
            let named = accessOptions.filter { settings.source($0) != ServeOption.named($0)!.flag }
            if !named.isEmpty, configuration.access.isOpen {
                fatalError("access control is off although \(named.map(settings.source).joined(separator: ", ")) is given:\n\(String(decoding: input, as: UTF8.self))")
            }
        }
    }
}
