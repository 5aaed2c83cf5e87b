import Foundation
import Testing
import WidgetTemplate
import TestSupport
import WidgetShot

/// The look is one value: every option that says how a surface looks is a field of LookSpec,
/// read by one table (`LookSpec.fields`) from a query, a JSON body or the command line, and
/// checked once (`validate`, `resolve`).
@Suite struct LookSpecTests {
    static let delivery = try! Project.layout("delivery")

    /// A value each field accepts, as query text and as JSON.
    static func sample(_ field: LookSpec.Field) -> (text: String, json: DataValue) {
        switch field.kind {
        case .text: (DeviceProfile.all[1].id, .string(DeviceProfile.all[1].id))
        case .words(let words): (words.last!, .string(words.last!))
        case .number(let range): (String(range.upperBound), .number(range.upperBound))
        case .flag: ("true", .bool(true))
        case .dateTime: ("2026-11-22T12:27:00+09:00", .string("2026-11-22T12:27:00+09:00"))
        case .pattern: ("en", .string("en"))
        }
    }

    /// Each field set from query text and from JSON gives the same spec, and a spec different from
    /// the empty one: the table's readers reach every field.
    @Test func everyFieldReadsTheSameFromQueryTextAndFromJSON() throws {
        #expect(LookSpec.fields.count == LookSpec.fieldNames.count, "two fields share a name")
        for field in LookSpec.fields {
            var fromText = LookSpec(), fromJSON = LookSpec()
            let (text, json) = Self.sample(field)
            #expect(try fromText.set(field.name, text: text))
            #expect(try fromJSON.set(field.name, json: json))
            #expect(fromText == fromJSON, "\(field.name)")
            #expect(fromText != LookSpec(), "\(field.name) is not stored")
        }
        var spec = LookSpec()
        #expect(try !spec.set("layout", text: "delivery"))
        #expect(try !spec.set("preview", json: .string("x")))
    }

    @Test func aNumberOrAFlagThatDoesNotReadNamesItsField() throws {
        var spec = LookSpec()
        #expect(throws: RenderSpecError(.badValue, field: "scale", "scale must be a number between 0.25 and 4, got 'big'")) {
            try spec.set("scale", text: "big")
        }
        #expect(throws: RenderSpecError(.badValue, field: "placeholder", "placeholder must be true or false, got 'maybe'")) {
            try spec.set("placeholder", text: "maybe")
        }
        #expect(throws: RenderSpecError(.badValue, field: "scale", "'scale' must be a number between 0.25 and 4")) {
            try spec.set("scale", json: .string("2"))
        }
        // "ios": 26 as a number reads as "26".
        #expect(try spec.set("ios", json: .number(26)))
        #expect(spec.ios == "26")
        #expect(throws: RenderSpecError(.badValue, field: "ios", "'ios' must be one of 18, 26")) {
            try spec.set("ios", json: .number(25))
        }
    }

    @Test func aLocaleMustNameALanguage() throws {
        for good in ["ko", "en", "en-US", "de", "ja", "ar", "zh_Hant_TW", "sr_Latn"] {
            try LookSpec(locale: good).validate()
        }
        for bad in ["xx", "zz-ZZ", "english", "../x"] {
            #expect(throws: RenderSpecError.self, "\(bad)") { try LookSpec(locale: bad).validate() }
        }
    }

    /// A render that names no locale (no `--locale`, no preview `locale:`) is in English, as a
    /// simulator starts; a preview's `locale: ko` still wins.
    @Test func theDefaultLocaleIsEnglish() throws {
        let doc = try LayoutLoader.parse("""
            surfaces:
              systemSmall:
                view: { text: "{{now | time}} {{n | plural: item, items}}" }
            previews:
              plain: { now: 2026-11-22T12:27:00+09:00, timeZone: Asia/Seoul, data: { n: 3 } }
              korean: { now: 2026-11-22T12:27:00+09:00, timeZone: Asia/Seoul, locale: ko, data: { n: 3 } }
            """, path: "/tmp/widgetshot-tests/default-locale.yaml")
        func text(_ preview: Int) throws -> String? {
            let look = try LookSpec().resolve(for: .systemSmall, preview: doc.previews[preview])
            return doc.bind(surface: .systemSmall, data: doc.previews[preview].data, context: BindContext(surface: .systemSmall, look: look))
                .view.flatMap { if case .text(let t) = $0.kind { t.string } else { nil } }
        }
        #expect(try text(0) == "12:27 PM 3 items")
        #expect(try text(1) == "오후 12:27 3 items")
        #expect(Look.defaultLocale == "en")
    }

    /// One range of scale, checked in one place: the spec, the renderer and the messages agree.
    @Test(arguments: [0.24, 4.01, -1, .infinity])
    func scaleOutsideTheOneRangeIsRefused(_ scale: Double) {
        #expect(!Look.scales.contains(scale) || !scale.isFinite)
        #expect(throws: RenderSpecError.self) { try LookSpec(scale: scale).validate() }
    }

    @Test func resolveFillsDefaultsFromThePreviewAndChecksTheSurface() throws {
        let preview = Self.delivery.previews[0]
        let look = try LookSpec().resolve(for: .systemMedium, preview: preview)
        #expect(look.device == .default)
        #expect(look.locale == preview.locale ?? Look.defaultLocale)
        #expect(look.now == preview.now ?? Look.fallbackNow)
        #expect(look.mode == nil)
        #expect(throws: RenderSpecError.self) { try LookSpec(device: "iphonese").resolve(for: .islandCompact, preview: preview) }
        #expect(throws: RenderSpecError.self) { try LookSpec(mode: "accented").resolve(for: .lockScreen, preview: preview) }
        let ios26 = try LookSpec(ios: "26").resolve(for: .systemSmall, preview: preview)
        #expect(ios26.device.ios == .ios26)
        #expect(ios26.colors == .ios26)
    }
}
