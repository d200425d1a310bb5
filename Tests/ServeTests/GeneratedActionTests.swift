#if CrudeServe
import CrudeRuntime
import CrudeServe
import FixtureCorners
import FixtureFastAPIImported
import FixturePaging
import Foundation
import Testing

/// Actions as methods of a generated service (`crudegen --server`, recorded in `GeneratedServers/`): each
/// receives the call's values typed as the client's function takes them, from the route, the query and a
/// JSON, form or multipart body; its result is answered in the spec's wire format (a value, a page, a
/// file); a method left alone answers with the seed data's answer.
@Suite struct GeneratedActionTests {
    /// What a service's methods received, in order.
    actor Received {
        private(set) var calls: [String] = []

        func keep(_ call: String) { calls.append(call) }
    }

    /// Implements every action of Fixtures/corners.
    struct Desk: FixtureCornersService {
        let received = Received()

        func login(
            grantType: String?, username: String, password: String, scope: String?, clientId: String?, clientSecret: String?,
            channels: [FixtureCorners.Channel]?, expiresAt: Date?, context: ActionContext
        ) async throws -> LoginResponse {
            guard password == "secret" else { throw ServiceError(status: 401, message: "Wrong password for \(username).") }
            let expiry = expiresAt.map { String(Int($0.timeIntervalSince1970)) } ?? "-"
            await received.keep("login \(username) scope=\(scope ?? "-") channels=\(channels?.map(\.rawValue) ?? []) expires=\(expiry)")
            return LoginResponse(accessToken: "token-of-\(username)", tokenType: "bearer")
        }

        func uploadAvatar(user: Int, file: FileUpload, caption: String, thumbnails: [FileUpload]?, rating: Double?, context: ActionContext) async throws {
            guard case let .data(bytes) = file.contents else { throw ServiceError(status: 500, message: "The file is not in memory.") }
            let thumbnailNames = thumbnails?.map(\.fileName) ?? []
            await received.keep(
                "avatar \(user) \(file.fileName) \(file.contentType) \(String(decoding: bytes, as: UTF8.self)) caption=\(caption) thumbnails=\(thumbnailNames) rating=\(rating.map { "\($0)" } ?? "-")"
            )
        }

        func send(`some`: String, `class`: Int, `in`: Bool, `inout`: Int, client: String, context: ActionContext) async throws {
            await received.keep("send \(`some`) \(`class`) \(`in`) \(`inout`) \(client)")
        }

        func searchInvoice(client: Int, request: String?, body: Int?, context: ActionContext) async throws -> [Invoice] {
            await received.keep("search \(client) request=\(request ?? "-") body=\(body.map(String.init) ?? "-")")
            return [Invoice(id: 7, total: 12.5)]
        }
    }

    @Test func actionMethodsReceiveTheClientsTypedValues() async throws {
        let desk = Desk()
        let server = try desk.server()
        let client = APIClient(configuration: Corners.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        // A form: text with a space, an array of enums by raw value, a date by its transform.
        let token = try await Corners.login(
            username: "ada", password: "secret", scope: "read write", channels: [.urlSession, .underscore],
            expiresAt: Date(timeIntervalSince1970: 1_700_000_000), on: client)
        #expect(token == LoginResponse(accessToken: "token-of-ada", tokenType: "bearer"))
        // The method's error, answered with its status and message.
        let refused = await #expect(throws: APIError.self) { try await Corners.login(username: "bob", password: "guess", on: client) }
        #expect(refused?.status?.code == 401 && refused?.serverMessage == "Wrong password for bob.")
        // A multipart body: files with their names and types, text, an optional number.
        let avatar = FileUpload(data: Data("png bytes".utf8), fileName: "me \"1\"; at work.png", contentType: "image/png")
        let thumbnails = [FileUpload(data: Data("a".utf8), fileName: "a.bin"), FileUpload(data: Data(), fileName: "b.bin")]
        try await Corners.uploadAvatar(user: 3, file: avatar, caption: "Me; at work\r\n", thumbnails: thumbnails, rating: 4.5, on: client)
        // A JSON body whose fields are keywords.
        try await Corners.send(some: "text", class: 2, in: true, `inout`: -1, client: "c", on: client)
        // A route value and query parameters, one left out; the result in the answer.
        #expect(try await Invoice.search(client: 9, request: "a&b=c", on: client) == [Invoice(id: 7, total: 12.5)])

        #expect(
            await desk.received.calls == [
                #"login ada scope=read write channels=["URLSession", "_"] expires=1700000000"#,
                #"avatar 3 me "1"; at work.png image/png png bytes caption=Me; at work"# + "\r\n" + #" thumbnails=["a.bin", "b.bin"] rating=4.5"#,
                "send text 2 true -1 c",
                "search 9 request=a&b=c body=-",
            ])
    }

    @Test func aBodyOrValueTheActionCannotReadIsRefused() async throws {
        let desk = Desk()
        let server = try desk.server()
        let base = try await server.start()
        defer { Task { await server.stop() } }

        // JSON where the action takes a form.
        let json = try await ServeSupport.send("POST", base.appendingPathComponent("token"), body: Data(#"{"username": "ada", "password": "secret"}"#.utf8))
        #expect(json.status == 415)
        // A form without a field the action requires.
        let form = "application/x-www-form-urlencoded"
        let missing = try await ServeSupport.send("POST", base.appendingPathComponent("token"), body: Data("username=ada".utf8), contentType: form)
        #expect(missing.status == 400 && String(decoding: missing.body, as: UTF8.self).contains("`password` is required"))
        // A JSON field of another type.
        let wrong = try await ServeSupport.send(
            "POST", base.appendingPathComponent("send"), body: Data(#"{"some": "a", "class": "two", "in": true, "inout": 1, "client": "c"}"#.utf8))
        #expect(wrong.status == 400 && String(decoding: wrong.body, as: UTF8.self).contains("`class` is no Int"))
        // A multipart body that never closes.
        let unclosed = Data("--x\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nhi".utf8)
        let broken = try await ServeSupport.send(
            "POST", base.appendingPathComponent("users/3/avatar"), body: unclosed, contentType: "multipart/form-data; boundary=x")
        #expect(broken.status == 400)
        // A route value of another type is a path the API does not have.
        let route = try await ServeSupport.send("GET", base.appendingPathComponent("clients/nine/invoices/search"))
        #expect(route.status == 404)
        // None of them reached a method.
        #expect(await desk.received.calls.isEmpty)
    }

    /// Answers one action of Fixtures/fastapi-imported, a file; the others are left to their defaults.
    struct Portraits: FixtureFastAPIImportedService {
        func readAvatar(heroId: Int, context: ActionContext) async throws -> Download {
            Download(data: Data("avatar of \(heroId)".utf8), contentType: "image/png", fileName: "hero \(heroId).png")
        }
    }

    @Test func aFileIsAnsweredAsItsBytesAndActionsLeftAloneFromTheSeed() async throws {
        let server = try Portraits().server(seed: Seed(actions: ["exportHero": .string("id,name\n1,Ada\n")]))
        let client = APIClient(configuration: Heroes.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }

        let avatar = try await Heroes.readAvatar(heroId: 4, on: client)
        #expect(avatar.data == Data("avatar of 4".utf8) && avatar.contentType == "image/png" && avatar.fileName == "hero 4.png")
        // The default: the seed data's answer.
        let export = try await Heroes.exportHero(heroId: 1, on: client)
        #expect(String(decoding: export.data, as: UTF8.self) == "id,name\n1,Ada\n")
        // No answer in the seed data: 501, saying where to give one.
        let unanswered = await #expect(throws: APIError.self) { try await Heroes.readTeamHeroes(teamId: 1, on: client) }
        #expect(unanswered?.status?.code == 501 && unanswered?.serverMessage?.contains(#"under "actions" as "readTeamHeroes""#) == true)
    }

    /// Answers Fixtures/paging's paged search with five issues of its own.
    struct Tracker: FixturePagingService {
        func search(q: String, _ window: Range<Int>, context: ActionContext) async throws -> Listed<FixturePaging.Issue> {
            let matching = (1...5).map { FixturePaging.Issue(id: $0, title: "\(q) \($0)") }
            return Listed(Array(matching[window.clamped(to: matching.indices)]), total: matching.count)
        }
    }

    @Test func aPagedActionsItemsArePagedAsItsPaginationSays() async throws {
        let server = try Tracker().server()
        let client = APIClient(configuration: Paging.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        // Pages of two, the total under `total_count`.
        let walked = try await PagingContractTests.walk(Paging.searchPages(q: "crash", on: client), \.title)
        #expect(walked.names == ["crash 1", "crash 2", "crash 3", "crash 4", "crash 5"] && walked.pages == 3 && walked.count == 5)
    }

    @Test func crudegenServePagesTheItemsOfASeededAnswer() async throws {
        let issues = PagingContractTests.all.enumerated().map { JSONValue.object(["id": .number(Double($0 + 1)), "title": .string($1)]) }
        let seed = Seed(actions: ["search": .object(["items": .array(issues), "total_count": .number(99)])])
        let server = try SpecServer(specAt: ServeSupport.fixture("paging"), seed: seed)
        let client = APIClient(configuration: Paging.configuration(baseURL: try await server.start()))
        defer { Task { await server.stop() } }
        // Every seeded item once, in pages of two, the total counted from them.
        let walked = try await PagingContractTests.walk(Paging.searchPages(q: "any", on: client), \.title)
        #expect(walked.names == PagingContractTests.all && walked.pages == 4 && walked.count == 7)
    }
}
#endif
