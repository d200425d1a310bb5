import CrudeRuntime
import Foundation
import HTTPTypes
import TestHTTPServer
import Testing

/// Error bodies as FastAPI, Django REST Framework, Litestar and other frameworks write them, answered by a real
/// HTTP server: field errors become `.validation`, and a message is reachable without decoding the body.
@Suite struct ServerConventionTests {
    /// A client without an envelope, as a FastAPI app answers.
    static func client(_ transport: TestTransport, _ server: TestServer) -> APIClient {
        APIClient(configuration: ClientConfiguration(baseURL: server.origin), transport: transport.make())
    }

    /// The error a raw POST to `heroes` throws.
    static func failure(_ transport: TestTransport, _ server: TestServer) async -> APIError? {
        do {
            _ = try await client(transport, server).request(.post, "heroes", body: ["name": 1])
            return nil
        } catch {
            return error
        }
    }

    /// FastAPI's 422: where the value was sent (`body`, `query`) is dropped, nested keys and array indices
    /// are joined with dots, and an error about the whole body has the field `""`.
    @Test(arguments: TestTransport.allCases) func fastAPIFieldErrorsAreValidationErrors(_ transport: TestTransport) async throws {
        let body = #"""
            {"detail": [
              {"type": "missing", "loc": ["body", "name"], "msg": "Field required", "input": {}},
              {"type": "string_type", "loc": ["body", "name"], "msg": "Input should be a valid string", "input": 1},
              {"type": "missing", "loc": ["body", "team", "name"], "msg": "Field required", "input": {}},
              {"type": "int_parsing", "loc": ["body", "items", 0, "count"], "msg": "Input should be a valid integer", "input": "x"},
              {"type": "less_than_equal", "loc": ["query", "limit"], "msg": "Input should be less than or equal to 100", "input": "500"},
              {"type": "model_attributes_type", "loc": ["body"], "msg": "Input should be a valid dictionary", "input": "[]"},
              {"type": "value_error", "loc": ["response", "age"], "msg": "Value error", "input": -1}
            ]}
            """#
        let server = try await TestServer { _ in .json(body, status: 422) }
        defer { Task { await server.stop() } }
        guard case let .validation(status, errors, raw)? = await Self.failure(transport, server) else {
            Issue.record("expected .validation")
            return
        }
        #expect(status.code == 422)
        #expect(
            errors == [
                "name": ["Field required", "Input should be a valid string"],
                "team.name": ["Field required"],
                "items.0.count": ["Input should be a valid integer"],
                "limit": ["Input should be less than or equal to 100"],
                "": ["Input should be a valid dictionary"],
                "response.age": ["Value error"],
            ])
        #expect(raw == Data(body.utf8))
        let error = try #require(await Self.failure(transport, server))
        #expect(error.serverMessage == nil, "a list of field errors is not one message")
        #expect(error.description.hasPrefix("HTTP 422 validation failed: Input should be a valid dictionary; items.0.count: Input should be a valid integer; "))
    }

    /// Litestar's 400: each item of `extra` is a field's message under its `key`, the source left out; the
    /// `detail` beside it is the error's message. A body Litestar's DTOs could not decode has no `extra`,
    /// only a `detail` that names the field inside the message: that is a message, not a field error.
    @Test(arguments: TestTransport.allCases) func litestarsExtraListIsValidationErrors(_ transport: TestTransport) async throws {
        let body = #"""
            {"status_code": 400, "detail": "Validation failed for POST /heroes", "extra": [
              {"message": "Expected `str` of length >= 1", "key": "name", "source": "body"},
              {"message": "Expected `str`, got `int`", "key": "name", "source": "body"},
              {"message": "Object missing required field `secret_name`", "key": "data", "source": "body"},
              {"message": "Expected `int` >= 1", "key": "limit", "source": "query"}
            ]}
            """#
        let server = try await TestServer { request in
            request.query.isEmpty
                ? .json(body, status: 400)
                : .json(#"{"status_code": 400, "detail": "Expected `str`, got `int` - at `$.name`"}"#, status: 400)
        }
        defer { Task { await server.stop() } }
        let error = try #require(await Self.failure(transport, server))
        guard case let .validation(status, errors, raw) = error else {
            Issue.record("expected .validation, got \(error)")
            return
        }
        #expect(status.code == 400)
        #expect(
            errors == [
                "name": ["Expected `str` of length >= 1", "Expected `str`, got `int`"],
                "data": ["Object missing required field `secret_name`"],
                "limit": ["Expected `int` >= 1"],
            ])
        #expect(raw == Data(body.utf8))
        #expect(error.serverMessage == "Validation failed for POST /heroes")
        do {
            _ = try await Self.client(transport, server).request(.post, "heroes", query: [URLQueryItem(name: "dto", value: "1")])
            Issue.record("expected an error")
        } catch {
            guard case .status = error else {
                Issue.record("expected .status, got \(error)")
                return
            }
            #expect(error.description == "HTTP 400 Bad Request: Expected `str`, got `int` - at `$.name`")
        }
    }

    /// `{"detail": "Hero not found"}` on a 404: the message is the error's, and its description says it
    /// with the status's reason phrase, which Foundation on Linux does not pass on.
    @Test(arguments: TestTransport.allCases) func aDetailIsTheServerMessage(_ transport: TestTransport) async throws {
        let server = try await TestServer { _ in .json(#"{"detail": "Hero not found"}"#, status: 404) }
        defer { Task { await server.stop() } }
        let error = try #require(await Self.failure(transport, server))
        guard case .status(let status, _) = error else {
            Issue.record("expected .status, got \(error)")
            return
        }
        #expect(status.code == 404)
        #expect(error.serverMessage == "Hero not found")
        #expect(error.description == "HTTP 404 Not Found: Hero not found")
    }

    /// A lone `detail` on a 400 (Django REST Framework's parse error) is a message, not a field `detail`;
    /// field errors beside other keys still are field errors.
    @Test(arguments: TestTransport.allCases) func aLoneDetailOnA400IsNoFieldError(_ transport: TestTransport) async throws {
        let server = try await TestServer { request in
            request.query.isEmpty
                ? .json(#"{"detail": "JSON parse error - Expecting value"}"#, status: 400)
                : .json(#"{"detail": ["This field is required."], "name": ["This field is required."]}"#, status: 400)
        }
        defer { Task { await server.stop() } }
        let parse = try #require(await Self.failure(transport, server))
        #expect(parse.description == "HTTP 400 Bad Request: JSON parse error - Expecting value")
        do {
            _ = try await Self.client(transport, server).request(.post, "heroes", query: [URLQueryItem(name: "fields", value: "1")])
            Issue.record("expected an error")
        } catch {
            guard case let .validation(_, errors, _) = error else {
                Issue.record("expected .validation, got \(error)")
                return
            }
            #expect(errors == ["detail": ["This field is required."], "name": ["This field is required."]])
        }
    }

    /// A status reads with its standard reason phrase whatever phrase the response carried, so that one failure
    /// reads the same over every transport; a code without a standard phrase keeps the server's, if any.
    @Test func theStatusLineDoesNotDependOnTheResponsesPhrase() {
        let body = Data(#"{"detail": "Hero not found"}"#.utf8)
        for phrase in ["", "Not Found", "Hero Missing"] {
            #expect(APIError.status(HTTPResponse.Status(code: 404, reasonPhrase: phrase), body: body).description == "HTTP 404 Not Found: Hero not found")
        }
        #expect(
            APIError.status(HTTPResponse.Status(code: 599, reasonPhrase: "Network Read Timeout"), body: Data()).description == "HTTP 599 Network Read Timeout")
        #expect(APIError.status(HTTPResponse.Status(code: 599, reasonPhrase: ""), body: Data()).description == "HTTP 599")
    }

    /// The other shapes a message comes in, and a body with none, whose start the description shows.
    @Test(
        arguments: [
            (#"{"message": "Rate limit exceeded"}"#, 429, "Rate limit exceeded", "HTTP 429 Too Many Requests: Rate limit exceeded"),
            (#"{"error": "invalid_grant"}"#, 400, "invalid_grant", "HTTP 400 Bad Request: invalid_grant"),
            (#"{"error": {"code": 7, "message": "Quota used up"}}"#, 403, "Quota used up", "HTTP 403 Forbidden: Quota used up"),
            (#"{"status": "down"}"#, 503, nil, #"HTTP 503 Service Unavailable: {"status": "down"}"#),
            ("", 599, nil, "HTTP 599"),
        ] as [(body: String, status: Int, message: String?, description: String)], TestTransport.allCases)
    func messagesInOtherShapes(_ shape: (body: String, status: Int, message: String?, description: String), _ transport: TestTransport) async throws {
        let server = try await TestServer { _ in TestServer.Reply(status: shape.status, headers: [:], body: Data(shape.body.utf8)) }
        defer { Task { await server.stop() } }
        let error = try #require(await Self.failure(transport, server))
        #expect(error.serverMessage == shape.message)
        #expect(error.description == shape.description)
    }
}
