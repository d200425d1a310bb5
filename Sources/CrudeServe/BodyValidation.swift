#if CrudeServe
import CrudeGenEngine
import CrudeRuntime
import Foundation

/// Checks request bodies against the spec's fields, collecting every problem as field → messages, the
/// shape the runtime reads as `APIError.validation`.
struct BodyValidation {
    /// The spec whose model shapes nested objects are checked against.
    let api: ServedAPI
    /// Problems found so far, by the field's dotted key path (`address.city`, `tags.2`).
    private(set) var errors: [String: [String]] = [:]
    /// Where a top-level field sits in the body when it is not at its own key, by that key: in a JSON:API
    /// resource object, `attributes.title` for `title` (see `flattened(_:of:shape:)`).
    var memberPaths: [String: String] = [:]

    /// A validation with no problem found yet.
    init(api: ServedAPI) {
        self.api = api
    }

    /// Records a problem of the field at `path`.
    mutating func fail(_ path: String, _ message: String) {
        errors[path, default: []].append(message)
    }

    /// Records a problem of the value received at `path`, quoting the value before the message's final
    /// period as the body wrote it (cut short past 60 characters): `… (received 1e+20).`
    mutating func fail(_ path: String, _ message: String, received value: WireValue) {
        fail(path, (message.hasSuffix(".") ? String(message.dropLast()) : message) + " (received \(Self.quoted(value))).")
    }

    /// `value` as the body wrote it, cut short past 60 characters.
    static func quoted(_ value: WireValue) -> String {
        let text = JSONText.of(value)
        return text.count > 60 ? text.prefix(60) + "…" : text
    }

    /// The stored form of `body` for `fields`: the fields the client may set, checked, unknown keys and
    /// read-only fields left out. With `partial`, absent fields are not missing.
    mutating func object(_ body: [String: WireValue], fields: [WireField], partial: Bool, path: String = "") -> [String: WireValue] {
        var result: [String: WireValue] = [:]
        for field in fields where !field.readOnly {
            let fieldPath = path.isEmpty ? memberPaths[field.key] ?? field.key : "\(path).\(field.key)"
            guard let value = body[field.key] else {
                // A field already refused where it was read (a JSON:API relationship's linkage) is not missing too.
                let refused = memberPaths[field.key] != nil && errors.keys.contains { $0 == fieldPath || $0.hasPrefix(fieldPath + ".") }
                if field.required && !partial && !refused { fail(fieldPath, "This field is required.") }
                continue
            }
            if let stored = checked(value, field.type, path: fieldPath) { result[field.key] = stored }
        }
        return result
    }

    /// Whether `value` is a `type`, recording why not.
    @discardableResult
    mutating func check(_ value: WireValue, _ type: WireType, path: String) -> Bool {
        checked(value, type, path: path) != nil
    }

    /// The stored form of `value` when it is a `type`, else `nil` with why recorded: nested objects of a
    /// model as its fields say (unknown keys left out, every other field written, a read-only one as the
    /// server sets it), anything else as sent.
    mutating func checked(_ value: WireValue, _ type: WireType, path: String) -> WireValue? {
        switch (type, value) {
        case (.optional, .null), (.any, _):
            return value
        case let (.optional(wrapped), _):
            return checked(value, wrapped, path: path)
        case (_, .null):
            fail(path, "This field may not be null.")
        case let (.integer(integer), _) where integer.holds(value):
            return value
        case let (.integer(integer), _) where value.isNumber:
            fail(path, "Ensure this value is a whole number \(integer.range).", received: value)
        case (.integer, _):
            fail(path, "A valid integer is required.", received: value)
        case let (.number(number), _) where number.holds(value):
            return value
        case let (.number(number), _) where value.isNumber:
            fail(path, "Ensure this value is a number a \(number) holds.", received: value)
        case (.number, _):
            fail(path, "A valid number is required.", received: value)
        case let (.lenient(scalar), _):
            if scalar.reads(value) { return value }
            fail(path, "\(JSONText.of(value)) is not \(scalar.description).")
        case (.bool, .bool), (.string, .string):
            return value
        case (.bool, _):
            fail(path, "Must be a valid boolean.", received: value)
        case (.string, _):
            fail(path, "Not a valid string.", received: value)
        case let (.uuid, .string(text)) where UUID(uuidString: text) != nil:
            return value
        case (.uuid, _):
            fail(path, "Must be a valid UUID.", received: value)
        case let (.url, .string(text)) where URL(string: text) != nil:
            return value
        case (.url, _):
            fail(path, "Enter a valid URL.", received: value)
        case let (.date(format), _):
            if format.accepts(value) { return value }
            fail(path, "Date has wrong format (received \(Self.quoted(value))); use \(format.messageName).")
        case let (.enumeration(values, integer), _):
            let raw: String? =
                switch value {
                case let .string(text) where !integer: text
                case let .integer(number) where integer: String(number)
                default: nil
                }
            if let raw, values.contains(raw) { return value }
            fail(path, "\(JSONText.of(value)) is not a valid choice; use one of \(values.sorted().joined(separator: ", ")).")
        case let (.object(name), .object(object)):
            let before = errors.count
            let fields = api.shapes[name] ?? []
            var stored = self.object(object, fields: fields, partial: false, path: path)
            guard errors.count == before else { return nil }
            for field in fields where !field.writeOnly && stored[field.key] == nil {
                stored[field.key] = field.type.placeholder(in: api) ?? .null
            }
            return .object(stored)
        case (.object, _):
            fail(path, "Expected an object.", received: value)
        case let (.union(name), _):
            return union(value, api.unions[name] ?? WireUnion(variants: []), path: path)
        case let (.array(element), .array(items)):
            var stored: [WireValue] = []
            for (index, item) in items.enumerated() {
                if let item = checked(item, element, path: "\(path).\(index)") { stored.append(item) }
            }
            return stored.count == items.count ? .array(stored) : nil
        case (.array, _):
            fail(path, "Expected a list of items.", received: value)
        case let (.dictionary(element), .object(object)):
            var stored: [String: WireValue] = [:]
            for (key, item) in object {
                if let item = checked(item, element, path: "\(path).\(key)") { stored[key] = item }
            }
            return stored.count == object.count ? .object(stored) : nil
        case (.dictionary, _):
            fail(path, "Expected an object.", received: value)
        }
        return nil
    }
}

extension WireUnion {
    /// A value of the first variant, with its tag when the union has a discriminator.
    func placeholder(in api: ServedAPI, depth: Int) -> WireValue? {
        guard depth <= 16, let first = variants.first, let value = first.type.placeholder(in: api, depth: depth) else { return nil }
        guard let key = discriminator, case var .object(object) = value else { return value }
        object[key] = .string(first.tag)
        return .object(object)
    }
}

extension BodyValidation {
    /// The stored form of `value` when it is one of `union`'s variants: the one its discriminator names,
    /// kept with its tag, else the first it is.
    fileprivate mutating func union(_ value: WireValue, _ union: WireUnion, path: String) -> WireValue? {
        if let key = union.discriminator {
            guard case let .string(tag)? = value[key] else {
                fail(path, "Expected an object whose \"\(key)\" names its type.", received: value)
                return nil
            }
            guard let variant = union.variants.first(where: { $0.tag == tag }) else {
                let tags = union.variants.map(\.tag).joined(separator: ", ")
                fail(path.isEmpty ? key : "\(path).\(key)", "\(JSONText.of(WireValue.string(tag))) is not a valid choice; use one of \(tags).")
                return nil
            }
            guard case var .object(stored)? = checked(value, variant.type, path: path) else { return nil }
            stored[key] = WireValue.string(tag)
            return .object(stored)
        }
        for variant in union.variants {
            var trial = BodyValidation(api: api)
            if let stored = trial.checked(value, variant.type, path: path), trial.errors.isEmpty { return stored }
        }
        fail(path, "The value is none of the types this field takes.", received: value)
        return nil
    }
}

extension WireType {
    /// A value of this type for a required field the server sets (a read-only field the client left
    /// out): now for dates, a new UUID, the first case of an enum, an object of such values.
    func placeholder(in api: ServedAPI, depth: Int = 0) -> WireValue? {
        switch self {
        case .integer, .number: .integer(0)
        case .bool: .bool(false)
        case .string: .string("")
        case .uuid: .string(UUID().uuidString)
        case .url: .string("https://example.com/")
        case let .date(format): format.written(Date())
        case let .enumeration(values, integer): values.sorted().first.map { integer ? .integer(Int64($0) ?? 0) : .string($0) }
        case .array: .array([])
        case .dictionary: .object([:])
        case let .lenient(scalar): scalar.placeholder
        case .optional, .any: nil
        case let .object(name):
            // A required field cannot hold its own type, so the depth limit only guards against surprises.
            depth > 16 ? nil : .object(api.placeholder(fields: api.shapes[name] ?? [], depth: depth + 1))
        case let .union(name):
            api.unions[name]?.placeholder(in: api, depth: depth + 1)
        }
    }
}

extension ServedAPI {
    /// Placeholders for the required fields among `fields`, read-only ones included.
    func placeholder(fields: [WireField], depth: Int = 0) -> [String: WireValue] {
        var object: [String: WireValue] = [:]
        for field in fields where !field.writeOnly {
            if case .optional = field.type { continue }
            object[field.key] = field.type.placeholder(in: self, depth: depth)
        }
        return object
    }
}

extension DateWireForm {
    /// The format as a message names it.
    var messageName: String {
        switch self {
        case .iso8601: "ISO 8601 (2026-11-26T09:30:00Z)"
        case .iso8601Fractional: "ISO 8601 with fractional seconds (2026-11-26T09:30:00.123Z)"
        case .epochSeconds: "seconds since 1970 as a number"
        case .epochMilliseconds: "milliseconds since 1970 as a number"
        case let .format(pattern, _): "the format \(pattern)"
        }
    }

    /// Whether `value` is a date written this way.
    func accepts(_ value: WireValue) -> Bool {
        switch (self, value) {
        case (.epochSeconds, _), (.epochMilliseconds, _): return value.isNumber
        case let (.iso8601, .string(text)), let (.iso8601Fractional, .string(text)):
            // The client's own reading: with or without fractional seconds, and a date-time without a zone
            // (pydantic's) as UTC.
            return (try? ISO8601DateTransform.decode(text)) != nil
        case let (.format(pattern, timeZone), .string(text)):
            return Self.formatter(pattern, timeZone: timeZone).date(from: text) != nil
        default: return false
        }
    }

    /// `date` written this way.
    func written(_ date: Date) -> WireValue {
        switch self {
        case .iso8601: (try? ISO8601DateTransform.encode(date)).map(WireValue.string) ?? .null
        case .iso8601Fractional: (try? ISO8601FractionalDateTransform.encode(date)).map(WireValue.string) ?? .null
        case .epochSeconds: .integer(Int64(date.timeIntervalSince1970.rounded()))
        case .epochMilliseconds: .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        case let .format(pattern, timeZone): .string(Self.formatter(pattern, timeZone: timeZone).string(from: date))
        }
    }

    /// A formatter for `pattern`, as the runtime's `DateFormatTransform` sets one up.
    private static func formatter(_ pattern: String, timeZone: String?) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: timeZone ?? "UTC")
        formatter.dateFormat = pattern
        return formatter
    }
}
#endif
