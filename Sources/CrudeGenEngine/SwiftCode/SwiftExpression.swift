/// A Swift type of generated code, as a tree: the code model resolves a spec's types to these (qualified
/// when the spec shadows a standard name) and ``SwiftRenderer`` alone spells them. Only the cases that
/// hold a type are `indirect`, so a name, most of the types a spec has, takes no allocation of its own.
public enum SwiftType: Hashable, Sendable {
    /// A type by its name in scope, escaped as it must be written: `Person`, `` `Type` ``.
    case named(String)
    /// A type declared inside another, or in a module: `Swift.String`, `ModelEncodingOptions.NilEncoding`.
    indirect case member(SwiftType, String)
    /// `Wrapped?`.
    indirect case optional(SwiftType)
    /// `[Element]`.
    indirect case array(SwiftType)
    /// `[Key: Value]`.
    indirect case dictionary(key: SwiftType, value: SwiftType)
    /// A generic type applied to its arguments: `ArrayTransform<ISO8601DateTransform>`.
    indirect case generic(SwiftType, [SwiftType])
}

/// An expression of generated Swift as a value, which ``SwiftRenderer`` spells and lays out: stages build
/// these and never read Swift text back. Only the cases that hold an expression are `indirect`, so names
/// and literals, most of a tree's nodes, take no allocation of their own.
enum SwiftExpression: Hashable, Sendable {
    /// A name in scope, escaped as it must be written (`client`, `self`, `` `default` ``).
    case identifier(String)
    /// A type in expression position: `Person` in `Person.read(…)`, `T` in `T.self`.
    case type(SwiftType)
    /// A member of `base`, or, without a base, an implicit member (`.get`, `.omit`).
    indirect case member(SwiftExpression?, String)
    /// `base?`: optional chaining, followed by a member.
    indirect case optionalChain(SwiftExpression)
    /// A call with its arguments on one line, broken one argument per line when too long.
    indirect case call(SwiftExpression, [SwiftArgument])
    /// A call that always spans lines, one row of arguments per line: `OperationRequest(` keeps what a
    /// request is (resource, operation, method) on one row and each part of it on its own.
    indirect case rowCall(SwiftExpression, [[SwiftArgument]])
    /// A string literal of `text`, escaped by the renderer.
    case string(String)
    /// A string literal interpolating values between runs of text.
    case interpolation([InterpolationSegment])
    /// An integer literal.
    case integer(Int)
    /// `nil`.
    case `nil`
    /// An array literal: on one line, or one element per line when the line is too long.
    case array([SwiftExpression])
    /// A dictionary literal: on one line, or one entry per line when the line is too long; `[:]` when empty.
    case dictionary([DictionaryEntry])
    /// A key path to one property: `\.rawValue`.
    case keyPath(String)
    /// `try expression`.
    indirect case `try`(SwiftExpression)
    /// `await expression`.
    indirect case await(SwiftExpression)

    /// Whether evaluating the expression may throw: it contains a `try` (generated code has no closures,
    /// so every `try` belongs to the statement it is in).
    var containsTry: Bool {
        switch self {
        case .try: true
        case .identifier, .type, .string, .integer, .nil, .keyPath: false
        case let .member(base, _): base?.containsTry ?? false
        case let .optionalChain(base), let .await(base): base.containsTry
        case let .call(callee, arguments): callee.containsTry || arguments.contains { $0.value.containsTry }
        case let .rowCall(callee, rows): callee.containsTry || rows.joined().contains { $0.value.containsTry }
        case let .interpolation(segments): segments.contains { $0.value?.containsTry ?? false }
        case let .array(elements): elements.contains(where: \.containsTry)
        case let .dictionary(entries): entries.contains { $0.key.containsTry || $0.value.containsTry }
        }
    }

    /// `base.name`.
    func member(_ name: String) -> SwiftExpression {
        .member(self, name)
    }

    /// `self(arguments)`.
    func call(_ arguments: [SwiftArgument]) -> SwiftExpression {
        .call(self, arguments)
    }

    /// `T.self`, the metatype value a transform is passed as.
    static func metatype(_ type: SwiftType) -> SwiftExpression {
        .member(.type(type), "self")
    }
}

/// One argument of a call: `label: value`, or `value` alone.
struct SwiftArgument: Hashable, Sendable {
    /// The label as a call site writes it, or `nil` for an unlabeled argument.
    var label: String?
    /// The value passed.
    var value: SwiftExpression

    /// The argument `label: value`.
    init(_ label: String?, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }
}

/// A run of text or an interpolated value in a string literal.
struct InterpolationSegment: Hashable, Sendable {
    /// Literal text, escaped by the renderer; `nil` for an interpolated value.
    var text: String?
    /// The interpolated value; `nil` for text.
    var value: SwiftExpression?

    /// Literal text.
    static func text(_ text: String) -> InterpolationSegment { InterpolationSegment(text: text, value: nil) }

    /// An interpolated value: `\(value)`.
    static func value(_ value: SwiftExpression) -> InterpolationSegment { InterpolationSegment(text: nil, value: value) }
}

/// `key: value` in a dictionary literal.
struct DictionaryEntry: Hashable, Sendable {
    /// The key.
    var key: SwiftExpression
    /// The value.
    var value: SwiftExpression
}
