import Foundation
import Logging
import Synchronization
#if canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#elseif canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#endif

/// The server's default log handler: the lines swift-log's `StreamLogHandler` writes to standard
/// error (`2026-11-22T12:27:00+0900 info widgetshot.server: k=v … [WidgetServer] message`, the
/// metadata sorted by key), made for a line per request at 20,000 requests a second.
/// `StreamLogHandler` calls `localtime` and `strftime` and writes with a `write` system call for
/// every line (and glibc's `localtime` looks at /etc/localtime each time); this handler formats
/// the time once per second and collects lines in memory, written out together:
///
/// - at least every `flushInterval` (100 ms) by a thread of its own, started with the first line;
/// - at once when the lines held reach `flushBytes` (64 KB), and for every line at `warning` or
///   above (an error is on the terminal when it happens);
/// - by `flush()`, which `RenderServer.run` calls when it stops.
///
/// So a process killed with SIGKILL can lose the last 100 ms of its access log; SIGTERM and
/// SIGINT lose nothing. An application embedding RenderServer passes its own Logger instead.
public struct BufferedLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata = Logger.Metadata()
    private let label: String
    private let sink: LogSink

    public static func standardError(label: String) -> BufferedLogHandler {
        BufferedLogHandler(label: label, sink: .standardError)
    }

    init(label: String, sink: LogSink) {
        self.label = label
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let explicit = event.metadata, !explicit.isEmpty {
            all.merge(explicit) { _, new in new }
        }
        if let error = event.error {
            all["error.message"] = .string("\(error)")
            all["error.type"] = .string(String(reflecting: type(of: error)))
        }
        var line = sink.clock.timestamp()
        line += " "
        line += event.level.rawValue
        if !label.isEmpty {
            line += " "
            line += label
        }
        line += ":"
        for (key, value) in all.sorted(by: { $0.key < $1.key }) {
            line += " "
            line += key
            line += "="
            line += Self.text(value)
        }
        line += " ["
        line += event.source
        line += "] "
        line += event.message.description
        line += "\n"
        sink.append(line, urgent: event.level >= .warning)
    }

    /// A metadata value as `StreamLogHandler` prints it (`description`), strings without a copy.
    static func text(_ value: Logger.MetadataValue) -> String {
        if case .string(let s) = value { return s }
        return value.description
    }

    /// Writes what is held now.
    public static func flushStandardError() { LogSink.standardError.flush() }
}

/// Lines waiting to be written to a file descriptor, and the thread that writes them out.
final class LogSink: Sendable {
    static let standardError = LogSink(fileDescriptor: 2)

    /// Seconds between the flusher's writes.
    static let flushInterval = 0.1
    static let flushBytes = 64 * 1024

    let fileDescriptor: Int32
    let clock = SecondClock()
    private let pending = Mutex<[UInt8]>([])
    private let flusherStarted = Atomic<Bool>(false)

    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    func append(_ line: String, urgent: Bool) {
        startFlusher()
        pending.withLock { bytes in
            bytes.append(contentsOf: line.utf8)
            // Written while the lock is held, so lines leave in the order they came.
            if urgent || bytes.count >= Self.flushBytes { write(&bytes) }
        }
    }

    func flush() { pending.withLock { write(&$0) } }

    private func write(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    private func startFlusher() {
        guard !flusherStarted.load(ordering: .relaxed),
              flusherStarted.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        // Holds the sink weakly: the thread ends once nothing else uses it.
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: LogSink.flushInterval)
                guard let self else { return }
                self.flush()
            }
        }
        thread.name = "widgetshot-log"
        thread.start()
    }
}

/// `2026-11-22T12:27:00+0900` (local time, as StreamLogHandler writes it), formatted once per second.
final class SecondClock: Sendable {
    private let cached = Mutex<(second: Int, text: String)>((-1, ""))

    func timestamp() -> String {
        let now = time(nil)
        if let text = cached.withLock({ $0.second == now ? $0.text : nil }) { return text }
        var t = now
        var parts = tm()
        localtime_r(&t, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        cached.withLock { $0 = (now, text) }
        return text
    }
}
