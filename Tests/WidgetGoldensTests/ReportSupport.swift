import Foundation
import Testing
import TestSupport
import WidgetShot
import WidgetGoldens

/// A scratch project whose goldens have been painted on, so `verify` fails in a known way: the
/// same block at the same spot of six systemSmall goldens (three previews × light/dark), another
/// in two systemMedium goldens, and two unrelated single changes.
struct PaintedProject {
    let scratch: ScratchProject
    var root: String { scratch.root }

    struct Paint { var file: String; var x: Int; var y: Int; var width: Int; var height: Int }

    static let sameSmall = ["onTheWay", "pending", "preparing"].flatMap { p in ["light", "dark"].map { "delivery/systemSmall/\(p)-\($0)" } }
    static let sameMedium = ["delivery/systemMedium/onTheWay-light", "delivery/systemMedium/onTheWay-dark"]
    static let loneSmall = "delivery/systemSmall/ready-light"
    static let loneLock = "delivery/lockScreen/onTheWay-light"

    static let paints: [Paint] =
        sameSmall.map { Paint(file: $0, x: 30, y: 30, width: 14, height: 10) }
        + sameMedium.map { Paint(file: $0, x: 120, y: 24, width: 20, height: 12) }
        + [Paint(file: loneSmall, x: 220, y: 250, width: 12, height: 8), Paint(file: loneLock, x: 16, y: 16, width: 8, height: 8)]

    /// The cells these tests verify (a part of the matrix, so a run stays short).
    static let selection = ["--layout", "delivery", "--surface", "systemSmall", "--surface", "systemMedium", "--surface", "lockScreen"]

    init() throws {
        scratch = try ScratchProject(from: Project.root)
        for p in Self.paints {
            let path = scratch.golden + "/" + p.file + ".png"
            var image = try PNGCodec.decode(file: path)
            for y in p.y..<(p.y + p.height) {
                for x in p.x..<(p.x + p.width) {
                    let i = (y * image.width + x) * 4
                    image.pixels[i] = 255; image.pixels[i + 1] = 0; image.pixels[i + 2] = 255; image.pixels[i + 3] = 255
                }
            }
            try AtomicFile.write(try PNGCodec.encode(Bitmap(straight: image)), to: path)
        }
    }

    func remove() { scratch.remove() }
}

/// Where tests leave what a person should look at.
let testOutput = Project.output("report")
