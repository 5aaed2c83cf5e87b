import Foundation
import Testing
import TestSupport
import WidgetModel
@testable import WidgetTemplate

/// The number inside a plural is written as the render's locale writes numbers (it was always
/// English: `2,340 Schritte`), and `plural:` takes Xcode's format keys (`%lld steps`), as a string
/// catalog's keys and plural variations write them (issue 36, item 4).
@Suite struct PluralLocaleTests {
    func text(_ expression: String, _ n: String, locale: String, extra: String = "") -> String? {
        let bound = bindView("text: \"\(expression)\"", data: #"{"n": \#(n)}"#, extra: extra, locale: locale)
        #expect(bound?.diagnostics.filter { $0.severity == .error }.isEmpty == true, "\(bound?.diagnostics ?? [])")
        return bound?.view?.text?.string
    }

    @Test func theNumberIsGroupedAsTheLocaleGroups() {
        #expect(text("{{n | plural: Schritt, Schritte}}", "2340", locale: "de") == "2.340 Schritte")
        #expect(text("{{n | plural: Schritt, Schritte}}", "1", locale: "de") == "1 Schritt")
        #expect(text("{{n | plural: Schritt, Schritte}}", "1.5", locale: "de") == "1,5 Schritte")
        #expect(text("{{n | plural: 'one {# pas} other {# pas}'}}", "2340", locale: "fr") == "2\u{202F}340 pas")
        #expect(text("{{n | plural: 'one {# шаг} few {# шага} many {# шагов} other {# шага}'}}", "2342", locale: "ru") == "2\u{00A0}342 шага")
        // en and ko as before (goldens keep their pixels).
        #expect(text("{{n | plural: step, steps}}", "2340", locale: "en") == "2,340 steps")
        #expect(text("{{n | plural: step, steps}}", "1.25", locale: "en") == "1.25 steps")
        #expect(text("{{n | plural: '#걸음'}}", "2340", locale: "ko") == "2,340걸음")
        // Past what a locale formatter is given: as written, in every locale.
        #expect(text("{{n | plural: Minute, Minuten}}", "1e19", locale: "de") == "1e+19 Minuten")
    }

    @Test func xcodeFormatKeysTakeThePlaceOfTheNumber() {
        #expect(text("{{n | plural: '%lld steps'}}", "2340", locale: "en") == "2,340 steps")
        #expect(text("{{n | plural: '%lld step, %lld steps'}}", "1", locale: "en") == "1 step")
        #expect(text("{{n | plural: 'one {%lld step} other {%lld steps}'}}", "3", locale: "en") == "3 steps")
        #expect(text("{{n | plural: '%d Schritt, %d Schritte'}}", "2340", locale: "de") == "2.340 Schritte")
        #expect(text("{{n | plural: '%@ km'}}", "12", locale: "en") == "12 km")
        #expect(text("{{n | plural: '%1$lld%% done'}}", "40", locale: "en") == "40% done")
        // A text with no specifier keeps its percent signs as written.
        #expect(text("{{n | plural: '# at 50%%'}}", "2", locale: "en") == "2 at 50%%")
        // Forms from strings: as a catalog key spells them.
        let strings = "strings:\n  steps: { en: '%lld steps', de: '%lld Schritte' }\n"
        #expect(text("{{n | plural: strings.steps}}", "2340", locale: "de", extra: strings) == "2.340 Schritte")
    }

    /// A catalog whose key is Xcode's `%lld steps`, with a plural variation in en and a plain
    /// string unit in de: both feed `plural:` through the key.
    @Test func aCatalogKeyWithItsSpecifier() throws {
        let catalog = #"""
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : { "%lld steps" : { "localizations" : {
          "en" : { "variations" : { "plural" : {
            "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld step" } },
            "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld steps" } } } } },
          "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld Schritte" } } } } } }
        """#
        let dir = scratchDirectory("plural-xcstrings")
        defer { removeScratch(dir) }
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: dir + "/Widget.xcstrings"))
        // By its key as a path, and as the forms themselves (the key SwiftUI's Text looks up).
        for expression in ["{{n | plural: strings['%lld steps']}}", "{{n | plural: '%lld steps'}}"] {
        let view = "text: \"\(expression)\""
        try Data(("stringCatalog: Widget.xcstrings\n" + layout(view: view)).utf8).write(to: URL(fileURLWithPath: dir + "/w.yaml"))
        let doc = try LayoutLoader.load(path: dir + "/w.yaml")
        func bound(_ n: Int, _ locale: String) throws -> String? {
            let b = doc.bind(surface: .systemSmall, data: try DataValue.parse(#"{"n": \#(n)}"#, file: "d.json"),
                             context: context(locale: locale))
            #expect(b.diagnostics.isEmpty, "\(b.diagnostics.map(\.message))")
            return b.view?.text?.string
        }
        let one = try bound(1, "en"), many = try bound(2340, "en"), de = try bound(2340, "de")
        #expect(one == "1 step")
        #expect(many == "2,340 steps")
        #expect(de == "2.340 Schritte", "\(expression)")
        }
        // A locale the catalog has no text for: the key's own forms.
        let fr = bindView(#"text: "{{n | plural: '%lld pas'}}""#, data: #"{"n": 2340}"#, locale: "fr")?.view?.text?.string
        #expect(fr == "2\u{202F}340 pas")
    }
}
