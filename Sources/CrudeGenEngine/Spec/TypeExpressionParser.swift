/// Parses type expressions such as `String`, `[Person]?` and `[String: Int]`.
///
/// Grammar: `type := primary "?"?`, `primary := name | "[" type "]" | "[" "String" ":" type "]"`.
package struct TypeExpressionParser {
    /// A syntax error at a scalar offset within the expression.
    package struct Failure: Error {
        package var message: String
        package var offset: Int
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses a whole expression; trailing characters are an error.
    package static func parse(_ text: String) -> Result<TypeExpression, Failure> {
        var parser = TypeExpressionParser(text)
        do {
            let type = try parser.parseType(depth: 0)
            parser.skipSpaces()
            if parser.position < parser.scalars.count {
                throw Failure(message: "unexpected `\(parser.scalars[parser.position])` after type `\(type)`", offset: parser.position)
            }
            return .success(type)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)", offset: 0))
        }
    }

    private mutating func parseType(depth: Int) throws -> TypeExpression {
        guard depth < 32 else { throw Failure(message: "type is nested too deeply", offset: position) }
        skipSpaces()
        var type: TypeExpression
        if peek == "[" {
            position += 1
            let first = try parseType(depth: depth + 1)
            skipSpaces()
            if peek == ":" {
                guard first == .named("String") else {
                    throw Failure(message: "dictionary keys must be `String`, not `\(first)`", offset: position)
                }
                position += 1
                type = .dictionary(try parseType(depth: depth + 1))
                skipSpaces()
            } else {
                type = .array(first)
            }
            guard peek == "]" else { throw Failure(message: "expected `]` to close `[`", offset: position) }
            position += 1
        } else {
            type = .named(try parseName())
        }
        skipSpaces()
        if peek == "?" {
            position += 1
            type = .optional(type)
            skipSpaces()
            if peek == "?" { throw Failure(message: "a type can be optional only once", offset: position) }
        }
        return type
    }

    private mutating func parseName() throws -> String {
        let start = position
        while let scalar = peek, scalar.properties.isXIDContinue {
            position += 1
        }
        guard position > start, scalars[start].properties.isXIDStart || scalars[start] == "_" else {
            let found = peek.map { "`\($0)`" } ?? "the end"
            throw Failure(message: "expected a type name, found \(found)", offset: start)
        }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }

    private var peek: Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private mutating func skipSpaces() {
        while peek == " " { position += 1 }
    }
}
