import Foundation
import Testing
import TestSupport
import WidgetShot

/// What a team adopting WidgetShot checks first: the licence, the licences of what it bundles, and
/// which release it has.
@Suite struct LicenceFilesTests {
    @Test func theProjectIsMITLicensedToItsAuthors() throws {
        let licence = try String(contentsOfFile: Project.root + "/LICENSE", encoding: .utf8)
        #expect(licence.hasPrefix("MIT License\n"))
        #expect(licence.contains("Copyright (c) 2026 The WidgetShot authors"))
    }

    /// Every font file in Fonts/ has its licence as text in Fonts/licenses/, named after its family
    /// (`Inter-OFL.txt` for `Inter-Bold.otf`, `NanumGothic-OFL.txt` for `NanumGothicBold.ttf`): a font
    /// added without one fails here.
    @Test func everyBundledFontHasItsLicenceBesideIt() throws {
        let fonts = try FileManager.default.contentsOfDirectory(atPath: Project.folders.fonts)
            .filter { $0.hasSuffix(".otf") || $0.hasSuffix(".ttf") }
        let licences = try FileManager.default.contentsOfDirectory(atPath: Project.folders.fonts + "/licenses")
            .filter { $0.hasSuffix(".txt") }
        #expect(!fonts.isEmpty)
        for font in fonts {
            let family = licences.map { String($0.prefix { $0 != "-" }) }.filter { font.hasPrefix($0) }
            #expect(!family.isEmpty, "no licence in Fonts/licenses/ for \(font)")
        }
        // Material Icons' licence names Apache-2.0 and points to its full text: it is here too.
        let apache = try String(contentsOfFile: Project.folders.fonts + "/licenses/Apache-2.0-full.txt", encoding: .utf8)
        #expect(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"))
    }

    /// The changelog has a section for the version the binary says it is: "(unreleased)" on main,
    /// dated in the release commit (docs/release.md).
    @Test func theChangelogDescribesThisVersion() throws {
        let changelog = try String(contentsOfFile: Project.root + "/CHANGELOG.md", encoding: .utf8)
        let heading = "\n## \(WidgetShotVersion.release)" + (WidgetShotVersion.isRelease ? " - " : " (unreleased)\n")
        #expect(changelog.contains(heading), "CHANGELOG.md has no section for \(WidgetShotVersion.release)")
    }
}
