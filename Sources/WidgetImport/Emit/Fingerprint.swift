import Crypto
import Foundation
import SwiftSyntax

/// A view's structure, independent of formatting and comments: SHA-256 over its tokens' texts
/// (trivia — spaces, newlines, comments — left out), so reformatting keeps it and any change to
/// what the code says changes it.
enum Fingerprint {
    static func of(_ node: some SyntaxProtocol) -> String { of([Syntax(node)]) }

    static func of(_ nodes: [Syntax]) -> String {
        var hasher = SHA256()
        for node in nodes {
            for token in node.tokens(viewMode: .sourceAccurate) {
                hasher.update(data: Array(token.text.utf8))
                hasher.update(data: [0x1F])
            }
            hasher.update(data: [0x1E])
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
