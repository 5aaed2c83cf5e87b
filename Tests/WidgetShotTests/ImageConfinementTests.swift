import Foundation
import Testing
import TestSupport
import WidgetModel
import WidgetRender
import WidgetShot
import WidgetTemplate

/// `image:` paths, literal or bound from data, name files inside the layout's folder only; an image
/// that cannot be used fails the render (and lint) with a located error, and the CLI writes nothing.
@Suite struct ImageConfinementTests {
    /// A project folder: Layouts/pic.yaml with a bound image, Layouts/dot.png, a PNG outside
    /// Layouts/, a symlink in Layouts/ to it, and Fonts/ linked to the repository's fonts.
    struct Sandbox {
        let root: URL
        var layouts: URL { root.appendingPathComponent("Layouts") }

        init() throws {
            let fm = FileManager.default
            root = fm.temporaryDirectory.appendingPathComponent("ws-images-\(UUID().uuidString)")
            try fm.createDirectory(at: root.appendingPathComponent("Layouts"), withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: root.appendingPathComponent("Fonts").path, withDestinationPath: Project.folders.fonts)
            let png = try PNGCodec.encode(Bitmap(straight: RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))))
            try Data(png).write(to: layouts.appendingPathComponent("dot.png"))
            try Data(png).write(to: root.appendingPathComponent("secret.png"))
            try fm.createSymbolicLink(atPath: layouts.appendingPathComponent("link.png").path,
                                      withDestinationPath: root.appendingPathComponent("secret.png").path)
            // A header claiming 5000×5000 pixels, and a file larger than Limits.imageBytes (sparse).
            let huge = HeaderOnlyPNG.make(width: 5000, height: 5000)
            try Data(huge).write(to: layouts.appendingPathComponent("huge.png"))
            // A good header and no pixel data: sized at bind, fails when decoded for drawing.
            try Data(HeaderOnlyPNG.make(width: 2, height: 2)).write(to: layouts.appendingPathComponent("corrupt.png"))
            let big = layouts.appendingPathComponent("big.png")
            try Data(png).write(to: big)
            let handle = try FileHandle(forWritingTo: big)
            try handle.truncate(atOffset: UInt64(Limits.default.imageBytes + 1))
            try handle.close()
            try Data("""
            name: pic
            surfaces:
              systemSmall:
                view:
                  vstack:
                    - text: "Hi"
                    - image: "{{path}}"
                      resizable: true
            previews:
              good: { data: { path: dot.png } }
              absoluteOutside: { data: { path: /etc/passwd } }
              climbsOut: { data: { path: ../secret.png } }
              climbsOutAndBack: { data: { path: ../Layouts/dot.png } }
              missing: { data: { path: nothere.png } }
              symlinkOut: { data: { path: link.png } }
              tooManyPixels: { data: { path: huge.png } }
              tooManyBytes: { data: { path: big.png } }
              corrupt: { data: { path: corrupt.png } }

            """.utf8).write(to: layouts.appendingPathComponent("pic.yaml"))
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        func render(_ preview: String) throws -> RenderResult {
            let doc = try LayoutCatalog(directory: layouts.path).load("pic")
            let request = RenderRequest(layout: doc, surface: .systemSmall, preview: try #require(doc.preview(named: preview)))
            return try WidgetRenderer(fonts: Project.fonts).render(request)
        }

        func renderError(_ preview: String) throws -> String {
            do {
                _ = try render(preview)
            } catch let error as RenderError {
                guard case .layoutErrors = error else { return "unexpected \(error)" }
                return error.description
            }
            Issue.record("\(preview) rendered")
            return ""
        }
    }

    @Test func anImageInTheFolderRenders() throws {
        let box = try Sandbox()
        defer { box.remove() }
        #expect(try box.render("good").pixelWidth > 0)
        #expect(try box.render("climbsOutAndBack").pixelWidth > 0)
    }

    @Test(arguments: [("absoluteOutside", "outside the layout's folder"), ("climbsOut", "outside the layout's folder"),
                      ("symlinkOut", "symbolic link"), ("missing", "image not found"),
                      ("tooManyPixels", "5000×5000 pixels, more than the limit of 16777216 (Limits.imagePixels)"),
                      ("tooManyBytes", "more than the limit of 8388608 (Limits.imageBytes)"),
                      ("corrupt", "corrupt.png cannot be decoded")])
    func anUnusableImageFailsTheRenderWithALocatedError(preview: String, message: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let error = try box.renderError(preview)
        #expect(error.contains(message), "\(error)")
        // Located at the image node: pic.yaml:7:col.
        #expect(error.contains("pic.yaml:7:"), "\(error)")
        // /etc/passwd is refused from its path alone: never opened, so never "not a PNG".
        #expect(!error.contains("not a PNG"))
    }

    @Test func lintReportsALiteralPathOutsideTheFolder() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = box.layouts.appendingPathComponent("lit.yaml")
        try Data("""
        name: lit
        surfaces:
          systemSmall:
            view:
              image: ../secret.png
        previews:
          one: { data: {} }

        """.utf8).write(to: file)
        let diagnostics = ProjectLinter(pool: RendererPool(fonts: Project.fonts)).lint(path: file.path)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(diagnostics)")
        #expect(errors.first?.description.contains("lit.yaml:5:") == true, "\(errors)")
        #expect(errors.first?.message.contains("outside the layout's folder") == true)
    }

    @Test(.childProcess) func theCLIExitsTwoAndWritesNothingWhenAnImageCannotBeRead() async throws {
        let box = try Sandbox()
        defer { box.remove() }
        let out = box.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for preview in ["missing", "absoluteOutside", "symlinkOut", "corrupt"] {
            let target = out.appendingPathComponent("\(preview).png").path
            let (status, stderr) = try await CLI.run(["render", "pic", "--surface", "systemSmall", "--preview", preview,
                                                "-o", target, "--project", box.root.path])
            #expect(status == 2, "\(preview): \(stderr)")
            #expect(stderr.contains("pic.yaml:7:"), "\(stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        let good = out.appendingPathComponent("good.png").path
        let (status, stderr) = try await CLI.run(["render", "pic", "--surface", "systemSmall", "--preview", "good",
                                            "-o", good, "--project", box.root.path])
        #expect(status == 0, "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: good))
    }
}

/// `widgetshot` as a child process (TestSupport's CLIProcess: polled without blocking a thread).
enum CLI {
    static func run(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
        let run = try await CLIProcess.run(arguments)
        return (run.status, run.stderr)
    }
}

/// Signature and IHDR only: enough for the size check, which must refuse it before any decoding.
enum HeaderOnlyPNG {
    static func make(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [137, 80, 78, 71, 13, 10, 26, 10] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }
}
