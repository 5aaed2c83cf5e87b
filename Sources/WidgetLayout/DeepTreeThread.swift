#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetModel

/// Layout recurses once or more per level of nesting. Swift concurrency's pool threads (where a
/// server or a test runs us) have small stacks, so a tree nested a few hundred levels deep would
/// overflow them. Deep trees are therefore laid out on a thread of our own with a stack sized for
/// the depth; ordinary widget trees (a few dozen levels) never pay for it.
enum DeepTreeThread {
    /// Nesting, in layers (a view and each of its modifiers), up to which the calling thread's
    /// stack is trusted: real widget trees stay well below it.
    static let shallowDepthLimit = 96

    /// Placing recurses through a few functions per layer; debug builds give them frames of up
    /// to ~20 KB. The memory is only reserved, pages are touched as the recursion goes.
    static func stackBytes(forDepth depth: Int) -> Int {
        min(1 << 30, (8 << 20) + min(depth, 1 << 20) * (32 << 10))
    }

    /// The view's nesting depth in layers, walked without recursion; stops counting past `limit`.
    static func depth(of root: ViewNode, limit: Int) -> Int {
        var pending: [(ViewNode, Int)] = [(root, 1 + root.modifiers.count)]
        var deepest = 0
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            if deepest > limit { return deepest }
            switch node.kind {
            case .vstack(_, _, let children), .hstack(_, _, let children), .zstack(_, let children), .viewThatFits(_, let children),
                 .custom(_, let children):
                for child in children { pending.append((child, depth + 1 + child.modifiers.count)) }
            default:
                break
            }
            for modifier in node.modifiers {
                switch modifier {
                case .background(let secondary, _), .overlay(let secondary, _):
                    pending.append((secondary, depth + 1 + secondary.modifiers.count))
                default:
                    break
                }
            }
        }
        return deepest
    }

    /// Runs `body` where the stack can hold a tree as deep as `node`.
    static func run<T>(for node: ViewNode, _ body: () -> T) -> T {
        guard depth(of: node, limit: shallowDepthLimit) > shallowDepthLimit else { return body() }
        let fullDepth = depth(of: node, limit: Int.max)
        return onThread(stackBytes: stackBytes(forDepth: fullDepth), body) ?? body()
    }

    /// The job handed to the thread; the caller waits for it, so nothing outlives the call.
    fileprivate final class Job<T>: @unchecked Sendable {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
    }

    /// nil when no thread could be started (the caller then runs `body` itself).
    private static func onThread<T>(stackBytes: Int, _ body: () -> T) -> T? {
        withoutActuallyEscaping(body) { body in
            let job = Job(body)
            let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
            var attributes = pthread_attr_t()
            guard pthread_attr_init(&attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            _ = pthread_attr_setstacksize(&attributes, stackBytes)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let started = pthread_create(&thread, &attributes, { context in
                #if canImport(Darwin)
                let context: UnsafeMutableRawPointer? = context
                #endif
                guard let context else { return nil }
                let job = Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue()
                (job as? RunnableJob)?.runJob()
                return nil
            }, context)
            guard started == 0 else {
                Unmanaged<AnyObject>.fromOpaque(context).release()
                return nil
            }
            #if canImport(Darwin)
            if let thread { pthread_join(thread, nil) }
            #else
            pthread_join(thread, nil)
            #endif
            Unmanaged<AnyObject>.fromOpaque(context).release()
            return job.result
        }
    }
}

/// Lets the C thread entry point run a job without knowing its result type.
private protocol RunnableJob: AnyObject {
    func runJob()
}

extension DeepTreeThread.Job: RunnableJob {
    func runJob() { result = body() }
}
