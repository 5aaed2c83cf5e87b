import Foundation
import Testing

/// `serve` and `sign` as a user runs them: help, exit codes, messages.
@Suite(.timeLimit(.minutes(2)))
struct ServeCLITests {
    @Test func serveHelpListsEveryOptionsEnvironmentVariable() throws {
        let run = try CLIProcess.run(["serve", "--help"], seconds: 30)
        #expect(run.status == 0)
        for variable in ["WIDGETSHOT_PORT", "WIDGETSHOT_HOST", "WIDGETSHOT_RENDER_DEADLINE", "WIDGETSHOT_TOKEN",
                         "WIDGETSHOT_TOKEN_FILE", "WIDGETSHOT_SIGNING_KEY", "WIDGETSHOT_PROTECT_METRICS", "WIDGETSHOT_CONFIG",
                         "WIDGETSHOT_WORKERS", "WIDGETSHOT_QUEUE", "WIDGETSHOT_SHUTDOWN_DEADLINE"] {
            #expect(run.stdout.contains(variable), "\(variable) missing from serve --help")
        }
        #expect(run.stdout.contains("flag > environment variable > config file > default"))
        #expect(run.stdout.contains("every\n        route is open") || run.stdout.contains("route is open"))
    }

    @Test func anUnknownConfigKeyExits2NamingTheKeyAndTheFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).yaml").path
        try "port: 0\nprot: 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try CLIProcess.run(["serve", "--config", path], seconds: 30)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown key 'prot'"), "\(run.stderr)")
        #expect(run.stderr.contains(path))
    }

    @Test func signPrintsTheURLWithExpiresAndABase64URLSignature() throws {
        let url = "http://127.0.0.1:8080/v1/render/delivery/systemSmall.png?scale=2"
        let run = try CLIProcess.run(["sign", url, "--signing-key", "0123456789abcdef0123", "--expires-at", "2000000000"], seconds: 30)
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix(url + "&expires=2000000000&sig="))
        let sig = String(line.split(separator: "sig=")[1])
        #expect(sig.count == 43 && sig.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "\(sig)")
        let other = try CLIProcess.run(["sign", url, "--signing-key", "0123456789abcdef0124", "--expires-at", "2000000000"], seconds: 30)
        #expect(other.stdout != run.stdout)

        let noKey = try CLIProcess.run(["sign", url], seconds: 30)
        #expect(noKey.status == 2)
        #expect(noKey.stderr.contains("no signing key"))
        let badDuration = try CLIProcess.run(["sign", url, "--signing-key", "0123456789abcdef0123", "--expires-in", "soon"], seconds: 30)
        #expect(badDuration.status == 2)
        #expect(badDuration.stderr.contains("--expires-in"))
    }
}
