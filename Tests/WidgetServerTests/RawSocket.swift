import Foundation
#if canImport(Glibc)
import Glibc
#endif
import WidgetShot

/// A plain TCP connection to 127.0.0.1, for what URLSession will not send: malformed requests,
/// headers a byte at a time, connections that say nothing. Every call blocks, so the tests run
/// them on a thread of their own (`onThread`), never on Swift's small cooperative pool, which the
/// server under test needs.
final class RawSocket: @unchecked Sendable {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw TestFailure("connect() failed: errno \(errno)")
        }
    }

    private var isOpen = true

    deinit { closeNow() }

    func closeNow() {
        if isOpen { close(fd) }
        isOpen = false
    }

    /// False once the peer has closed or reset the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Everything until the peer closes, or until `seconds` pass; `closed` says which.
    func readUntilClosed(seconds: Double) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            guard waitReadable(seconds: end.timeIntervalSinceNow) else { break }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return (bytes, true) }
            bytes += buffer[0..<n]
        }
        return (bytes, false)
    }

    /// One whole response (its head and Content-Length bytes of body), waiting at most `seconds`
    /// for it; then at most `settle` seconds more for the peer to close. `closed` says whether it did.
    /// (Waiting for the response and for the close apart: under load an answer may take seconds,
    /// while "the connection stays open" can only be watched for a short while.)
    func readResponse(seconds: Double, settle: Double) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, !Self.isComplete(bytes) {
            guard waitReadable(seconds: end.timeIntervalSinceNow) else { break }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return (bytes, true) }
            bytes += buffer[0..<n]
        }
        let rest = readUntilClosed(seconds: settle)
        return (bytes + rest.bytes, rest.closed)
    }

    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let response = RawResponse(bytes) else { return false }
        let length = response.headers["content-length"].flatMap { Int($0) } ?? 0
        return response.body.count >= length
    }

    /// Whether there is something to read (or the peer closed) within `seconds`.
    func waitReadable(seconds: Double) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(max(0, seconds) * 1000)) > 0
    }
}

/// One HTTP/1.1 response read off a raw socket.
struct RawResponse: CustomStringConvertible {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    init?(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return nil }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let statusLine = lines.first?.split(separator: " ") ?? []
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        self.status = status
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = Array(text[split.upperBound...].utf8)
    }

    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
    var description: String { "\(status) \(headers) \(String(decoding: body, as: UTF8.self))" }
}

/// Runs blocking work on a new thread and waits for it without holding a cooperative thread.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
