#if os(Linux)
import Foundation
import Testing
import TestSupport
import WidgetShot

/// The missing edges of a Swift folder as a project's source (issue 35): `list` reads
/// widgetshot.yaml's `swift:` folders as gallery and record do, and a verify failure on a change to
/// an image's or a shape's modifier is annotated at that view's line. In SwiftSourceCLITests' suite,
/// so they share its copy of the example and its scratch build.
extension SwiftSourceCLITests {
    /// A fresh copy with the app's model in the project's include: folder, and `file` edited
    /// (`old` → `new`, which must occur); returns the edited text.
    func copyWithAppFolder(editing file: String, _ old: String, to new: String) throws -> String {
        try freshCopy()
        try FileManager.default.moveItem(atPath: Self.folder + "/Order.swift", toPath: Self.app + "/Order.swift")
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let text = original.replacingOccurrences(of: old, with: new)
        #expect(text != original, "\(old) is not in \(file)")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return text
    }

    @Test("list in a project builds with widgetshot.yaml's swift: include: folders, and lists the project's Swift widgets", .childProcess)
    func listReadsTheProjectsSwiftFolders() async throws {
        try freshCopy()
        // The app's model lives in the project's include: folder only (no --include given).
        try FileManager.default.moveItem(atPath: Self.folder + "/Order.swift", toPath: Self.app + "/Order.swift")
        let folder = try await runInProject(["list", "DeliveryWidgets"])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(folder.stdout.contains("DeliveryWidget  (families: systemSmall, systemMedium, accessoryRectangular)"), "\(folder.stdout)")
        // Inside the widgets folder, the same folder by another spelling.
        let inside = try await CLIProcess(binary: CLIProcess.binary, ["list", "."], environment: [:], cwd: Self.folder).wait(seconds: 900)
        #expect(inside.status == 0 && inside.stdout.contains("'Notification' at DeliveryLiveActivity.swift:72"), "\(inside.stdout)\(inside.stderr)")
        // `list` (and `list layouts`) of a Swift-only project: its widgets and previews, no empty Layouts/.
        let all = try await runInProject(["list", "layouts"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("Widgets in DeliveryWidgets:"), "\(all.stdout)")
        #expect(all.stdout.contains("unnamed at DeliveryWidget.swift:77: widget on systemSmall, 2 pictures"), "\(all.stdout)")
        #expect(!all.stdout.contains("Layouts in"), "\(all.stdout)")
        // A folder that is not the project's gets only --include: the missing type is named.
        let elsewhere = Self.work + "/elsewhere"
        try? FileManager.default.removeItem(atPath: elsewhere)
        try FileManager.default.copyItem(atPath: Self.folder, toPath: elsewhere)
        let other = try await runInProject(["list", elsewhere])
        #expect(other.status != 0 && other.stderr.contains("cannot find type 'Order' in scope"), "\(other.stderr)")
    }

    @Test("verify names the line of the image or the shape whose modifier changed", .childProcess)
    func failuresNameImagesAndShapes() async throws {
        // A dot after the banner's spacer: a shape of its own, its fill on the next line.
        let activity = Self.folder + "/DeliveryLiveActivity.swift"
        let text = try copyWithAppFolder(editing: activity, "            Spacer()\n",
                                         to: "            Spacer()\n            Circle()\n                .fill(Color.red)\n                .frame(width: 8, height: 8)\n")
        func line(_ needle: String) -> Int { text.components(separatedBy: "\n").firstIndex { $0.contains(needle) }! + 1 }
        let record = try await runInProject(["record"])
        #expect(record.status == 0 && record.stdout.contains("20 created"), "\(record.stdout)\(record.stderr)")

        // The dot's colour: the 4 banner pictures fail at the Circle's line (not the HStack's, 47).
        try text.replacingOccurrences(of: ".fill(Color.red)", with: ".fill(Color.blue)").write(toFile: activity, atomically: true, encoding: .utf8)
        let dot = try await runInProject(["verify", "--format", "github"])
        #expect(dot.status == 1, "\(dot.stderr)")
        #expect(dot.stdout.contains("::error file=DeliveryWidgets/DeliveryLiveActivity.swift,line=\(line("Circle()")),"), "\(dot.stdout)")
        #expect(dot.stdout.contains("16 passed, 4 failed"), "\(dot.stdout)")

        // The symbol's colour, written two lines below its Image: annotated at the Image's line.
        let symbol = text.replacingOccurrences(of: ".foregroundStyle(Color.status(context.state.status))", with: ".foregroundStyle(Color.green)")
        #expect(symbol != text)
        try symbol.write(toFile: activity, atomically: true, encoding: .utf8)
        let image = try await runInProject(["verify", "--format", "github"])
        #expect(image.status == 1, "\(image.stderr)")
        let imageLine = text.components(separatedBy: "\n").firstIndex { $0.trimmingCharacters(in: .whitespaces) == "Image(systemName: context.state.status.symbol)" }! + 1
        #expect(image.stdout.contains("::error file=DeliveryWidgets/DeliveryLiveActivity.swift,line=\(imageLine),"), "\(image.stdout)")
    }

    @Test("the runner's warnings reach the gallery, verify's report and render, at the team's lines", .childProcess)
    func runnerWarningsReachEveryCommand() async throws {
        // A shadow (not drawn: a warning) on the widget's big number, written on its own line.
        let text = try copyWithAppFolder(editing: Self.folder + "/DeliveryWidget.swift", "                    .font(.system(size: 28, weight: .bold))\n",
                                         to: "                    .font(.system(size: 28, weight: .bold))\n                    .shadow(radius: 2)\n")
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains(".shadow(radius: 2)") }! + 1
        let warning = "DeliveryWidgets/DeliveryWidget.swift:\(line):1: warning: shadow(radius: 2.0) is not drawn yet"

        let gallery = try await runInProject(["gallery", "--out", "gallery-out"])
        #expect(gallery.status == 0, "\(gallery.stderr)")
        #expect(!gallery.stdout.contains("; 0 warning(s)") && gallery.stdout.contains("warning(s), shown in the page"), "\(gallery.stdout)")
        let page = try String(contentsOfFile: Self.team + "/gallery-out/index.html", encoding: .utf8)
        #expect(page.contains(warning), "the gallery page does not show the runner's warning at the team's line")

        let record = try await runInProject(["record"])
        #expect(record.status == 0 && record.stderr.contains(warning), "\(record.stderr)")
        let verify = try await runInProject(["verify", "--report", "verify-report"])
        #expect(verify.status == 0 && verify.stdout.contains("20 passed, 0 failed"), "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stderr.contains(warning) && verify.stderr.contains("warning(s) from the widget runner, in 12 Swift picture(s)"), "\(verify.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.team + "/verify-report/report.json"))) as? [String: Any]
        let records = try #require(report?["results"] as? [[String: Any]])
        let warned = records.filter { ($0["warnings"] as? [String])?.contains { $0.hasPrefix(warning) } == true }
        // Every picture of systemSmall and systemMedium draws the number (the placeholder too, redacted):
        // 3 × 3 small and 3 medium, in light, dark and dark accented; the rectangular accessory and the activity do not.
        #expect(warned.count == 12, "\(records.map { ($0["name"] ?? "", $0["warnings"] ?? "") })")
        #expect(warned.allSatisfy { ($0["name"] as? String)?.hasPrefix("DeliveryWidget/system") == true })

        let render = try await runInProject(["render", "DeliveryWidgets", "--widget", "DeliveryWidget", "--surface", "systemSmall", "-o", Self.work + "/warned.png"])
        #expect(render.status == 0 && render.stderr.contains(warning), "\(render.stderr)")
        let warnings = render.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(!warnings.isEmpty && warnings.allSatisfy { !$0.contains("AppWidgets/") && !$0.contains("widgetshot-swift/") }, "\(render.stderr)")
    }
}
#endif
