import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI

/// `Text("Arriving \(eta)")` looks up `Arriving %@` in the app's own string catalog, in the render's
/// locale, with the arguments in place, as SwiftUI does.
@Suite("Text looks its key up in the app's .xcstrings")
struct LocalizedTextTests {
    static let catalog = #"""
        {
          "sourceLanguage": "en",
          "strings": {
            "Arriving %@": { "localizations": {
              "ko": { "stringUnit": { "state": "translated", "value": "%@ 도착 예정" } } } },
            "%lld items": { "localizations": {
              "ko": { "stringUnit": { "state": "translated", "value": "%lld개" } } } },
            "Total": { "localizations": {
              "ko": { "stringUnit": { "state": "translated", "value": "합계" } } } }
          },
          "version": "1.0"
        }
        """#

    struct Row: View {
        let eta: String, items: Int
        var body: some View {
            VStack {
                Text("Arriving \(eta)")
                Text("\(items) items")
                Text("Total")
                Text(verbatim: "Total")
                Text("Not in the catalog: \(items)")
            }
        }
    }

    static func texts(locale: String, strings: AppStrings) throws -> [String] {
        var found: [String] = []
        _ = try WidgetRenderer(fonts: Project.fonts).render(surface: .systemMedium, look: Look(locale: locale)) { context in
            var environment = EnvironmentValues(look: context.look)
            environment.strings = strings.texts
            let node = ViewResolver.node(Row(eta: "12:45", items: 3), in: environment)
            if case .vstack(_, _, let children) = node.kind {
                for child in children { if case .text(let t) = child.kind { found.append(t.string) } }
            }
            return BoundSurface(view: node, regions: [:], background: nil, margins: nil, diagnostics: [])
        }
        return found
    }

    @Test("ko takes the catalog's texts with the arguments in place; en and missing keys keep the key")
    func lookup() throws {
        let folder = scratchDirectory("xcstrings")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.catalog.utf8).write(to: URL(fileURLWithPath: folder + "/Localizable.xcstrings"))
        let strings = try AppStrings(catalogs: [folder + "/Localizable.xcstrings"])
        let ko = try Self.texts(locale: "ko", strings: strings)
        #expect(ko == ["12:45 도착 예정", "3개", "합계", "Total", "Not in the catalog: 3"], "\(ko)")
        #expect(try Self.texts(locale: "ko-KR", strings: strings)[0] == "12:45 도착 예정")
        #expect(try Self.texts(locale: "en", strings: strings) == ["Arriving 12:45", "3 items", "Total", "Total", "Not in the catalog: 3"])
    }

    @Test("a catalog that is not JSON names the file and the place")
    func badCatalog() throws {
        let folder = scratchDirectory("xcstrings-bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"strings": [1, 2]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/Bad.xcstrings"))
        #expect {
            _ = try AppStrings(catalogs: [folder + "/Bad.xcstrings"])
        } throws: { error in
            "\(error)".contains("Bad.xcstrings") && "\(error)".contains("expected an object for \"strings\"")
        }
    }

    @Test("format specifiers: positional arguments, %% and a missing argument")
    func formatting() {
        #expect(LocalizedStringKey.format("%2$@ · %1$@", ["a", "b"]) == "b · a")
        #expect(LocalizedStringKey.format("100%% %@", ["done"]) == "100% done")
        #expect(LocalizedStringKey.format("%@ and %@", ["one"]) == "one and ")
    }
}
