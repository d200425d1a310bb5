import CrudeRuntime
import Foundation
import HTTPTypes
import TestHTTPServer
import Testing

/// Downloads (the spec's `returns: File`): the file name a `Content-Disposition` suggests, and the client's
/// downloads to memory and to a file over each transport against a real HTTP server: what arrives, where,
/// and what is left behind when a download fails.
@Suite struct DownloadTests {
    /// `filename*` wins over `filename`; quoted strings keep their semicolons and lose their escapes; a name
    /// from the server never leads out of a folder.
    @Test(arguments: [
        (#"attachment; filename="report.pdf""#, "report.pdf"),
        (#"attachment; filename=report.pdf"#, "report.pdf"),
        (#"attachment; filename="a;b \"c\".pdf""#, #"a;b "c".pdf"#),
        (#"attachment; filename="fallback.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"#, "résumé.pdf"),
        (#"attachment; FILENAME*=utf-8''%E2%82%AC%20rates.csv; filename="rates.csv""#, "€ rates.csv"),
        (#"attachment; filename*=iso-8859-1''caf%E9.txt"#, "café.txt"),
        (#"attachment; filename*=UTF-8''bad%ZZ.pdf; filename="good.pdf""#, "good.pdf"),
        (#"attachment; filename="../../etc/passwd""#, "passwd"),
        (#"attachment; filename="C:\\Users\\ada\\notes.txt""#, "notes.txt"),
    ])
    func theSuggestedFileNameIsReadSafely(_ disposition: String, _ expected: String) {
        #expect(Download.fileName(inContentDisposition: disposition) == expected)
    }

    /// A disposition without a usable name suggests none.
    @Test(arguments: ["inline", "attachment; filename=", #"attachment; filename="..""#, "attachment; filename=\"a\u{7}b\"", "attachment; filename=\"dir/\""])
    func aDispositionWithoutAUsableNameSuggestsNone(_ disposition: String) {
        #expect(Download.fileName(inContentDisposition: disposition) == nil)
    }

    /// A folder of its own for one test's downloads, so that what is left in it is what the test left.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudegen-downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The names of the files in `folder`.
    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// A client of `server` over `transport`.
    static func client(of server: TestServer, _ transport: TestTransport, retry: RetryPolicy = .none, middlewares: [any ClientMiddleware] = []) -> APIClient {
        var configuration = ClientConfiguration(baseURL: server.origin)
        configuration.retry = retry
        return APIClient(configuration: configuration, transport: transport.make(), middlewares: middlewares)
    }

    /// The operation of a download of `path`.
    static func operation(_ path: String) -> APIOperation<Download> {
        APIOperation(request: OperationRequest(resource: "Reports", operation: "export", method: .get, path: RoutePath(stringLiteral: path)))
    }

    static let pdfHeaders = ["Content-Type": "application/pdf", "Content-Disposition": #"attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"#]

    /// To memory: the bytes, the content type and the suggested name, asked for with `Accept: */*`.
    @Test(arguments: TestTransport.allCases) func aDownloadToMemoryHasTheBytesTypeAndName(_ transport: TestTransport) async throws {
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let server = try await TestServer { _ in TestServer.Reply(status: 200, headers: Self.pdfHeaders, body: bytes) }
        defer { Task { await server.stop() } }
        let download = try await Self.operation("reports/1/export").send(on: Self.client(of: server, transport))
        #expect(download == Download(data: bytes, contentType: "application/pdf", fileName: "résumé.pdf"))
        #expect(server.received.first?.headers["accept"] == "*/*")
    }

    /// To a file: a body of several megabytes is streamed there whole, replacing the file that was there, and
    /// nothing else is left in its folder.
    @Test(arguments: TestTransport.allCases) func aLargeDownloadIsStreamedToTheFileReplacingIt(_ transport: TestTransport) async throws {
        let byteCount = 40 * TestServer.largeBodyChunkSize + 123
        let server = try await TestServer { _ in .large(byteCount: byteCount) }
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("big.bin")
        try Data("old".utf8).write(to: destination)
        let saved = try await Self.operation("big").download(to: destination, on: Self.client(of: server, transport))
        #expect(saved.file == destination && saved.response.status == .ok)
        let written = try Data(contentsOf: destination)
        #expect(written.count == byteCount)
        let expected = (0..<41).flatMap { TestServer.largeBodyChunk($0) }.prefix(byteCount)
        #expect(written == Data(expected))
        #expect(try Self.contents(of: folder) == ["big.bin"])
    }

    /// The name and type of a file download come from the response head; an empty body is an empty file.
    @Test(arguments: TestTransport.allCases) func anEmptyDownloadIsAnEmptyFile(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in TestServer.Reply(status: 200, headers: Self.pdfHeaders, body: Data()) }
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("empty.pdf")
        let saved = try await Self.operation("empty").download(to: destination, on: Self.client(of: server, transport))
        #expect(saved.contentType == "application/pdf" && saved.fileName == "résumé.pdf")
        #expect(try Data(contentsOf: destination).isEmpty)
    }

    /// An error status throws the error a JSON call throws, with the server's body, and leaves the
    /// destination as it was: a file there keeps its bytes, and no file appears where there was none.
    @Test(arguments: TestTransport.allCases) func anErrorStatusThrowsAndLeavesNoFile(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json(#"{"detail": "Report not found"}"#, status: 404) }
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = Self.client(of: server, transport)
        let absent = folder.appendingPathComponent("absent.pdf")
        do {
            _ = try await Self.operation("missing").download(to: absent, on: client)
            Issue.record("a 404 succeeded")
        } catch {
            guard case .status(let status, let body) = error else { throw error }
            #expect(status == .notFound && body == Data(#"{"detail": "Report not found"}"#.utf8))
        }
        let kept = folder.appendingPathComponent("kept.pdf")
        try Data("kept".utf8).write(to: kept)
        await #expect(throws: APIError.self) { try await Self.operation("missing").download(to: kept, on: client) }
        #expect(try Self.contents(of: folder) == ["kept.pdf"])
        #expect(try Data(contentsOf: kept) == Data("kept".utf8))
    }

    /// Cancelling a download that is under way throws `cancelled` and leaves nothing in the folder.
    @Test(arguments: TestTransport.allCases) func aCancelledDownloadLeavesNoFile(_ transport: TestTransport) async throws {
        let received = Signal()
        let server = try await TestServer { _ in
            received.fire()
            return .drip(interval: .milliseconds(20))
        }
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = Self.client(of: server, transport)
        let download = Task { try await Self.operation("slow").download(to: folder.appendingPathComponent("slow.bin"), on: client) }
        await received.wait()
        download.cancel()
        do {
            _ = try await download.value
            Issue.record("a cancelled download succeeded")
        } catch let error as APIError {
            guard case .cancelled = error else { throw error }
        }
        #expect(try Self.contents(of: folder) == [])
    }

    /// A download goes through the client's pipeline: middlewares change its request, and a retryable status
    /// is retried, the file holding only the final response's body.
    @Test(arguments: TestTransport.allCases) func aDownloadGoesThroughMiddlewaresAndRetries(_ transport: TestTransport) async throws {
        let attempts = Counter()
        let server = try await TestServer { request in
            guard request.headers["x-token"] == "secret" else { return .json("{}", status: 401) }
            return attempts.next() == 1
                ? TestServer.Reply(status: 503, headers: [:], body: Data("busy".utf8))
                : TestServer.Reply(status: 200, headers: [:], body: Data("report".utf8))
        }
        defer { Task { await server.stop() } }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = Self.client(
            of: server, transport, retry: RetryPolicy(maxAttempts: 2, baseDelay: .zero),
            middlewares: [BeforeRequest { $0.head.headerFields[HTTPField.Name("X-Token")!] = "secret" }])
        let destination = folder.appendingPathComponent("report.txt")
        _ = try await Self.operation("report").download(to: destination, on: client)
        #expect(try Data(contentsOf: destination) == Data("report".utf8))
        #expect(server.received.count == 2)
    }

    /// A transport without a download of its own (``InMemoryTransport``) answers through `send` and writes the bytes.
    @Test func aTransportWithoutItsOwnDownloadWritesWhatItReceived() async throws {
        let transport = InMemoryTransport { _, _ in (HTTPResponse(status: .ok, headerFields: [.contentType: "text/csv"]), Data("a,b\n".utf8)) }
        let client = APIClient(configuration: ClientConfiguration(baseURL: URL(string: "https://example.com")!), transport: transport)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = try await Self.operation("rates").download(to: folder.appendingPathComponent("rates.csv"), on: client)
        #expect(saved.contentType == "text/csv")
        #expect(try Data(contentsOf: saved.file) == Data("a,b\n".utf8))
        #expect(transport.requests.map(\.head.path) == ["/rates"])
    }
}

/// Counts calls from a server's threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The number of this call, from 1.
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
