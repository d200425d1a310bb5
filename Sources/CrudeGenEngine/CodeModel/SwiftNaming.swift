/// Turns spec names into Swift identifiers and JSON keys.
package enum SwiftNaming {
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
        // Nearly every name is ASCII: decide it from its bytes, without Unicode property lookups.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let first = name.utf8.first, first == UInt8(ascii: "_") || isASCIILetter(first) else { return false }
            return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Whether `name` can name a declaration as written: an identifier, and no keyword needing backticks.
    package static func isPlainIdentifier(_ name: String) -> Bool {
        isIdentifier(name) && !keywords.contains(name)
    }

    /// Whether an action named `name` in a spec has a Swift function name: the name made an identifier
    /// the generator's way (`get-url` → `getUrl`) is one.
    static func isActionName(_ name: String) -> Bool {
        isIdentifier(sanitizedIdentifier(name))
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
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
        var result = camelCase(words, uppercaseFirst: uppercaseFirst)
        if let first = result.unicodeScalars.first, !first.properties.isXIDStart, first != "_" {
            result = "_" + result
        }
        return result
    }

    /// Names a generated property or argument cannot have: `self` (a parameter of that name would hide
    /// `self` in the memberwise initializer), `hashValue` (`Hashable` declares it), `Operations`, the enum
    /// of a resource's operation identifiers, and the runtime names generated code uses as values, which a
    /// member or parameter of the same name would hide.
    static let takenMemberNames: Set<String> = Set(["self", "hashValue", "Operations"])
        .union(RuntimeName.allCases.filter(\.isNamedInExpressions).map(\.rawValue))

    /// The Swift name of a property: sanitized, a taken name (``takenMemberNames``) followed by `_`, and
    /// `_`, which Swift reserves, spelled out.
    static func propertyName(_ name: String) -> String {
        let identifier = sanitizedIdentifier(name)
        if identifier == "_" { return "underscore" }
        return takenMemberNames.contains(identifier) ? identifier + "_" : identifier
    }

    /// Case names that would read as something else after a dot (`.self`, `.init`, `.Type`, `.Protocol`)
    /// or that the generated enum declares itself.
    static let ambiguousMemberNames: Set<String> = ["self", "init", "Type", "Protocol", "rawValue", "knownCases", "hashValue"]

    /// The Swift name of an enum case: as written, or derived from a raw value (`dark_red` → `darkRed`, `in-progress` → `inProgress`).
    static func caseName(_ name: String, derived: Bool) -> String {
        let identifier = derivedCaseName(name, derived: derived)
        if identifier == "_" { return "underscore" }
        return ambiguousMemberNames.contains(identifier) ? identifier + "_" : identifier
    }

    private static func derivedCaseName(_ name: String, derived: Bool) -> String {
        guard derived else { return sanitizedIdentifier(name) }
        let words = words(of: name.unicodeScalars.map { isIdentifier(String($0)) || ("0"..."9").contains($0) ? String($0) : "_" }.joined())
        guard !words.isEmpty else { return sanitizedIdentifier(name) }
        // A raw value in capitals (`IN_PROGRESS`) is a convention, not a run of acronyms.
        let allCaps = name.uppercased() == name
        return sanitizedIdentifier(camelCase(allCaps ? words.map { $0.lowercased() } : words, uppercaseFirst: false))
    }

    /// Initialisms that Swift's API design guidelines write in one case (`urlSession`, `HTTPDate`, `userID`).
    static let initialisms: Set<String> = [
        "api", "css", "csv", "db", "dns", "ftp", "gif", "gps", "guid", "html", "http", "https", "id", "ios",
        "ip", "jpeg", "jpg", "json", "jwt", "mac", "md5", "os", "pdf", "png", "rss", "sdk", "sha", "sql",
        "ssh", "ssl", "svg", "tcp", "tls", "ttl", "udp", "ui", "uri", "url", "utc", "utf8", "uuid", "vpn", "xml",
    ]

    /// Words joined in camel case by Swift's guidelines: an initialism or a run of capitals is written all
    /// in capitals, or all in lowercase when it starts a lower camel case name.
    static func camelCase(_ words: [String], uppercaseFirst: Bool) -> String {
        words.enumerated().map { index, word in
            let isInitialism = initialisms.contains(word.lowercased()) || (word.count > 1 && word.uppercased() == word && word.lowercased() != word)
            if index == 0 && !uppercaseFirst {
                return isInitialism ? word.lowercased() : lowerFirst(word)
            }
            return isInitialism ? word.uppercased() : upperFirst(word)
        }.joined()
    }

    /// A type name derived from a spec name that may not be one (`http_date` → `HTTPDate`); identifiers
    /// that already start with a capital are kept as written.
    static func derivedTypeName(_ name: String) -> String {
        if isIdentifier(name), name.first?.isUppercase == true { return name }
        let words = words(of: name.unicodeScalars.map { $0 == "_" || $0.properties.isXIDContinue ? String($0) : "_" }.joined())
        guard !words.isEmpty else { return sanitizedIdentifier(name, uppercaseFirst: true) }
        return sanitizedIdentifier(camelCase(words, uppercaseFirst: true), uppercaseFirst: true)
    }

    /// The identifier as it must be written in code: keywords in backticks.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// An identifier written as an argument label at a call site, where Swift accepts every keyword but
    /// `inout` without backticks (and warns about backticks it does not need).
    static func argumentLabel(_ identifier: String) -> String {
        let name = unescaped(identifier)
        return name == "inout" ? "`inout`" : name
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
        // Nearly every name is ASCII: split its bytes, without Unicode property lookups.
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(of: Array(name.utf8)) }
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

    /// ``words(of:)`` for ASCII, where only `A`–`Z` are uppercase and `a`–`z` lowercase.
    private static func asciiWords(of bytes: [UInt8]) -> [String] {
        func isUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        func isLowercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        var words: [String] = []
        var start: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") {
                if let first = start { words.append(String(decoding: bytes[first..<index], as: UTF8.self)) }
                start = nil
                continue
            }
            // A word is contiguous, so its last character is the byte before this one.
            if isUppercase(byte), let first = start {
                let nextIsLower = index + 1 < bytes.count && isLowercase(bytes[index + 1])
                if !isUppercase(bytes[index - 1]) || nextIsLower {
                    words.append(String(decoding: bytes[first..<index], as: UTF8.self))
                    start = index
                }
            }
            if start == nil { start = index }
        }
        if let first = start { words.append(String(decoding: bytes[first...], as: UTF8.self)) }
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

    /// A multi-line Swift string literal for `text`, its lines after `indent` spaces, as ``literalContents(_:)``
    /// escapes each line: the first line (`"""`) is not indented, so that a template places it.
    static func multilineStringLiteral(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : margin + literalContents(String(line))
        }
        return (["\"\"\""] + lines + [margin + "\"\"\""]).joined(separator: "\n")
    }

    /// `text` escaped to stand between the quotes of a Swift string literal. Control, format and separator
    /// characters are written as `\u{…}` escapes: some end the literal's line, and the others would be
    /// invisible in the generated code.
    static func literalContents(_ text: String) -> String {
        // Printable ASCII but quotes and backslashes, as nearly every literal is, stays as it is.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) { return text }
        let needsEscaping = text.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || isInvisible($0) }
        guard needsEscaping else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isInvisible(scalar):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Control characters, format characters (such as bidirectional overrides) and line or paragraph separators.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
        default: false
        }
    }

    /// `text` as the lines of a comment: split at every line break (`\n`, `\r`, U+2028 and the others
    /// Unicode knows), each line without trailing spaces and with any other invisible character turned
    /// into a space, so that no text from a spec can end a comment early and become code.
    static func commentLines(_ text: String) -> [String] {
        // Nearly every comment is one line of printable ASCII, which has nothing to change: skip the
        // Unicode property lookups, a quarter of the build plugin's tool time in a debug build.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }), text.utf8.last != UInt8(ascii: " ") { return [text] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            var result = ""
            for scalar in line.unicodeScalars {
                result.unicodeScalars.append(isInvisible(scalar) && scalar != "\t" ? " " : scalar)
            }
            return result.trimmingTrailingWhitespace
        }
    }

    /// `text` on one comment line: its lines joined with spaces.
    static func commentText(_ text: String) -> String {
        commentLines(text).joined(separator: " ")
    }
}
