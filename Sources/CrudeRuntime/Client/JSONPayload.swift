import Foundation

/// Wraps a value in nested single-key objects on the way out: `{"data": {"person": {…}}}`.
struct WrappedPayload<Value: Encodable>: Encodable {
    let keys: ArraySlice<String>
    let value: Value

    func encode(to encoder: any Encoder) throws {
        guard let first = keys.first else {
            try value.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(WrappedPayload(keys: keys.dropFirst(), value: value), forKey: JSONKey(stringValue: first))
    }
}

/// Unwraps a value from nested objects on the way in, reading the key path from the decoder's `userInfo`,
/// so that decoding stays one pass over the JSON.
struct UnwrappedPayload<Value: Decodable>: Decodable {
    static var keysKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "crudegen.UnwrappedPayload.keys")! }

    let value: Value

    init(from decoder: any Decoder) throws {
        let keys = decoder.userInfo[Self.keysKey] as? [String] ?? []
        guard let last = keys.last else {
            value = try Value(from: decoder)
            return
        }
        var container = try decoder.container(keyedBy: JSONKey.self)
        for key in keys.dropLast() {
            container = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(stringValue: key))
        }
        value = try container.decode(Value.self, forKey: JSONKey(stringValue: last))
    }
}

extension APIClient {
    /// Encodes a request body: read-only properties left out, `nil` properties written as `nils` says,
    /// wrapped in the envelope (unless switched off) and in `namespace`.
    public func body<Value: Encodable>(_ value: Value, namespace: String? = nil, nils: ModelEncodingOptions.NilEncoding = .omit) throws(APIError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = configuration.dateEncodingStrategy
        encoder.keyEncodingStrategy = configuration.keyEncodingStrategy
        encoder.userInfo[ModelEncodingOptions.userInfoKey] = ModelEncodingOptions(nilEncoding: nils, purpose: .request)
        let keys = (configuration.wrapsRequestsInEnvelope ? configuration.envelope : []) + (namespace.map { [$0] } ?? [])
        do {
            return try keys.isEmpty ? encoder.encode(value) : encoder.encode(WrappedPayload(keys: keys[...], value: value))
        } catch {
            throw .encoding(description: "\(error)")
        }
    }

    /// Decodes a response body after unwrapping the envelope and `namespace`.
    public func decode<Value: Decodable>(_ type: Value.Type, from response: ClientResponse, namespace: String? = nil) throws(APIError) -> Value {
        try configuration.decode(type, from: response.body, unwrapping: configuration.envelope + (namespace.map { [$0] } ?? []))
    }

    /// The error of a body that did not decode: the JSON path of the problem and what the body holds there.
    static func decodingFailure(_ error: DecodingError, body: Data, json: ParsedJSON?) -> APIError {
        let context: DecodingError.Context
        var description: String
        switch error {
        case let .keyNotFound(key, found):
            return .decoding(path: jsonPath(found.codingPath + [key]), description: "key `\(key.stringValue)` not found", body: body)
        case let .typeMismatch(type, found):
            context = found
            description = "expected \(type)"
            if let value = json?.value(at: found.codingPath) { description += ", found \(value.quoted)" }
        case let .valueNotFound(type, found):
            context = found
            description = "expected \(type), found null"
        case let .dataCorrupted(found):
            context = found
            description = found.debugDescription
            if let underlying = found.underlyingError { description += " (\(underlying.localizedDescription))" }
            if !found.codingPath.isEmpty, let value = json?.value(at: found.codingPath), !value.isShown(in: description) {
                description += " (found \(value.quoted))"
            }
        @unknown default:
            return .decoding(path: "", description: "\(error)", body: body)
        }
        return .decoding(path: jsonPath(context.codingPath), description: description, body: body)
    }

    /// `data.people[2].first_name`.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return path
    }

    // MARK: what generated operations call

    /// Unwraps an optional needed to build a request, such as the id of an instance.
    @_spi(Generated)
    public static func require<Value>(_ value: Value?, _ name: String) throws(APIError) -> Value {
        guard let value else { throw .missingValue(name) }
        return value
    }
}

extension ClientConfiguration {
    /// Decodes `body` as a client with this configuration does (its date and key strategies, errors as
    /// ``APIError/decoding(path:description:body:)``) after unwrapping `keys`, outermost first, in one pass
    /// over the JSON; `userInfo` goes to the decoder for types that read settings there.
    public func decode<Value: Decodable>(
        _ type: Value.Type, from body: Data, unwrapping keys: [String], userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws(APIError) -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        decoder.keyDecodingStrategy = keyDecodingStrategy
        for (key, value) in userInfo { decoder.userInfo[key] = value }
        if !keys.isEmpty { decoder.userInfo[UnwrappedPayload<Value>.keysKey] = keys }
        do {
            if keys.isEmpty { return try decoder.decode(Value.self, from: body) }
            return try decoder.decode(UnwrappedPayload<Value>.self, from: body).value
        } catch var error as DecodingError {
            let json = ParsedJSON(parsing: body)
            if let json, case let .dataCorrupted(context) = error, context.codingPath.isEmpty, case .useDefaultKeys = keyDecodingStrategy {
                error = located(Value.self, in: json, unwrapping: !keys.isEmpty, userInfo: decoder.userInfo) ?? error
            }
            throw APIClient.decodingFailure(error, body: body, json: json)
        } catch {
            throw .decoding(path: "", description: "\(error)", body: body)
        }
    }
}

extension ClientConfiguration {
    /// Foundation on Linux reports a number that does not fit its type as invalid JSON at the root, though
    /// the body parses: decoding it again with ``LocatingDecoder`` finds the number's path and text.
    private func located<Value: Decodable>(
        _ type: Value.Type, in json: ParsedJSON, unwrapping: Bool, userInfo: [CodingUserInfoKey: Any]
    ) -> DecodingError? {
        let decoder = LocatingDecoder(json: json, codingPath: [], userInfo: userInfo, dateDecodingStrategy: dateDecodingStrategy)
        do {
            _ = try unwrapping ? decoder.decode(UnwrappedPayload<Value>.self).value : decoder.decode(Value.self)
            return nil
        } catch {
            return error as? DecodingError
        }
    }
}

/// Parses validation errors from the shapes servers use: `{"errors": {…}}`, `{"post": {"errors": {…}}}`
/// (ApiModel), FastAPI's `{"detail": [{"loc": ["body", "name"], "msg": "Field required"}]}`, Litestar's
/// `{"status_code": 400, "detail": "Validation failed for POST /users", "extra": [{"message": "…", "key":
/// "username", "source": "body"}]}` and a plain `{"field": ["message"]}`; messages may be a string or a list
/// of strings.
enum ValidationErrors {
    /// The first element of a FastAPI `loc` that says where the value was sent rather than which field it is.
    private static let fastAPISources: Set<String> = ["body", "query", "path", "header", "cookie"]

    static func parse(_ body: Data, envelope: [String]) -> [String: [String]]? {
        guard var json = try? JSONDecoder().decode(JSONValue.self, from: body) else { return nil }
        for key in envelope {
            guard let inner = json[key] else { break }
            json = inner
        }
        if let errors = json["errors"].flatMap(fieldMessages) { return errors }
        if case let .array(items)? = json["errors"], let errors = jsonAPIMessages(items) { return errors }
        if case let .object(object) = json, object.count == 1, let errors = object.first?.value["errors"].flatMap(fieldMessages) {
            return errors
        }
        if case let .array(items)? = json["detail"], let errors = fastAPIMessages(items) { return errors }
        if case let .array(items)? = json["extra"], let errors = litestarMessages(items) { return errors }
        // A lone `{"detail": "Not found"}` is a message about the request, not an error of a field named `detail`.
        if case let .object(object) = json, object.count == 1, ServerMessage.text(in: json) != nil { return nil }
        return fieldMessages(json)
    }

    private static func fieldMessages(_ json: JSONValue) -> [String: [String]]? {
        guard case let .object(object) = json, !object.isEmpty else { return nil }
        var result: [String: [String]] = [:]
        for (field, value) in object {
            switch value {
            case let .string(message):
                result[field] = [message]
            case let .array(items):
                let messages = items.compactMap { item -> String? in
                    if case let .string(message) = item { return message }
                    return nil
                }
                guard messages.count == items.count else { return nil }
                result[field] = messages
            default:
                return nil
            }
        }
        return result
    }

    /// FastAPI's and pydantic's error list: each item's `loc` without where it was sent becomes the field,
    /// nested keys and array indices joined with dots (`team.name`, `items.0.name`); an error about the whole
    /// body has the field `""`.
    private static func fastAPIMessages(_ items: [JSONValue]) -> [String: [String]]? {
        var result: [String: [String]] = [:]
        for item in items {
            guard case let .array(location)? = item["loc"], case let .string(message)? = item["msg"] else { return nil }
            var parts: [String] = []
            for part in location {
                switch part {
                case let .string(key): parts.append(key)
                case let .number(index): parts.append(index.jsonText)
                default: return nil
                }
            }
            if let first = parts.first, fastAPISources.contains(first) { parts.removeFirst() }
            result[parts.joined(separator: "."), default: []].append(message)
        }
        return result.isEmpty ? nil : result
    }

    /// JSON:API's error objects about members of the body: each item's `source.pointer` is the field, its
    /// resource object's path left out (`/data/attributes/title` is `title`, a nested `/data/attributes/
    /// address/city` is `address.city`), and its `detail` (else `title`) the message. A list with an error
    /// about no member (a missing object, a conflict) is a message about the request, not about fields.
    private static func jsonAPIMessages(_ items: [JSONValue]) -> [String: [String]]? {
        var result: [String: [String]] = [:]
        for item in items {
            guard case let .string(pointer)? = item["source"]?["pointer"], case let .string(message)? = item["detail"] ?? item["title"] else {
                return nil
            }
            var parts = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            if parts.first == "data" { parts.removeFirst() }
            if let first = parts.first, ["attributes", "relationships"].contains(first) { parts.removeFirst() }
            result[parts.joined(separator: "."), default: []].append(message)
        }
        return result.isEmpty ? nil : result
    }

    /// Litestar's `extra` list of a failed validation: each item's `key` is the field and its `message` the
    /// message (`source`, where the value was sent, is left out as FastAPI's is). Litestar names a body it
    /// could not read as an object by the handler's parameter (`"key": "data"`), kept as the field.
    private static func litestarMessages(_ items: [JSONValue]) -> [String: [String]]? {
        var result: [String: [String]] = [:]
        for item in items {
            guard case let .string(field)? = item["key"], case let .string(message)? = item["message"] else { return nil }
            result[field, default: []].append(message)
        }
        return result.isEmpty ? nil : result
    }
}

/// Finds the human-readable message in an error body: `{"detail": "…"}` (FastAPI, Django REST Framework),
/// `{"message": "…"}`, `{"error": "…"}`, `{"error": {"message": "…"}}` or JSON:API's `{"errors": [{"detail":
/// "…"}]}`.
enum ServerMessage {
    /// The first non-empty message of `json`, looked for in that order; `nil` when it has none.
    static func text(in json: JSONValue) -> String? {
        for key in ["detail", "message", "error"] {
            if case let .string(message)? = json[key], !message.isEmpty { return message }
        }
        if case let .string(message)? = json["error"]?["message"], !message.isEmpty { return message }
        if case let .array(errors)? = json["errors"], let first = errors.first {
            for key in ["detail", "title"] {
                if case let .string(message)? = first[key], !message.isEmpty { return message }
            }
        }
        return nil
    }
}
