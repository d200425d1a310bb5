// Ported from LibYAML 0.2.5's scanner.c (https://github.com/yaml/libyaml), MIT licence:
// Copyright (c) 2006-2016 Kirill Simonov, Copyright (c) 2017-2020 Ingy döt Net.
//
// The scalars of YAMLScanner: `yaml_parser_scan_block_scalar`, `yaml_parser_scan_block_scalar_breaks`,
// `yaml_parser_scan_flow_scalar` and `yaml_parser_scan_plain_scalar`. As in the C code, line breaks are kept
// apart (`leadingBreak`, the first; `trailingBreaks`, the others) until the next line's content shows whether
// they fold into a space.

extension YAMLScanner {
    /// Whether the current line starts with `---` or `...` followed by a blank or the end: a document marker, which
    /// ends a plain scalar and may not be inside a quoted one.
    mutating func isDocumentIndicator() -> Bool {
        column == 0
            && ((buffer[pointer] == Octet.dash && buffer[pointer + 1] == Octet.dash
                && buffer[pointer + 2] == Octet.dash)
                || (buffer[pointer] == Octet.period && buffer[pointer + 1] == Octet.period
                    && buffer[pointer + 2] == Octet.period))
            && isBlankZ(3)
    }

    /// Scans a `|` (literal) or `>` (folded) scalar (`yaml_parser_scan_block_scalar`): the header (chomping `+`
    /// or `-` and an indentation digit, either order), then the lines at the scalar's indentation, which the first
    /// non-empty line sets unless the header does. Folding joins lines with a space, except around lines that
    /// start with a blank ("more indented") and where empty lines give the breaks.
    mutating func scanBlockScalar(literal: Bool) throws(YAMLError) -> YAMLToken {
        var string: [UInt8] = []
        var leadingBreak: [UInt8] = []
        var trailingBreaks: [UInt8] = []
        var chomping = 0
        var increment = 0
        var indent = 0
        var leadingBlank = false
        var trailingBlank = false

        // The indicator.
        let startMark = mark
        skipCharacter()

        // The chomping indicator, then the indentation indicator, or the other way round.
        try cache(1)
        if buffer[pointer] == Octet.plus || buffer[pointer] == Octet.dash {
            chomping = buffer[pointer] == Octet.plus ? 1 : -1
            skipCharacter()
            try cache(1)
            if isDigit() {
                if buffer[pointer] == Octet.zero {
                    throw scannerError(
                        "while scanning a block scalar", startMark, "found an indentation indicator equal to 0")
                }
                increment = Int(buffer[pointer] - 0x30)
                skipCharacter()
            }
        } else if isDigit() {
            if buffer[pointer] == Octet.zero {
                throw scannerError(
                    "while scanning a block scalar", startMark, "found an indentation indicator equal to 0")
            }
            increment = Int(buffer[pointer] - 0x30)
            skipCharacter()
            try cache(1)
            if buffer[pointer] == Octet.plus || buffer[pointer] == Octet.dash {
                chomping = buffer[pointer] == Octet.plus ? 1 : -1
                skipCharacter()
            }
        }

        try skipToLineEnd(context: "while scanning a block scalar", startMark)
        if isBreak() {
            try cache(2)
            skipLineBreak()
        }
        var endMark = mark

        // The indentation the header gives, relative to the enclosing one.
        if increment != 0 {
            indent = self.indent >= 0 ? self.indent + increment : increment
        }

        // The leading empty lines, which set the indentation if the header does not.
        try scanBlockScalarBreaks(indent: &indent, breaks: &trailingBreaks, startMark, endMark: &endMark)

        // The lines.
        try cache(1)
        while column == indent && buffer[pointer] != 0 {
            // At the start of a non-empty line.
            trailingBlank = isBlank()
            if !literal && leadingBreak.first == 0x0A && !leadingBlank && !trailingBlank {
                // Fold the line break: into a space if no empty lines follow it.
                if trailingBreaks.isEmpty { string.append(0x20) }
                leadingBreak.removeAll(keepingCapacity: true)
            } else {
                string.append(contentsOf: leadingBreak)
                leadingBreak.removeAll(keepingCapacity: true)
            }
            string.append(contentsOf: trailingBreaks)
            trailingBreaks.removeAll(keepingCapacity: true)
            leadingBlank = isBlank()

            // The line's content.
            while !isBreakZ() {
                readCharacter(into: &string)
                if unread < 1 { try updateBuffer(1) }
            }
            try cache(2)
            readLineBreak(into: &leadingBreak)

            // The indentation and the empty lines after it.
            try scanBlockScalarBreaks(indent: &indent, breaks: &trailingBreaks, startMark, endMark: &endMark)
        }

        // Chomp the tail: '-' drops the last line break, '+' keeps the empty lines too.
        if chomping != -1 { string.append(contentsOf: leadingBreak) }
        if chomping == 1 { string.append(contentsOf: trailingBreaks) }

        return YAMLToken(
            kind: .scalar(String(decoding: string, as: UTF8.self), literal ? .literal : .folded),
            start: startMark, end: endMark)
    }

    /// Skips a block scalar's indentation and collects its empty lines' breaks into `breaks`
    /// (`yaml_parser_scan_block_scalar_breaks`). With no indentation yet (`indent` 0), takes the deepest of
    /// these lines', at least one more than the enclosing block's; a tab inside the indentation is an error.
    mutating func scanBlockScalarBreaks(
        indent: inout Int, breaks: inout [UInt8], _ startMark: YAMLMark, endMark: inout YAMLMark
    ) throws(YAMLError) {
        var maxIndent = 0
        endMark = mark
        while true {
            if unread < 1 { try updateBuffer(1) }
            while (indent == 0 || column < indent) && buffer[pointer] == 0x20 {
                skipCharacter()
                if unread < 1 { try updateBuffer(1) }
            }
            if column > maxIndent { maxIndent = column }
            if (indent == 0 || column < indent) && buffer[pointer] == 0x09 {
                throw scannerError(
                    "while scanning a block scalar", startMark,
                    "found a tab character where an indentation space is expected")
            }
            if !isBreak() { break }
            try cache(2)
            readLineBreak(into: &breaks)
            endMark = mark
        }
        if indent == 0 {
            indent = maxIndent
            if indent < self.indent + 1 { indent = self.indent + 1 }
            if indent < 1 { indent = 1 }
        }
    }

    /// Scans a `'…'` or `"…"` scalar (`yaml_parser_scan_flow_scalar`): `''` in single quotes, the escapes in
    /// double quotes (`\x`, `\u` and `\U` with 2, 4 and 8 hex digits, a backslash before a line break joining the
    /// lines), line breaks folded as in plain scalars. A document marker at the start of a line, or the end of the
    /// text, before the closing quote is an error.
    mutating func scanFlowScalar(single: Bool) throws(YAMLError) -> YAMLToken {
        var string: [UInt8] = []
        var leadingBreak: [UInt8] = []
        var trailingBreaks: [UInt8] = []
        var whitespaces: [UInt8] = []
        var leadingBlanks = false
        let quote = single ? Octet.singleQuote : Octet.doubleQuote

        // The left quote.
        let startMark = mark
        skipCharacter()

        while true {
            try cache(4)
            if isDocumentIndicator() {
                throw scannerError("while scanning a quoted scalar", startMark, "found unexpected document indicator")
            }
            if buffer[pointer] == 0 {
                throw scannerError("while scanning a quoted scalar", startMark, "found unexpected end of stream")
            }

            // The non-blank characters.
            try cache(2)
            leadingBlanks = false
            while !isBlankZ() {
                let octet = buffer[pointer]
                if single && octet == Octet.singleQuote && buffer[pointer + 1] == Octet.singleQuote {
                    // An escaped single quote.
                    string.append(Octet.singleQuote)
                    skipCharacter()
                    skipCharacter()
                } else if octet == quote {
                    // The right quote.
                    break
                } else if !single && octet == Octet.backslash && isBreak(1) {
                    // An escaped line break.
                    try cache(3)
                    skipCharacter()
                    skipLineBreak()
                    leadingBlanks = true
                    break
                } else if !single && octet == Octet.backslash {
                    try scanEscapeSequence(startMark, into: &string)
                } else {
                    // A character as it is.
                    readCharacter(into: &string)
                }
                if unread < 2 { try updateBuffer(2) }
            }

            try cache(1)
            if buffer[pointer] == quote { break }

            // The blanks and line breaks.
            try readBlanksAndBreaks(
                leadingBlanks: &leadingBlanks, whitespaces: &whitespaces, leadingBreak: &leadingBreak,
                trailingBreaks: &trailingBreaks)

            Self.join(
                into: &string, foldingBreaks: leadingBlanks, whitespaces: &whitespaces, leadingBreak: &leadingBreak,
                trailingBreaks: &trailingBreaks)
        }

        // The right quote.
        skipCharacter()
        return YAMLToken(
            kind: .scalar(String(decoding: string, as: UTF8.self), single ? .singleQuoted : .doubleQuoted),
            start: startMark, end: mark)
    }

    /// Decodes the escape sequence at the current backslash of a double-quoted scalar into `string` (the escape
    /// part of `yaml_parser_scan_flow_scalar`).
    mutating func scanEscapeSequence(_ startMark: YAMLMark, into string: inout [UInt8]) throws(YAMLError) {
        var codeLength = 0
        switch buffer[pointer + 1] {
        case Octet.zero: string.append(0x00)
        case UInt8(ascii: "a"): string.append(0x07)
        case UInt8(ascii: "b"): string.append(0x08)
        case UInt8(ascii: "t"), 0x09: string.append(0x09)
        case UInt8(ascii: "n"): string.append(0x0A)
        case UInt8(ascii: "v"): string.append(0x0B)
        case UInt8(ascii: "f"): string.append(0x0C)
        case UInt8(ascii: "r"): string.append(0x0D)
        case UInt8(ascii: "e"): string.append(0x1B)
        case Octet.space: string.append(0x20)
        case Octet.doubleQuote: string.append(Octet.doubleQuote)
        case UInt8(ascii: "/"): string.append(UInt8(ascii: "/"))
        case Octet.backslash: string.append(Octet.backslash)
        // NEL (#x85)
        case UInt8(ascii: "N"): string.append(contentsOf: [0xC2, 0x85])
        // #xA0
        case UInt8(ascii: "_"): string.append(contentsOf: [0xC2, 0xA0])
        // LS (#x2028)
        case UInt8(ascii: "L"): string.append(contentsOf: [0xE2, 0x80, 0xA8])
        // PS (#x2029)
        case UInt8(ascii: "P"): string.append(contentsOf: [0xE2, 0x80, 0xA9])
        case UInt8(ascii: "x"): codeLength = 2
        case UInt8(ascii: "u"): codeLength = 4
        case UInt8(ascii: "U"): codeLength = 8
        default:
            throw scannerError("while parsing a quoted scalar", startMark, "found unknown escape character")
        }
        skipCharacter()
        skipCharacter()

        // A character by its code.
        if codeLength > 0 {
            var value: UInt32 = 0
            try cache(codeLength)
            for k in 0..<codeLength {
                if !isHex(k) {
                    throw scannerError(
                        "while parsing a quoted scalar", startMark, "did not find expected hexdecimal number")
                }
                value = (value << 4) + asHex(k)
            }
            if (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF {
                throw scannerError(
                    "while parsing a quoted scalar", startMark, "found invalid Unicode character escape code")
            }
            if value <= 0x7F {
                string.append(UInt8(value))
            } else if value <= 0x7FF {
                string.append(UInt8(0xC0 + (value >> 6)))
                string.append(UInt8(0x80 + (value & 0x3F)))
            } else if value <= 0xFFFF {
                string.append(UInt8(0xE0 + (value >> 12)))
                string.append(UInt8(0x80 + ((value >> 6) & 0x3F)))
                string.append(UInt8(0x80 + (value & 0x3F)))
            } else {
                string.append(UInt8(0xF0 + (value >> 18)))
                string.append(UInt8(0x80 + ((value >> 12) & 0x3F)))
                string.append(UInt8(0x80 + ((value >> 6) & 0x3F)))
                string.append(UInt8(0x80 + (value & 0x3F)))
            }
            for _ in 0..<codeLength { skipCharacter() }
        }
    }

    /// Scans a plain scalar (`yaml_parser_scan_plain_scalar`), up to `: ` or ` #`, a document marker, in the flow
    /// context `,[]{}`, or in the block context a line indented less than the enclosing block's content. Lines
    /// fold as in quoted scalars; in the flow context, `:` followed by one of `,?[]{}` is an error. A scalar over
    /// several lines allows a simple key after it.
    mutating func scanPlainScalar() throws(YAMLError) -> YAMLToken {
        var string: [UInt8] = []
        var leadingBreak: [UInt8] = []
        var trailingBreaks: [UInt8] = []
        var whitespaces: [UInt8] = []
        var leadingBlanks = false
        let indent = self.indent + 1

        let startMark = mark
        var endMark = mark

        while true {
            try cache(4)
            if isDocumentIndicator() { break }
            if buffer[pointer] == Octet.hash { break }

            // The non-blank characters. LibYAML takes the end mark after each one and looks for blanks or line
            // breaks to join before each one; after the last and before the first come to the same.
            var consumed = false
            var pendingBlanks = leadingBlanks || !whitespaces.isEmpty
            while !isBlankZ() {
                let octet = buffer[pointer]
                // "x:" followed by one of ',?[]{}' in the flow context (LibYAML's restriction, not the
                // specification's).
                if flowLevel > 0 && octet == Octet.colon {
                    switch buffer[pointer + 1] {
                    case Octet.comma, Octet.question, Octet.leftBracket, Octet.rightBracket, Octet.leftBrace,
                        Octet.rightBrace:
                        throw scannerError("while scanning a plain scalar", startMark, "found unexpected ':'")
                    default:
                        break
                    }
                }
                // The indicators that end a plain scalar.
                if (octet == Octet.colon && isBlankZ(1))
                    || (flowLevel > 0
                        && (octet == Octet.comma || octet == Octet.leftBracket || octet == Octet.rightBracket
                            || octet == Octet.leftBrace || octet == Octet.rightBrace))
                {
                    break
                }
                // The blanks or line breaks before this character.
                if pendingBlanks {
                    pendingBlanks = false
                    Self.join(
                        into: &string, foldingBreaks: leadingBlanks, whitespaces: &whitespaces,
                        leadingBreak: &leadingBreak, trailingBreaks: &trailingBreaks)
                    leadingBlanks = false
                }
                readCharacter(into: &string)
                consumed = true
                if unread < 2 { try updateBuffer(2) }
            }
            if consumed { endMark = mark }

            // The end, unless blanks or line breaks follow.
            if !(isBlank() || isBreak()) { break }

            try readBlanksAndBreaks(
                leadingBlanks: &leadingBlanks, whitespaces: &whitespaces, leadingBreak: &leadingBreak,
                trailingBreaks: &trailingBreaks, plainScalarStart: startMark)

            // A line indented less than the block's content ends the scalar.
            if flowLevel == 0 && column < indent { break }
        }

        // A simple key may follow a scalar that ended at a line break.
        if leadingBlanks { simpleKeyAllowed = true }

        return YAMLToken(
            kind: .scalar(String(decoding: string, as: UTF8.self), .plain), start: startMark, end: endMark)
    }

    /// Reads the blanks and line breaks between two parts of a flow or plain scalar: blanks before the first
    /// break into `whitespaces`, the first break into `leadingBreak` (dropping those blanks), later ones into
    /// `trailingBreaks`; blanks after a break are indentation, skipped. A plain scalar (which started at
    /// `plainScalarStart`) may not indent a continuation line below the block's indentation with a tab.
    mutating func readBlanksAndBreaks(
        leadingBlanks: inout Bool, whitespaces: inout [UInt8], leadingBreak: inout [UInt8], trailingBreaks: inout [UInt8],
        plainScalarStart: YAMLMark? = nil
    ) throws(YAMLError) {
        try cache(1)
        while isBlank() || isBreak() {
            if isBlank() {
                if let plainScalarStart, leadingBlanks && column < indent && buffer[pointer] == 0x09 {
                    throw scannerError(
                        "while scanning a plain scalar", plainScalarStart, "found a tab character that violates indentation")
                }
                if !leadingBlanks {
                    readCharacter(into: &whitespaces)
                } else {
                    skipCharacter()
                }
            } else {
                try cache(2)
                if !leadingBlanks {
                    whitespaces.removeAll(keepingCapacity: true)
                    readLineBreak(into: &leadingBreak)
                    leadingBlanks = true
                } else {
                    readLineBreak(into: &trailingBreaks)
                }
            }
            if unread < 1 { try updateBuffer(1) }
        }
    }

    /// Appends what joins two lines of a flow or plain scalar, and empties what it used: with `foldingBreaks`
    /// (line breaks came between them) a single line feed folds into a space and several keep all but the
    /// first, any other break is kept; without, the blanks between stay as written. LibYAML writes this out
    /// in both scanners ("Join the whitespaces or fold line breaks").
    static func join(
        into string: inout [UInt8], foldingBreaks: Bool, whitespaces: inout [UInt8], leadingBreak: inout [UInt8],
        trailingBreaks: inout [UInt8]
    ) {
        guard foldingBreaks else {
            string.append(contentsOf: whitespaces)
            whitespaces.removeAll(keepingCapacity: true)
            return
        }
        if leadingBreak.first != 0x0A {
            string.append(contentsOf: leadingBreak)
            string.append(contentsOf: trailingBreaks)
        } else if trailingBreaks.isEmpty {
            string.append(0x20)
        } else {
            string.append(contentsOf: trailingBreaks)
        }
        leadingBreak.removeAll(keepingCapacity: true)
        trailingBreaks.removeAll(keepingCapacity: true)
    }
}
