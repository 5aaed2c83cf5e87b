import ArgumentParser
import Foundation
import WidgetServer

struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a render URL so it works without a token until it expires.",
        discussion: """
        Prints URL with expires=UNIX&sig=SIGNATURE appended (an expires or sig
        already there is replaced). A server started with the same key
        (serve --signing-key or --signing-key-file) answers it on GET without
        a token; past expires it answers 403.

        The signature is HMAC-SHA256 over the path and the query sorted by
        name (sig left out, expires in), base64url without padding: reordering
        the parameters keeps it valid, changing any one breaks it. Sign the
        path the client will call (/v1/render/… and its alias /render/… differ).

        Examples:
          widgetshot sign --signing-key-file key --expires-in 7d \\
            'https://img.example.com/v1/render/delivery/systemSmall.png?scale=2'
          WIDGETSHOT_SIGNING_KEY_FILE=key widgetshot sign \\
            '/v1/render/delivery/lockScreen.png?preview=onTheWay'
        """)

    @Argument(help: ArgumentHelp("The URL to sign: absolute (http://host/…) or a path with its query (/v1/render/…).", valueName: "url"))
    var url: String

    @Option(name: .long, help: ArgumentHelp("The signing key. Env: WIDGETSHOT_SIGNING_KEY (the first of a comma-separated list).", valueName: "key"))
    var signingKey: String?

    @Option(name: .long, help: ArgumentHelp("A file holding the signing key (its bytes, without a trailing newline). Env: WIDGETSHOT_SIGNING_KEY_FILE.", valueName: "file"))
    var signingKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("How long the URL stays valid: 90s, 15m, 1h, 7d or plain seconds (default 1h).", valueName: "duration"))
    var expiresIn: String?

    @Option(name: .long, help: ArgumentHelp("When the URL stops being valid: unix seconds or ISO 8601 (2026-12-01T00:00:00Z).", valueName: "time"))
    var expiresAt: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let key: [UInt8]
        if let signingKey {
            key = Array(signingKey.utf8)
        } else if let file = signingKeyFile ?? environment["WIDGETSHOT_SIGNING_KEY_FILE"] {
            do { key = try AccessPolicy.readKeyFile(file) } catch { throw CLIError("\(error)") }
        } else if let fromEnvironment = environment["WIDGETSHOT_SIGNING_KEY"]?.split(separator: ",").first {
            key = Array(fromEnvironment.trimmingCharacters(in: .whitespaces).utf8)
        } else {
            throw CLIError("no signing key: pass --signing-key KEY or --signing-key-file FILE (or set WIDGETSHOT_SIGNING_KEY)")
        }
        guard key.count >= 16 else { throw CLIError("the signing key is \(key.count) bytes; the server refuses keys under 16") }
        let expires = try Self.expiry(expiresIn: expiresIn, expiresAt: expiresAt, now: Date())
        do {
            print(try URLSigner(keys: [key]).sign(url, expires: expires))
        } catch {
            throw CLIError("cannot sign: \(error)")
        }
    }

    static func expiry(expiresIn: String?, expiresAt: String?, now: Date) throws -> Int {
        switch (expiresIn, expiresAt) {
        case (.some, .some):
            throw CLIError("give --expires-in or --expires-at, not both")
        case (_, .some(let at)):
            if let seconds = Int(at) { return seconds }
            let formatter = ISO8601DateFormatter()
            guard let date = formatter.date(from: at) else {
                throw CLIError("--expires-at must be unix seconds or ISO 8601 with a time zone (2026-12-01T00:00:00Z), got '\(at)'")
            }
            return Int(date.timeIntervalSince1970)
        case (let duration, nil):
            let text = duration ?? "1h"
            guard let seconds = parseDuration(text), seconds > 0 else {
                throw CLIError("--expires-in must be a positive duration such as 90s, 15m, 1h or 7d, got '\(text)'")
            }
            return Int(now.timeIntervalSince1970) + seconds
        }
    }

    static func parseDuration(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let last = text.last, let unit = units[last], let count = Int(text.dropLast()) { return count.multipliedReportingOverflow(by: unit).overflow ? nil : count * unit }
        return Int(text)
    }
}
