import Foundation
import HTTPTypes

/// A request the client sends: what generated operations and raw requests build.
public struct OperationRequest: Sendable {
    /// The resource the request belongs to (`Person`), or the API's name for API-wide actions and raw requests.
    public var resource: String
    /// The operation (`create`, `read`, `update`, `delete`, `list`) or action name (`login`).
    public var operation: String
    /// The operation's identifier, which keys ``ClientConfiguration``'s per-operation settings.
    public var id: OperationID { OperationID(resource: resource, operation: operation) }
    /// The HTTP method the spec gives; ``ClientConfiguration/methods`` can override it per operation.
    public var method: HTTPRequest.Method
    /// The path relative to the base URL.
    public var path: RoutePath
    /// Query parameters, in order.
    public var query: [URLQueryItem]
    /// Headers the spec declares for this operation.
    public var headers: [String: String]
    /// The body, if any, encoded by the client that sends the request.
    public var body: RequestBody?
    /// A complete URL that replaces the base URL, path and query, such as a paginated list's `next` link.
    public var absoluteURL: URL?

    /// Creates a request.
    public init(
        resource: String,
        operation: String,
        method: HTTPRequest.Method,
        path: RoutePath,
        query: [URLQueryItem] = [],
        headers: [String: String] = [:],
        body: RequestBody? = nil
    ) {
        self.resource = resource
        self.operation = operation
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

/// A request body, kept as a value until a client sends it: JSON is written with the sending client's
/// date and key strategies, envelope and `namespace`, so one operation value can go to differently
/// configured clients.
public struct RequestBody: Sendable {
    /// Writes the body as `client` would send it.
    private let encode: @Sendable (APIClient) throws(APIError) -> EncodedBody

    /// A value encoded as JSON: read-only properties left out, `nil` properties written as `nils` says,
    /// wrapped in the client's envelope (unless it wraps responses only) and in `namespace`.
    public init<Value: Encodable & Sendable>(_ value: Value, namespace: String? = nil, nils: ModelEncodingOptions.NilEncoding = .omit) {
        encode = { client throws(APIError) in
            EncodedBody(content: .data(try client.body(value, namespace: namespace, nils: nils)), contentType: "application/json")
        }
    }

    /// Bytes sent as they are, as `application/json` unless the request's headers say otherwise.
    public init(data: Data) {
        encode = { _ in EncodedBody(content: .data(data), contentType: "application/json") }
    }

    /// A value sent as `application/x-www-form-urlencoded` (a spec's `body_format: form`): each property a
    /// field, percent-encoded as query parameters are, an array as one field per element, `nil` and
    /// read-only properties left out. Forms have no envelope: the client's is not applied. A property that
    /// is an object or a file throws ``APIError/encoding(description:)`` when the body is encoded.
    public init(form value: some Encodable & Sendable) {
        encode = { _ throws(APIError) in
            let items = try FormFields.fields(of: value, allowingFiles: false).map { field in
                guard case .text(let text) = field.value else { preconditionFailure("a form without files holds text only") }
                return URLQueryItem(name: field.name, value: text)
            }
            return EncodedBody(content: .data(Data(APIClient.formEncoded(items).utf8)), contentType: "application/x-www-form-urlencoded")
        }
    }

    /// A value sent as `multipart/form-data` (a spec's `body_format: multipart`, RFC 7578): each property
    /// a part, a ``FileUpload`` a file part with its file name and content type, other values as for
    /// ``init(form:)``. A file on disk is streamed through a temporary file, removed after the request.
    public init(multipart value: some Encodable & Sendable) {
        encode = { _ throws(APIError) in try MultipartBody().encode(FormFields.fields(of: value, allowingFiles: true)) }
    }

    /// The body `client` sends, with its content type.
    func encoded(for client: APIClient) throws(APIError) -> EncodedBody {
        try encode(client)
    }
}

/// A request on its way to the transport, as middlewares see it.
public struct ClientRequest: Sendable {
    /// Method, URL and headers.
    public var head: HTTPRequest
    /// The body, if any.
    public var body: Data?
    /// A file whose bytes are the body, in place of `body`: a multipart body with a file on disk, written
    /// to a temporary file the transport streams (``HTTPTransport/upload(_:fromFile:timeout:)``) and the
    /// client removes once the request is over.
    public var bodyFile: URL?
    /// For a download to a file (``APIClient/download(_:to:)``), the temporary file beside the destination
    /// that the transport writes the response body to (``HTTPTransport/download(_:body:toFile:timeout:)``);
    /// `nil` for every other request.
    public internal(set) var downloadFile: URL?
    /// The resource the request belongs to, as in ``OperationRequest/resource``.
    public let resource: String
    /// The operation, as in ``OperationRequest/operation``.
    public let operation: String

    /// A request as a middleware would pass it on.
    public init(head: HTTPRequest, body: Data?, bodyFile: URL? = nil, resource: String, operation: String) {
        self.head = head
        self.body = body
        self.bodyFile = bodyFile
        self.resource = resource
        self.operation = operation
    }
}

/// A response with its whole body.
public struct ClientResponse: Sendable {
    /// Status and headers.
    public var head: HTTPResponse
    /// The body, possibly empty; empty when it is in ``bodyFile``.
    public var body: Data
    /// For a successful download to a file, the temporary file holding the body, which the client moves to
    /// the destination; an error status's body is read back into ``body`` instead.
    public var bodyFile: URL?

    /// A response, for middlewares that answer without calling the transport.
    public init(head: HTTPResponse, body: Data, bodyFile: URL? = nil) {
        self.head = head
        self.body = body
        self.bodyFile = bodyFile
    }
}
