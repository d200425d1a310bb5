import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for the round-trip benchmark: keep-alive, `Content-Length`
/// bodies, a thread per connection, `TCP_NODELAY`, and each response written with one `write`.
///
/// FlyingFox (the test suite's server when this was written) writes a response's head and body separately without
/// `TCP_NODELAY`, so Nagle's algorithm and the client's delayed ACK held every response with a body for
/// about 40 ms on Linux: the benchmark measured that timer, not the client. This server costs a few
/// microseconds per request, which leaves the client's own cost visible.
final class LoopbackServer: @unchecked Sendable {
    /// Answers one request: its method, its path without the query, its query (empty when none) and its body.
    typealias Handler = @Sendable (_ method: String, _ path: String, _ query: Substring, _ body: ArraySlice<UInt8>) -> (status: Int, body: Data)

    /// `http://127.0.0.1:PORT`.
    let origin: URL
    private let listener: Int32
    private let handler: Handler

    init(_ handler: @escaping Handler) throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        listener = fd
        origin = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var yes: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        func fill() -> Bool {
            let count = read(connection, &chunk, chunk.count)
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            // The head.
            var headEnd: Int?
            while headEnd == nil {
                if buffer.count >= 4 {
                    headEnd = (0...(buffer.count - 4)).first { buffer[$0..<($0 + 4)].elementsEqual(separator) }
                }
                if headEnd == nil, !fill() { return }
            }
            let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self)
            buffer.removeFirst(headEnd! + 4)
            let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
            let requestLine = lines[0].split(separator: " ")
            guard requestLine.count >= 2 else { return }
            var contentLength = 0
            var expectsContinue = false
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if name == "content-length" { contentLength = Int(value) ?? 0 }
                if name == "expect", value.lowercased() == "100-continue" { expectsContinue = true }
                precondition(name != "transfer-encoding", "chunked request bodies are not supported")
            }
            if expectsContinue { writeAll(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
            while buffer.count < contentLength {
                if !fill() { return }
            }
            let requestBody = buffer[0..<contentLength]
            buffer.removeFirst(contentLength)

            let target = requestLine[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let (status, body) = handler(String(requestLine[0]), String(target[0]), target.count > 1 ? target[1] : "", requestBody)
            var response = Array("HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            response.append(contentsOf: body)
            guard writeAll(connection, response) else { return }
        }
    }

    @discardableResult
    private func writeAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
