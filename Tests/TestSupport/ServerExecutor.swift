import Dispatch
import Foundation

/// Where the in-process test servers run their connections and route handlers: threads of their
/// own, not Swift's cooperative pool. In one parallel `swift test` the pool (one thread per core)
/// has hundreds of test bodies queued on it; a server's handler that queued behind them waited a
/// minute and its client timed out. A deployed server owns its process's pool; a test server gets
/// this instead. Start the server's run task with `Task(executorPreference: ServerExecutor.shared)`:
/// the tasks Hummingbird makes per connection are its children and inherit the preference.
public final class ServerExecutor: TaskExecutor, @unchecked Sendable {
    public static let shared = ServerExecutor()

    /// A concurrent queue of our own: libdispatch gives it threads apart from the cooperative pool.
    private let queue = DispatchQueue(label: "widgetshot.test-server", attributes: .concurrent)

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
