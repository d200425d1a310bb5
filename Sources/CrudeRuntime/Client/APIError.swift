import Foundation
import HTTPTypes

/// Every way a request made through ``APIClient`` can fail, with the context to act on it.
public enum APIError: Error, Sendable, CustomStringConvertible {
    /// The request never got a response: no connection, DNS failure, TLS error, connection reset.
    case transport(description: String, underlying: any Error)
    /// The server answered with a status outside 200–299 that is not one of the cases below.
    case status(HTTPResponse.Status, body: Data)
    /// The server rejected the values sent (400 or 422 with field errors), parsed into `[field: [message]]`
    /// from either `{"errors": {…}}`, `{"<namespace>": {"errors": {…}}}`, FastAPI's
    /// `{"detail": [{"loc": ["body", "team", "name"], "msg": "…"}]}` (the field `team.name`), JSON:API's
    /// `{"errors": [{"detail": "…", "source": {"pointer": "/data/attributes/title"}}]}` (the field `title`)
    /// or a plain `{"field": ["message"]}`.
    case validation(HTTPResponse.Status, errors: [String: [String]], body: Data)
    /// 401, after any credential refresh was tried.
    case unauthorized(body: Data)
    /// The body is not the JSON the spec describes; `path` is the JSON path of the problem (`data.person.age`).
    case decoding(path: String, description: String, body: Data)
    /// The request was cancelled through Swift concurrency.
    case cancelled
    /// No response arrived within the configured timeout.
    case timedOut(after: Duration)
    /// A value needed to build the request is missing, such as the id of a value never created.
    case missingValue(String)
    /// A request body could not be encoded.
    case encoding(description: String)
    /// A middleware threw this error itself, such as a check before sending (Raccoon's `validate()`); an
    /// `APIError` a middleware throws is reported as that error instead.
    case middleware(any Error)

    /// The HTTP status, for the cases that have one.
    public var status: HTTPResponse.Status? {
        switch self {
        case let .status(status, _), let .validation(status, _, _): status
        case .unauthorized: .unauthorized
        default: nil
        }
    }

    /// The server's own words about the failure, for the cases that carry a response body: the string at
    /// `detail` (FastAPI, Django REST Framework), `message`, `error` or `error.message` of a JSON body, or the
    /// `detail` of JSON:API's first error object.
    /// `nil` when the body has none of them, as FastAPI's list of field errors.
    public var serverMessage: String? {
        switch self {
        case let .status(_, body), let .validation(_, _, body), let .unauthorized(body):
            (try? JSONDecoder().decode(JSONValue.self, from: body)).flatMap(ServerMessage.text)
        default: nil
        }
    }

    /// One line saying what failed, with the server's message when it sent one
    /// (`HTTP 404 Not Found: Hero not found`), else the start of the body.
    public var description: String {
        switch self {
        case let .transport(description, _): "transport failure: \(description)"
        case let .status(status, body): "HTTP \(Self.statusLine(status))" + explanation(body)
        case let .validation(status, errors, _):
            "HTTP \(status.code) validation failed: "
                + errors.sorted { $0.key < $1.key }.map { ($0.key.isEmpty ? "" : $0.key + ": ") + $0.value.joined(separator: ", ") }
                .joined(separator: "; ")
        case let .unauthorized(body): "HTTP 401 unauthorized" + explanation(body)
        case let .decoding(path, description, _): "cannot decode response at `\(path.isEmpty ? "(root)" : path)`: \(description)"
        case .cancelled: "the request was cancelled"
        case let .timedOut(duration): "no response within \(duration)"
        case let .missingValue(name): "cannot build the request: `\(name)` has no value"
        case let .encoding(description): "cannot encode the request body: \(description)"
        case let .middleware(error): "a middleware failed: \(error)"
        }
    }

    /// `: ` and the server's message, else the start of a body that has no message; nothing for an empty body.
    private func explanation(_ body: Data) -> String {
        if let message = serverMessage { return ": " + message }
        return body.isEmpty ? "" : ": " + Self.preview(body)
    }

    /// `404 Not Found`: the code with its standard reason phrase, so that the same failure reads the same
    /// whichever transport received it (HTTP/2 sends no phrase, Foundation on Linux passes none on,
    /// AsyncHTTPClient passes on the server's own); the server's phrase for a code without a standard one;
    /// the code alone when there is neither.
    private static func statusLine(_ status: HTTPResponse.Status) -> String {
        let phrase = standardReasonPhrases[status.code] ?? status.reasonPhrase
        return phrase.isEmpty ? String(status.code) : "\(status.code) \(phrase)"
    }

    /// The reason phrases of RFC 9110 for the statuses an error can have, keyed by code.
    private static let standardReasonPhrases: [Int: String] = Dictionary(
        uniqueKeysWithValues: [
            HTTPResponse.Status.multipleChoices, .movedPermanently, .found, .seeOther, .notModified, .temporaryRedirect, .permanentRedirect,
            .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .notAcceptable, .proxyAuthenticationRequired, .requestTimeout,
            .conflict, .gone, .lengthRequired, .preconditionFailed, .contentTooLarge, .uriTooLong, .unsupportedMediaType, .rangeNotSatisfiable,
            .expectationFailed, .misdirectedRequest, .unprocessableContent, .tooEarly, .upgradeRequired, .preconditionRequired, .tooManyRequests,
            .requestHeaderFieldsTooLarge, .unavailableForLegalReasons, .internalServerError, .notImplemented, .badGateway, .serviceUnavailable,
            .gatewayTimeout, .httpVersionNotSupported, .networkAuthenticationRequired,
        ].map { ($0.code, $0.reasonPhrase) })

    /// The first bytes of a body, for messages.
    package static func preview(_ body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        return body.count > 200 ? text + "…" : text
    }
}
