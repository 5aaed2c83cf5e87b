import Foundation
import SwiftUI
import Testing
import TestSupport
import WidgetKit
import WidgetShot
import WidgetShotSwiftUI


struct Plaid: ShapeStyle {}

/// What WidgetShot does not draw yet is never dropped in silence: a warning with the team's file
/// and line and a visible placeholder, or a compile-time message naming the API.
@Suite("unsupported SwiftUI is named, never silently dropped")
struct UnsupportedAPITests {
    @Test("an asset image, an unknown symbol and a custom style are warnings naming the file and line")
    func warningsNameTheLine() throws {
        let renderer = WidgetRenderer(fonts: Project.fonts)
        let line = #line + 2
        let view = VStack {
            Image("team.asset")
            Image(systemName: "no.such.symbol.here")
            Rectangle().fill(Plaid())
        }
        let result = try SwiftUIRender.render(view, surface: .systemSmall, renderer: renderer)
        let warnings = result.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("SwiftUITests/UnsupportedAPITests.swift:\(line)") && $0.contains("no image set 'team.asset'") },
                "\(warnings)")
        #expect(warnings.contains { $0.contains("SwiftUITests/UnsupportedAPITests.swift:\(line + 1)") && $0.contains("no artwork for the symbol 'no.such.symbol.here'") },
                "\(warnings)")
        #expect(warnings.contains { $0.contains("the shape style Plaid is not one WidgetShot paints yet") }, "\(warnings)")
        // The placeholder is drawn: magenta pixels where the shape would be.
        let pixels = result.bitmap.straightRGBA().pixels
        let magenta = stride(from: 0, to: pixels.count, by: 4).contains { pixels[$0] == 255 && pixels[$0 + 1] == 0 && pixels[$0 + 2] == 255 && pixels[$0 + 3] == 255 }
        #expect(magenta)
    }

    @Test("API not drawn yet is a compile error that names it", .childProcess)
    func unavailableAPIIsACompileError() async throws {
        let folder = scratchDirectory("swiftui-unavailable")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/Widget.swift"
        try Data("""
            import SwiftUI
            import Charts
            struct Tile: View {
                var body: some View {
                    Chart { SectorMark(angle: .value("share", 1)) }
                }
            }
            """.utf8).write(to: URL(fileURLWithPath: source))
        // The modules as SwiftPM built them beside this test, and the C module WidgetModel uses.
        let build = URL(fileURLWithPath: CLIProcess.binary).deletingLastPathComponent()
        let run = try await CLIProcess.run(binary: "/usr/bin/env", [
            "swiftc", "-typecheck", "-I", build.appendingPathComponent("Modules").path,
            "-Xcc", "-fmodule-map-file=" + build.appendingPathComponent("CTempFiles.build/module.modulemap").path,
            "-Xcc", "-I" + Project.root + "/Sources/CTempFiles/include", source,
        ], seconds: 120)
        #expect(run.status != 0)
        #expect(run.stderr.contains("Widget.swift:5:") && run.stderr.contains("WidgetShot does not draw SectorMark"), "\(run.stderr)")
    }
}
