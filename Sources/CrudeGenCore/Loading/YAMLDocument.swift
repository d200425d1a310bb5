import CrudeGenEngine
import CrudeYAML
import Foundation

/// Reads a spec's bytes into a YAML node tree (a `.json` spec through ``JSONReader``), turning every failure into a
/// located diagnostic.
package enum YAMLDocument {
    /// Composes the single document in `data`, or explains why it cannot.
    static func compose(_ data: Data, file: String) -> Result<YAMLNode, Diagnostic> {
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(in: data)
            return .failure(
                .error(
                    "the spec is not valid UTF-8 (first bad byte at offset \(offset))",
                    at: location(ofByte: offset, in: data, file: file),
                    hint: "save the file as UTF-8 text"
                ))
        }
        if text.contains("\0") {
            return .failure(.error("the spec contains a NUL byte; it looks like a binary file", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        if file.hasSuffix(".json") {
            // A spec written as JSON is read as JSON: the YAML scanner rejects valid JSON (surrogate pairs such as
            // Python's emoji escapes, `\/`) and words JSON's mistakes as YAML's.
            do throws(DiagnosticsError) {
                return .success(try JSONReader.read(text, file: file))
            } catch {
                // The reader stops at its first error and reports exactly that one.
                return .failure(error.diagnostics[0])
            }
        }
        if let offset = aliasUsedAsKey(in: text) {
            return .failure(
                .error(
                    "a YAML alias is used as a mapping key",
                    at: location(
                        ofByte: text.utf8.distance(from: text.utf8.startIndex, to: offset.samePosition(in: text.utf8) ?? text.utf8.startIndex), in: data,
                        file: file),
                    hint: "keys in a spec are names; write the key out instead of `*alias`"
                ))
        }
        do throws(YAMLError) {
            guard let node = try YAMLComposer.compose(text) else {
                return .failure(
                    .error(
                        "the spec is empty",
                        at: SourceLocation(file: file, line: 1, column: 1),
                        hint: "start with an `api:` section that names the API"
                    ))
            }
            return .success(node)
        } catch {
            return .failure(diagnostic(for: error, in: text, file: file))
        }
    }

    /// Where an alias stands as a mapping key (`? *a` or `*a : value`), if anywhere. Such keys are never
    /// meaningful in a spec, and composing them hashes the aliased tree, which an alias bomb makes endless.
    /// Only a name some `&anchor` declares can be an alias: text in quotes or block scalars says
    /// `*Note: …` too, and imported descriptions do. One pass over the bytes: a regular expression over a
    /// 3 MB imported spec took a tenth of the import.
    static func aliasUsedAsKey(in text: String) -> String.Index? {
        let bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func endsName(_ byte: UInt8) -> Bool {
            isSpace(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
                || byte == UInt8(ascii: ",")
        }
        func opensNode(at index: Int) -> Bool {
            index == 0 || isSpace(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "[") || bytes[index - 1] == UInt8(ascii: "{")
                || bytes[index - 1] == UInt8(ascii: ",")
        }
        func name(at start: Int) -> ArraySlice<UInt8> {
            var end = start
            while end < bytes.count, !endsName(bytes[end]) { end += 1 }
            return bytes[start..<end]
        }
        var anchors: Set<ArraySlice<UInt8>> = []
        for index in bytes.indices where bytes[index] == UInt8(ascii: "&") && opensNode(at: index) {
            let anchor = name(at: index + 1)
            if !anchor.isEmpty { anchors.insert(anchor) }
        }
        guard !anchors.isEmpty else { return nil }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "*") && opensNode(at: index) {
            var alias = name(at: index + 1)
            var after = alias.endIndex
            // `*a: value`: the colon ends the name when what follows it is a space or the end of a line.
            if alias.last == UInt8(ascii: ":"), after == bytes.count || isSpace(bytes[after]) {
                alias = alias.dropLast()
                after -= 1
            }
            guard !alias.isEmpty, anchors.contains(Array(alias)[...]) else { continue }
            var next = after
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
            let isValueOfKey = next < bytes.count && bytes[next] == UInt8(ascii: ":") && (next + 1 == bytes.count || isSpace(bytes[next + 1]))
            var before = index - 1
            while before >= 0, bytes[before] == 0x20 || bytes[before] == 0x09 { before -= 1 }
            let isExplicitKey = before >= 0 && before < index - 1 && bytes[before] == UInt8(ascii: "?") && (before == 0 || isSpace(bytes[before - 1]))
            if isValueOfKey || isExplicitKey {
                return String.Index(text.utf8.index(text.utf8.startIndex, offsetBy: index), within: text)
            }
        }
        return nil
    }

    /// The located diagnostic of a YAML parse error of `text`, read from `file`; shared with the OpenAPI
    /// importer, which reads YAML documents with the same parser.
    package static func diagnostic(for error: YAMLError, in text: String, file: String) -> Diagnostic {
        func at(_ mark: YAMLMark) -> SourceLocation {
            SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1)
        }
        let problem = error.problem
        if !error.duplicateKeys.isEmpty {
            let names = error.duplicateKeys.map { "`\($0)`" }.joined(separator: ", ")
            return .error(
                "duplicate key \(names) in the same mapping", at: at(error.problemMark), hint: "each key may appear once; merge or rename the entries")
        }
        if let limit = error.expansionLimit {
            return .error(
                "this alias takes the document past \(limit) nodes with its aliases expanded, more than any reader walks",
                at: at(error.problemMark),
                hint: "a document may expand to ten times the nodes it writes (at least a million): write out what the aliases repeat, or nest fewer of them")
        }
        switch (error.stage, error.context, error.contextMark) {
        case let (.scanner, "while scanning a quoted scalar", contextMark?)
        where ["found unexpected end of stream", "found unexpected document indicator"].contains(problem):
            // LibYAML reports where it gave up, the end of the file (or a `---` below), far from the mistake; the
            // context's mark is the opening quote, which is where the reader has to look.
            return .error(
                "a quoted string starts here and is never closed (YAML syntax: \(problem))", at: at(contextMark),
                hint: "close it with the quote it opens with; inside \"…\" write a quote as \\\", inside '…' as ''")
        case let (.parser, context?, contextMark?)
        where ["while parsing a flow sequence", "while parsing a flow mapping"].contains(context) && contextMark.line < error.problemMark.line:
            // As with a quote: LibYAML stops at the next line that cannot continue the collection, often the
            // next key; the context's mark is the bracket left open.
            let (opening, closing) = context.hasSuffix("sequence") ? ("[", "]") : ("{", "}")
            let mark = error.problemMark
            let problem = "at \(mark.line + 1):\(mark.column + 1), expected `,` or `\(closing)`"
            return .error(
                "a `\(opening)` opened here is never closed (YAML syntax: \(problem))", at: at(contextMark),
                hint: "close it with `\(closing)` on the same line, or write the items as an indented block instead")
        case (.reader, _, _):
            return .error(
                "cannot read this file: \(problem) (byte \(error.problemMark.index))", at: at(error.problemMark),
                hint: "save it as UTF-8 text; a control character can be written as an escape inside double quotes, as \"\\u0007\"")
        case let (_, context, _):
            let detail = context.map { " (\($0))" } ?? ""
            return .error(
                "YAML syntax: \(problem)\(detail)", at: at(error.problemMark),
                hint: startsWithTab(line: error.problemMark.line + 1, in: text)
                    ? "YAML indents with spaces only, and this line is indented with a tab: replace it with spaces" : syntaxHint(for: problem))
        }
    }

    /// Whether line `line` (1-based) of `text` is indented with a tab.
    private static func startsWithTab(line: Int, in text: String) -> Bool {
        guard line >= 1 else { return false }
        let lines = text.split(separator: "\n", maxSplits: line, omittingEmptySubsequences: false)
        guard line <= lines.count else { return false }
        return lines[line - 1].prefix { $0 == " " || $0 == "\t" }.contains("\t")
    }

    private static func syntaxHint(for problem: String) -> String? {
        if problem.contains("nesting level") {
            return "the spec nests deeper than YAML's limit of 1000 levels"
        }
        if problem.contains("tab") {
            return "YAML indents with spaces only; replace the tabs"
        }
        if problem.contains("did not find expected") || problem.contains("mapping values are not allowed") {
            return "check the indentation and that every `[` and `{` is closed; quote values that contain `: ` or start with `[`"
        }
        return nil
    }

    private static func firstInvalidUTF8Offset(in data: Data) -> Int {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                offset += UTF8.width(scalar)
                consumed = offset
            case .emptyInput:
                return consumed
            case .error:
                return consumed
            }
        }
    }

    private static func location(ofByte offset: Int, in data: Data, file: String) -> SourceLocation {
        let prefix = data.prefix(offset)
        let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 - prefix.startIndex + 1 } ?? 0) + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}
