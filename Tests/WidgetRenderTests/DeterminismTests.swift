import Foundation
import Testing
import WidgetModel
import WidgetRender

@Suite struct DeterminismTests {
    static func renderReference() throws -> [UInt8] {
        let renderer = Renderer(fonts: TestFonts.library)
        let bitmap = renderer.draw(ReferenceWidget.tree(renderer.measurer), pixelWidth: 1014, pixelHeight: 474, scale: 3)
        return try PNGCodec.encode(bitmap)
    }

    @Test func sameTreeTwiceGivesTheSameBytes() throws {
        let renderer = Renderer(fonts: TestFonts.library)
        let tree = ReferenceWidget.tree(renderer.measurer)
        let a = try PNGCodec.encode(renderer.draw(tree, pixelWidth: 1014, pixelHeight: 474, scale: 3))
        let b = try PNGCodec.encode(renderer.draw(tree, pixelWidth: 1014, pixelHeight: 474, scale: 3))
        #expect(a == b)
        #expect(try Self.renderReference() == a)
    }

    @Test func twoThreadsGiveTheSameBytesAsOne() async throws {
        let single = try Self.renderReference()
        let results = ResultBox()
        let threads = (0..<2).map { i in
            Thread {
                for _ in 0..<3 { results.append(i, try? Self.renderReference()) }
            }
        }
        threads.forEach { $0.start() }
        while !results.isComplete(expected: 6) { try? await Task.sleep(for: .milliseconds(1)) }
        #expect(results.all.count == 6)
        for r in results.all { #expect(r == single) }
    }
}

/// Collects results from worker threads.
final class ResultBox: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var values: [[UInt8]?] = []
    func append(_ thread: Int, _ value: [UInt8]?) { lock.withLock { values.append(value) } }
    func isComplete(expected: Int) -> Bool { lock.withLock { values.count >= expected } }
    var all: [[UInt8]?] { lock.withLock { values } }
}
