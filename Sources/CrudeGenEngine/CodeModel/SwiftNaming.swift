/// Turns spec names into Swift identifiers and JSON keys.
enum SwiftNaming {
    /// Words Swift reserves everywhere, plus contextual ones that break as member names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "package", "consume", "copy", "discard",
        "borrowing", "consuming", "some", "any",
    ]

    /// Whether `name` is a plain Swift identifier (letters, digits, underscores, not starting with a digit).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// A valid identifier for `name`: invalid characters split words (`first-name` → `firstName`),
    /// a leading digit gets an underscore.
    static func sanitizedIdentifier(_ name: String, uppercaseFirst: Bool = false) -> String {
        if isIdentifier(name) {
            return uppercaseFirst ? upperFirst(name) : name
        }
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if scalar == "_" || scalar.properties.isXIDContinue {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return "_" + name.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "_") }
        var result = words.enumerated().map { index, word in
            index == 0 && !uppercaseFirst ? lowerFirst(word) : upperFirst(word)
        }.joined()
        if let first = result.unicodeScalars.first, !first.properties.isXIDStart, first != "_" {
            result = "_" + result
        }
        return result
    }

    /// The Swift name of a property: sanitized, and `self` renamed, since a parameter named `self` would
    /// shadow `self` in the memberwise initializer.
    static func propertyName(_ name: String) -> String {
        let identifier = sanitizedIdentifier(name)
        return identifier == "self" ? "self_" : identifier
    }

    /// Case names that would read as something else after a dot (`.self`, `.init`, `.Type`, `.Protocol`).
    static let ambiguousMemberNames: Set<String> = ["self", "init", "Type", "Protocol"]

    /// The Swift name of an enum case: as written, or derived from a raw value (`dark_red` → `darkRed`, `in-progress` → `inProgress`).
    static func caseName(_ name: String, derived: Bool) -> String {
        let identifier = derivedCaseName(name, derived: derived)
        return ambiguousMemberNames.contains(identifier) ? identifier + "_" : identifier
    }

    private static func derivedCaseName(_ name: String, derived: Bool) -> String {
        guard derived else { return sanitizedIdentifier(name) }
        let words = words(of: name.unicodeScalars.map { isIdentifier(String($0)) || ("0"..."9").contains($0) ? String($0) : "_" }.joined())
        guard let first = words.first else { return sanitizedIdentifier(name) }
        let allCaps = name.uppercased() == name
        let joined = ([allCaps ? first.lowercased() : lowerFirst(first)] + words.dropFirst().map { upperFirst(allCaps ? $0.lowercased() : $0) }).joined()
        return sanitizedIdentifier(joined)
    }

    /// The identifier as it must be written in code: keywords in backticks.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `firstName` → `first_name`, `URLString` → `url_string`, following `JSONEncoder`'s snake case rules.
    static func snakeCase(_ name: String) -> String {
        words(of: name).map { $0.lowercased() }.joined(separator: "_")
    }

    /// `firstName` → `first-name`.
    static func kebabCase(_ name: String) -> String {
        words(of: name).map { $0.lowercased() }.joined(separator: "-")
    }

    /// `firstName` → `FirstName`.
    static func pascalCase(_ name: String) -> String {
        words(of: name).map(upperFirst).joined()
    }

    /// The JSON key for a property, by the API's key style.
    static func key(for name: String, style: KeyStyle) -> String {
        switch style {
        case .verbatim: name
        case .snakeCase: snakeCase(name)
        case .kebabCase: kebabCase(name)
        case .pascalCase: pascalCase(name)
        }
    }

    /// Splits camel case into words; a run of capitals is one word (`URLString` → `URL`, `String`).
    static func words(of name: String) -> [String] {
        let scalars = Array(name.unicodeScalars)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar == "_" || scalar == "-" || scalar == " " {
                flush()
                continue
            }
            if scalar.properties.isUppercase, let last = current.last {
                let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
                if !last.properties.isUppercase || nextIsLower {
                    flush()
                }
            }
            current.append(scalar)
        }
        flush()
        return words
    }

    static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static func lowerFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// The identifier without the backticks ``escaped(_:)`` may have added.
    static func unescaped(_ identifier: String) -> String {
        identifier.first == "`" ? String(identifier.dropFirst().dropLast()) : identifier
    }

    /// A Swift string literal for `text`, escaping what Swift requires.
    static func stringLiteral(_ text: String) -> String {
        "\"" + literalContents(text) + "\""
    }

    /// `text` escaped to stand between the quotes of a Swift string literal.
    static func literalContents(_ text: String) -> String {
        let needsEscaping = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        guard needsEscaping else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
