import Foundation
import WidgetRender

/// Hands each worker thread a renderer of its own. A Pango font map shared between threads
/// corrupts the heap; one renderer per thread on one shared FontLibrary is
/// safe and scales with cores.
public final class RendererPool: @unchecked Sendable {
    public let fonts: FontLibrary
    private let lock = NSLock()
    private var idle: [WidgetRenderer] = []

    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Runs `body` with a renderer no other thread is using at the same time.
    public func withRenderer<T>(_ body: (WidgetRenderer) throws -> T) rethrows -> T {
        let renderer = lock.withLock { idle.popLast() } ?? WidgetRenderer(fonts: fonts)
        defer { lock.withLock { idle.append(renderer) } }
        return try body(renderer)
    }

    /// Runs `count` jobs on `workers` threads (default: one per core), each with its own renderer;
    /// results come back in job order.
    public func map<T: Sendable>(_ count: Int, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                                 _ job: @Sendable (Int, WidgetRenderer) -> T) -> [T] {
        // No job makes no renderer (a renderer's font map costs milliseconds to set up).
        if count <= 0 { return [] }
        let results = ResultBox<T>(count: count)
        let next = Counter()
        let threads = max(1, min(workers, count))
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            self.withRenderer { renderer in
                while true {
                    let i = next.take()
                    if i >= count { break }
                    results.set(i, job(i, renderer))
                }
            }
        }
        return results.values()
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take() -> Int { lock.withLock { defer { value += 1 }; return value } }
}

private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [T?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ v: T) { lock.withLock { storage[i] = v } }
    func values() -> [T] { lock.withLock { storage.map { $0! } } }
}
