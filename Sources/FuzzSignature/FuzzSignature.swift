import Foundation
import FuzzSupport
import HummingbirdCore
import WidgetServer

/// Bytes → a request target (first line: path and query, or an absolute URL; an optional second
/// line is a `scope` to sign with) → what the server does before a route runs: Hummingbird's URI,
/// RequestTarget's canonical path, the signature check with a fixed key. Then, for any input that
/// `sign` accepts, the promises a signed URL makes, each asserted (a broken one is a finding like
/// a crash):
/// - the signed URL verifies with the key, until its `expires`, for the route families its scope
///   names and no others; past `expires`, or with another key, it does not;
/// - signing a signed URL again gives the same URL (the canonical form is a fixed point);
/// - the check reads a raw path and its canonical form alike (the router sees the canonical one).
@main enum FuzzSignature {
    static let signer = URLSigner(key: "fuzz-signing-key-0123456789abcdef")
    static let stranger = URLSigner(key: "another-signing-key-fedcba9876543")
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let expires = 1_795_000_600

    static func main() {
        FuzzHarness.main(target: "signature") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            let target = String(lines[0])
            let scope = lines.count > 1 ? String(lines[1]) : nil
            checkAsServed(target)
            checkRoundTrip(target, scope: scope)
        }
    }

    /// The server's reading of a request it was sent.
    static func checkAsServed(_ target: String) {
        let uri = URI(target)
        let raw = uri.path
        let verdict = signer.verify(path: raw, query: uri.query, now: now)
        guard case .success(let canonical) = RequestTarget.canonicalPath(raw) else { return }
        guard case .success(let again) = RequestTarget.canonicalPath(canonical), again == canonical else {
            fatalError("the canonical path \(canonical) of \(raw) is not its own canonical form")
        }
        let served = signer.verify(path: canonical, query: uri.query, now: now)
        if served != verdict {
            fatalError("the signature check reads \(raw) as \(verdict) and its canonical form \(canonical) as \(served)")
        }
    }

    static func checkRoundTrip(_ target: String, scope: String?) {
        guard let signed = try? signer.sign(target, expires: expires, scope: scope) else { return }
        // A client never sends the fragment.
        let sent = String(signed.prefix { $0 != "#" })
        let uri = URI(sent)
        guard case .success(let segments) = RequestTarget.segments(ofPath: uri.path),
              case .success(let pairs) = RequestTarget.query(uri.query ?? "") else {
            fatalError("sign wrote a URL its own reading refuses: \(signed)")
        }
        guard case .success(let signedScope) = SignedScope.parse(pairs.first { $0.name == "scope" }?.value) else {
            fatalError("sign accepted a scope that verify cannot read: \(signed)")
        }
        let opens = RouteFamily.of(segments: segments).map(signedScope.contains) ?? false
        switch signer.verify(path: uri.path, query: uri.query, now: now) {
        case .valid:
            if !opens { fatalError("\(signed) verifies although its scope \(signedScope) does not open \(uri.path)") }
        case .invalid(let reason, let field):
            if opens || field != "scope" { fatalError("\(target) signed as \(signed) does not verify: \(reason) (\(field))") }
        case .unsigned:
            fatalError("\(signed) verifies as unsigned")
        }
        let late = Date(timeIntervalSince1970: TimeInterval(expires + 1))
        if case .valid = signer.verify(path: uri.path, query: uri.query, now: late) {
            fatalError("\(signed) still verifies a second after it expired")
        }
        if case .valid = stranger.verify(path: uri.path, query: uri.query, now: now) {
            fatalError("\(signed) verifies with another key")
        }
        guard let resigned = try? signer.sign(signed, expires: expires) else {
            fatalError("sign refuses the URL it signed: \(signed)")
        }
        if resigned != signed { fatalError("signing \(signed) again gives \(resigned)") }
    }
}
