/// A path such as `households/{householdID}/people`, split into literal text and parameters.
struct RouteTemplate: Equatable {
    enum Part: Equatable {
        case literal(String)
        /// A parameter, with its scalar offset in the template (for diagnostics).
        case parameter(String, offset: Int)
    }

    /// A malformed template, at a scalar offset.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    var parts: [Part]

    var parameters: [(name: String, offset: Int)] {
        parts.compactMap { part in
            if case let .parameter(name, offset) = part { return (name, offset) }
            return nil
        }
    }

    static func parse(_ text: String) -> Result<RouteTemplate, Failure> {
        var parts: [Part] = []
        var literal = ""
        var parameter: (name: String, offset: Int)?
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            switch (scalar, parameter) {
            case ("{", nil):
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parameter = ("", offset)
            case ("{", _?):
                return .failure(Failure(message: "`{` inside a parameter; parameters cannot nest", offset: offset))
            case ("}", nil):
                return .failure(Failure(message: "`}` without a matching `{`", offset: offset))
            case let ("}", open?):
                guard SwiftNaming.isIdentifier(open.name) else {
                    return .failure(Failure(message: open.name.isEmpty ? "empty parameter `{}`" : "parameter `\(open.name)` is not a valid name", offset: open.offset))
                }
                parts.append(.parameter(open.name, offset: open.offset))
                parameter = nil
            case (_, nil):
                literal.unicodeScalars.append(scalar)
            case (_, var open?):
                open.name.unicodeScalars.append(scalar)
                parameter = open
            }
        }
        if let open = parameter {
            return .failure(Failure(message: "`{` is never closed", offset: open.offset))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        if text.contains("?") || text.contains("#") {
            return .failure(Failure(message: "a path cannot contain `?` or `#`; declare query parameters under `query`", offset: 0))
        }
        return .success(RouteTemplate(parts: parts))
    }
}
