import FixtureCorners
import Foundation
import ProcessRunner
import TestHTTPServer
import Testing

@testable import CrudeRuntime

/// Form and multipart bodies of Fixtures/corners/spec.yaml (`login`, `uploadAvatar`) as a real HTTP server
/// receives them, byte for byte: percent-encoding, repeated array fields, file parts from memory and from
/// disk, and names that try to break the multipart framing.
@Suite struct FormBodyTests {
    static func client(_ server: TestServer) -> APIClient {
        APIClient(configuration: Corners.configuration(baseURL: server.origin.appendingPathComponent("v1")))
    }

    /// The boundary a request's `multipart/form-data` Content-Type announces.
    static func boundary(of received: TestServer.Received) throws -> String {
        let contentType = try #require(received.headers["content-type"])
        let prefix = "multipart/form-data; boundary="
        try #require(contentType.hasPrefix(prefix), "Content-Type is \(contentType)")
        return String(contentType.dropFirst(prefix.count))
    }

    /// The temporary files multipart bodies were streamed from that are still on disk.
    static func leftUploads() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path).filter { $0.hasPrefix("crudegen-upload-") }
    }

    @Test func aFormBodyIsPercentEncodedWithArraysRepeatedAndNilsLeftOut() async throws {
        let server = try await TestServer { _ in .json(#"{"access_token": "t0k", "token_type": "bearer"}"#) }
        defer { Task { await server.stop() } }
        let token = try await Corners.login(
            grantType: "password", username: "ada lovelace+1@example.com", password: "p&ss=wörd%", clientId: nil,
            channels: [.urlSession, .inProgress], expiresAt: Date(timeIntervalSince1970: 1_700_000_000), on: Self.client(server))
        #expect(token.accessToken == "t0k")
        let received = try #require(server.received.last)
        #expect(received.method == "POST")
        #expect(received.path == "/v1/token")
        #expect(received.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: received.body, as: UTF8.self)
                == "grant_type=password&username=ada%20lovelace%2B1%40example.com&password=p%26ss%3Dw%C3%B6rd%25"
                + "&channels=URLSession&channels=in-progress&expires_at=1700000000")
    }

    @Test func multipartPartsCarryNamesFileNamesContentTypesAndBytes() async throws {
        let server = try await TestServer { _ in .empty() }
        defer { Task { await server.stop() } }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
        try await Corners.uploadAvatar(
            user: 7, file: FileUpload(data: png, fileName: "ada.PNG"), caption: "Ada\r\nLovelace",
            thumbnails: [FileUpload(data: Data("small".utf8), fileName: "s")],
            rating: 4.5, on: Self.client(server))
        let received = try #require(server.received.last)
        #expect(received.path == "/v1/users/7/avatar")
        let boundary = try Self.boundary(of: received)
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"ada.PNG\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        expected += png
        expected += Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nAda\r\nLovelace\r\n".utf8)
        expected += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"thumbnails\"; filename=\"s\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        expected += Data("small\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"rating\"\r\n\r\n4.5\r\n--\(boundary)--\r\n".utf8)
        #expect(received.body == expected)
    }

    /// A file name with quotes, CR and LF cannot close its parameter or add a header; non-ASCII text is
    /// sent as UTF-8, as browsers send it.
    @Test func hostileFileNamesAndContentTypesCannotBreakTheFraming() async throws {
        let server = try await TestServer { _ in .empty() }
        defer { Task { await server.stop() } }
        let name = "évil\".png\r\nContent-Type: text/html\r\n\r\n<script>"
        try await Corners.uploadAvatar(
            user: 1, file: FileUpload(data: Data("x".utf8), fileName: name, contentType: "image/png"), caption: "", on: Self.client(server))
        let received = try #require(server.received.last)
        let boundary = try Self.boundary(of: received)
        let head =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"évil%22.png%0D%0AContent-Type: text/html%0D%0A%0D%0A<script>\"\r\n"
        #expect(String(decoding: received.body, as: UTF8.self).hasPrefix(head + "Content-Type: image/png\r\n\r\nx\r\n"))

        let injected = FileUpload(data: Data(), fileName: "a", contentType: "text/plain\r\nX-Injected: 1")
        await #expect(throws: APIError.self) { try await Corners.uploadAvatar(user: 1, file: injected, caption: "", on: Self.client(server)) }
        #expect(server.received.count == 1, "a content type that is no header value is never sent")
        #expect(MultipartBody.escaped("a\"b\rc\nd") == "a%22b%0Dc%0Ad")
    }

    /// A file on disk goes through a temporary file the transport uploads from, removed afterwards.
    @Test func aFileOnDiskIsStreamedAndItsTemporaryBodyRemoved() async throws {
        let server = try await TestServer { _ in .empty() }
        defer { Task { await server.stop() } }
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-form-test-\(UUID().uuidString).jpg")
        let bytes = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        try bytes.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let before = try Self.leftUploads()
        try await Corners.uploadAvatar(user: 2, file: FileUpload(contentsOf: source), caption: "big", on: Self.client(server))
        let received = try #require(server.received.last)
        let boundary = try Self.boundary(of: received)
        var expected = Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(source.lastPathComponent)\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        expected += bytes
        expected += Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nbig\r\n--\(boundary)--\r\n".utf8)
        #expect(received.body == expected)
        #expect(try Self.leftUploads() == before, "the temporary body is removed after the request")

        // Removed when the request fails, too.
        let failing = try await TestServer { _ in .json(#"{"detail": "no"}"#, status: 500) }
        defer { Task { await failing.stop() } }
        await #expect(throws: APIError.self) {
            try await Corners.uploadAvatar(user: 2, file: FileUpload(contentsOf: source), caption: "", on: Self.client(failing))
        }
        #expect(try Self.leftUploads() == before)
    }

    /// A boundary found in a part, in memory or across the chunks of a file on disk, is replaced.
    @Test func aBoundaryFoundInTheContentIsReplaced() throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-form-test-\(UUID().uuidString)")
        try Data("0123456789-first-boundary-0123".utf8).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        for value in [
            FormField.Value.text("a first-boundary b"), .file(FileUpload(data: Data("first-boundary".utf8), fileName: "f")),
            .file(FileUpload(contentsOf: source)),
        ] {
            var candidates = ["first-boundary", "second"].makeIterator()
            var body = MultipartBody(makeBoundary: { candidates.next()! })
            body.chunkSize = 16  // `first-boundary` straddles the first two chunks of the file
            let encoded = try body.encode([FormField(name: "part", value: value)])
            #expect(encoded.contentType == "multipart/form-data; boundary=second")
            if case .temporaryFile(let file) = encoded.content { try FileManager.default.removeItem(at: file) }
        }
    }

    /// `Data` is written as base64, as JSON writes it, rather than as Foundation's array of bytes.
    @Test func dataInAFormIsBase64() async throws {
        let transport = InMemoryTransport(json: "{}")
        let client = APIClient(configuration: Corners.configuration(), transport: transport)
        _ = try await client.send(OperationRequest(resource: "R", operation: "o", method: .post, path: "x", body: RequestBody(form: ["d": Data([1, 2, 255])])))
        #expect(transport.requests.last?.body == Data("d=AQL%2F".utf8))
    }

    @Test func whatAFormCannotCarryIsAnEncodingError() async throws {
        struct Nested: Encodable, Sendable { var inner = ["a": 1] }
        let transport = InMemoryTransport(json: "{}")
        let client = APIClient(configuration: Corners.configuration(), transport: transport)
        let nested = OperationRequest(resource: "R", operation: "o", method: .post, path: "x", body: RequestBody(form: Nested()))
        await #expect {
            _ = try await client.send(nested)
        } throws: { error in
            guard case let APIError.encoding(description) = error else { return false }
            return description.contains("`inner`") && description.contains("not an object")
        }
        let file = FileUpload(data: Data(), fileName: "a.txt")
        let formFile = OperationRequest(resource: "R", operation: "o", method: .post, path: "x", body: RequestBody(form: ["f": file]))
        await #expect(throws: APIError.self) { _ = try await client.send(formFile) }
        let jsonFile = OperationRequest(resource: "R", operation: "o", method: .post, path: "x", body: RequestBody(["f": file]))
        await #expect {
            _ = try await client.send(jsonFile)
        } throws: { error in
            guard case let APIError.encoding(description) = error else { return false }
            return description.contains("multipart/form-data")
        }
        #expect(transport.requests.isEmpty)
        #expect(file.contentType == "text/plain")
    }
}

/// The memory a large upload from disk takes, measured when `CRUDEGEN_UPLOAD_MEMORY_MB` gives its size
/// (`Scripts/upload-memory.sh` runs it with 50 MB): the body must be streamed, not loaded. Linux only, where
/// the process's peak resident size can be reset (`/proc/self/clear_refs`) and read (`VmHWM`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CRUDEGEN_UPLOAD_MEMORY_MB"] != nil))
struct UploadMemoryTests {
    /// A server in another process that reads each body in chunks and answers with its size, so that the
    /// test process holds no copy of the upload.
    static let drainingServer = #"""
        import http.server, os, sys, threading
        # Python may run under a launcher that terminating does not reach: exit when the test closes stdin.
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        class Drain(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def do_POST(self):
                size = 0
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    while True:
                        length = int(self.rfile.readline().strip().split(b";")[0], 16)
                        if length == 0:
                            self.rfile.readline()
                            break
                        left = length
                        while left:
                            left -= len(self.rfile.read(min(left, 1 << 20)))
                        self.rfile.readline()
                        size += length
                else:
                    left = int(self.headers["Content-Length"])
                    size = left
                    while left:
                        left -= len(self.rfile.read(min(left, 1 << 20)))
                self.send_response(204)
                self.send_header("X-Received-Bytes", str(size))
                self.end_headers()
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Drain)
        print(server.server_port, flush=True)
        server.serve_forever()
        """#

    /// A value of `/proc/self/status` in kB, such as `VmHWM`.
    static func status(_ key: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(key + ":") })
        return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
    }

    @Test func aLargeFileIsUploadedWithoutBeingLoaded() async throws {
        #if os(Linux)
        let megabytes = Int(ProcessInfo.processInfo.environment["CRUDEGEN_UPLOAD_MEMORY_MB"] ?? "") ?? 50
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-upload-memory-\(UUID().uuidString).bin")
        try #require(FileManager.default.createFile(atPath: source.path, contents: nil))
        let writer = try FileHandle(forWritingTo: source)
        for index in 0..<megabytes { try writer.write(contentsOf: Data(repeating: UInt8(index % 251), count: 1 << 20)) }
        try writer.close()
        defer { try? FileManager.default.removeItem(at: source) }

        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", Self.drainingServer]
        let output = Pipe()
        python.standardOutput = output
        python.standardError = FileHandle.nullDevice
        let lifeline = Pipe()
        python.standardInput = lifeline
        try Subprocess.launch(python)
        defer { try? lifeline.fileHandleForWriting.close() }
        let announcement = try await Subprocess.offCooperativePool { [output] in output.fileHandleForReading.availableData }
        let port = try #require(Int(String(decoding: announcement, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let client = APIClient(configuration: Corners.configuration(baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!))

        // A first, small upload brings URLSession and its threads to their working size.
        try await Corners.uploadAvatar(user: 1, file: FileUpload(data: Data(count: 1 << 16), fileName: "warm.bin"), caption: "", on: client)
        let baseline = try Self.status("VmRSS")
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)  // resets VmHWM to the current size
        let operation = Corners.uploadAvatarOperation(user: 1, file: FileUpload(contentsOf: source), caption: "big")
        let response = try await operation.response(on: client)
        let peak = try Self.status("VmHWM")
        let received = try #require(response.response.headerFields[.init("X-Received-Bytes")!].flatMap { Int($0) })
        #expect(received > megabytes << 20, "the whole file arrived")
        let grown = Double(peak - baseline) / 1024
        print(
            "upload of \(megabytes) MB: peak resident size \(grown.formatted(.number.precision(.fractionLength(1)))) MB above the baseline of \(baseline / 1024) MB"
        )
        #expect(grown < Double(megabytes) / 4, "the peak grew by \(grown) MB")
        #endif
    }
}
