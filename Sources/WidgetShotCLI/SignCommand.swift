import ArgumentParser
import Foundation
import WidgetServer
import WidgetShot

struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Sign a render URL so it works without a token until it expires.",
        discussion: """
        Prints URL with expires=UNIX&sig=SIGNATURE appended (an expires or sig \
        already there is replaced), its path and query written in the canonical \
        form the server reads them in (every byte but A-Z a-z 0-9 - . _ ~ \
        percent-encoded). A server started with the same key (serve \
        --signing-key or --signing-key-file) answers it on GET without a token; \
        past expires it answers 403.

        The signature is HMAC-SHA256 over the path and the query sorted by \
        name (sig left out, expires and scope in), base64url without padding: \
        reordering or re-encoding the parameters keeps it valid, changing any \
        one breaks it. Sign the path the client will call (/v1/render/… and its \
        alias /render/… differ).

        A signed URL opens the render routes only, unless --scope (or a scope \
        parameter in the URL) names more: render, layouts (GET /v1/layouts), \
        gallery (/, /gallery/…, /gallery-events, /verify-report/…), comma-\
        separated. An event stream opened with a signed URL ends when it expires.

        Examples:
          widgetshot sign --signing-key-file key --expires-in 7d \\
            'https://img.example.com/v1/render/delivery/systemSmall.png?scale=2'
          WIDGETSHOT_SIGNING_KEY_FILE=key widgetshot sign \\
            '/v1/render/delivery/lockScreen.png?preview=onTheWay'
          widgetshot sign --signing-key-file key --scope layouts /v1/layouts
        """)

    @Argument(help: ArgumentHelp("The URL to sign: absolute (http://host/…) or a path with its query (/v1/render/…).", valueName: "url"))
    var url: String

    @Option(name: .long, help: ArgumentHelp("The signing key. Env: WIDGETSHOT_SIGNING_KEY (the first of a comma-separated list).", valueName: "key"))
    var signingKey: String?

    @Option(name: .long, help: ArgumentHelp("A file holding the signing key (its bytes, without a trailing newline). Env: WIDGETSHOT_SIGNING_KEY_FILE.", valueName: "file"))
    var signingKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("How long the URL stays valid: 90s, 15m, 1h, 7d or plain seconds (default 1h).", valueName: "duration"))
    var expiresIn: String?

    @Option(name: .long, help: ArgumentHelp("When the URL stops being valid: unix seconds or ISO 8601 (2026-12-01T00:00:00Z), at the latest 9999-12-31T23:59:59Z.", valueName: "time"))
    var expiresAt: String?

    @Option(name: .long, help: ArgumentHelp("The routes the URL opens, comma-separated: render (the default), layouts, gallery.", valueName: "families"))
    var scope: String?

    func run() throws {
        let key = try Self.signingKey(flag: signingKey, file: signingKeyFile, environment: ProcessInfo.processInfo.environment)
        guard key.count >= 16 else { throw CLIError("the signing key is \(key.count) bytes; the server refuses keys under 16") }
        let now = Date()
        let expires = try Self.expiry(expiresIn: expiresIn, expiresAt: expiresAt, now: now)
        if let scope, case .failure(let problem) = SignedScope.parse(scope) {
            throw CLIError("--scope: \(problem)")
        }
        let signed: String
        do {
            signed = try URLSigner(keys: [key]).sign(url, expires: expires, scope: scope)
        } catch {
            throw CLIError("cannot sign: \(error)")
        }
        // A URL that is already expired is still made (it shows what such a link answers), with a word.
        if let nowSeconds = CheckedNumber.int(now.timeIntervalSince1970), expires < nowSeconds {
            FileHandle.standardError.write(Data("widgetshot sign: warning: this URL has already expired (at \(Self.iso8601(expires))); the server answers it 403\n".utf8))
        }
        print(signed)
    }

    /// The key from `--signing-key`, `--signing-key-file`, `$WIDGETSHOT_SIGNING_KEY_FILE` or
    /// `$WIDGETSHOT_SIGNING_KEY`, in that order. One that is given but empty is an error naming it,
    /// as `serve` treats it.
    static func signingKey(flag: String?, file: String?, environment: [String: String]) throws -> [UInt8] {
        func blank(_ text: some StringProtocol) -> Bool { text.allSatisfy(\.isWhitespace) }
        if let flag {
            guard !blank(flag) else { throw CLIError("--signing-key is given an empty value") }
            return Array(flag.utf8)
        }
        if let file {
            guard !blank(file) else { throw CLIError("--signing-key-file is given an empty value") }
            do { return try AccessPolicy.readKeyFile(file) } catch { throw CLIError("--signing-key-file: \(error)") }
        }
        if let file = environment["WIDGETSHOT_SIGNING_KEY_FILE"] {
            guard !blank(file) else { throw CLIError("$WIDGETSHOT_SIGNING_KEY_FILE is set but empty; name a file, or unset it") }
            do { return try AccessPolicy.readKeyFile(file) } catch { throw CLIError("$WIDGETSHOT_SIGNING_KEY_FILE: \(error)") }
        }
        if let list = environment["WIDGETSHOT_SIGNING_KEY"] {
            guard let first = list.split(separator: ",").first(where: { !blank($0) }) else {
                throw CLIError("$WIDGETSHOT_SIGNING_KEY is set but empty; give it a key, or unset it")
            }
            return Array(first.trimmingCharacters(in: .whitespaces).utf8)
        }
        throw CLIError("no signing key: pass --signing-key KEY or --signing-key-file FILE (or set WIDGETSHOT_SIGNING_KEY)")
    }

    /// Unix seconds within `URLSigner.expiryRange`, from `--expires-in` (after `now`) or
    /// `--expires-at`. Every number goes through CheckedNumber: a duration or a time too large for
    /// the range is an error naming the option, not an overflow.
    static func expiry(expiresIn: String?, expiresAt: String?, now: Date) throws -> Int {
        let range = URLSigner.expiryRange
        let latest = "\(range.upperBound) (\(iso8601(range.upperBound)))"
        switch (expiresIn, expiresAt) {
        case (.some, .some):
            throw CLIError("give --expires-in or --expires-at, not both")
        case (_, .some(let at)):
            let seconds: Int
            if let whole = CheckedNumber.int(at) {
                seconds = whole
            } else if let date = ISO8601DateFormatter().date(from: at), let whole = CheckedNumber.int(date.timeIntervalSince1970) {
                seconds = whole
            } else if at.first == "-" || at.allSatisfy(\.isNumber) {
                throw CLIError("--expires-at must be unix seconds from 0 to \(latest), got '\(at)'")
            } else {
                throw CLIError("--expires-at must be unix seconds or ISO 8601 with a time zone (2026-12-01T00:00:00Z), got '\(at)'")
            }
            guard seconds >= range.lowerBound else {
                throw CLIError("--expires-at \(at) is before 1970-01-01T00:00:00Z: unix seconds are 0 or more")
            }
            guard seconds <= range.upperBound else { throw CLIError("--expires-at \(at) is past the latest expiry, \(latest)") }
            return seconds
        case (let duration, nil):
            let text = duration ?? "1h"
            guard let seconds = parseDuration(text), seconds > 0 else {
                throw CLIError("--expires-in must be a positive duration such as 90s, 15m, 1h or 7d, got '\(text)'")
            }
            guard let nowSeconds = CheckedNumber.int(now.timeIntervalSince1970),
                  let expires = CheckedNumber.adding(nowSeconds, seconds), expires <= range.upperBound else {
                throw CLIError("--expires-in \(text) ends past the latest expiry, \(latest)")
            }
            return expires
        }
    }

    /// `90s`, `15m`, `1h`, `7d` or plain seconds; nil for anything else or a count whose seconds
    /// do not fit in Int.
    static func parseDuration(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        if let last = text.last, let unit = units[last] {
            return CheckedNumber.int(text.dropLast()).flatMap { CheckedNumber.multiplying($0, unit) }
        }
        return CheckedNumber.int(text)
    }

    static func iso8601(_ seconds: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
