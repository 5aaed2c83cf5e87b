import Foundation
import WidgetDiff
import WidgetRender
import WidgetShot

/// Two PNG files decoded at once, one per core: decoding, not comparing, is what a failing
/// comparison spends its time on (about 3 ms per 1014×474 image against under 1 ms to compare).
public enum PNGPair {
    public static func decode(_ a: String, _ b: String) throws -> (DiffImage, DiffImage) {
        let box = PairBox()
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let result = Result { try PNGCodec.decode(file: i == 0 ? a : b) }
            box.set(i, result)
        }
        let (x, y) = box.take()
        return (DiffImage(try x!.get()), DiffImage(try y!.get()))
    }
}

private final class PairBox: @unchecked Sendable {
    private let lock = NSLock()
    private var first: Result<RGBAImage, Error>?
    private var second: Result<RGBAImage, Error>?
    func set(_ i: Int, _ r: Result<RGBAImage, Error>) { lock.withLock { if i == 0 { first = r } else { second = r } } }
    func take() -> (Result<RGBAImage, Error>?, Result<RGBAImage, Error>?) { lock.withLock { (first, second) } }
}
