#if CrudeServe
import CrudeRuntime
import Foundation

extension ServeEngine {
    /// Answers `action` through the handler, with the route's values and the body as its format reads it:
    /// a value in the envelope and the action's namespace, a page of items as the pagination writes it, a
    /// file's bytes, or 204.
    func handle(_ action: ServedAction, values: [(part: ServedRoute.Part, value: String)], request: ServedRequest) async throws(RequestFailure)
        -> ServedResponse
    {
        let body = try actionBody(request, of: action)
        let seedAnswer = seedAnswer(of: action)
        let call = { (window: Range<Int>) in
            ActionContext(
                method: request.method, path: request.path, query: request.query, routeValues: values.map(\.value), window: window,
                action: action, body: body, seedAnswer: seedAnswer)
        }
        if let pagination = action.pagination {
            // The client reads a page's items below the envelope only, as it does a resource's pages.
            let paged = try await page(pagination, request: request, previous: "previous") { window async throws(RequestFailure) in
                guard
                    case let .listed(items, total) = try await self.handled(call(window), as: action.seedKey, by: { try await self.handler.answer($0) }).content
                else {
                    throw RequestFailure(response: .detail(500, "The service answered \(action.seedKey) without a list of items."))
                }
                return (items, total)
            }
            return .json(paged.status, enveloped(paged.body), headers: paged.headers)
        }
        switch try await handled(call(0..<0), as: action.seedKey, by: { try await self.handler.answer($0) }).content {
        case let .value(value) where action.returnsBody: return .json(200, enveloped(wrapped(value, in: action.responseNamespace)))
        case let .file(download):
            var headers = [("Content-Type", download.contentType ?? "application/octet-stream")]
            if let fileName = download.fileName { headers.append(("Content-Disposition", Self.disposition(fileName))) }
            return ServedResponse(status: 200, headers: headers, body: download.data)
        case .listed:
            throw RequestFailure(response: .detail(500, "The service answered \(action.seedKey) with a list of items; it does not page."))
        case .value, .nothing:
            return ServedResponse(status: 204)
        }
    }

    /// The body as the action's format reads it: JSON unwrapped from the envelope and the action's
    /// namespace, or a form's or multipart body's fields; none when the action takes none.
    private func actionBody(_ request: ServedRequest, of action: ServedAction) throws(RequestFailure) -> ActionContext.Body {
        guard let format = action.bodyFormat else { return .none }
        let contentType = request.contentType ?? ""
        let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let given = mediaType.isEmpty ? "no Content-Type" : "Content-Type \(mediaType)"
        switch format {
        case .json:
            return .json(try requestJSON(request, namespace: action.requestNamespace, mediaType: "application/json"))
        case .form:
            guard mediaType == "application/x-www-form-urlencoded" else {
                throw RequestFailure(
                    response: .detail(415, "Unsupported media type: the request has \(given); send a form as application/x-www-form-urlencoded."))
            }
            return .form(FormBody(form: request.body))
        case .multipart:
            guard mediaType == "multipart/form-data", let boundary = Self.boundary(in: contentType) else {
                throw RequestFailure(response: .detail(415, "Unsupported media type: the request has \(given); send multipart/form-data with a boundary."))
            }
            guard let form = FormBody(multipart: request.body, boundary: boundary) else {
                throw RequestFailure(response: .invalid(["": ["The body is not multipart/form-data delimited by its boundary."]]))
            }
            return .form(form)
        }
    }

    /// A `Content-Disposition` suggesting `fileName`, its `"`, CR and LF percent-encoded as the runtime
    /// writes a multipart part's (and reads a download's) names.
    private static func disposition(_ fileName: String) -> String {
        let escaped = fileName.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
        return "attachment; filename=\"\(escaped)\""
    }

    /// The `boundary` parameter of a multipart `Content-Type`, unquoted.
    private static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            let unquoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
            return unquoted.isEmpty ? nil : unquoted
        }
        return nil
    }
}
#endif
