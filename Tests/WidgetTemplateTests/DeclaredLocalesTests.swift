import Foundation
import Testing
import WidgetModel
@testable import WidgetTemplate

/// Lint binds every locale a layout declares, not only ko and en: a problem that shows only in
/// German (a malformed plural form in the `de` text) was never reported before.
@Suite struct DeclaredLocalesTests {
    static let yaml = """
    name: trip
    strings:
      daysLeft: { ko: '#일', en: 'one {# day} other {# days}', de: 'one {# Tag} other {# Tage' }
    tables:
      status:
        late: { label: { en: Late, fr: En retard } }
    surfaces:
      systemSmall:
        view:
          text: "{{trip.days | plural: strings.daysLeft}}"
    previews:
      soon:
        data: { trip: { days: 3 } }
      japan:
        locale: ja
        data: { trip: { days: 2 } }
    """

    @Test func localesComeFromPreviewsStringsAndTables() throws {
        let doc = try LayoutLoader.parse(Self.yaml, path: "/t/trip.yaml")
        #expect(Linter.declaredLocales(doc) == ["en", "ja", "fr", "de", "ko"])
    }

    @Test func aProblemOnlyGermanHasIsReported() throws {
        let doc = try LayoutLoader.parse(Self.yaml, path: "/t/trip.yaml")
        let found = Linter.lint(doc).map(\.message)
        #expect(found.contains { $0.contains("unclosed '{' in plural 'one {# Tag} other {# Tage'") }, "\(found)")
        let fixed = Self.yaml.replacingOccurrences(of: "other {# Tage'", with: "other {# Tage}'")
        #expect(Linter.lint(try LayoutLoader.parse(fixed, path: "/t/trip.yaml")).isEmpty)
    }
}
