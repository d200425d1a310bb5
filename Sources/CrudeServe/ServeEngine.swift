#if CrudeServe
import CrudeGenEngine
import CrudeRuntime
import Foundation
import NIOConcurrencyHelpers
import ServiceLifecycle

/// A request as the engine reads it, whatever server received it.
struct ServedRequest: Sendable {
    /// The method in capitals.
    var method: String
    /// The path, percent-encoded, without the query.
    var path: String
    /// The query items, percent-decoded, in order.
    var query: [(name: String, value: String)]
    /// `Content-Type`, if the request has one.
    var contentType: String?
    /// `If-None-Match`: the ETags of the copies the client holds.
    var ifNoneMatch: String?
    /// `http://host:port`, for the absolute links of next pages.
    var origin: String
    /// The body, empty when there is none.
    var body: Data
}

/// The engine's answer.
struct ServedResponse: Sendable {
    /// The HTTP status code.
    var status: Int
    /// Header fields besides CORS's.
    var headers: [(name: String, value: String)] = []
    /// The body, empty for none.
    var body = Data()

    /// A JSON response, of the media type `mediaType` (a JSON:API document's, `application/vnd.api+json`).
    static func json(
        _ status: Int, _ value: WireValue, headers: [(name: String, value: String)] = [], mediaType: String = "application/json"
    ) -> ServedResponse {
        ServedResponse(status: status, headers: [("Content-Type", mediaType)] + headers, body: JSONText.data(value))
    }

    /// An error about the request as a whole: `{"detail": "…"}`.
    static func detail(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> ServedResponse {
        json(status, .object(["detail": .string(message)]), headers: headers)
    }

    /// 400 with field → messages, the shape the runtime reads as `APIError.validation`.
    static func invalid(_ errors: [String: [String]]) -> ServedResponse {
        json(400, .object(["errors": .object(errors.mapValues { .array($0.map(WireValue.string)) })]))
    }
}

/// A failed request, carrying the response that says why.
struct RequestFailure: Error {
    /// What the client is answered.
    var response: ServedResponse
}

/// The server's answers to requests, over values kept in a store: the whole behaviour, without HTTP.
///
/// The engine holds no values of its own: each request reads and writes through the store, so that
/// several engines (server processes) can answer over one database.
final class ServeEngine: Sendable {
    /// The spec, resolved.
    let api: ServedAPI
    /// What each operation does to the stored values by default.
    private let operations: DefaultOperations
    /// What answers each operation: the defaults, or a service's own methods.
    let handler: any OperationHandler
    /// The data `reset()` returns to and the actions' answers, with the tables it fills (checked against
    /// the spec when it was given).
    private let seed: NIOLockedValueBox<CheckedSeed>

    /// A seed and the tables it fills.
    private struct CheckedSeed {
        var seed: Seed
        var tables: [String: Table]
    }

    /// An engine serving `seed` from `store` (once ``prepare()`` has put it there, if the store was empty),
    /// answering operations through `handler`. Seed data that does not fit the spec throws a ``SeedError``.
    init(api: ServedAPI, seed: Seed, store: any ServeStore, handler: any OperationHandler) throws {
        self.api = api
        operations = DefaultOperations(api: api, store: store)
        self.handler = handler
        self.seed = NIOLockedValueBox(CheckedSeed(seed: seed, tables: try Self.load(seed, into: api)))
    }

    /// What must run beside the HTTP server for the store, if anything.
    var storeService: (any Service)? { operations.store.service }

    /// Filling the store with the seed, once started.
    private let preparation = NIOLockedValueBox<Task<Void, any Error>?>(nil)

    /// Fills an empty store with the seed, the first time it succeeds only: a store that holds values (a
    /// database written before) keeps them.
    func prepare() async throws {
        let task = preparation.withLockedValue { preparation in
            if let preparation { return preparation }
            let tables = seed.withLockedValue(\.tables)
            let task = Task { [store = operations.store] in try await store.seedIfEmpty(with: tables) }
            preparation = task
            return task
        }
        do {
            try await task.value
        } catch {
            // A store that could not be reached is tried again on the next start.
            preparation.withLockedValue { if $0 == task { $0 = nil } }
            throw error
        }
    }

    /// Replaces the data with `seed`, or with the last seed when `nil`.
    func reset(to seed: Seed?) async throws {
        try await prepare()
        let replacement = try seed.map { CheckedSeed(seed: $0, tables: try Self.load($0, into: api)) } ?? self.seed.withLockedValue { $0 }
        try await operations.store.replaceAll(with: replacement.tables)
        self.seed.withLockedValue { $0 = replacement }
    }

    /// The stored values of the resource named `resource`, in order, write-only fields included.
    func records(of resource: String) async throws -> [WireValue] {
        try await prepare()
        let table = api.resource(named: resource)?.table ?? resource
        return try await operations.store.records(in: table, window: nil).records.map { .object($0.record.object) }
    }

    /// The answer to `request`.
    func respond(to request: ServedRequest) async -> ServedResponse {
        do {
            return try await route(request)
        } catch {
            return error.response
        }
    }

    // MARK: routing

    /// Whether a route of the spec has the path `path`, whatever the verb: what the spec answers when it
    /// shares a router with routes of the user's own (``SpecServer/register(on:)``).
    func hasRoute(forPath path: String) -> Bool {
        guard let relative = relativePath(path) else { return false }
        return api.endpoints.contains { $0.route.match(relative) != nil }
    }

    /// `path` below the base path, its escapes normalized; `nil` outside the base path.
    private func relativePath(_ path: String) -> Substring? {
        guard path.hasPrefix(api.basePath) else { return nil }
        return Substring(ServedRoute.normalizingEscapes(in: path.dropFirst(api.basePath.count)))
    }

    /// Finds the operation or action the request's path and verb name; 404 or 405 when there is none.
    private func route(_ request: ServedRequest) async throws(RequestFailure) -> ServedResponse {
        guard let relative = relativePath(request.path) else {
            throw RequestFailure(response: .detail(404, "Not found: \(api.name) is served under \(api.basePath)."))
        }
        var allowed: [String] = []
        var matching: [(endpoint: ServedEndpoint, values: [(part: ServedRoute.Part, value: String)])] = []
        for endpoint in api.endpoints {
            // Endpoints come most specific first, and only views of the route matched first (routes of its
            // shape, so of its literal length and parameter count) can answer in its place: stop past them.
            if let first = matching.first?.endpoint.route,
                endpoint.route.literalLength != first.literalLength || endpoint.route.parameterCount != first.parameterCount
            {
                break
            }
            guard let values = endpoint.route.match(relative) else { continue }
            guard endpoint.method == request.method else {
                allowed.append(endpoint.method)
                continue
            }
            matching.append((endpoint, values))
        }
        guard let (endpoint, values) = Self.preferredView(of: matching, for: request) else {
            guard !allowed.isEmpty else { throw RequestFailure(response: .detail(404, "Not found.")) }
            let allow = Array(Set(allowed)).sorted().joined(separator: ", ")
            // A plain OPTIONS request (not a CORS preflight, which never reaches the engine) asks what the route takes.
            if request.method == "OPTIONS" { return ServedResponse(status: 204, headers: [("Allow", allow)]) }
            throw RequestFailure(response: .detail(405, "Method \"\(request.method)\" not allowed here; use \(allow).", headers: [("Allow", allow)]))
        }
        switch endpoint {
        case let .operation(resource, operation):
            for parent in operation.parents {
                try await requireParent(parent, values: values)
            }
            return try await handle(operation, of: resource, values: values, request: request)
        case let .action(action):
            return try await handle(action, values: values, request: request)
        }
    }

    /// Of the endpoints that answer a request's route and verb, most specific first, the one that answers:
    /// among views of one collection on the same route, the view whose page or page size parameter the
    /// query carries (a paged view's client sends them, an unpaged one's does not); else the first.
    private static func preferredView(
        of matching: [(endpoint: ServedEndpoint, values: [(part: ServedRoute.Part, value: String)])], for request: ServedRequest
    ) -> (endpoint: ServedEndpoint, values: [(part: ServedRoute.Part, value: String)])? {
        guard let first = matching.first, case let .operation(_, firstOperation) = first.endpoint else { return matching.first }
        let names = Set(request.query.map(\.name))
        let paged = matching.first { candidate in
            guard case let .operation(resource, operation) = candidate.endpoint, operation.kind == firstOperation.kind,
                operation.route.hasShape(of: firstOperation.route.parts), let pagination = resource.pagination
            else { return false }
            return names.contains(pagination.linkParameter) || names.contains(pagination.sizeParameter)
        }
        return paged ?? first
    }

    /// Throws 404 unless the parent the route is nested under holds the value the route names.
    private func requireParent(_ parent: ServedParent, values: [(part: ServedRoute.Part, value: String)]) async throws(RequestFailure) {
        guard let resource = api.resource(named: parent.resource) else { return }
        // The route's first parameters are the parent's, in order.
        let parameters = parent.route.parts.filter(\.isParameter)
        let parentValues = zip(parameters, values).map { (part: $0, value: $1.value) }
        _ = try await operations.read(resource, values: parentValues)
    }

    /// Runs `operation` of `resource` with the route's values.
    private func handle(
        _ operation: ServedOperation, of resource: ServedResource, values: [(part: ServedRoute.Part, value: String)], request: ServedRequest
    ) async throws(RequestFailure) -> ServedResponse {
        let call = { (body: OperationContext.Body, window: Range<Int>, filters: [(name: String, value: String)]) in
            OperationContext(
                method: request.method, path: request.path, query: request.query, window: window, resource: resource, operation: operation,
                values: values, body: body, filters: filters, operations: self.operations)
        }
        switch operation.kind {
        case .create:
            let body = try requestFields(request, of: resource, updating: nil)
            let new = try operations.newValue(of: resource, from: body.fields, values: values, validation: body.validation)
            guard let object = try await answered(call(.new(new), 0..<0, []), returning: operation.returnsModel) else {
                return ServedResponse(status: 204)
            }
            return .json(201, enveloped(wrapped(representation(object, of: resource), in: resource.responseOne)), mediaType: resource.mediaType)
        case .read:
            let object = try await value(answering: call(.none, 0..<0, []))
            return answer(request, .ok(representation(object, of: resource)), of: resource, operation: operation)
        case .update, .patch:
            let key = try DefaultOperations.key(of: resource, values: values)
            let changes: [String: WireValue]
            do throws(RequestFailure) {
                let body = try requestFields(request, of: resource, updating: key)
                changes = try operations.changes(
                    of: resource, from: body.fields, values: values, isPartial: operation.isPartial, validation: body.validation)
            } catch {
                // A value that is not there is answered 404 whatever the body says.
                _ = try await operations.read(resource, values: values)
                throw error
            }
            guard let object = try await answered(call(.changes(changes), 0..<0, []), returning: operation.returnsModel) else {
                return ServedResponse(status: 204)
            }
            return answer(request, .ok(representation(object, of: resource)), of: resource, operation: operation)
        case .delete:
            guard let removed = try await answered(call(.none, 0..<0, []), returning: operation.returnsModel) else {
                return ServedResponse(status: 204)
            }
            return answer(request, .ok(representation(removed, of: resource)), of: resource, operation: operation)
        case .list:
            return try await list(resource, operation, request: request) { window, filters async throws(RequestFailure) in
                try await self.listed(call(.none, window, filters))
            }
        }
    }

    /// The value `call`'s handler answers when the operation `returns` one; else `nil`, whatever it answers.
    private func answered(_ call: OperationContext, returning returns: Bool) async throws(RequestFailure) -> [String: WireValue]? {
        guard returns else {
            _ = try await handled(call)
            return nil
        }
        return try await value(answering: call)
    }

    /// The value `call`'s handler answers; 500 when it answers none.
    private func value(answering call: OperationContext) async throws(RequestFailure) -> [String: WireValue] {
        guard case let .record(object) = try await handled(call).content else {
            throw RequestFailure(response: .detail(500, "The service answered \(call.resourceName).\(call.operationName) without a value."))
        }
        return object
    }

    /// The values of a list and their total as `call`'s handler answers them; 500 when it answers otherwise.
    private func listed(_ call: OperationContext) async throws(RequestFailure) -> (values: [[String: WireValue]], total: Int) {
        guard case let .records(objects, total) = try await handled(call).content else {
            throw RequestFailure(response: .detail(500, "The service answered \(call.resourceName).list without a list."))
        }
        return (objects, total)
    }

    /// The handler's answer to `call`; what it throws, as a request's failure.
    private func handled(_ call: OperationContext) async throws(RequestFailure) -> OperationAnswer {
        try await handled(call, as: "\(call.resourceName).\(call.operationName)") { try await self.handler.answer($0) }
    }

    /// `answer`'s answer to `call`, named `what` in a failure's message; what it throws, as a request's
    /// failure: a ``ServiceError`` with its status and message, any other error 500.
    func handled<Call, Answer>(_ call: Call, as what: String, by answer: (Call) async throws -> Answer) async throws(RequestFailure) -> Answer {
        do {
            return try await answer(call)
        } catch let failure as RequestFailure {
            throw failure
        } catch let failure as ServiceError {
            throw RequestFailure(response: .detail(failure.status, failure.message))
        } catch {
            throw RequestFailure(response: .detail(500, "The service failed to answer \(what): \(error)"))
        }
    }

    /// The seed data's answer to `action`, if it has one.
    func seedAnswer(of action: ServedAction) -> WireValue? {
        seed.withLockedValue { $0.seed.wireActions[action.seedKey] }
    }

    // MARK: operations

    /// The values under the route, filtered by query items named like fields, paged as the spec says, as
    /// `listed` answers them for a window of positions and the filters.
    private func list(
        _ resource: ServedResource, _ operation: ServedOperation, request: ServedRequest,
        listed: @escaping (Range<Int>, [(name: String, value: String)]) async throws(RequestFailure) -> (values: [[String: WireValue]], total: Int)
    ) async throws(RequestFailure) -> ServedResponse {
        var reserved = Set([resource.limitParameter, resource.offsetParameter].compactMap(\.self))
        if let pagination = resource.pagination { reserved.formUnion([pagination.linkParameter, pagination.sizeParameter]) }
        // Query items named like a field filter by it, as json-server's do.
        let filters = request.query.filter { item in !reserved.contains(item.name) && resource.allFields.contains { $0.key == item.name } }
        guard let pagination = resource.pagination else {
            let (objects, _) = try await listed(try window(resource, request: request), filters)
            let body = WireValue.array(objects.map { representation($0, of: resource) })
            return answer(request, .ok(wrapped(body, in: resource.responseMany)), of: resource, operation: operation, wrapsOne: false)
        }
        // Only the page's values are read and written out: a page of 100 from 100,000 values.
        // JSON:API names the previous page's link `prev`.
        let previous = resource.jsonAPI == nil ? "previous" : "prev"
        let paged = try await page(pagination, request: request, previous: previous) { window async throws(RequestFailure) in
            let (objects, total) = try await listed(window, filters)
            return (objects.map { self.representation($0, of: resource) }, total)
        }
        return answer(request, paged, of: resource, operation: operation, wrapsOne: false)
    }

    /// The positions an unpaged list shows: from the query's offset (or skip) on, as many as its limit, for
    /// a list whose query declares them; else all.
    private func window(_ resource: ServedResource, request: ServedRequest) throws(RequestFailure) -> Range<Int> {
        func number(_ name: String?) throws(RequestFailure) -> Int? {
            guard let name, let text = request.query.last(where: { $0.name == name })?.value else { return nil }
            guard let number = Int(text), number >= 0 else { throw invalidParameter(name, "Ensure this value is a whole number of 0 or more.") }
            return number
        }
        let offset = try number(resource.offsetParameter) ?? 0
        return Self.window(from: offset, count: try number(resource.limitParameter) ?? .max)
    }

    /// The positions from `start` on, `count` of them or up to the largest position.
    private static func window(from start: Int, count: Int) -> Range<Int> {
        let (end, overflow) = start.addingReportingOverflow(count)
        return start..<(overflow ? .max : end)
    }

    /// One page in the spec's pagination style, each value of the page as `values` reads and writes the
    /// values at the page's positions (with how many are listed in all); beside a next URL under `next`,
    /// the previous page's under `previous` in its place.
    func page(
        _ pagination: PaginationDeclaration, request: ServedRequest, previous previousName: String,
        values: (Range<Int>) async throws(RequestFailure) -> (values: [WireValue], total: Int)
    ) async throws(RequestFailure) -> Answer {
        let given = request.query.last { $0.name == pagination.linkParameter }?.value
        let size = request.query.last { $0.name == pagination.sizeParameter }.flatMap { Int($0.value) }.map { min(max($0, 1), 1000) } ?? pagination.servedSize
        let start: Int
        let pageNumber: Int
        let style = pagination.style
        switch style {
        case .offset:
            guard let offset = given.map({ Int($0) }) ?? 0, offset >= 0 else { throw invalidParameter(pagination.linkParameter, "A valid offset is required.") }
            start = offset
            pageNumber = offset / size + 1
        case .cursor:
            guard let offset = given.map({ Self.offset(inCursor: $0) }) ?? 0 else { throw invalidParameter(pagination.linkParameter, "Invalid cursor.") }
            start = offset
            pageNumber = offset / size + 1
        case .pageNumber, .nextURL, .linkHeader:
            guard let number = given.map({ Int($0) }) ?? 1, number >= 1 else { throw invalidParameter(pagination.linkParameter, "Invalid page.") }
            pageNumber = number
            // A page past any list (`page=4182946609137206784`) is an empty one, not an overflow.
            let (product, overflow) = (number - 1).multipliedReportingOverflow(by: size)
            start = overflow ? .max : product
        }
        let (slice, total) = try await values(Self.window(from: start, count: size))
        let hasNext = start < total && total - start > size
        let nextLink: String? = hasNext ? link(request, setting: pagination.linkParameter, to: String(pageNumber + 1)) : nil
        let itemsKeyPath = pagination.items
        var body: WireValue = itemsKeyPath.isEmpty ? .array(slice) : .object([:])
        if !itemsKeyPath.isEmpty { body.set(.array(slice), at: itemsKeyPath) }
        if let count = pagination.count { body.set(.integer(Int64(total)), at: count) }
        // What the body says of the next page, in the style's key: a URL, a page number or a cursor.
        let next: (keyPath: String, value: WireValue)? =
            switch style {
            case let .nextURL(keyPath): (keyPath, nextLink.map(WireValue.string) ?? .null)
            case let .pageNumber(_, next?): (next, hasNext ? .integer(Int64(pageNumber + 1)) : .null)
            case let .cursor(_, next): (next, hasNext ? .string(Self.cursor(offset: start + size)) : .null)
            case .pageNumber(_, nil), .offset, .linkHeader: nil
            }
        if let next { body.set(next.value, at: next.keyPath) }
        // Beside a next URL under `next`, the previous page's under `previous`, as Django REST Framework and
        // the APIs written like it answer (the client reads only `next`).
        if case let .nextURL(keyPath) = style, keyPath == "next" || keyPath.hasSuffix(".next") {
            let previous = pageNumber > 1 ? WireValue.string(link(request, setting: pagination.linkParameter, to: String(pageNumber - 1))) : .null
            body.set(previous, at: keyPath.dropLast("next".count) + previousName)
        }
        var headers: [(name: String, value: String)] = []
        if case .linkHeader = style, let nextLink { headers.append(("Link", "<\(nextLink)>; rel=\"next\"")) }
        if let countHeader = pagination.countHeader { headers.append((countHeader, String(total))) }
        return Answer(status: 200, body: body, headers: headers)
    }

    // MARK: helpers

    /// A successful response's parts before the envelope wraps it.
    struct Answer {
        /// The HTTP status code.
        var status: Int
        /// The body before the envelope and namespace wrap it.
        var body: WireValue
        /// Header fields, such as a page's `Link`.
        var headers: [(name: String, value: String)] = []

        /// A 200 answer of `body`.
        static func ok(_ body: WireValue) -> Answer { Answer(status: 200, body: body) }
    }

    /// The response: the body wrapped in the resource's one-value namespace (unless `wrapsOne` is off) and
    /// the envelope, with an ETag; 304 when the client's copy is current.
    private func answer(
        _ request: ServedRequest, _ answer: Answer, of resource: ServedResource, operation: ServedOperation, wrapsOne: Bool = true
    ) -> ServedResponse {
        guard operation.returnsModel else { return ServedResponse(status: 204) }
        let body = wrapsOne ? wrapped(answer.body, in: resource.responseOne) : answer.body
        var response = ServedResponse.json(answer.status, enveloped(body), headers: answer.headers, mediaType: resource.mediaType)
        guard request.method == "GET" else { return response }
        let tag = "\"\(Self.digest(response.body))\""
        response.headers.append(("ETag", tag))
        if let ifNoneMatch = request.ifNoneMatch, ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag }) {
            return ServedResponse(status: 304, headers: [("ETag", tag)])
        }
        return response
    }

    /// The fields the request's body sets, as the resource keeps them: the body's object, or a JSON:API
    /// resource's flat value its resource object stands for, with the validation that checked its linkage,
    /// to check the fields next. A resource
    /// object must be of the resource's type and, updating the value stored under `key`, of its id: 409
    /// when it is not.
    private func requestFields(
        _ request: ServedRequest, of resource: ServedResource, updating key: String?
    ) throws(RequestFailure) -> (fields: [String: WireValue], validation: BodyValidation) {
        var validation = BodyValidation(api: api)
        let object = try requestObject(request, of: resource)
        guard let shape = resource.jsonAPI else { return (object, validation) }
        try shape.checkIdentity(of: object, updating: key, idType: resource.id.type)
        return (validation.flattened(object, of: resource, shape: shape), validation)
    }

    /// The body's object, unwrapped from the envelope and namespace; 415 for a body that is not JSON, 400
    /// for one that does not parse or is no object.
    private func requestObject(_ request: ServedRequest, of resource: ServedResource) throws(RequestFailure) -> [String: WireValue] {
        let json = try requestJSON(request, namespace: resource.requestNamespace, mediaType: resource.mediaType)
        guard case let .object(object) = json else { throw RequestFailure(response: .invalid(["": ["Expected a JSON object."]])) }
        return object
    }

    /// The body's JSON value, unwrapped from the envelope and `namespace`; 415 for a body that is not JSON
    /// (the message asking for `mediaType`), 400 for one that does not parse.
    func requestJSON(_ request: ServedRequest, namespace: String?, mediaType expected: String) throws(RequestFailure) -> WireValue {
        let mediaType = request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard mediaType == "application/json" || mediaType.hasSuffix("+json") else {
            let given = mediaType.isEmpty ? "no Content-Type" : "Content-Type \(mediaType)"
            throw RequestFailure(response: .detail(415, "Unsupported media type: the request has \(given); send JSON as \(expected)."))
        }
        let wrappers = api.envelope + (namespace.map { [$0] } ?? [])
        var json: WireValue
        do {
            json = try JSONDecoder().decode(WireValue.self, from: request.body)
        } catch let error as OutOfRangeNumber {
            // Named by its field, as validation names fields: below the envelope and namespace.
            let keys = error.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let path = keys.starts(with: wrappers) ? keys.dropFirst(wrappers.count).joined(separator: ".") : error.path
            let received = ParsedJSON(parsing: request.body)?.value(at: error.codingPath).map { " (received \($0.quoted))" } ?? ""
            throw RequestFailure(response: .invalid([path: ["Ensure this number fits a 64-bit integer or a Double\(received)."]]))
        } catch {
            throw RequestFailure(response: .invalid(["": ["The body is not valid JSON: \(Self.reason(error))"]]))
        }
        for key in wrappers {
            guard let inner = json[key] else { throw RequestFailure(response: .invalid(["": ["Expected the body wrapped in `\(key)`."]])) }
            json = inner
        }
        return json
    }

    /// What a response shows of a stored value.
    private func representation(_ object: [String: WireValue], of resource: ServedResource) -> WireValue {
        resource.shown(object, in: api, includingWriteOnly: false)
    }

    /// `value` inside `{key: …}`, or itself without a key.
    func wrapped(_ value: WireValue, in key: String?) -> WireValue {
        key.map { .object([$0: value]) } ?? value
    }

    /// `value` inside the API's envelope, outermost key first.
    func enveloped(_ value: WireValue) -> WireValue {
        api.envelope.reversed().reduce(value) { inner, key in .object([key: inner]) }
    }

    /// The request's absolute URL with the query item `name` set to `value`.
    private func link(_ request: ServedRequest, setting name: String, to value: String) -> String {
        let query = request.query.filter { $0.name != name } + [(name, value)]
        return request.origin + request.path + "?" + query.map { "\(Self.encoded($0.name))=\(Self.encoded($0.value))" }.joined(separator: "&")
    }

    /// 400 for a query parameter the server cannot read.
    private func invalidParameter(_ name: String, _ message: String) -> RequestFailure {
        RequestFailure(response: .invalid([name: [message]]))
    }

    /// `text` percent-encoded as the runtime encodes query items.
    private static func encoded(_ text: String) -> String {
        RoutePath.encodeSegment(text)
    }

    /// An opaque cursor for an offset.
    static func cursor(offset: Int) -> String {
        Data("o:\(offset)".utf8).base64EncodedString()
    }

    /// The offset a cursor stands for; `nil` for a cursor this server did not write.
    static func offset(inCursor cursor: String) -> Int? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8), text.hasPrefix("o:") else { return nil }
        return Int(text.dropFirst(2)).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A 64-bit FNV-1a digest of a body, for ETags.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// A JSON parse error in a sentence.
    private static func reason(_ error: any Error) -> String {
        guard case let DecodingError.dataCorrupted(context) = error else { return "\(error)" }
        return (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
    }

    // MARK: seeds

    /// The tables `seed` fills, each value checked against the spec.
    private static func load(_ seed: Seed, into api: ServedAPI) throws(SeedError) -> [String: Table] {
        let actionKeys = Set(api.actions.map(\.seedKey))
        for key in seed.wireActions.keys.sorted() where !actionKeys.contains(key) {
            throw SeedError(
                source: seed.source, path: "actions.\(key)",
                message: "\(api.name) has no action \(key); "
                    + (actionKeys.isEmpty ? "it has none." : "its actions are \(actionKeys.sorted().joined(separator: ", "))."))
        }
        var tables: [String: Table] = [:]
        for (name, values) in seed.wireRecords.sorted(by: { $0.key < $1.key }) {
            guard let resource = api.resource(named: name) else {
                throw SeedError(
                    source: seed.source, path: name,
                    message: "\(api.name) has no resource \(name); its resources are \(api.resources.map(\.name).joined(separator: ", ")).")
            }
            // Views of one collection fill one table.
            var table = tables[resource.table] ?? Table()
            // Seed data may set read-only fields, which requests cannot.
            let settable = resource.fields.map { field in
                var field = field
                field.readOnly = false
                return field
            }
            for (index, value) in values.enumerated() {
                let path = "\(name)[\(index)]"
                guard case let .object(body) = value else { throw SeedError(source: seed.source, path: path, message: "expected an object") }
                var validation = BodyValidation(api: api)
                var object = validation.object(body, fields: settable, partial: true)
                for field in resource.fields where object[field.key] == nil && field.required {
                    validation.fail(field.key, "This field is required.")
                }
                for field in resource.fields where object[field.key] == nil && field.readOnly {
                    object[field.key] = field.type.placeholder(in: api)
                }
                let givenKey = resource.givenKey(in: body, validation: &validation)
                guard validation.errors.isEmpty else { throw SeedError(source: seed.source, path: path, failures: validation.errors) }
                let key: String
                if let givenKey {
                    object[resource.id.key] = body[resource.id.key]
                    key = givenKey
                } else {
                    if resource.id.type.numbersNewIDs { table.lastInteger += 1 }
                    let (value, text) = resource.id.type.newID(number: table.lastInteger)
                    object[resource.id.key] = value
                    key = resource.id.type.canonicalKey(text)
                }
                guard table.records[key] == nil else { throw SeedError(source: seed.source, path: path, message: "a second \(name) with id \(key)") }
                table.insert(StoredRecord(object: object, arguments: [:]), at: key)
            }
            tables[resource.table] = table
        }
        return tables
    }
}

extension WireType {
    /// A path segment's text as a value of this type: a number for numeric types, else the text.
    func pathValue(_ text: String) -> WireValue {
        switch self {
        case let .optional(wrapped): wrapped.pathValue(text)
        case .integer, .number:
            Int64(text).map(WireValue.integer) ?? UInt64(text).map(WireValue.unsigned) ?? Double(text).map(WireValue.number) ?? .string(text)
        case .bool: text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        default: .string(text)
        }
    }

    /// The key a record of this id type is stored under: UUIDs in capitals, so any spelling finds it.
    func canonicalKey(_ text: String) -> String {
        switch self {
        case let .optional(wrapped): wrapped.canonicalKey(text)
        case .uuid: text.uppercased()
        case .integer: Int(text).map(String.init) ?? text
        default: text
        }
    }

    /// Whether new ids of this type are numbered: integers, and their text for string ids; UUIDs are not.
    var numbersNewIDs: Bool {
        switch self {
        case let .optional(wrapped): wrapped.numbersNewIDs
        case .uuid: false
        default: true
        }
    }

    /// A new id of this type and its text: `number` for numbered ids, else a new UUID.
    func newID(number: Int) -> (WireValue, String) {
        switch self {
        case let .optional(wrapped): return wrapped.newID(number: number)
        case .uuid:
            let id = UUID().uuidString
            return (.string(id), id)
        case .integer, .number: return (.integer(Int64(number)), String(number))
        default: return (.string(String(number)), String(number))
        }
    }
}

extension ServedResource {
    /// The key of a new value whose body gives its id; `nil` when the body gives none, or gives one that is
    /// not of the id's type or is blank, a failure `validation` then holds.
    func givenKey(in body: [String: WireValue], validation: inout BodyValidation) -> String? {
        guard let given = body[id.key], given != .null else { return nil }
        guard validation.check(given, id.type, path: id.key), let text = JSONText.pathText(given) else { return nil }
        // The value's member route could not name it.
        guard !text.isEmpty else {
            validation.fail(id.key, "This field may not be blank.")
            return nil
        }
        return id.type.canonicalKey(text)
    }
}

extension WireValue {
    /// Sets `value` at a dotted key path, making the objects on the way.
    mutating func set(_ value: WireValue, at path: String) {
        let keys = path.split(separator: ".").map(String.init)
        guard let first = keys.first else {
            self = value
            return
        }
        var object: [String: WireValue]
        if case let .object(existing) = self { object = existing } else { object = [:] }
        var inner = object[first] ?? .object([:])
        if keys.count == 1 {
            inner = value
        } else {
            inner.set(value, at: keys.dropFirst().joined(separator: "."))
        }
        object[first] = inner
        self = .object(object)
    }
}
#endif
