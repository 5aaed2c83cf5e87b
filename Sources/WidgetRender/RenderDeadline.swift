import Foundation
import WidgetModel

/// When a request's work must give up: a moment on the monotonic clock, or an explicit `cancel()`
/// from another thread (its client went away, or a server is shutting down). The stages check it
/// between steps and per node, and so do the loops that read, check and plan pushes; a stage that
/// finds it passed stops doing real work and returns quickly, and `WidgetRenderer` then throws
/// `RenderDeadlineExceeded` instead of encoding a half-drawn picture.
///
/// Create it when the work starts on its thread, so time spent waiting for a worker is not
/// counted.
public final class RenderDeadline: @unchecked Sendable {
    /// Seconds the render was given.
    public let seconds: Double
    private let limit: UInt64
    private let lock = NSLock()
    private var cancelled = false

    /// A deadline `seconds` from now (monotonic clock).
    public init(seconds: Double) {
        self.seconds = seconds
        let now = DispatchTime.now().uptimeNanoseconds
        // At most 10^9 s (31 years); NaN, negatives and ∞ mean "already passed" / clamp, never a trap.
        let span = CheckedNumber.int(seconds.isNaN ? 0 : min(seconds, 1e9) * 1e9, clampedTo: 0...1_000_000_000_000_000_000)
        self.limit = now &+ UInt64(span)
    }

    /// Makes `hasPassed` true at once, from any thread.
    public func cancel() { lock.withLock { cancelled = true } }

    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// Whether the render should stop: the time is up or it was cancelled.
    /// Nanoseconds until the deadline (0 once it has passed or the render was cancelled).
    public var remainingNanoseconds: UInt64 {
        let now = DispatchTime.now().uptimeNanoseconds
        return now >= limit || isCancelled ? 0 : limit - now
    }

    public var hasPassed: Bool {
        DispatchTime.now().uptimeNanoseconds >= limit || isCancelled
    }

    /// Throws once the time is up or the work was cancelled.
    public func check() throws(RenderDeadlineExceeded) {
        guard hasPassed else { return }
        throw RenderDeadlineExceeded(seconds: seconds, cancelled: isCancelled)
    }
}

/// A render that ran past its `RenderDeadline` (or was cancelled) and was stopped.
public struct RenderDeadlineExceeded: Error, CustomStringConvertible, Sendable {
    public var seconds: Double
    public var cancelled: Bool
    public init(seconds: Double, cancelled: Bool) { self.seconds = seconds; self.cancelled = cancelled }

    /// Only the HTTP server gives a render a deadline (its `ServerLimits.renderDeadline`, in
    /// WidgetServer), so the message names that knob.
    public var description: String {
        cancelled ? "the render was cancelled (its client went away, or the server is shutting down)"
            : "the render took longer than its deadline of \(seconds) s (ServerLimits.renderDeadline) and was stopped"
    }
}
