/// Spells the values of the Swift layer (``SwiftExpression``, ``SwiftStatement``, ``SwiftFunction``) as text,
/// laid out as swift-format keeps it: the one place generated Swift is written and lines are wrapped.
enum SwiftRenderer {
    /// The column limit of `.swift-format`, which generated code is laid out to pass.
    static let lineLength = 160

    /// An expression's text as the renderer sees it: runs of text, and argument lists and collection
    /// literals it may break. String literals are text, so nothing inside them is ever broken.
    private enum Layout {
        /// Text that stays on one line.
        case text(String)
        /// An expression not laid out yet: written straight into its line, and expanded into its pieces
        /// (``layout(of:)``) only when the line is too long, because most lines fit.
        case expression(SwiftExpression)
        /// Pieces that follow each other.
        case sequence([Layout])
        /// A parenthesized, comma-separated argument list, which may be broken one item per line.
        case arguments([Layout])
        /// The elements or `key: value` entries of an array or dictionary literal between brackets, which may
        /// be broken one per line, each with a trailing comma as swift-format wants.
        case collection([Layout])
    }

    /// One line of a statement before wrapping: how far it is indented beyond the statement, and its text.
    private struct Line {
        /// Spaces beyond the statement's indentation.
        var indent: Int
        /// What the line holds.
        var layout: Layout
    }

    // MARK: entry points

    /// A function's signature without access modifier or body, wrapped for a line that starts `indent`
    /// spaces in, after an access modifier of at most `package `, and ends with ` {`.
    static func signature(_ function: SwiftFunction, indent: Int) -> String {
        var effects = function.isAsync ? " async" : ""
        // An untyped `throws` is a thrown `any Error`, and is spelled as Swift code spells it.
        if let error = function.thrownError { effects += error == .named("any Error") ? " throws" : " throws(\(error.spelling))" }
        if let result = function.returnType { effects += " -> \(result.spelling)" }
        let layout = Layout.sequence([
            .text((function.isStatic ? "static func " : "func ") + function.name), .arguments(function.parameters.map(parameter)), .text(effects),
        ])
        return wrapped(layout, indent: indent, prefix: "package ".count, suffix: " {".count)
    }

    /// A function's attributes, one per line, each wrapped for `indent` spaces; continuation lines carry
    /// their whole indentation.
    static func attributes(_ function: SwiftFunction, indent: Int) -> [String] {
        function.attributes.map { attribute in
            switch attribute {
            case let .deprecated(message):
                let arguments: [Layout] = [.text("*"), .text("deprecated")] + (message.map { [.text("message: " + SwiftNaming.stringLiteral($0))] } ?? [])
                return wrapped(.sequence([.text("@available"), .arguments(arguments)]), indent: indent)
            }
        }
    }

    /// A function's body, each line wrapped for `indent` spaces; a wrapped line's continuation lines carry
    /// their whole indentation, because templates indent only a value's first line.
    static func body(_ function: SwiftFunction, indent: Int) -> [String] {
        wrappedLines(of: function.body, indent: indent)
    }

    /// The lines of `statements` wrapped for `indent` spaces, each line's own indentation beyond `indent`
    /// written, continuation lines of a wrapped line with their whole indentation.
    private static func wrappedLines(of statements: [SwiftStatement], indent: Int) -> [String] {
        statements.flatMap { statement in
            // Most statements take one line, which fits: written straight, never laid out.
            if let line = singleLine(statement), fits(line, after: indent) { return [line] }
            return lines(of: statement).map { line in
                let text = wrapped(line.layout, indent: indent + line.indent)
                return line.indent == 0 ? text : String(repeating: " ", count: line.indent) + text
            }
        }
    }

    /// `static let name: Type = value`, without access modifier, wrapped for `indent` spaces after one of at
    /// most `package `: a long literal one element or entry per line.
    static func constant(_ name: String, type: SwiftType, value: SwiftExpression, indent: Int) -> String {
        wrapped(.sequence([.text("static let \(name): \(type.spelling) = "), .expression(value)]), indent: indent, prefix: "package ".count)
    }

    /// `static var name: Type { value }`, without access modifier, wrapped for `indent` spaces after one
    /// of at most `package `.
    static func declaration(_ property: SwiftStaticProperty, indent: Int) -> String {
        let layout = Layout.sequence([.text("static var \(property.name): \(property.type.spelling) { "), .expression(property.value), .text(" }")])
        return wrapped(layout, indent: indent, prefix: "package ".count)
    }

    /// An expression wrapped for `indent` spaces and `suffix` characters after it (a list's `,`).
    static func expression(_ expression: SwiftExpression, indent: Int, suffix: Int = 0) -> String {
        wrapped(.expression(expression), indent: indent, suffix: suffix)
    }

    /// A statement that a template places `indent` spaces in (the coding statements of models), on one
    /// line when it fits, else wrapped; lines after the first carry their whole indentation, because
    /// templates indent only a value's first line.
    static func statement(_ statement: SwiftStatement, indent: Int) -> String {
        let lines = wrappedLines(of: [statement], indent: indent)
        return lines.dropFirst().reduce(lines[0]) { $0 + "\n" + String(repeating: " ", count: indent) + $1 }
    }

    // MARK: layout

    /// The lines a statement spans before wrapping: one, or several for a `switch`, a call in rows, or an
    /// `if` whose line would be too long.
    private static func lines(of statement: SwiftStatement) -> [Line] {
        switch statement {
        case let .let(name, type, value): lines(of: value, after: binding("let", name, type))
        case let .var(name, type, value): lines(of: value, after: binding("var", name, type))
        case let .assign(target, value): lines(of: value, after: text(of: target) + " = ")
        case let .expression(value): lines(of: value, after: "")
        case let .return(value): lines(of: value, after: "return ")
        case let .if(condition, body):
            [Line(indent: 0, layout: .sequence([.text("if "), .expression(condition), .text(" {")]))]
                + lines(of: body).map { Line(indent: $0.indent + 4, layout: $0.layout) }
                + [Line(indent: 0, layout: .text("}"))]
        case let .switch(subject, cases):
            [Line(indent: 0, layout: .sequence([.text("switch "), .expression(subject), .text(" {")]))]
                + cases.map { Line(indent: 0, layout: .sequence([.text("case "), .expression($0.pattern), .text(": "), oneLine($0.statement)])) }
                + [Line(indent: 0, layout: .text("}"))]
        }
    }

    /// The statement on one line, or `nil` for one that spans several (a `switch`, a call in rows).
    private static func singleLine(_ statement: SwiftStatement) -> String? {
        var text = ""
        let value: SwiftExpression
        switch statement {
        case let .let(name, type, expression):
            text = binding("let", name, type)
            value = expression
        case let .var(name, type, expression):
            text = binding("var", name, type)
            value = expression
        case let .assign(target, expression):
            write(target, to: &text)
            text += " = "
            value = expression
        case let .expression(expression): value = expression
        case let .return(expression):
            text = "return "
            value = expression
        case let .if(condition, body):
            guard let body = singleLine(body) else { return nil }
            text = "if "
            write(condition, to: &text)
            return text + " { " + body + " }"
        case .switch: return nil
        }
        if case .rowCall = value { return nil }
        write(value, to: &text)
        return text
    }

    /// `let name: Type = `, what a constant or variable's line starts with.
    private static func binding(_ keyword: String, _ name: String, _ type: SwiftType?) -> String {
        "\(keyword) \(name)\(type.map { ": \($0.spelling)" } ?? "") = "
    }

    /// A statement that must fit on the line of an `if` or a `case`.
    private static func oneLine(_ statement: SwiftStatement) -> Layout {
        .sequence(lines(of: statement).map(\.layout))
    }

    /// The lines of `value` after `prefix`: one, or for a call in rows, the call's opening, a line per row
    /// 4 spaces further in, and its closing parenthesis.
    private static func lines(of value: SwiftExpression, after prefix: String) -> [Line] {
        guard case let .rowCall(callee, rows) = value else { return [Line(indent: 0, layout: .sequence([.text(prefix), .expression(value)]))] }
        let opening = Line(indent: 0, layout: .sequence([.text(prefix), .expression(callee), .text("(")]))
        let body = rows.enumerated().map { index, row in
            let arguments = row.enumerated().map { position, argument in
                Layout.sequence([.text(position == 0 ? "" : ", "), self.argument(argument)])
            }
            return Line(indent: 4, layout: .sequence(arguments + [.text(index == rows.count - 1 ? "" : ",")]))
        }
        return [opening] + body + [Line(indent: 0, layout: .text(")"))]
    }

    /// The pieces of an expression the wrapping may break: its first level, each operand left to expand
    /// in turn. Literals and names are text.
    private static func layout(of expression: SwiftExpression) -> Layout {
        switch expression {
        case let .member(base?, name): .sequence([.expression(base), .text("." + name)])
        case let .optionalChain(base): .sequence([.expression(base), .text("?")])
        case let .call(callee, arguments): .sequence([.expression(callee), .arguments(arguments.map(argument))])
        // Within another expression a call in rows is an ordinary call.
        case let .rowCall(callee, rows): .sequence([.expression(callee), .arguments(rows.joined().map(argument))])
        case let .try(operand): .sequence([.text("try "), .expression(operand)])
        case let .await(operand): .sequence([.text("await "), .expression(operand)])
        case let .array(elements) where !elements.isEmpty: .collection(elements.map(Layout.expression))
        case let .dictionary(entries) where !entries.isEmpty:
            .collection(entries.map { .sequence([.expression($0.key), .text(": "), .expression($0.value)]) })
        case .identifier, .type, .member(nil, _), .string, .interpolation, .integer, .nil, .array, .dictionary, .keyPath: .text(text(of: expression))
        }
    }

    /// `label: value`, or `value` alone.
    private static func argument(_ argument: SwiftArgument) -> Layout {
        guard let label = argument.label else { return .expression(argument.value) }
        return .sequence([.text(label + ": "), .expression(argument.value)])
    }

    /// `label name: Type = default`.
    private static func parameter(_ parameter: SwiftParameter) -> Layout {
        let declaration = (parameter.label.map { "\($0) " } ?? "") + "\(parameter.name): \(parameter.type.spelling)"
        guard let value = parameter.defaultValue else { return .text(declaration) }
        return .sequence([.text(declaration + " = "), .expression(value)])
    }

    // MARK: text

    /// The layout on one line.
    private static func flat(_ layout: Layout) -> String {
        var text = ""
        append(layout, to: &text)
        return text
    }

    /// Appends the layout on one line to `text`: one buffer for the whole line, where joining each level's
    /// pieces would allocate a string per node.
    private static func append(_ layout: Layout, to text: inout String) {
        switch layout {
        case let .text(piece): text += piece
        case let .expression(expression): write(expression, to: &text)
        case let .sequence(pieces): for piece in pieces { append(piece, to: &text) }
        case let .arguments(items): append(items, between: "(", ")", to: &text)
        case let .collection(items): append(items, between: "[", "]", to: &text)
        }
    }

    /// Appends `items` on one line, separated by commas, between `open` and `close`.
    private static func append(_ items: [Layout], between open: String, _ close: String, to text: inout String) {
        text += open
        for (position, item) in items.enumerated() {
            if position > 0 { text += ", " }
            append(item, to: &text)
        }
        text += close
    }

    /// The expression on one line.
    private static func text(of expression: SwiftExpression) -> String {
        flat(.expression(expression))
    }

    /// Appends the expression on one line to `text`.
    private static func write(_ expression: SwiftExpression, to text: inout String) {
        switch expression {
        case let .identifier(name): text += name
        case let .type(type): text += type.spelling
        case let .member(base, name):
            if let base { write(base, to: &text) }
            text += "." + name
        case let .optionalChain(base):
            write(base, to: &text)
            text += "?"
        case let .call(callee, arguments):
            write(callee, to: &text)
            write(arguments, to: &text)
        case let .rowCall(callee, rows):
            write(callee, to: &text)
            write(Array(rows.joined()), to: &text)
        case let .string(value): text += SwiftNaming.stringLiteral(value)
        case let .interpolation(segments):
            text += "\""
            for segment in segments {
                if let value = segment.value {
                    text += "\\("
                    write(value, to: &text)
                    text += ")"
                } else {
                    text += SwiftNaming.literalContents(segment.text ?? "")
                }
            }
            text += "\""
        case let .integer(value): text += String(value)
        case .nil: text += "nil"
        case let .array(elements):
            text += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { text += ", " }
                write(element, to: &text)
            }
            text += "]"
        case let .dictionary(entries) where entries.isEmpty: text += "[:]"
        case let .dictionary(entries):
            text += "["
            for (position, entry) in entries.enumerated() {
                if position > 0 { text += ", " }
                write(entry.key, to: &text)
                text += ": "
                write(entry.value, to: &text)
            }
            text += "]"
        case let .keyPath(property): text += "\\." + property
        case let .try(operand):
            text += "try "
            write(operand, to: &text)
        case let .await(operand):
            text += "await "
            write(operand, to: &text)
        }
    }

    /// Appends `(label: value, value)`.
    private static func write(_ arguments: [SwiftArgument], to text: inout String) {
        text += "("
        for (position, argument) in arguments.enumerated() {
            if position > 0 { text += ", " }
            if let label = argument.label { text += label + ": " }
            write(argument.value, to: &text)
        }
        text += ")"
    }

    /// Whether `text` fits in ``lineLength`` after `margin` columns, counted as swift-format counts them, in
    /// characters; a line whose UTF-8 bytes fit has no more characters than bytes, so most lines are never
    /// broken into characters.
    private static func fits(_ text: String, after margin: Int) -> Bool {
        margin + text.utf8.count <= lineLength || margin + text.count <= lineLength
    }

    /// A line as swift-format keeps it: on one line when `indent` spaces, `prefix` characters before it (an
    /// access modifier) and `suffix` characters after it (` {`, `,`) fit in ``lineLength``; else its first
    /// argument list or collection literal broken after `(` or `[`, one item per line 4 spaces further in
    /// (each wrapped the same way; a collection's each followed by a comma) and `)` or `]` back at the
    /// line's indentation.
    private static func wrapped(_ layout: Layout, indent: Int, prefix: Int = 0, suffix: Int = 0) -> String {
        let text = flat(layout)
        guard !fits(text, after: indent + prefix + suffix) else { return text }
        var pieces: [Layout] = []
        func collect(_ layout: Layout) {
            switch layout {
            case let .sequence(children): children.forEach(collect)
            case let .expression(expression): collect(self.layout(of: expression))
            case .text, .arguments, .collection: pieces.append(layout)
            }
        }
        collect(layout)
        let breakable = pieces.indices.lazy.compactMap { index -> (index: Int, items: [Layout], isCollection: Bool)? in
            switch pieces[index] {
            case let .arguments(items) where !items.isEmpty: (index, items, false)
            case let .collection(items) where !items.isEmpty: (index, items, true)
            default: nil
            }
        }.first
        guard let (index, items, isCollection) = breakable else { return text }
        let head = pieces[..<index].map(flat).joined() + (isCollection ? "[" : "(")
        let tail = (isCollection ? "]" : ")") + pieces[(index + 1)...].map(flat).joined()
        let inner = String(repeating: " ", count: indent + 4)
        let lines = items.enumerated().map { position, item in
            let hasComma = isCollection || position < items.count - 1
            return inner + wrapped(item, indent: indent + 4, suffix: hasComma ? 1 : 0) + (hasComma ? "," : "")
        }
        return head + "\n" + lines.joined(separator: "\n") + "\n" + String(repeating: " ", count: indent) + tail
    }
}

extension SwiftType {
    /// The type as generated code writes it: `Person`, `[Tag]?`, `[Swift.String: Int]`,
    /// `ArrayTransform<ISO8601DateTransform>`.
    var spelling: String {
        if case let .named(name) = self { return name }
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the spelling to `text`, so that a nested type is written without a string of its own.
    private func write(to text: inout String) {
        switch self {
        case let .named(name): text += name
        case let .member(base, name):
            base.write(to: &text)
            text += "." + name
        case let .optional(wrapped):
            wrapped.write(to: &text)
            text += "?"
        case let .array(element):
            text += "["
            element.write(to: &text)
            text += "]"
        case let .dictionary(key, value):
            text += "["
            key.write(to: &text)
            text += ": "
            value.write(to: &text)
            text += "]"
        case let .generic(base, arguments):
            base.write(to: &text)
            text += "<"
            for (index, argument) in arguments.enumerated() {
                if index > 0 { text += ", " }
                argument.write(to: &text)
            }
            text += ">"
        }
    }
}
