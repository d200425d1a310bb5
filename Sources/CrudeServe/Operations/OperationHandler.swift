#if CrudeServe
import CrudeRuntime

/// Answers the operations and actions of a served API, each call read and checked by the server, which writes the
/// answer's representation, envelope, page and ETag.
///
/// `crudegen serve` answers every call as the call's default does. A service generated from a spec
/// (`crudegen --server`) brings a handler of its own, which decodes each call into the typed arguments of
/// the service's method for it, calls it and encodes its result.
public protocol OperationHandler: Sendable {
    /// The answer to `call`. A ``ServiceError`` is answered with its status and message; any other error
    /// with 500.
    func answer(_ call: OperationContext) async throws -> OperationAnswer

    /// The answer to an action's `call`, with the same errors as an operation's.
    func answer(_ call: ActionContext) async throws -> ActionAnswer
}

/// What an operation answers: a value, some values of a list, or nothing.
public struct OperationAnswer: Sendable {
    /// The answer in wire values.
    enum Content: Sendable {
        case record([String: WireValue])
        case records([[String: WireValue]], total: Int)
        case nothing
    }

    let content: Content

    static func record(_ object: [String: WireValue]) -> OperationAnswer { OperationAnswer(content: .record(object)) }

    static func records(_ objects: [[String: WireValue]], total: Int) -> OperationAnswer {
        OperationAnswer(content: .records(objects, total: total))
    }

    /// No value: the answer of a delete that returns none.
    public static var nothing: OperationAnswer { OperationAnswer(content: .nothing) }

    /// `value`, as `call`'s resource's value.
    @_spi(Generated)
    public static func value(_ value: some Encodable, of call: OperationContext) throws -> OperationAnswer {
        .record(try call.wireFields(of: value))
    }

    /// The values of a list, as `call`'s resource's values.
    @_spi(Generated)
    public static func listed(_ listed: Listed<some Encodable>, of call: OperationContext) throws -> OperationAnswer {
        .records(try listed.values.map(call.wireFields), total: listed.total)
    }

    /// The default answer to `call`: what `crudegen serve` answers.
    @_spi(Generated)
    public static func byDefault(_ call: OperationContext) async throws -> OperationAnswer {
        try await call.defaultAnswer()
    }
}

/// `crudegen serve`'s handler: every call answered by default.
struct DefaultOperationHandler: OperationHandler {
    func answer(_ call: OperationContext) async throws -> OperationAnswer {
        try await call.defaultAnswer()
    }

    func answer(_ call: ActionContext) async throws -> ActionAnswer {
        try call.defaultWireAnswer()
    }
}
#endif
