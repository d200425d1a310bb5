/// A parsed Mustache template, rendered against ``TemplateValue`` contexts.
///
/// Supports what crudegen's templates need: `{{name}}` and `{{{name}}}` (never HTML-escaped: the output
/// is Swift), dotted names and `{{.}}`, sections `{{#name}}…{{/name}}`, inverted sections
/// `{{^name}}…{{/name}}`, partials `{{> name}}`, comments `{{! … }}` and pragmas `{{% … }}` (ignored), with
/// the Mustache specification's rule that a line holding only a section, partial, comment or pragma tag
/// leaves no trace in the output. Lambdas and delimiter changes are not supported.
public struct Template: Sendable {
    /// A template that does not parse, at a 1-based line and column.
    public struct ParseError: Error, Sendable {
        public var message: String
        public var line: Int
        public var column: Int
    }

    /// Where a tag starts in its template, 1-based, for errors about the names it uses.
    struct Position: Sendable {
        var line: Int
        var column: Int
    }

    indirect enum Node: Sendable {
        case text(String)
        case variable([String], at: Position)
        case section([String], inverted: Bool, [Node], at: Position)
        case partial(String, indentation: String, at: Position)
    }

    let nodes: [Node]

    /// Parses a template.
    public init(_ source: String) throws(ParseError) {
        nodes = try TemplateParser(source).parse()
    }

    /// Renders against `context`, resolving partials in `partials`.
    func render(_ context: TemplateValue, partials: [String: Template]) -> String {
        var output = ""
        output.reserveCapacity(4096)
        var stack = [context]
        Self.render(nodes, stack: &stack, partials: partials, into: &output)
        return output
    }

    private static func render(_ nodes: [Node], stack: inout [TemplateValue], partials: [String: Template], into output: inout String) {
        for node in nodes {
            switch node {
            case let .text(text):
                output += text
            case let .variable(path, _):
                switch lookup(path, in: stack) {
                case let .string(text)?: output += text
                case let .bool(flag)?: output += flag ? "true" : "false"
                case .list?, .object?, nil: break
                }
            case let .section(path, inverted, children, _):
                let value = lookup(path, in: stack)
                if inverted {
                    if !(value?.isTruthy ?? false) {
                        render(children, stack: &stack, partials: partials, into: &output)
                    }
                    continue
                }
                guard let value, value.isTruthy else { continue }
                if case let .list(items) = value {
                    for item in items {
                        stack.append(item)
                        render(children, stack: &stack, partials: partials, into: &output)
                        stack.removeLast()
                    }
                } else {
                    stack.append(value)
                    render(children, stack: &stack, partials: partials, into: &output)
                    stack.removeLast()
                }
            case let .partial(name, indentation, _):
                guard let partial = partials[name] else { continue }
                if indentation.isEmpty {
                    render(partial.nodes, stack: &stack, partials: partials, into: &output)
                } else {
                    var rendered = ""
                    render(partial.nodes, stack: &stack, partials: partials, into: &rendered)
                    output += indent(rendered, by: indentation)
                }
            }
        }
    }

    /// Finds a name in the innermost object that has it, then follows the rest of a dotted path.
    private static func lookup(_ path: [String], in stack: [TemplateValue]) -> TemplateValue? {
        guard let first = path.first else { return stack.last }
        var found: TemplateValue?
        for value in stack.reversed() {
            if case let .object(object) = value, let child = object[first] {
                found = child
                break
            }
        }
        for name in path.dropFirst() {
            guard case let .object(object)? = found else { return nil }
            found = object[name]
        }
        return found
    }

    private static func indent(_ text: String, by indentation: String) -> String {
        var result = ""
        var atLineStart = true
        for character in text {
            if atLineStart, character != "\n" { result += indentation }
            result.append(character)
            atLineStart = character == "\n"
        }
        return result
    }
}

/// Turns template source into nodes, line by line, so that standalone tags can drop their whole line.
private struct TemplateParser {
    enum Tag {
        case variable(String)
        case open(String, inverted: Bool)
        case close(String)
        case partial(String)
        case ignored

        var canStandAlone: Bool {
            if case .variable = self { return false }
            return true
        }
    }

    enum Piece {
        case text(Substring)
        case tag(Tag, column: Int)
    }

    let source: String

    init(_ source: String) {
        self.source = source
    }

    func parse() throws(Template.ParseError) -> [Template.Node] {
        // Each open section collects its children; the bottom frame is the template itself.
        var frames: [(name: String, inverted: Bool, position: Template.Position, nodes: [Template.Node])] = [("", false, .init(line: 0, column: 0), [])]
        func append(_ node: Template.Node) {
            frames[frames.count - 1].nodes.append(node)
        }
        func appendText(_ text: Substring) {
            guard !text.isEmpty else { return }
            let top = frames.count - 1
            if case let .text(previous)? = frames[top].nodes.last {
                let joined: String = previous + String(text)
                frames[top].nodes[frames[top].nodes.count - 1] = .text(joined)
            } else {
                append(.text(String(text)))
            }
        }
        var lineNumber = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let isLastLine = line.endIndex == source.endIndex
            let pieces = try pieces(of: line, lineNumber: lineNumber)
            let tags = pieces.compactMap { piece -> (Tag, Int)? in
                if case let .tag(tag, column) = piece { return (tag, column) }
                return nil
            }
            let textIsBlank = pieces.allSatisfy { piece in
                if case let .text(text) = piece { return text.allSatisfy { $0 == " " || $0 == "\t" } }
                return true
            }
            let standalone = tags.count == 1 && tags[0].0.canStandAlone && textIsBlank
            for piece in pieces {
                switch piece {
                case let .text(text):
                    if !standalone { appendText(text) }
                case let .tag(tag, column):
                    switch tag {
                    case let .variable(name):
                        append(.variable(Self.path(name), at: Template.Position(line: lineNumber, column: column)))
                    case let .open(name, inverted):
                        frames.append((name, inverted, Template.Position(line: lineNumber, column: column), []))
                    case let .close(name):
                        guard frames.count > 1, let open = frames.last, open.name == name else {
                            let expected = frames.count > 1 ? "`{{/\(frames[frames.count - 1].name)}}`" : "no closing tag"
                            throw Template.ParseError(
                                message: "`{{/\(name)}}` closes nothing open here (expected \(expected))", line: lineNumber, column: column)
                        }
                        frames.removeLast()
                        append(.section(Self.path(open.name), inverted: open.inverted, open.nodes, at: open.position))
                    case let .partial(name):
                        let indentation = standalone ? String(line.prefix { $0 == " " || $0 == "\t" }) : ""
                        append(.partial(name, indentation: indentation, at: Template.Position(line: lineNumber, column: column)))
                    case .ignored:
                        break
                    }
                }
            }
            if !isLastLine, !standalone { appendText("\n") }
        }
        if frames.count > 1, let open = frames.last {
            throw Template.ParseError(
                message: "`{{\(open.inverted ? "^" : "#")\(open.name)}}` is never closed", line: open.position.line, column: open.position.column)
        }
        return frames[0].nodes
    }

    /// Splits one line into text and tags.
    private func pieces(of line: Substring, lineNumber: Int) throws(Template.ParseError) -> [Piece] {
        var pieces: [Piece] = []
        var rest = line[...]
        while let open = rest.firstRange(of: "{{") {
            pieces.append(.text(rest[..<open.lowerBound]))
            let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
            let triple = rest[open.upperBound...].hasPrefix("{")
            let closer = triple ? "}}}" : "}}"
            let contentStart = triple ? rest.index(after: open.upperBound) : open.upperBound
            guard let close = rest[contentStart...].firstRange(of: closer) else {
                throw Template.ParseError(message: "`{{` is not closed on the same line", line: lineNumber, column: column)
            }
            let content = rest[contentStart..<close.lowerBound].trimmingSpacesAndTabs()
            pieces.append(.tag(try tag(content, triple: triple, line: lineNumber, column: column), column: column))
            rest = rest[close.upperBound...]
        }
        pieces.append(.text(rest))
        return pieces
    }

    private func tag(_ content: String, triple: Bool, line: Int, column: Int) throws(Template.ParseError) -> Tag {
        guard !triple else { return .variable(content) }
        let name = content.dropFirst().trimmingSpacesAndTabs()
        switch content.first {
        case "#": return .open(name, inverted: false)
        case "^": return .open(name, inverted: true)
        case "/": return .close(name)
        case ">": return .partial(name)
        case "!", "%": return .ignored
        case "&": return .variable(name)
        case "=": throw Template.ParseError(message: "changing delimiters is not supported", line: line, column: column)
        case nil: throw Template.ParseError(message: "empty tag `{{}}`", line: line, column: column)
        default: return .variable(content)
        }
    }

    static func path(_ name: String) -> [String] {
        name == "." ? [] : name.split(separator: ".").map(String.init)
    }
}
