import Foundation
import Testing
import TestSupport

/// `serve` and `sign` as a user runs them: help, exit codes, messages.
@Suite(.timeLimit(.minutes(2)))
struct ServeCLITests {
    @Test(.childProcess) func serveHelpListsEveryOptionsEnvironmentVariable() async throws {
        let run = try await CLIProcess.run(["serve", "--help"], seconds: 30)
        #expect(run.status == 0)
        for variable in ["WIDGETSHOT_PORT", "WIDGETSHOT_HOST", "WIDGETSHOT_RENDER_DEADLINE", "WIDGETSHOT_TOKEN",
                         "WIDGETSHOT_TOKEN_FILE", "WIDGETSHOT_SIGNING_KEY", "WIDGETSHOT_PROTECT_METRICS", "WIDGETSHOT_CONFIG",
                         "WIDGETSHOT_WORKERS", "WIDGETSHOT_QUEUE", "WIDGETSHOT_SHUTDOWN_DEADLINE"] {
            #expect(run.stdout.contains(variable), "\(variable) missing from serve --help")
        }
        #expect(run.stdout.contains("flag > environment variable > config file > default"))
        // A paragraph wrapped to the terminal's width: read with its line breaks as spaces.
        let prose = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(prose.contains("with no token and no signing key every route is open"), "\(run.stdout)")
    }

    @Test(.childProcess) func anUnknownConfigKeyExits2NamingTheKeyAndTheFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString).yaml").path
        try "port: 0\nprot: 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try await CLIProcess.run(["serve", "--config", path], seconds: 30)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown key 'prot'"), "\(run.stderr)")
        #expect(run.stderr.contains(path))
    }

    @Test(.childProcess) func signPrintsTheURLWithExpiresAndABase64URLSignature() async throws {
        let url = "http://127.0.0.1:8080/v1/render/delivery/systemSmall.png?scale=2"
        let run = try await CLIProcess.run(["sign", url, "--signing-key", "0123456789abcdef0123", "--expires-at", "2000000000"], seconds: 30)
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(line.hasPrefix(url + "&expires=2000000000&sig="))
        let sig = String(line.split(separator: "sig=")[1])
        #expect(sig.count == 43 && sig.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "\(sig)")
        let other = try await CLIProcess.run(["sign", url, "--signing-key", "0123456789abcdef0124", "--expires-at", "2000000000"], seconds: 30)
        #expect(other.stdout != run.stdout)

        let noKey = try await CLIProcess.run(["sign", url], seconds: 30)
        #expect(noKey.status == 2)
        #expect(noKey.stderr.contains("no signing key"))
        let badDuration = try await CLIProcess.run(["sign", url, "--signing-key", "0123456789abcdef0123", "--expires-in", "soon"], seconds: 30)
        #expect(badDuration.status == 2)
        #expect(badDuration.stderr.contains("--expires-in"))
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `serve` configured by a file, `sign` making a URL for it, a client fetching it: the whole path
/// an operator takes, through the real executable.
@Suite(.timeLimit(.minutes(2)))
struct SignedServeEndToEndTests {
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileNoSuchFile) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func get(_ url: String) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: URL(string: url)!, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 10)
        request.httpMethod = "GET"
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    @Test(.childProcess) func aURLSignedByTheCLIRendersOnAServerConfiguredByAFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signed-serve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "a-key-of-more-than-sixteen-bytes\n".write(toFile: directory + "/key", atomically: true, encoding: .utf8)
        let port = try Self.freePort()
        // A deadline far above the default: a debug build on a busy machine, checking answers, not speed.
        try "port: \(port)\nsigning-key-file: \(directory)/key\ntoken: [ops-token]\nrender-deadline: 30\nqueue: 16\n"
            .write(toFile: directory + "/serve.yaml", atomically: true, encoding: .utf8)
        // Stopped (SIGTERM, SIGKILL after 20 s) and reaped however the test ends. CLIProcess keeps this
        // process's descriptors out of the child: this server lives for the whole test, and a child
        // holding copies of the in-process test servers' sockets (NIO does not make them
        // close-on-exec) would keep those connections open after the servers close them.
        let server = try CLIProcess(binary: CLIProcess.binary, ["serve", "--config", directory + "/serve.yaml", "--project", Project.root])
        defer { server.terminate(seconds: 20) }
        let base = "http://127.0.0.1:\(port)"
        var up = false
        for _ in 0..<200 where !up {
            up = (try? await Self.get(base + "/health"))?.status == 200
            if !up { try await Task.sleep(for: .milliseconds(100)) }
        }
        try #require(up, "the server did not answer /health")

        let path = "/v1/render/delivery/systemSmall.png?preview=onTheWay"
        #expect(try await Self.get(base + path).status == 401)
        let signed = try await CLIProcess.run(["sign", base + path, "--signing-key-file", directory + "/key", "--expires-in", "5m"], seconds: 30)
        #expect(signed.status == 0, "\(signed.stderr)")
        let url = signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let answer = try await Self.get(url)
        #expect(answer.status == 200)
        #expect(answer.body.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(try await Self.get(url.replacingOccurrences(of: "onTheWay", with: "delivered")).status == 403)
        let expired = try await CLIProcess.run(["sign", base + path, "--signing-key-file", directory + "/key", "--expires-at", "1000"], seconds: 30)
        let refused = try await Self.get(expired.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(refused.status == 403)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("expired at 1970-01-01T00:16:40Z"))
    }
}
