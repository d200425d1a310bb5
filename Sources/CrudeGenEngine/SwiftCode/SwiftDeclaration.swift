/// A statement of generated Swift as a value, which ``SwiftRenderer`` lays out.
enum SwiftStatement: Hashable, Sendable {
    /// `let name: Type = value` (the type left out when `nil`).
    case `let`(String, SwiftType?, SwiftExpression)
    /// `var name: Type = value`.
    case `var`(String, SwiftType?, SwiftExpression)
    /// `target = value`.
    case assign(SwiftExpression, SwiftExpression)
    /// An expression evaluated for its effect: a call.
    case expression(SwiftExpression)
    /// `return value`.
    case `return`(SwiftExpression)
    /// `if condition { statement }`, on one line.
    indirect case `if`(SwiftExpression, SwiftStatement)
    /// `switch subject {`, then `case pattern: statement` per case, each on one line.
    case `switch`(SwiftExpression, [SwitchCase])

    /// Whether the statement may throw: some expression in it contains a `try`.
    var containsTry: Bool {
        switch self {
        case let .let(_, _, value), let .var(_, _, value), let .expression(value), let .return(value): value.containsTry
        case let .assign(target, value): target.containsTry || value.containsTry
        case let .if(condition, statement): condition.containsTry || statement.containsTry
        case let .switch(subject, cases): subject.containsTry || cases.contains { $0.pattern.containsTry || $0.statement.containsTry }
        }
    }
}

/// `case pattern: statement` in a `switch`.
struct SwitchCase: Hashable, Sendable {
    /// The pattern, an expression such as `nil` or `.some`.
    var pattern: SwiftExpression
    /// The one statement the case runs.
    var statement: SwiftStatement
}

/// A parameter of a generated function: `label name: Type = default`.
struct SwiftParameter: Hashable, Sendable {
    /// The argument label when it differs from the name (`_`, `on`, `nils` for a parameter renamed `nils_`).
    var label: String?
    /// The escaped parameter name.
    var name: String
    /// The parameter's type.
    var type: SwiftType
    /// The default value, if any.
    var defaultValue: SwiftExpression?
}

/// A generated function: its signature (static or not, parameters, effects, result) and its body.
struct SwiftFunction: Hashable, Sendable {
    /// Documentation lines, without `///` (the renderer makes each line safe for a comment).
    var documentation: [String]
    /// Whether it is a `static func`.
    var isStatic: Bool
    /// The escaped function name.
    var name: String
    /// The parameters, in order.
    var parameters: [SwiftParameter]
    /// Whether it is `async`.
    var isAsync: Bool
    /// The error type of its typed `throws`, or `nil` when it cannot throw.
    var thrownError: SwiftType?
    /// The result type, or `nil` for `Void`.
    var returnType: SwiftType?
    /// The statements of its body.
    var body: [SwiftStatement]
    /// The attributes written before it, one per line.
    var attributes: [SwiftAttribute] = []
}

/// An attribute of a generated declaration.
enum SwiftAttribute: Hashable, Sendable {
    /// `@available(*, deprecated)`, with `message: "…"` when there is one: callers get a warning, and
    /// calls between deprecated functions do not.
    case deprecated(message: String?)
}

/// `static var name: Type { value }`: a computed type property such as an operation's identifier.
///
/// Computed rather than stored: a `static let` is a global with a lazy initializer, and a module of 100
/// resources' identifiers made each edit of a build-plugin user's module 0.4 s slower (1.75 s without them,
/// 2.2 to 2.7 s as `static let`, 1.81 s computed; Benchmarks/README.md).
struct SwiftStaticProperty: Hashable, Sendable {
    /// The escaped name.
    var name: String
    /// Its type.
    var type: SwiftType
    /// The value it returns.
    var value: SwiftExpression
}
