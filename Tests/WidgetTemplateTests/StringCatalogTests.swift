import Foundation
import Testing
import TestSupport
import WidgetModel
@testable import WidgetTemplate

/// `stringCatalog:` reads an Xcode string catalog (`.xcstrings`) into `strings:`: a team's widget
/// texts come from the file the app already translates.
@Suite struct StringCatalogTests {
    /// A catalog as Xcode 15+ writes one: a plain string, one the source language leaves to its key,
    /// a plural with the number's `%lld`, a device variation and a format argument.
    static let catalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "eta" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Arriving" } },
            "ko" : { "stringUnit" : { "state" : "translated", "value" : "도착 예정" } },
            "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Ankunft" } }
          }
        },
        "On the way" : {
          "localizations" : {
            "ko" : { "stringUnit" : { "state" : "translated", "value" : "배달 중" } }
          }
        },
        "daysLeft" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld days left" } },
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld day left" } }
            } } },
            "ko" : { "variations" : { "plural" : {
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld일 남음" } }
            } } }
          }
        },
        "tap" : {
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click" } },
              "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "Touch" } }
            } } }
          }
        },
        "Hello %@" : { }
      },
      "version" : "1.0"
    }
    """#

    /// A layout folder holding `Widget.xcstrings` and the layout; the layout's document.
    func load(_ layoutText: String, catalog: String = catalog, name: String = "Widget.xcstrings",
              sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LayoutDocument {
        let dir = scratchDirectory("xcstrings")
        defer { removeScratch(dir) }
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
        try Data(layoutText.utf8).write(to: URL(fileURLWithPath: dir + "/w.yaml"))
        return try LayoutLoader.load(path: dir + "/w.yaml")
    }

    func text(_ document: LayoutDocument, _ expression: String, locale: String, data: String = "{}") throws -> String? {
        // Rebind the same strings under a one-text view.
        var doc = document
        let probe = try LayoutLoader.parse(layout(view: "text: \"\(expression)\""), path: "/tmp/widgetshot-tests/probe.yaml")
        doc.surfaceTemplates = probe.surfaceTemplates
        let bound = doc.bind(surface: .systemSmall, data: try DataValue.parse(data, file: "d.json"),
                             context: context(locale: locale))
        return bound.view?.text?.string
    }

    @Test func everyLocalizationBindsUnderItsLocale() throws {
        let doc = try load("stringCatalog: Widget.xcstrings\n" + layout(view: "text: x"))
        #expect(try text(doc, "{{strings.eta}}", locale: "en") == "Arriving")
        #expect(try text(doc, "{{strings.eta}}", locale: "ko") == "도착 예정")
        #expect(try text(doc, "{{strings.eta}}", locale: "de") == "Ankunft")
        // The source language's text is the key when the catalog gives none, as Xcode does.
        #expect(try text(doc, "{{strings['On the way']}}", locale: "en") == "On the way")
        #expect(try text(doc, "{{strings['On the way']}}", locale: "ko") == "배달 중")
        // The iPhone's text of a device variation.
        #expect(try text(doc, "{{strings.tap}}", locale: "en") == "Tap")
    }

    @Test func pluralVariationsFeedThePluralFilter() throws {
        let doc = try load("stringCatalog: Widget.xcstrings\n" + layout(view: "text: x"))
        #expect(try text(doc, "{{n | plural: strings.daysLeft}}", locale: "en", data: #"{"n": 1}"#) == "1 day left")
        #expect(try text(doc, "{{n | plural: strings.daysLeft}}", locale: "en", data: #"{"n": 4}"#) == "4 days left")
        #expect(try text(doc, "{{n | plural: strings.daysLeft}}", locale: "ko", data: #"{"n": 4}"#) == "4일 남음")
    }

    @Test func inlineStringsWinAndArgumentsAreNamed() throws {
        let doc = try load("stringCatalog: [Widget.xcstrings]\nstrings:\n  eta: { en: Soon }\n" + layout(view: "text: x"))
        #expect(try text(doc, "{{strings.eta}}", locale: "en") == "Soon")
        #expect(try text(doc, "{{strings.tap}}", locale: "en") == "Tap")
        let warning = doc.warnings.map(\.message).first { $0.contains("format arguments") }
        #expect(warning?.contains("'Hello %@'") == true, "\(doc.warnings)")
        // lint binds every locale the catalog has a text in.
        let plain = try load("stringCatalog: Widget.xcstrings\n" + layout(view: "text: x"))
        #expect(Set(Linter.declaredLocales(plain)).isSuperset(of: ["en", "ko", "de"]))
    }

    /// A localization whose code is no language WidgetShot knows made the whole entry no table of
    /// texts: every locale showed an empty text, silently. It is left out and named; the others bind.
    @Test func anUnknownLocalizationIsLeftOutAndNamed() throws {
        let catalog = Self.catalog.replacingOccurrences(of: #""de" : {"#, with: #""zz" : { "stringUnit" : { "state" : "translated", "value" : "?" } }, "de" : {"#)
        #expect(catalog != Self.catalog)
        let doc = try load("stringCatalog: Widget.xcstrings\n" + layout(view: "text: x"), catalog: catalog)
        #expect(try text(doc, "{{strings.eta}}", locale: "ko") == "도착 예정")
        #expect(try text(doc, "{{strings.eta}}", locale: "de") == "Ankunft")
        let warning = doc.warnings.map(\.message).first { $0.contains("'zz'") }
        #expect(warning?.contains("name no language code WidgetShot knows: left out") == true, "\(doc.warnings)")
        #expect(!doc.catalogLocales.contains("zz") && doc.catalogLocales.contains("ko"), "\(doc.catalogLocales)")
    }

    @Test func aChangedCatalogIsAChangedLayout() throws {
        let a = try load("stringCatalog: Widget.xcstrings\n" + layout(view: "text: x"))
        let b = try load("stringCatalog: Widget.xcstrings\n" + layout(view: "text: x"),
                         catalog: Self.catalog.replacingOccurrences(of: "Ankunft", with: "Ankunftszeit"))
        #expect(a.sourceDigest != b.sourceDigest)
        #expect(a.sectionDigests["shared"] != b.sectionDigests["shared"])
        #expect(a.sectionDigests["surface.systemSmall"] == b.sectionDigests["surface.systemSmall"])
    }

    /// Errors name the catalog, and where in it; nothing outside the layout's folder is read.
    @Test func badCatalogsAreLocatedErrors() throws {
        func errors(_ key: String, catalog: String = Self.catalog, name: String = "Widget.xcstrings") -> String {
            do { _ = try load("stringCatalog: \(key)\n" + layout(view: "text: x"), catalog: catalog, name: name); return "" } catch {
                return "\(error)"
            }
        }
        #expect(errors("Missing.xcstrings").contains("no file 'Missing.xcstrings' beside the layout"))
        #expect(errors("../../etc/passwd.xcstrings").contains("must be a relative path inside the layout's folder"))
        #expect(errors("/etc/hosts.xcstrings").contains("must be a relative path inside the layout's folder"))
        #expect(errors("Widget.json").contains("is not an .xcstrings file"))
        let broken = errors("Widget.xcstrings", catalog: "{\n  \"strings\": {\n    \"a\": 3\n  }\n}\n")
        #expect(broken.contains("Widget.xcstrings:3:") && broken.contains("expected an object for the string 'a'"), "\(broken)")
        let invalid = errors("Widget.xcstrings", catalog: "{\n  \"strings\": [\n}\n")
        #expect(invalid.contains("Widget.xcstrings:") && invalid.contains("invalid YAML"), "\(invalid)")
        // A link planted beside the layout cannot read a file elsewhere.
        let dir = scratchDirectory("xcstrings-link")
        let outsideFolder = scratchDirectory("xcstrings-outside")
        defer { removeScratch(dir); removeScratch(outsideFolder) }
        let outside = outsideFolder + "/secret.xcstrings"
        try Data(Self.catalog.utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createSymbolicLink(atPath: dir + "/Link.xcstrings", withDestinationPath: outside)
        try Data(("stringCatalog: Link.xcstrings\n" + layout(view: "text: x")).utf8).write(to: URL(fileURLWithPath: dir + "/w.yaml"))
        do { _ = try LayoutLoader.load(path: dir + "/w.yaml"); Issue.record("expected an error") } catch {
            #expect("\(error)".contains("leads outside the layout's folder"), "\(error)")
        }
        // The size limit of a data file holds.
        var small = Limits.default
        small.documentBytes = 100
        let dir2 = scratchDirectory("xcstrings-big")
        defer { removeScratch(dir2) }
        try Data(Self.catalog.utf8).write(to: URL(fileURLWithPath: dir2 + "/W.xcstrings"))
        try Data(("stringCatalog: W.xcstrings\n" + layout(view: "text: x")).utf8).write(to: URL(fileURLWithPath: dir2 + "/w.yaml"))
        do { _ = try LayoutLoader.load(path: dir2 + "/w.yaml", limits: small); Issue.record("expected an error") } catch {
            #expect("\(error)".contains("Limits.documentBytes"), "\(error)")
        }
    }
}
