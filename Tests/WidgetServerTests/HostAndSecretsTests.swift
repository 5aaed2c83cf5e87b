import Foundation
import Testing
import WidgetServer

/// Settings that failed open in the fourth hostile round: tokens YAML read as other values, a
/// misspelled access variable, and a loopback server answering any Host (DNS rebinding).
@Suite struct HostAndSecretsTests {
    func configFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ws-config-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a token YAML reads as a boolean or a number is an error that says to quote it", arguments: ["on", "0x1F", "yes", "12", "[on, abc]"])
    func unquotedTokensAreRefused(_ value: String) throws {
        let file = try configFile("token: \(value)\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect { try ServeSettings(flags: [:], environment: [:], configFile: file) } throws: {
            "\($0)".contains("'token' must be a string") && "\($0)".contains("quote it")
        }
    }

    @Test("a quoted token is taken as written")
    func quotedTokensAreStrings() throws {
        let file = try configFile("token: \"on\"\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let settings = try ServeSettings(flags: [:], environment: [:], configFile: file)
        #expect(try ServeConfiguration(settings).access.isOpen == false)
    }

    @Test("an unknown WIDGETSHOT_ variable that speaks of access is an error; another is a warning")
    func unknownVariables() throws {
        #expect { try ServeSettings(flags: [:], environment: ["WIDGETSHOT_TOKENS": "abc"]) } throws: {
            "\($0)".contains("$WIDGETSHOT_TOKENS") && "\($0)".contains("did you mean $WIDGETSHOT_TOKEN?")
        }
        let settings = try ServeSettings(flags: [:], environment: ["WIDGETSHOT_PROT": "9000", "WIDGETSHOT_PORT": "9001"])
        #expect(settings.warnings.count == 1 && settings.warnings[0].contains("$WIDGETSHOT_PROT"), "\(settings.warnings)")
    }

    @Test("a loopback server answers to loopback names only; another binding to any Host")
    func hostAllowList() {
        let local = HostAllowList.forBinding("127.0.0.1")
        for ok in ["localhost", "localhost:8080", "127.0.0.1:8080", "[::1]:8080", "app.localhost:3000", "LOCALHOST."] {
            #expect(local.allows(ok), "\(ok)")
        }
        for bad in ["evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1"] {
            #expect(!local.allows(bad), "\(bad)")
        }
        // No Host at all (HTTP/1.0): browsers always send one, so rebinding cannot come this way.
        #expect(local.allows(nil))
        #expect(HostAllowList.forBinding("0.0.0.0").allows("widgets.example.com"))
    }
}
