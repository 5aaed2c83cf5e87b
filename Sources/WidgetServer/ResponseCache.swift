import NIOCore
import Synchronization
import WidgetShot

/// Rendered PNGs by RenderKey, in memory, least recently used first out, bounded in bytes
/// (`ServerLimits.responseCacheBytes`; 0 keeps nothing). A PNG larger than the whole budget is not kept.
///
/// It also coalesces: while a key is being rendered, other requests for the same key wait for that
/// render instead of starting their own (whether or not the cache keeps anything), so a burst of
/// identical requests costs one render. A failed render is not kept; everyone waiting on it gets
/// its error.
///
/// One Mutex guards the table; a hit is a dictionary lookup and a list splice under it, and the
/// bytes are a ByteBuffer shared with every response that sends them (no copy).
final class ResponseCache: Sendable {
    let budget: Int
    private let state: Mutex<State>
    private let events: CacheEvents

    /// What a lookup found: a kept PNG, a render another request started, or nothing.
    enum Outcome: String, Sendable { case hit, miss, coalesced }

    /// Per-entry overhead counted against the budget besides the PNG bytes (key, links, buffer).
    static let entryOverhead = 256

    init(budget: Int, events: CacheEvents = CacheEvents()) {
        self.budget = max(0, budget)
        self.events = events
        self.state = Mutex(State())
    }

    var bytes: Int { state.withLock { $0.bytes } }
    var count: Int { state.withLock { $0.map.count } }

    /// The PNG for `key`: from the cache, from a render of the same key already under way, or from
    /// `render` (started here, in a task of its own so a waiter that goes away does not stop it for
    /// the others).
    func png(for key: RenderKey, render: @escaping @Sendable () async throws -> ByteBuffer) async throws -> (ByteBuffer, Outcome) {
        enum Found { case kept(ByteBuffer), running(Task<ByteBuffer, any Error>), started(Task<ByteBuffer, any Error>) }
        let found: Found = state.withLock { s in
            if let png = s.get(key) { return .kept(png) }
            if let running = s.inFlight[key] {
                s.inFlight[key]!.waiters += 1
                return .running(running.task)
            }
            let task = Task { try await render() }
            s.inFlight[key] = InFlight(task: task, waiters: 1)
            return .started(task)
        }
        switch found {
        case .kept(let png):
            events.hit()
            return (png, .hit)
        case .running(let task):
            events.coalesced()
            let result = await wait(for: task, key: key)
            return (try result.get(), .coalesced)
        case .started(let task):
            events.miss()
            let result = await wait(for: task, key: key)
            let evicted = state.withLock { s -> Int in
                if s.inFlight[key]?.task == task { s.inFlight[key] = nil }
                guard case .success(let png) = result else { return 0 }
                return s.put(key, png, budget: budget)
            }
            if evicted > 0 { events.evicted(evicted) }
            return (try result.get(), .miss)
        }
    }

    /// Waits for the render; when every request waiting for it has been cancelled (clients gone,
    /// or the server shutting down), cancels it too, so it stops at its next deadline check.
    private func wait(for task: Task<ByteBuffer, any Error>, key: RenderKey) async -> Result<ByteBuffer, any Error> {
        await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            let abandon = state.withLock { s -> Bool in
                guard s.inFlight[key]?.task == task else { return false }
                s.inFlight[key]!.waiters -= 1
                guard s.inFlight[key]!.waiters <= 0 else { return false }
                // Later requests for the key start a render of their own.
                s.inFlight[key] = nil
                return true
            }
            if abandon { task.cancel() }
        }
    }

    /// Whether `key` is kept now (tests).
    func contains(_ key: RenderKey) -> Bool { state.withLock { $0.map[key] != nil } }

    /// A doubly linked list over an array of slots (indices, no references), most recent at `head`.
    private struct State: ~Copyable {
        struct Slot {
            var key: RenderKey
            var png: ByteBuffer
            var cost: Int
            var prev = -1, next = -1
        }
        var map: [RenderKey: Int] = [:]
        var slots: [Slot] = []
        var free: [Int] = []
        var head = -1, tail = -1
        var bytes = 0
        var inFlight: [RenderKey: InFlight] = [:]

        mutating func get(_ key: RenderKey) -> ByteBuffer? {
            guard let i = map[key] else { return nil }
            if i != head { unlink(i); pushFront(i) }
            return slots[i].png
        }

        /// Keeps `png` under `key` if it fits the budget; returns how many entries were evicted.
        mutating func put(_ key: RenderKey, _ png: ByteBuffer, budget: Int) -> Int {
            let cost = png.readableBytes + ResponseCache.entryOverhead
            guard cost <= budget, map[key] == nil else { return 0 }
            var evicted = 0
            while bytes + cost > budget, tail >= 0 {
                let last = tail
                unlink(last)
                bytes -= slots[last].cost
                map[slots[last].key] = nil
                slots[last].png = ByteBuffer()
                free.append(last)
                evicted += 1
            }
            let slot = Slot(key: key, png: png, cost: cost)
            let i: Int
            if let reused = free.popLast() { slots[reused] = slot; i = reused } else { slots.append(slot); i = slots.count - 1 }
            map[key] = i
            bytes += cost
            pushFront(i)
            return evicted
        }

        private mutating func unlink(_ i: Int) {
            let p = slots[i].prev, n = slots[i].next
            if p >= 0 { slots[p].next = n } else { head = n }
            if n >= 0 { slots[n].prev = p } else { tail = p }
            slots[i].prev = -1; slots[i].next = -1
        }

        private mutating func pushFront(_ i: Int) {
            slots[i].prev = -1
            slots[i].next = head
            if head >= 0 { slots[head].prev = i }
            head = i
            if tail < 0 { tail = i }
        }
    }
}

private struct InFlight {
    var task: Task<ByteBuffer, any Error>
    /// Requests waiting for it and not cancelled.
    var waiters: Int
}

/// Where the cache reports what it did (the metrics); does nothing by default.
struct CacheEvents: Sendable {
    var hit: @Sendable () -> Void = {}
    var miss: @Sendable () -> Void = {}
    var coalesced: @Sendable () -> Void = {}
    var evicted: @Sendable (Int) -> Void = { _ in }
}
