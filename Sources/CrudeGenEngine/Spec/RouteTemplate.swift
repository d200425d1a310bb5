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

    /// The member route below this collection route: `people` → `people/{id}`, and in the trailing-slash
    /// style `users/` → `users/{id}/`. Built from parts, so any id name works, even one a route could
    /// not spell.
    func appendingMember(_ name: String) -> RouteTemplate {
        let parameter = Part.parameter(name, offset: 0)
        if case let .literal(text)? = parts.last, text.hasSuffix("/") {
            return RouteTemplate(parts: parts + [parameter, .literal("/")])
        }
        return RouteTemplate(parts: parts + [.literal("/"), parameter])
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
                // Any name is matched as written (`{device-id}` names the id `device-id`); the generated
                // argument gets the name's Swift spelling.
                guard !open.name.isEmpty else {
                    return .failure(Failure(message: "empty parameter `{}`", offset: open.offset))
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
