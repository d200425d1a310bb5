#if CrudeServe
import Foundation
import ProcessRunner

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Requests sent at once over connections of their own, every connection open before the first answer is
/// read: what a server must take when many clients come together. URLSession cannot send them (it queues
/// requests behind a few connections per host), and a test process that pushed 500 requests through it
/// at once waited minutes on a busy machine.
enum ConcurrentConnections {
    /// Why a connection failed.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens `count` connections to `url`'s port on 127.0.0.1, sends `method` `url` with the JSON `body` on
    /// each, then reads every answer; the statuses, in the connections' order.
    static func send(_ count: Int, _ method: String, _ url: URL, body: Data) async throws -> [Int] {
        // No program starts while the connections are open (`withLaunchesHeld`).
        try await Subprocess.offCooperativePool {
            try Subprocess.withLaunchesHeld { try exchange(count, method, url, body: body) }
        }
    }

    /// ``send(_:_:_:body:)`` on the calling thread.
    private static func exchange(_ count: Int, _ method: String, _ url: URL, body: Data) throws -> [Int] {
        guard let port = url.port.flatMap(UInt16.init(exactly:)) else { throw Failure(description: "\(url) names no port") }
        var request = Data(
            "\(method) \(url.path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        request.append(body)
        var sockets: [Int32] = []
        defer {
            for socket in sockets { close(socket) }
        }
        for _ in 0..<count {
            let socket = try connection(to: port)
            sockets.append(socket)
            try writeAll(request, to: socket)
        }
        return try sockets.map(status(of:))
    }

    /// A connected socket to 127.0.0.1:`port`, whose reads give up after 600 s: a safety net, not a signal.
    private static func connection(to port: UInt16) throws -> Int32 {
        #if canImport(Glibc)
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socket = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var timeout = timeval(tv_sec: 600, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0, errno == EINTR {
            // Interrupted by a signal (a child process of another test ending), the connection goes on: wait
            // until the socket is writable, then read how it went.
            var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            while poll(&descriptor, 1, -1) < 0, errno == EINTR {}
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
            result = failure == 0 ? 0 : -1
            if failure != 0 { errno = failure }
        }
        guard result == 0 else {
            close(socket)
            throw Failure(description: "connect() failed: errno \(errno)")
        }
        return socket
    }

    /// Writes all of `data` to `socket`.
    private static func writeAll(_ data: Data, to socket: Int32) throws {
        var offset = 0
        while offset < data.count {
            let written = data[offset...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Failure(description: "write() failed: errno \(errno)") }
            offset += written
        }
    }

    /// The status of the one answer `socket` receives: read up to the end of its body, as its
    /// `Content-Length` gives it.
    private static func status(of socket: Int32) throws -> Int {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = received.range(of: separator) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let length =
                    lines.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count - end.upperBound >= length {
                    guard let status = lines[0].split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
                        throw Failure(description: "no status line: \(lines[0])")
                    }
                    return status
                }
            }
            let count = read(socket, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "the connection ended before its answer: errno \(errno), \(received.count) bytes") }
            received.append(contentsOf: buffer[..<count])
        }
    }
}
#endif
