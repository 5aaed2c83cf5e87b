import CMemory
import Foundation
import NIOPosix
import WidgetShot

/// Renders on a few threads of their own. A render is 5–20 ms of synchronous Cairo/Pango work:
/// run on the event loop or Swift's cooperative pool it would stall every other connection. Each
/// job takes a renderer from the RendererPool, so no renderer is ever used by two threads.
///
/// The queue in front of the threads is bounded (`ServerLimits.queuePerWorker` per thread): a job that
/// finds it full is refused at once with 429 and `Retry-After`, so under overload the server
/// answers the excess quickly instead of letting every request's latency grow without bound.
/// Each render gets `ServerLimits.renderDeadline` from the moment a thread starts it (queue wait not
/// included). Cancelling the awaiting task (its client went away: ClientGone; or the server is
/// shutting down) stops the render at its next check, or takes it out of the queue before it
/// starts.
struct RenderWorkers: Sendable {
    let threads: NIOThreadPool
    let renderers: RendererPool
    let admission: Admission
    let renderDeadline: Double
    private let runningJobs = Tally()
    private let cancelledJobs = Tally()

    /// Renders on a thread now (the rest of `admission.count` are waiting for one).
    var running: Int { runningJobs.count }

    /// Jobs stopped because their request was cancelled, running or still waiting for a thread.
    var cancelled: Int { cancelledJobs.count }

    init(threads: NIOThreadPool, threadCount: Int, renderers: RendererPool, limits: ServerLimits) {
        self.threads = threads
        self.renderers = renderers
        self.admission = Admission(capacity: threadCount * (1 + max(0, limits.queuePerWorker)),
                                   threads: threadCount, queuePerWorker: max(0, limits.queuePerWorker))
        self.renderDeadline = limits.renderDeadline
    }

    /// Runs `job` on a worker thread with a renderer of its own and a deadline that starts when
    /// the thread picks the job up.
    func render<T: Sendable>(_ job: @escaping @Sendable (WidgetRenderer, RenderDeadline) throws -> T) async throws -> T {
        try await renderTimed(job).value
    }

    /// `render`, also saying how long the job waited for a thread (nanoseconds).
    func renderTimed<T: Sendable>(_ job: @escaping @Sendable (WidgetRenderer, RenderDeadline) throws -> T) async throws -> (value: T, queueWait: UInt64) {
        let renderers = self.renderers
        let seconds = renderDeadline
        let started = StartedDeadline()
        let running = runningJobs
        let cancelled = cancelledJobs
        return try await admitted {
            let queued = DispatchTime.now().uptimeNanoseconds
            do {
                return try await withTaskCancellationHandler {
                    try await threads.runIfActive {
                        let wait = DispatchTime.now().uptimeNanoseconds &- queued
                        let deadline = RenderDeadline(seconds: seconds)
                        started.set(deadline)
                        // Cancelled while it waited for this thread: nothing is read or drawn.
                        try deadline.check()
                        running.change(1)
                        defer { if running.change(-1) == 0 { MemoryReturn.whenIdle() } }
                        return (try renderers.withRenderer { try job($0, deadline) }, wait)
                    }
                } onCancel: {
                    started.cancel()
                }
            } catch let error as RenderDeadlineExceeded where error.cancelled {
                cancelled.change(1)
                throw error
            } catch is CancellationError {
                // Taken out of the queue before a thread picked it up.
                cancelled.change(1)
                throw RenderDeadlineExceeded(seconds: seconds, cancelled: true)
            }
        }
    }

    /// Any CPU-bound work that is not a render (parsing a large body); it takes a place in the
    /// same bounded queue, and is not started once its request is cancelled.
    func run<T: Sendable>(_ job: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await admitted { try await threads.runIfActive(job) }
        } catch is CancellationError {
            cancelledJobs.change(1)
            throw RenderDeadlineExceeded(seconds: renderDeadline, cancelled: true)
        }
    }

    private func admitted<T>(_ body: () async throws -> T) async throws -> T {
        guard admission.enter() else { throw admission.refusal() }
        defer { admission.leave() }
        return try await body()
    }
}

/// Counts jobs running or waiting; refuses one past `capacity`.
final class Admission: @unchecked Sendable {
    let capacity: Int
    let threads: Int
    let queuePerWorker: Int
    private let lock = NSLock()
    private var inSystem = 0

    init(capacity: Int, threads: Int, queuePerWorker: Int) {
        self.capacity = max(1, capacity); self.threads = threads; self.queuePerWorker = queuePerWorker
    }

    func enter() -> Bool {
        lock.withLock {
            guard inSystem < capacity else { return false }
            inSystem += 1
            return true
        }
    }

    func leave() { lock.withLock { inSystem -= 1 } }

    var count: Int { lock.withLock { inSystem } }

    func refusal() -> APIError {
        var error = APIError(.tooManyRequests,
                             "the server is busy: \(threads) render threads and \(threads * queuePerWorker) queued renders "
                                 + "(ServerLimits.queuePerWorker = \(queuePerWorker)) are all taken; retry shortly")
        error.headers[.retryAfter] = "1"
        return error
    }
}

/// A count changed from any thread.
private final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    @discardableResult func change(_ by: Int) -> Int { lock.withLock { n += by; return n } }
    var count: Int { lock.withLock { n } }
}

/// Gives the memory of finished renders back to the system when no render is running. glibc keeps
/// freed blocks in each thread's arena: after three `png=small` renders of a large canvas the idle
/// server stayed at 602 MB. `malloc_trim` returns what is free; it runs at most every quarter
/// second, so under steady load it costs nothing, and after a burst the process shrinks again.
enum MemoryReturn {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0

    static func whenIdle() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lock.withLock { () -> Bool in
            guard now &- last > 250_000_000 else { return false }
            last = now
            return true
        }
        if due { memory_return() }
    }
}

/// Hands the deadline made on the worker thread to a cancellation that may come from another one,
/// before or after the job starts.
private final class StartedDeadline: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: RenderDeadline?
    private var cancelled = false

    func set(_ deadline: RenderDeadline) {
        let cancelNow = lock.withLock { self.deadline = deadline; return cancelled }
        if cancelNow { deadline.cancel() }
    }

    func cancel() {
        let deadline = lock.withLock { cancelled = true; return self.deadline }
        deadline?.cancel()
    }
}
