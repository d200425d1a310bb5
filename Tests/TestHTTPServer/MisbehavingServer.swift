import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw HTTP/1.1 server on 127.0.0.1 that misbehaves on purpose, as hostile networks and broken servers do:
/// it resets or cuts off a body, never answers, drips, redirects for ever, or sends what a test script says.
///
/// Each connection is served by a thread of its own with POSIX sockets, not on Swift's cooperative pool: a
/// test process runs hundreds of tests in parallel on as many cooperative threads as cores, and a server
/// there is starved, so a client's timeout would fire against a server that never got to run. The server
/// counts the connections it accepts (a retried request opens a new one) and those still open, so that a
/// test can await every connection's close: a client that leaked its socket or its task would keep one open.
public final class MisbehavingServer: @unchecked Sendable {
    /// A request as received: method, target (path and query) and lower-cased header names.
    public struct Request: Sendable {
        /// `GET`, `POST`, …
        public var method: String
        /// The request target: the path and its query, as sent.
        public var target: String
        /// Header values by lower-cased name.
        public var headers: [String: String]
        /// The body, read up to its `Content-Length`.
        public var body: Data
    }

    /// What the server does with one request.
    public enum Behaviour: Sendable {
        /// A well-formed response with `Content-Length`; the connection stays open for the next request unless
        /// `headers` say `Connection: close`.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// `302 Found` to `location`, with an empty body; the connection stays open.
        case redirect(to: String)
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
        /// `200` with a body of `byteCount` bytes made of ``largeBodyChunk(_:)``s, streamed without ever holding it whole.
        case large(byteCount: Int)
        /// Reads the request and never answers; the connection is held until the client closes it or the server stops.
        case hang
        /// A head declaring a body of a megabyte (under a client's limit on body size, which a larger length
        /// would fail at once), then a byte every `interval`, until the client closes the connection or the
        /// server stops.
        case drip(interval: Duration)
    }

    /// The bytes in one chunk of a ``Behaviour/large(byteCount:)`` body.
    public static let largeBodyChunkSize = 64 * 1024

    /// Chunk `index` of a ``Behaviour/large(byteCount:)`` body: its index in the first eight bytes (little
    /// endian), so that a lost, repeated or reordered chunk shows, then a repeating pattern.
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
    /// What to do with each request.
    private let script: @Sendable (Request) -> Behaviour
    /// Guards the state below, which the connections' threads and the tests share.
    private let lock = NSLock()
    /// Connections accepted so far.
    private var accepted = 0
    /// Requests received so far, in order.
    private var received: [Request] = []
    /// The sockets of connections not yet closed.
    private var open: Set<Int32> = []
    /// Whether ``stop()`` was called: no connection is accepted after it.
    private var stopped = false
    /// Callers of ``allConnectionsClosed()`` waiting for the last open connection to close.
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    /// Starts a server on a free port that answers each request as `script` says.
    public init(_ script: @escaping @Sendable (Request) -> Behaviour) throws {
        self.script = script
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

    /// Connections accepted so far: a retried request opens a new connection once the failed one is gone.
    public var connectionsAccepted: Int { lock.withLock { accepted } }

    /// Every request received so far, in order of arrival.
    public var requests: [Request] { lock.withLock { received } }

    /// Connections accepted and not yet closed by either side.
    public var openConnections: Int { lock.withLock { open.count } }

    /// Returns once no connection is open: each one the server accepted was closed by it (a fault it scripted)
    /// or by the client. A client that leaks a connection keeps this waiting, so call it under a time limit.
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
    public func stop() {
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

    /// Serves requests on `connection` until a behaviour ends it or the client closes it, then closes it.
    private func serve(_ connection: Int32) {
        var reader = RequestReader(connection: connection)
        var closeHow = Closing.orderly
        while let request = reader.next() {
            lock.withLock { received.append(request) }
            guard let next = respond(script(request), on: connection) else { break }
            closeHow = next
            if closeHow != .keepOpen { break }
        }
        if closeHow == .reset {
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

    /// How a connection ends after a response.
    private enum Closing {
        /// Kept open for the next request.
        case keepOpen
        /// Closed with FIN.
        case orderly
        /// Closed with RST.
        case reset
    }

    /// Carries `behaviour` out; returns how the connection goes on, or `nil` when the client is gone.
    private func respond(_ behaviour: Behaviour, on connection: Int32) -> Closing? {
        switch behaviour {
        case let .respond(status, headers, body):
            var head = "HTTP/1.1 \(status) Scripted\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            head += "Content-Length: \(body.count)\r\n\r\n"
            guard write(Array(head.utf8) + body, to: connection) else { return nil }
            return headers["Connection"]?.lowercased() == "close" ? .orderly : .keepOpen
        case let .redirect(location):
            return write(Array("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\n\r\n".utf8), to: connection) ? .keepOpen : nil
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
                send(connection, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
                #else
                send(connection, buffer.baseAddress, buffer.count, 0)
                #endif
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// Reads HTTP/1.1 requests from a connection: the head, then a body of `Content-Length` bytes.
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
    mutating func next() -> MisbehavingServer.Request? {
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        var searchFrom = 0
        while headEnd == nil {
            if buffer.count >= 4 {
                headEnd = (searchFrom...(buffer.count - 4)).first { buffer[$0..<($0 + 4)].elementsEqual(separator) }
                searchFrom = max(0, buffer.count - 3)
            }
            if headEnd == nil, !fill() { return nil }
        }
        let lines = String(decoding: buffer[0..<headEnd!], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        buffer.removeFirst(headEnd! + 4)
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue", !Self.writeContinue(connection) { return nil }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while buffer.count < length {
            if !fill() { return nil }
        }
        let body = Data(buffer[0..<length])
        buffer.removeFirst(length)
        return MisbehavingServer.Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
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
