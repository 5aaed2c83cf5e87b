import Foundation
import NIOCore
import Synchronization

/// Open connections across every event loop, at most `limit`. At the limit a new connection takes
/// the place of the longest-idle one, a connection that is not answering a request: it has sent
/// nothing since it was accepted, or not yet a whole request (head and body), or it is a keep-alive
/// connection between requests. That one is closed. Only when every connection is answering a
/// complete request (a render, an event stream: bounded in time or number) is the new one answered
/// 503 and closed. So clients that say nothing, or too little, however many and however often they
/// reconnect, cannot keep `/health` from answering.
final class ConnectionTable: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var slots: [ObjectIdentifier: ConnectionSlot] = [:]

    init(limit: Int) { self.limit = max(1, limit) }

    var count: Int { lock.withLock { slots.count } }

    /// A slot for `channel`, or nil when `limit` connections are open and none of them is idle.
    func admit(_ channel: any Channel) -> ConnectionSlot? {
        let slot = ConnectionSlot(channel: channel)
        let victim = lock.withLock { () -> ConnectionSlot?? in
            if slots.count < limit {
                slots[ObjectIdentifier(slot)] = slot
                return .some(nil)
            }
            guard let victim = evictLongestIdle() else { return nil }
            slots[ObjectIdentifier(victim)] = nil
            slots[ObjectIdentifier(slot)] = slot
            return .some(victim)
        }
        guard let victim else { return nil }
        victim?.channel.close(promise: nil)
        return slot
    }

    func leave(_ slot: ConnectionSlot) {
        _ = lock.withLock { slots.removeValue(forKey: ObjectIdentifier(slot)) }
    }

    /// The idle slot free the longest, marked evicted; nil when none is idle. Called with the lock held.
    private func evictLongestIdle() -> ConnectionSlot? {
        // A slot can turn busy between the look and the mark: look again (rarely more than once).
        for _ in 0..<4 {
            var oldest: (slot: ConnectionSlot, since: Int64)?
            for slot in slots.values {
                let since = slot.freeSince
                if since >= 0, since < oldest?.since ?? .max { oldest = (slot, since) }
            }
            guard let oldest else { return nil }
            if oldest.slot.evict(ifFreeSince: oldest.since) { return oldest.slot }
        }
        return nil
    }
}

/// One admitted connection's standing: free since a moment (uptime nanoseconds), busy answering a
/// request, or evicted (being closed to make room). Its `RequestGuard` marks it busy when a whole
/// request has arrived and free when the last owed response has ended; the table reads it from any
/// thread.
final class ConnectionSlot: Sendable {
    let channel: any Channel
    private let state: Atomic<Int64>

    private static let busy: Int64 = -1
    private static let evicted: Int64 = -2

    init(channel: any Channel) {
        self.channel = channel
        state = Atomic(Self.now())
    }

    /// Uptime nanoseconds since the connection has been free, or a negative number when it is not.
    var freeSince: Int64 { state.load(ordering: .acquiring) }

    var isEvicted: Bool { freeSince == Self.evicted }

    /// Marks it answering a request; false when it has been evicted (the request must not start).
    func markBusy() -> Bool {
        var current = state.load(ordering: .acquiring)
        while true {
            if current == Self.evicted { return false }
            if current == Self.busy { return true }
            let (exchanged, original) = state.compareExchange(expected: current, desired: Self.busy, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
    }

    /// Marks it free from now on (unless it has been evicted).
    func markFree() {
        _ = state.compareExchange(expected: Self.busy, desired: Self.now(), ordering: .acquiringAndReleasing)
    }

    /// Marks it evicted if it is still free since `since`.
    func evict(ifFreeSince since: Int64) -> Bool {
        state.compareExchange(expected: since, desired: Self.evicted, ordering: .acquiringAndReleasing).exchanged
    }

    private static func now() -> Int64 { Int64(clamping: DispatchTime.now().uptimeNanoseconds) }
}
