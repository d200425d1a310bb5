import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 inside the test process, answering with a closure the test sets and
/// recording every request it receives; it can also misbehave on purpose, as hostile networks and broken
/// servers do (see ``Reply``).
///
/// Each connection is served by a thread of its own with POSIX sockets, never on Swift's cooperative pool.
/// The suite runs hundreds of tests at once on as many cooperative threads as there are cores, and a server
/// answering from that pool (FlyingFox's, before this one: its connection and request tasks are unstructured,
/// so no executor preference keeps them off the pool) waited behind them: on a loaded two-core machine, 86
/// requests timed out after 30 s against servers that never got to run.
public final class TestServer: @unchecked Sendable {
    /// A request as the server received it.
    public struct Received: Sendable {
        /// `GET`, `POST`, …
        public var method: String
        /// The percent-encoded path, exactly as sent.
        public var path: String
        /// The percent-encoded query string, without its `?`.
        public var query: String
        /// Header values by lower-cased name.
        public var headers: [String: String]
        /// The body, as sent with `Content-Length` or in chunks.
        public var body: Data

        /// The body parsed as JSON.
        public var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
        /// The body parsed as a JSON object.
        public var jsonObject: [String: Any]? { json as? [String: Any] }
    }

    /// What the server does with one request: a well-formed response, or a fault.
    public enum Reply: Sendable {
        /// A response with `Content-Length`; the connection stays open for the next request unless `headers`
        /// say `Connection: close`. There is no reason phrase, as HTTP/2 has none: what a client reports must
        /// not depend on it.
        case respond(status: Int, headers: [String: String], body: Data)
        /// A head declaring `declaredLength` bytes, `sentLength` of them, then a reset (`SO_LINGER` 0 and close:
        /// the peer reads `ECONNRESET`, not an orderly end).
        case resetMidBody(declaredLength: Int, sentLength: Int)
        /// A head declaring `declaredLength` bytes, `sentLength` of them, then an orderly close: a truncated body.
        case truncate(declaredLength: Int, sentLength: Int)
        /// `Transfer-Encoding: chunked`, `body` in chunks of `chunkSize` bytes and the last chunk; the connection
        /// stays open.
        case chunked(body: Data, chunkSize: Int)
        /// `Transfer-Encoding: chunked` with a chunk declaring more bytes than are sent, then an orderly close.
        case chunkedCutMidChunk
        /// `200` with a body of `byteCount` bytes made of ``largeBodyChunk(_:)``s, streamed without ever holding
        /// it whole.
        case large(byteCount: Int)
        /// Reads the request and never answers; the connection is held until the client closes it or the server
        /// stops. Only a client's timeout or cancel can end such a request, whatever the machine's load.
        case hang
        /// A head declaring a body of a megabyte (under a client's limit on body size, which a larger length
        /// would fail at once), then a byte every `interval`, until the client closes the connection or the
        /// server stops.
        case drip(interval: Duration)

        /// A well-formed response.
        public init(status: Int, headers: [String: String], body: Data) {
            self = .respond(status: status, headers: headers, body: body)
        }

        /// A JSON response of `text`.
        public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            Reply(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Data(text.utf8))
        }

        /// A response without a body.
        public static func empty(status: Int = 204) -> Reply {
            Reply(status: status, headers: [:], body: Data())
        }

        /// `302 Found` to `location`, with an empty body.
        public static func redirect(to location: String) -> Reply {
            Reply(status: 302, headers: ["Location": location], body: Data())
        }
    }

    /// Answers a request; called on the connection's own thread, so it may block (on a ``Signal``, say).
    public typealias Handler = @Sendable (Received) -> Reply

    /// The bytes in one chunk of a ``Reply/large(byteCount:)`` body.
    public static let largeBodyChunkSize = 64 * 1024

    /// Chunk `index` of a ``Reply/large(byteCount:)`` body: its index in the first eight bytes (little endian),
    /// so that a lost, repeated or reordered chunk shows, then a repeating pattern.
    public static func largeBodyChunk(_ index: Int) -> [UInt8] {
        var chunk = largeBodyPattern
        withUnsafeBytes(of: UInt64(index).littleEndian) { chunk.replaceSubrange(0..<8, with: $0) }
        return chunk
    }

    /// What every chunk of a large body repeats after its index, made once: a debug build makes it slowly.
    private static let largeBodyPattern = (0..<largeBodyChunkSize).map { UInt8(truncatingIfNeeded: $0 &* 31) }

    /// `http://127.0.0.1:PORT`.
    public let origin: URL
    /// The listening socket.
    private let listener: Int32
    /// Guards the state below, which the connections' threads and the tests share.
    private let lock = NSLock()
    /// What answers each request.
    private var handler: Handler
    /// Connections accepted so far.
    private var accepted = 0
    /// Requests received so far, in order.
    private var receivedRequests: [Received] = []
    /// The sockets of connections not yet closed.
    private var open: Set<Int32> = []
    /// Whether ``stop()`` was called: no connection is accepted after it.
    private var stopped = false
    /// Callers of ``allConnectionsClosed()`` waiting for the last open connection to close.
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    /// Starts a server on a free port that answers with `handler`.
    public init(_ handler: @escaping Handler) async throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 128) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        origin = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        Thread { [self] in acceptLoop() }.start()
    }

    /// Every request received so far, oldest first.
    public var received: [Received] { lock.withLock { receivedRequests } }

    /// Connections accepted so far: a retried request opens a new connection once the failed one is gone.
    public var connectionsAccepted: Int { lock.withLock { accepted } }

    /// Connections accepted and not yet closed by either side.
    public var openConnections: Int { lock.withLock { open.count } }

    /// Replaces the handler.
    public func respond(_ handler: @escaping Handler) {
        lock.withLock { self.handler = handler }
    }

    /// Returns once no connection is open: each one the server accepted was closed by it (a fault it replied
    /// with) or by the client. A client that leaks a connection keeps this waiting, so call it under a time
    /// limit.
    public func allConnectionsClosed() async {
        await withCheckedContinuation { continuation in
            let done = lock.withLock {
                if open.isEmpty { return true }
                closeWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Stops accepting and releases every connection still held (a hanging or dripping one included).
    public func stop() async {
        lock.withLock {
            stopped = true
            // Shutting a socket down wakes its thread from `read`; the thread closes it. Under the lock, because a
            // connection's thread closes it under the lock too: its number cannot be another socket's by now.
            for connection in open { shutdown(connection, Int32(SHUT_RDWR)) }
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Whether ``stop()`` was called, for a dripping connection to end.
    private var isStopped: Bool { lock.withLock { stopped } }

    /// Accepts connections and starts a thread for each, until the listening socket is closed.
    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            var yes: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            // Writing to a socket the client closed must fail, not raise SIGPIPE and end the test process.
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let admitted = lock.withLock {
                guard !stopped else { return false }
                accepted += 1
                open.insert(connection)
                return true
            }
            guard admitted else {
                close(connection)
                continue
            }
            Thread { [self] in serve(connection) }.start()
        }
    }

    /// Serves requests on `connection` until a reply ends it or the client closes it, then closes it.
    private func serve(_ connection: Int32) {
        var reader = RequestReader(connection: connection)
        var closing = Closing.orderly
        while let request = reader.next() {
            let handler = lock.withLock {
                receivedRequests.append(request)
                return self.handler
            }
            guard let next = send(handler(request), on: connection) else { break }
            closing = next
            if closing != .keepOpen { break }
        }
        if closing == .reset {
            // Closing with a zero linger time sends RST instead of FIN.
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }
        let waiters = lock.withLock {
            close(connection)
            open.remove(connection)
            guard open.isEmpty else { return [CheckedContinuation<Void, Never>]() }
            defer { closeWaiters = [] }
            return closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// How a connection ends after a reply.
    private enum Closing {
        /// Kept open for the next request.
        case keepOpen
        /// Closed with FIN.
        case orderly
        /// Closed with RST.
        case reset
    }

    /// Carries `reply` out; returns how the connection goes on, or `nil` when the client is gone.
    private func send(_ reply: Reply, on connection: Int32) -> Closing? {
        switch reply {
        case let .respond(status, headers, body):
            var head = "HTTP/1.1 \(status) \r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(body.count)\r\n\r\n"
            guard write(Array(head.utf8) + body, to: connection) else { return nil }
            return headers.contains { $0.key.lowercased() == "connection" && $0.value.lowercased() == "close" } ? .orderly : .keepOpen
        case let .resetMidBody(declared, sent):
            return write(Self.partialResponse(declared: declared, sent: sent), to: connection) ? .reset : nil
        case let .truncate(declared, sent):
            return write(Self.partialResponse(declared: declared, sent: sent), to: connection) ? .orderly : nil
        case let .chunked(body, chunkSize):
            var bytes = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            var offset = 0
            while offset < body.count {
                let chunk = body[(body.startIndex + offset)..<(body.startIndex + min(offset + chunkSize, body.count))]
                bytes += Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8)
                offset += chunk.count
            }
            bytes += Array("0\r\n\r\n".utf8)
            return write(bytes, to: connection) ? .keepOpen : nil
        case .chunkedCutMidChunk:
            let bytes = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n[1,2,3,4\r\n100\r\n[5,6"
            return write(Array(bytes.utf8), to: connection) ? .orderly : nil
        case let .large(byteCount):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(byteCount)\r\n\r\n"
            guard write(Array(head.utf8), to: connection) else { return nil }
            var index = 0
            while index * Self.largeBodyChunkSize < byteCount {
                let chunk = Self.largeBodyChunk(index)
                guard write(Array(chunk.prefix(byteCount - index * Self.largeBodyChunkSize)), to: connection) else { return nil }
                index += 1
            }
            return .keepOpen
        case .hang:
            // A read returns when the client closes the connection (0) or the server stops (shutdown).
            var scratch = [UInt8](repeating: 0, count: 4096)
            while read(connection, &scratch, scratch.count) > 0 {}
            return nil
        case let .drip(interval):
            guard write(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n".utf8), to: connection) else {
                return nil
            }
            let (seconds, attoseconds) = interval.components
            let microseconds = useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
            // A closed client shows as a failed write (the first after its close may still succeed).
            while !isStopped, write([UInt8(ascii: " ")], to: connection) {
                usleep(microseconds)
            }
            return nil
        }
    }

    /// A head declaring `declared` bytes of JSON, and the first `sent` of them.
    private static func partialResponse(declared: Int, sent: Int) -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(declared)\r\n\r\n".utf8)
            + Array(repeating: UInt8(ascii: " "), count: sent)
    }

    /// Writes all of `bytes`; false when the client is gone.
    private func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(connection, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// Reads HTTP/1.1 requests from a connection: the head, then a body of `Content-Length` bytes or in chunks.
private struct RequestReader {
    /// The connection's socket.
    let connection: Int32
    /// Bytes read and not yet part of a request.
    private var buffer: [UInt8] = []

    /// A reader of the requests arriving on `connection`.
    init(connection: Int32) {
        self.connection = connection
    }

    /// The next request, or `nil` once the client closed the connection or sent something else than HTTP.
    mutating func next() -> TestServer.Received? {
        guard let head = line(until: "\r\n\r\n") else { return nil }
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        if headers["expect"]?.lowercased() == "100-continue", !Self.writeContinue(connection) { return nil }
        let body: Data
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let chunks = chunkedBody() else { return nil }
            body = chunks
        } else {
            guard let bytes = take(headers["content-length"].flatMap { Int($0) } ?? 0) else { return nil }
            body = bytes
        }
        let target = requestLine[1]
        let question = target.firstIndex(of: "?")
        return TestServer.Received(
            method: String(requestLine[0]),
            path: String(target[..<(question ?? target.endIndex)]),
            query: question.map { String(target[target.index(after: $0)...]) } ?? "",
            headers: headers,
            body: body
        )
    }

    /// A body sent with `Transfer-Encoding: chunked`, its chunks joined; `nil` when the connection ends first.
    private mutating func chunkedBody() -> Data? {
        var body = Data()
        while true {
            guard let sizeLine = line(until: "\r\n"),
                let size = Int(sizeLine.split(separator: ";")[0].trimmingCharacters(in: .whitespaces), radix: 16)
            else { return nil }
            if size == 0 {
                // Trailer fields, if any, end with an empty line.
                while let trailer = line(until: "\r\n"), !trailer.isEmpty {}
                return body
            }
            guard let chunk = take(size), line(until: "\r\n") != nil else { return nil }
            body += chunk
        }
    }

    /// The text before the next `separator`, which is consumed; `nil` when the connection ends first.
    private mutating func line(until separator: String) -> String? {
        let separator = Array(separator.utf8)
        var searchFrom = 0
        while true {
            if buffer.count >= separator.count,
                let end = (searchFrom...(buffer.count - separator.count)).first(where: {
                    buffer[$0..<($0 + separator.count)].elementsEqual(separator)
                })
            {
                let text = String(decoding: buffer[0..<end], as: UTF8.self)
                buffer.removeFirst(end + separator.count)
                return text
            }
            searchFrom = max(0, buffer.count - separator.count + 1)
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes; `nil` when the connection ends first.
    private mutating func take(_ count: Int) -> Data? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        defer { buffer.removeFirst(count) }
        return Data(buffer[0..<count])
    }

    /// Reads what has arrived into the buffer; false once the connection is closed or shut down.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(connection, &chunk, chunk.count)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Tells a client waiting with `Expect: 100-continue` to send its body; false when it is gone.
    private static func writeContinue(_ connection: Int32) -> Bool {
        let bytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        return bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) == $0.count }
    }
}

/// A lock-protected value (the standard library's `Mutex` needs macOS 15).
public final class Mutex<Value>: @unchecked Sendable {
    /// The value the lock protects.
    private var value: Value
    /// The lock.
    private let lock = NSLock()

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
