@testable import CrudeRuntime
import FixtureCorners
import Foundation
import TestHTTPServer
import Testing

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
            user: 7, file: FileUpload(data: png, fileName: "ada.PNG"), caption: "Ada\r\nLovelace", thumbnails: [FileUpload(data: Data("small".utf8), fileName: "s")],
            rating: 4.5, on: Self.client(server))
        let received = try #require(server.received.last)
        #expect(received.path == "/v1/users/7/avatar")
        let boundary = try Self.boundary(of: received)
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"ada.PNG\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        expected += png
        expected += Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nAda\r\nLovelace\r\n".utf8)
        expected += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"thumbnails\"; filename=\"s\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        expected += Data("small\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"rating\"\r\n\r\n4.5\r\n--\(boundary)--\r\n".utf8)
        #expect(received.body == expected)
    }

    /// A file name with quotes, CR and LF cannot close its parameter or add a header; non-ASCII text is
    /// sent as UTF-8, as browsers send it.
    @Test func hostileFileNamesAndContentTypesCannotBreakTheFraming() async throws {
        let server = try await TestServer { _ in .empty() }
        defer { Task { await server.stop() } }
        let name = "évil\".png\r\nContent-Type: text/html\r\n\r\n<script>"
        try await Corners.uploadAvatar(user: 1, file: FileUpload(data: Data("x".utf8), fileName: name, contentType: "image/png"), caption: "", on: Self.client(server))
        let received = try #require(server.received.last)
        let boundary = try Self.boundary(of: received)
        let head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"évil%22.png%0D%0AContent-Type: text/html%0D%0A%0D%0A<script>\"\r\n"
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
        await #expect(throws: APIError.self) { try await Corners.uploadAvatar(user: 2, file: FileUpload(contentsOf: source), caption: "", on: Self.client(failing)) }
        #expect(try Self.leftUploads() == before)
    }

    /// A boundary found in a part, in memory or across the chunks of a file on disk, is replaced.
    @Test func aBoundaryFoundInTheContentIsReplaced() throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-form-test-\(UUID().uuidString)")
        try Data("0123456789-first-boundary-0123".utf8).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        for value in [FormField.Value.text("a first-boundary b"), .file(FileUpload(data: Data("first-boundary".utf8), fileName: "f")), .file(FileUpload(contentsOf: source))] {
            var candidates = ["first-boundary", "second"].makeIterator()
            var body = MultipartBody(makeBoundary: { candidates.next()! })
            body.chunkSize = 16  // `first-boundary` straddles the first two chunks of the file
            let encoded = try body.encode([FormField(name: "part", value: value)])
            #expect(encoded.contentType == "multipart/form-data; boundary=second")
            if case .temporaryFile(let file) = encoded.content { try FileManager.default.removeItem(at: file) }
        }
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
