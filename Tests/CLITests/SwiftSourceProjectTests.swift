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
        try freshCopy()
        try FileManager.default.moveItem(atPath: Self.folder + "/Order.swift", toPath: Self.app + "/Order.swift")
        // A dot after the banner's spacer: a shape of its own, its fill on the next line.
        let activity = Self.folder + "/DeliveryLiveActivity.swift"
        let original = try String(contentsOfFile: activity, encoding: .utf8)
        let text = original.replacingOccurrences(of: "            Spacer()\n",
                                                 with: "            Spacer()\n            Circle()\n                .fill(Color.red)\n                .frame(width: 8, height: 8)\n")
        #expect(text != original)
        try text.write(toFile: activity, atomically: true, encoding: .utf8)
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
}
#endif
