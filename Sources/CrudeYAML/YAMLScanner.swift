// Ported from LibYAML 0.2.5's scanner.c and reader.c (https://github.com/yaml/libyaml), MIT licence:
// Copyright (c) 2006-2016 Kirill Simonov, Copyright (c) 2017-2020 Ingy döt Net.
//
// The structure and the names follow the C code (`yaml_parser_fetch_more_tokens` is `fetchMoreTokens`, the
// `CACHE`, `SKIP`, `SKIP_LINE`, `READ` and `READ_LINE` macros are `cache`, `skipCharacter`, `skipLineBreak`,
// `readCharacter` and `readLineBreak`), so that the two can be read side by side. The scalars are in
// YAMLScanner+Scalars.swift.

/// LibYAML's scanner (`scanner.c`, with `reader.c`'s checks of the characters) in Swift: UTF-8 text into tokens.
///
/// It produces the tokens LibYAML 0.2.5 produces for the same text, and fails where LibYAML fails with LibYAML's
/// words, with one deliberate difference: a mark's `index` is the byte offset in the text given to `init` (a byte
/// order mark included), where LibYAML counts characters from after the byte order mark; lines and columns are
/// LibYAML's. The text is UTF-8 only: one starting with a UTF-16 byte order mark fails as invalid UTF-8.
///
/// The reader is emulated rather than skipped: LibYAML decodes and checks its input 16 KiB at a time, when the
/// scanner first needs a character past what it has decoded, so a bad byte stops the scan at the token that
/// reaches its chunk, and this scanner stops at the same token. The checks run once over the text, as LibYAML's.
struct YAMLScanner {
    /// A position where a simple key (a key without `?`) may start, one for each flow level (`yaml_simple_key_t`).
    struct SimpleKey {
        /// Whether a simple key may still start here.
        var possible = false
        /// Whether it must be one: in the block context at the indentation column, a scalar there is a key or
        /// an error.
        var required = false
        /// The number of the token it starts, counted over the whole stream, to put KEY before it.
        var tokenNumber = 0
        /// Where it starts.
        var mark = YAMLMark(index: 0, line: 0, column: 0)
        /// LibYAML's `mark.index` there, in characters: the 1024-character rule counts characters.
        var characterIndex = 0
    }

    // MARK: The reader's state (reader.c)

    /// The text, followed by zeros: LibYAML's buffer ends with a NUL, and its checks look a few characters ahead.
    var buffer: [UInt8]
    /// The length of the text, without the padding.
    let textLength: Int
    /// LibYAML's `INPUT_RAW_BUFFER_SIZE`: how much input it reads, decodes and checks at a time.
    static let rawBufferSize = 16384
    /// Where LibYAML's raw buffer starts, as a byte offset in the text.
    var rawStart = 0
    /// How far the text is decoded and checked (the raw buffer's `pointer`, the reader's `offset`).
    var rawPointer = 0
    /// How far the text has been read into the raw buffer (the raw buffer's `last`).
    var rawLast = 0
    /// Whether the read reached the end of the text (and the decoded characters end with a NUL).
    var eof = false
    /// Whether the byte order mark was looked for (LibYAML's `encoding` is set).
    var encodingDetermined = false
    /// The length of the byte order mark skipped at the start, 0 or 3.
    var bomLength = 0
    /// The characters decoded and not yet consumed by the scanner, the final NUL included.
    var unread = 0

    // MARK: The scanner's position

    /// The byte offset of the current character in `buffer`: the current mark's `index`.
    var pointer = 0
    /// The current mark's line.
    var line = 0
    /// The current mark's column, in characters.
    var column = 0
    /// LibYAML's `mark.index`: the characters consumed since the byte order mark.
    var characterIndex = 0

    // MARK: The scanner's state (scanner.c)

    /// Whether STREAM-START was queued.
    var streamStartProduced = false
    /// Whether the head of the queue may be returned (LibYAML's `token_available`).
    var tokenAvailable = false
    /// The token queue: the tokens from `tokensHead` on are waiting.
    var tokens: [YAMLToken] = []
    /// The head of the queue in `tokens`.
    var tokensHead = 0
    /// The tokens returned so far (`tokens_parsed`).
    var tokensParsed = 0
    /// The current indentation column, -1 before any block collection.
    var indent = -1
    /// The enclosing indentation columns.
    var indents: [Int] = []
    /// The depth of `[` and `{`.
    var flowLevel = 0
    /// Whether a simple key may start at the current position.
    var simpleKeyAllowed = false
    /// The potential simple keys, one for each flow level and one for the block context.
    var simpleKeys: [SimpleKey] = []
    /// How many of `simpleKeys` are possible (not in LibYAML): with none, the checks that go through the stack
    /// before each token are skipped, which in a debug build saves much of the time spent on JSON's deep nesting.
    var possibleSimpleKeys = 0
    /// The error the scan stopped with, thrown again by later calls.
    var error: YAMLError?

    /// Scans `text`, UTF-8 bytes (a byte order mark at the start is skipped).
    init(_ text: [UInt8]) {
        textLength = text.count
        buffer = text
        buffer.append(contentsOf: repeatElement(0, count: 16))
    }

    /// The next token, without consuming it (LibYAML's `PEEK_TOKEN`).
    ///
    /// After STREAM-END it returns STREAM-END again (LibYAML's scanner, asked again, queues another); after an
    /// error it throws the same error again.
    mutating func peek() throws(YAMLError) -> YAMLToken {
        if let error { throw error }
        if !tokenAvailable {
            do {
                try fetchMoreTokens()
            } catch {
                self.error = error
                throw error
            }
        }
        return tokens[tokensHead]
    }

    /// Consumes the token `peek()` returned (LibYAML's `SKIP_TOKEN`).
    mutating func skip() {
        precondition(tokenAvailable, "skip() without a token from peek()")
        tokenAvailable = false
        tokensParsed += 1
        tokensHead += 1
        // Drop the returned tokens when the queue is empty, now and then: each removal is a call in a debug build.
        if tokensHead == tokens.count && tokensHead >= 64 {
            tokens.removeAll(keepingCapacity: true)
            tokensHead = 0
        }
    }

    /// The current position.
    var mark: YAMLMark {
        mutating get { YAMLMark(index: pointer, line: line, column: column) }
    }
}

// MARK: - The reader (reader.c)

extension YAMLScanner {
    /// Makes sure `length` characters are decoded past the current one (LibYAML's `CACHE`). The loops that go
    /// through a scalar or a comment a character at a time spell it out, `if unread < 1 { try updateBuffer(1) }`,
    /// as the macro does: a call for each character costs in a debug build.
    @inline(__always)
    mutating func cache(_ length: Int) throws(YAMLError) {
        if unread < length { try updateBuffer(length) }
    }

    /// Decodes and checks more of the text, a raw buffer's worth at a time as LibYAML does
    /// (`yaml_parser_update_buffer`), so that a bad byte is found when LibYAML finds it.
    mutating func updateBuffer(_ length: Int) throws(YAMLError) {
        // If the end was reached and everything is decoded, the NUL is in the buffer: nothing to do.
        if eof && rawPointer == rawLast { return }
        if unread >= length { return }
        if !encodingDetermined { determineEncoding() }
        var first = true
        while unread < length {
            if !first || rawPointer == rawLast { updateRawBuffer() }
            first = false
            try decodeRawBuffer()
            if eof {
                // The NUL LibYAML puts after the last character.
                unread += 1
                return
            }
        }
    }

    /// Reads the start of the text and skips a UTF-8 byte order mark (`yaml_parser_determine_encoding`, UTF-8
    /// only: UTF-16 byte order marks are not looked for).
    mutating func determineEncoding() {
        while !eof && rawLast - rawPointer < 3 { updateRawBuffer() }
        if rawLast - rawPointer >= 3 && buffer[rawPointer] == 0xEF && buffer[rawPointer + 1] == 0xBB
            && buffer[rawPointer + 2] == 0xBF
        {
            rawPointer += 3
            bomLength = 3
            pointer = 3
        }
        encodingDetermined = true
    }

    /// Reads the next piece of the text into the raw buffer (`yaml_parser_update_raw_buffer` with LibYAML's
    /// string read handler): whatever fills the buffer, after the undecoded bytes moved to its start.
    mutating func updateRawBuffer() {
        if rawStart == rawPointer && rawLast - rawStart == Self.rawBufferSize { return }
        if eof { return }
        rawStart = rawPointer
        let size = min(Self.rawBufferSize - (rawLast - rawStart), textLength - rawLast)
        rawLast += size
        if size == 0 { eof = true }
    }

    /// Decodes and checks the raw buffer's characters (the decoding loop of `yaml_parser_update_buffer`),
    /// stopping before a character the buffer holds only the start of.
    mutating func decodeRawBuffer() throws(YAMLError) {
        while rawPointer != rawLast {
            let octet = buffer[rawPointer]
            if octet < 0x80 {
                // #x9 | #xA | #xD | [#x20-#x7E]
                guard octet >= 0x20 ? octet != 0x7F : octet == 0x09 || octet == 0x0A || octet == 0x0D else {
                    throw readerError("control characters are not allowed", offset: rawPointer)
                }
                rawPointer += 1
                unread += 1
                continue
            }
            let width = (octet & 0xE0) == 0xC0 ? 2 : (octet & 0xF0) == 0xE0 ? 3 : (octet & 0xF8) == 0xF0 ? 4 : 0
            if width == 0 {
                throw readerError("invalid leading UTF-8 octet", offset: rawPointer)
            }
            if width > rawLast - rawPointer {
                if eof {
                    throw readerError("incomplete UTF-8 octet sequence", offset: rawPointer)
                }
                break
            }
            var value = UInt32(width == 2 ? octet & 0x1F : width == 3 ? octet & 0x0F : octet & 0x07)
            var k = 1
            while k < width {
                let trailing = buffer[rawPointer + k]
                if (trailing & 0xC0) != 0x80 {
                    throw readerError("invalid trailing UTF-8 octet", offset: rawPointer + k)
                }
                value = (value << 6) + UInt32(trailing & 0x3F)
                k += 1
            }
            if !((width == 2 && value >= 0x80) || (width == 3 && value >= 0x800) || (width == 4 && value >= 0x10000)) {
                throw readerError("invalid length of a UTF-8 sequence", offset: rawPointer)
            }
            if (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF {
                throw readerError("invalid Unicode character", offset: rawPointer)
            }
            // #x85 | [#xA0-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
            if !(value == 0x85 || (value >= 0xA0 && value <= 0xD7FF) || (value >= 0xE000 && value <= 0xFFFD)
                || value >= 0x10000)
            {
                throw readerError("control characters are not allowed", offset: rawPointer)
            }
            rawPointer += width
            unread += 1
        }
    }

    /// A reader error at byte `offset`. LibYAML gives only the offset; the line and column are those of the
    /// character holding that byte, counted as the scanner counts them (a CR LF pair, CR, LF, NEL, LS and PS
    /// each end a line).
    func readerError(_ problem: String, offset: Int) -> YAMLError {
        var index = bomLength
        var line = 0
        var column = 0
        while index < offset && index < textLength {
            let octet = buffer[index]
            var width: Int
            var isBreak = true
            if octet == 0x0D && buffer[index + 1] == 0x0A {
                width = 2
            } else if octet == 0x0D || octet == 0x0A {
                width = 1
            } else if octet == 0xC2 && buffer[index + 1] == 0x85 {
                width = 2
            } else if octet == 0xE2 && buffer[index + 1] == 0x80
                && (buffer[index + 2] == 0xA8 || buffer[index + 2] == 0xA9)
            {
                width = 3
            } else {
                width =
                    octet < 0x80
                    ? 1
                    : (octet & 0xE0) == 0xC0
                        ? 2
                        : (octet & 0xF0) == 0xE0
                            ? 3
                            : (octet & 0xF8) == 0xF0 ? 4 : 1
                isBreak = false
            }
            if index + width > offset { break }
            index += width
            if isBreak {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return YAMLError(.reader, problem: problem, problemMark: YAMLMark(index: offset, line: line, column: column))
    }
}

// MARK: - Characters (yaml_private.h)

extension YAMLScanner {
    /// The bytes of the indicators the scanner looks for, named: in a debug build `UInt8(ascii: ":")` is a call
    /// each time it is evaluated, these are loads.
    enum Octet {
        static let space: UInt8 = 0x20
        static let exclamation: UInt8 = 0x21
        static let doubleQuote: UInt8 = 0x22
        static let hash: UInt8 = 0x23
        static let percent: UInt8 = 0x25
        static let ampersand: UInt8 = 0x26
        static let singleQuote: UInt8 = 0x27
        static let asterisk: UInt8 = 0x2A
        static let plus: UInt8 = 0x2B
        static let comma: UInt8 = 0x2C
        static let dash: UInt8 = 0x2D
        static let period: UInt8 = 0x2E
        static let zero: UInt8 = 0x30
        static let colon: UInt8 = 0x3A
        static let lessThan: UInt8 = 0x3C
        static let greaterThan: UInt8 = 0x3E
        static let question: UInt8 = 0x3F
        static let at: UInt8 = 0x40
        static let leftBracket: UInt8 = 0x5B
        static let backslash: UInt8 = 0x5C
        static let rightBracket: UInt8 = 0x5D
        static let backquote: UInt8 = 0x60
        static let leftBrace: UInt8 = 0x7B
        static let verticalBar: UInt8 = 0x7C
        static let rightBrace: UInt8 = 0x7D
    }
}

// The checks below only read, yet are `mutating`: in a debug build, a non-mutating method (or getter) called from
// a mutating one gets a copy of the whole scanner, each of its arrays retained and released, on every call; a
// mutating one gets the scanner in place. They are LibYAML's macros, called for nearly every byte.
extension YAMLScanner {
    /// `IS_ALPHA_AT`: a letter, a digit, `_` or `-`.
    @inline(__always)
    mutating func isAlpha(_ offset: Int = 0) -> Bool {
        let octet = buffer[pointer + offset]
        return (octet >= 0x30 && octet <= 0x39) || (octet >= 0x41 && octet <= 0x5A) || (octet >= 0x61 && octet <= 0x7A)
            || octet == 0x5F || octet == 0x2D
    }

    /// `IS_DIGIT_AT`.
    @inline(__always)
    mutating func isDigit(_ offset: Int = 0) -> Bool {
        let octet = buffer[pointer + offset]
        return octet >= 0x30 && octet <= 0x39
    }

    /// `IS_HEX_AT`.
    @inline(__always)
    mutating func isHex(_ offset: Int) -> Bool {
        let octet = buffer[pointer + offset]
        return (octet >= 0x30 && octet <= 0x39) || (octet >= 0x41 && octet <= 0x46) || (octet >= 0x61 && octet <= 0x66)
    }

    /// `AS_HEX_AT`.
    @inline(__always)
    mutating func asHex(_ offset: Int) -> UInt32 {
        let octet = buffer[pointer + offset]
        if octet >= 0x41 && octet <= 0x46 { return UInt32(octet - 0x41 + 10) }
        if octet >= 0x61 && octet <= 0x66 { return UInt32(octet - 0x61 + 10) }
        return UInt32(octet &- 0x30)
    }

    /// `IS_BLANK_AT`: a space or a tab.
    @inline(__always)
    mutating func isBlank(_ offset: Int = 0) -> Bool {
        let octet = buffer[pointer + offset]
        return octet == 0x20 || octet == 0x09
    }

    /// `IS_BREAK_AT`: CR, LF, NEL, LS or PS.
    @inline(__always)
    mutating func isBreak(_ offset: Int = 0) -> Bool {
        let octet = buffer[pointer + offset]
        if octet == 0x0A || octet == 0x0D { return true }
        if octet == 0xC2 { return buffer[pointer + offset + 1] == 0x85 }
        if octet == 0xE2 {
            return buffer[pointer + offset + 1] == 0x80
                && (buffer[pointer + offset + 2] == 0xA8 || buffer[pointer + offset + 2] == 0xA9)
        }
        return false
    }

    /// `IS_BREAKZ_AT`: a line break or the NUL at the end.
    @inline(__always)
    mutating func isBreakZ(_ offset: Int = 0) -> Bool {
        let octet = buffer[pointer + offset]
        return octet == 0 || octet == 0x0A || octet == 0x0D || ((octet == 0xC2 || octet == 0xE2) && isBreak(offset))
    }

    /// `IS_BLANKZ_AT`: a space, a tab, a line break or the NUL at the end.
    @inline(__always)
    mutating func isBlankZ(_ offset: Int = 0) -> Bool {
        let octet = buffer[pointer + offset]
        return octet == 0x20 || octet == 0x09 || octet == 0 || octet == 0x0A || octet == 0x0D
            || ((octet == 0xC2 || octet == 0xE2) && isBreak(offset))
    }

    /// `SKIP`: moves past the current character.
    @inline(__always)
    mutating func skipCharacter() {
        let octet = buffer[pointer]
        pointer += octet < 0x80 ? 1 : octet < 0xE0 ? 2 : octet < 0xF0 ? 3 : 4
        column += 1
        characterIndex += 1
        unread -= 1
    }

    /// `SKIP_LINE`: moves past the current line break, a CR LF pair as one; does nothing elsewhere.
    mutating func skipLineBreak() {
        if buffer[pointer] == 0x0D && buffer[pointer + 1] == 0x0A {
            pointer += 2
            characterIndex += 2
            unread -= 2
        } else if isBreak() {
            let octet = buffer[pointer]
            pointer += octet < 0x80 ? 1 : octet < 0xE0 ? 2 : 3
            characterIndex += 1
            unread -= 1
        } else {
            return
        }
        column = 0
        line += 1
    }

    /// `READ`: appends the current character to `string` and moves past it.
    @inline(__always)
    mutating func readCharacter(into string: inout [UInt8]) {
        let octet = buffer[pointer]
        if octet < 0x80 {
            string.append(octet)
            pointer += 1
        } else {
            let width = octet < 0xE0 ? 2 : octet < 0xF0 ? 3 : 4
            string.append(contentsOf: buffer[pointer..<pointer + width])
            pointer += width
        }
        column += 1
        characterIndex += 1
        unread -= 1
    }

    /// `READ_LINE`: appends the current line break to `string` and moves past it: CR LF, CR, LF and NEL as LF,
    /// LS and PS as they are. Does nothing elsewhere.
    mutating func readLineBreak(into string: inout [UInt8]) {
        let octet = buffer[pointer]
        if octet == 0x0D && buffer[pointer + 1] == 0x0A {
            string.append(0x0A)
            pointer += 2
            characterIndex += 2
            unread -= 2
        } else if octet == 0x0D || octet == 0x0A {
            string.append(0x0A)
            pointer += 1
            characterIndex += 1
            unread -= 1
        } else if octet == 0xC2 && buffer[pointer + 1] == 0x85 {
            string.append(0x0A)
            pointer += 2
            characterIndex += 1
            unread -= 1
        } else if octet == 0xE2 && buffer[pointer + 1] == 0x80
            && (buffer[pointer + 2] == 0xA8 || buffer[pointer + 2] == 0xA9)
        {
            string.append(contentsOf: buffer[pointer..<pointer + 3])
            pointer += 3
            characterIndex += 1
            unread -= 1
        } else {
            return
        }
        column = 0
        line += 1
    }

    /// A scanner error found at the current position (`yaml_parser_set_scanner_error`).
    mutating func scannerError(_ context: String?, _ contextMark: YAMLMark, _ problem: String) -> YAMLError {
        YAMLError(.scanner, context: context, contextMark: contextMark, problem: problem, problemMark: mark)
    }

    /// Bytes as a `String`, up to the first NUL: LibYAML gives tags, anchors and directives as C strings, so a
    /// `%00` in a tag ends it there.
    static func cString(_ bytes: [UInt8]) -> String {
        if let end = bytes.firstIndex(of: 0) {
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - Tokens (scanner.c)

extension YAMLScanner {
    /// Fetches tokens until the head of the queue can be returned (`yaml_parser_fetch_more_tokens`): not while
    /// a potential simple key could still turn it into a KEY (or put a KEY, or BLOCK-MAPPING-START, before it).
    mutating func fetchMoreTokens() throws(YAMLError) {
        while true {
            var needMoreTokens = false
            if tokensHead == tokens.count {
                needMoreTokens = true
            } else {
                // Whether a potential simple key may occupy the head position.
                try staleSimpleKeys()
                var index = simpleKeys.count - 1
                var unseen = possibleSimpleKeys
                while unseen > 0 {
                    if simpleKeys[index].possible {
                        if simpleKeys[index].tokenNumber == tokensParsed {
                            needMoreTokens = true
                            break
                        }
                        unseen -= 1
                    }
                    index -= 1
                }
            }
            if !needMoreTokens { break }
            try fetchNextToken()
        }
        tokenAvailable = true
    }

    /// Queues the next token, the dispatcher of the fetchers (`yaml_parser_fetch_next_token`): what the current
    /// character, past whitespace and comments, starts.
    mutating func fetchNextToken() throws(YAMLError) {
        try cache(1)
        if !streamStartProduced { return fetchStreamStart() }
        try scanToNextToken()
        try staleSimpleKeys()
        unrollIndent(column)
        // 4 characters: the longest indicators, '--- ' and '... '.
        try cache(4)
        let octet = buffer[pointer]
        if octet == 0 { return try fetchStreamEnd() }
        if column == 0 && octet == Octet.percent { return try fetchDirective() }
        if column == 0 && octet == Octet.dash && buffer[pointer + 1] == Octet.dash && buffer[pointer + 2] == Octet.dash
            && isBlankZ(3)
        {
            return try fetchDocumentIndicator(.documentStart)
        }
        if column == 0 && octet == Octet.period && buffer[pointer + 1] == Octet.period
            && buffer[pointer + 2] == Octet.period && isBlankZ(3)
        {
            return try fetchDocumentIndicator(.documentEnd)
        }
        if octet == Octet.leftBracket { return try fetchFlowCollectionStart(.flowSequenceStart) }
        if octet == Octet.leftBrace { return try fetchFlowCollectionStart(.flowMappingStart) }
        if octet == Octet.rightBracket { return try fetchFlowCollectionEnd(.flowSequenceEnd) }
        if octet == Octet.rightBrace { return try fetchFlowCollectionEnd(.flowMappingEnd) }
        if octet == Octet.comma { return try fetchFlowEntry() }
        if octet == Octet.dash && isBlankZ(1) { return try fetchBlockEntry() }
        if octet == Octet.question && (flowLevel > 0 || isBlankZ(1)) { return try fetchKey() }
        if octet == Octet.colon && (flowLevel > 0 || isBlankZ(1)) { return try fetchValue() }
        if octet == Octet.asterisk { return try fetchAnchor(alias: true) }
        if octet == Octet.ampersand { return try fetchAnchor(alias: false) }
        if octet == Octet.exclamation { return try fetchTag() }
        if octet == Octet.verticalBar && flowLevel == 0 { return try fetchBlockScalar(literal: true) }
        if octet == Octet.greaterThan && flowLevel == 0 { return try fetchBlockScalar(literal: false) }
        if octet == Octet.singleQuote { return try fetchFlowScalar(single: true) }
        if octet == Octet.doubleQuote { return try fetchFlowScalar(single: false) }
        // A plain scalar may start with any non-blank character except the indicators; in the block context
        // (and, for '-', in the flow context too), '-', '?' and ':' followed by a non-space character start
        // one as well (more restrictive than the specification).
        let isIndicator =
            octet == Octet.dash || octet == Octet.question || octet == Octet.colon
            || octet == Octet.comma || octet == Octet.leftBracket || octet == Octet.rightBracket
            || octet == Octet.leftBrace || octet == Octet.rightBrace || octet == Octet.hash
            || octet == Octet.ampersand || octet == Octet.asterisk || octet == Octet.exclamation
            || octet == Octet.verticalBar || octet == Octet.greaterThan || octet == Octet.singleQuote
            || octet == Octet.doubleQuote || octet == Octet.percent || octet == Octet.at || octet == Octet.backquote
        if !(isBlankZ() || isIndicator) || (octet == Octet.dash && !isBlank(1))
            || (flowLevel == 0 && (octet == Octet.question || octet == Octet.colon) && !isBlankZ(1))
        {
            return try fetchPlainScalar()
        }
        throw scannerError("while scanning for the next token", mark, "found character that cannot start any token")
    }

    /// Ends the potential simple keys that can no longer be keys (`yaml_parser_stale_simple_keys`): LibYAML
    /// 0.2.5's rule, a key on an earlier line or more than 1024 characters back, in the flow context too. A
    /// required one is an error.
    ///
    /// LibYAML goes up the stack from the block context's key; this goes down from the innermost flow level's,
    /// and stops after the last possible key, usually the innermost. The order changes nothing: only the block
    /// context's key can be required (a key is required only outside flow collections), so the error is the same.
    mutating func staleSimpleKeys() throws(YAMLError) {
        var index = simpleKeys.count - 1
        var unseen = possibleSimpleKeys
        while unseen > 0 {
            if simpleKeys[index].possible {
                unseen -= 1
                if simpleKeys[index].mark.line < line || simpleKeys[index].characterIndex + 1024 < characterIndex {
                    if simpleKeys[index].required {
                        throw scannerError(
                            "while scanning a simple key", simpleKeys[index].mark, "could not find expected ':'")
                    }
                    simpleKeys[index].possible = false
                    possibleSimpleKeys -= 1
                }
            }
            index -= 1
        }
    }

    /// Records that a simple key may start at the current position, if one may (`yaml_parser_save_simple_key`).
    mutating func saveSimpleKey() throws(YAMLError) {
        // In the block context at the indentation column, a simple key is required.
        let required = flowLevel == 0 && indent == column
        if simpleKeyAllowed {
            let simpleKey = SimpleKey(
                possible: true, required: required, tokenNumber: tokensParsed + (tokens.count - tokensHead),
                mark: mark, characterIndex: characterIndex)
            try removeSimpleKey()
            simpleKeys[simpleKeys.count - 1] = simpleKey
            possibleSimpleKeys += 1
        }
    }

    /// Drops the potential simple key of the current flow level; a required one is an error
    /// (`yaml_parser_remove_simple_key`).
    mutating func removeSimpleKey() throws(YAMLError) {
        let top = simpleKeys.count - 1
        if simpleKeys[top].possible {
            if simpleKeys[top].required {
                throw scannerError("while scanning a simple key", simpleKeys[top].mark, "could not find expected ':'")
            }
            simpleKeys[top].possible = false
            possibleSimpleKeys -= 1
        }
    }

    /// `yaml_parser_increase_flow_level`: a new level with no potential simple key.
    mutating func increaseFlowLevel() {
        simpleKeys.append(SimpleKey())
        flowLevel += 1
    }

    /// `yaml_parser_decrease_flow_level`.
    mutating func decreaseFlowLevel() {
        if flowLevel > 0 {
            flowLevel -= 1
            if simpleKeys.removeLast().possible { possibleSimpleKeys -= 1 }
        }
    }

    /// In the block context, opens a block collection if `column` is deeper than the indentation: pushes the
    /// indentation and queues `kind` (BLOCK-SEQUENCE-START or BLOCK-MAPPING-START) at the end, or before the token
    /// numbered `number` (a simple key found later) (`yaml_parser_roll_indent`).
    mutating func rollIndent(_ column: Int, number: Int?, _ kind: YAMLToken.Kind, _ mark: YAMLMark) {
        if flowLevel > 0 { return }
        if indent < column {
            indents.append(indent)
            indent = column
            let token = YAMLToken(kind: kind, start: mark, end: mark)
            if let number {
                tokens.insert(token, at: tokensHead + (number - tokensParsed))
            } else {
                tokens.append(token)
            }
        }
    }

    /// In the block context, closes the block collections deeper than `column`, a BLOCK-END for each
    /// (`yaml_parser_unroll_indent`).
    mutating func unrollIndent(_ column: Int) {
        if flowLevel > 0 { return }
        while indent > column {
            tokens.append(YAMLToken(kind: .blockEnd, start: mark, end: mark))
            indent = indents.removeLast()
        }
    }

    /// `yaml_parser_fetch_stream_start`.
    mutating func fetchStreamStart() {
        indent = -1
        simpleKeys.append(SimpleKey())
        simpleKeyAllowed = true
        streamStartProduced = true
        tokens.append(YAMLToken(kind: .streamStart, start: mark, end: mark))
    }

    /// `yaml_parser_fetch_stream_end`: closes what is open, on a new line if the text does not end with one.
    mutating func fetchStreamEnd() throws(YAMLError) {
        if column != 0 {
            column = 0
            line += 1
        }
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        tokens.append(YAMLToken(kind: .streamEnd, start: mark, end: mark))
    }

    /// `yaml_parser_fetch_directive`.
    mutating func fetchDirective() throws(YAMLError) {
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        tokens.append(try scanDirective())
    }

    /// `yaml_parser_fetch_document_indicator`: `---` or `...`.
    mutating func fetchDocumentIndicator(_ kind: YAMLToken.Kind) throws(YAMLError) {
        unrollIndent(-1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let startMark = mark
        skipCharacter()
        skipCharacter()
        skipCharacter()
        tokens.append(YAMLToken(kind: kind, start: startMark, end: mark))
    }

    /// `yaml_parser_fetch_flow_collection_start`: `[` or `{`, which may start a simple key.
    mutating func fetchFlowCollectionStart(_ kind: YAMLToken.Kind) throws(YAMLError) {
        try saveSimpleKey()
        increaseFlowLevel()
        simpleKeyAllowed = true
        appendIndicator(kind)
    }

    /// `yaml_parser_fetch_flow_collection_end`: `]` or `}`.
    mutating func fetchFlowCollectionEnd(_ kind: YAMLToken.Kind) throws(YAMLError) {
        try removeSimpleKey()
        decreaseFlowLevel()
        simpleKeyAllowed = false
        appendIndicator(kind)
    }

    /// The token of the one-character indicator at the cursor, which it moves past.
    private mutating func appendIndicator(_ kind: YAMLToken.Kind) {
        let startMark = mark
        skipCharacter()
        tokens.append(YAMLToken(kind: kind, start: startMark, end: mark))
    }

    /// A `-`, `?` or `:` of the block context, which may stand only where a simple key may: it opens a `collection`
    /// at its column unless one is open there; `problem` is the error elsewhere.
    private mutating func rollBlockIndent(_ collection: YAMLToken.Kind, problem: String) throws(YAMLError) {
        if !simpleKeyAllowed { throw scannerError(nil, mark, problem) }
        rollIndent(column, number: nil, collection, mark)
    }

    /// `yaml_parser_fetch_flow_entry`: `,`.
    mutating func fetchFlowEntry() throws(YAMLError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        appendIndicator(.flowEntry)
    }

    /// `yaml_parser_fetch_block_entry`: `-`. In the flow context the parser reports it, pointing to the context.
    mutating func fetchBlockEntry() throws(YAMLError) {
        if flowLevel == 0 { try rollBlockIndent(.blockSequenceStart, problem: "block sequence entries are not allowed in this context") }
        try removeSimpleKey()
        simpleKeyAllowed = true
        appendIndicator(.blockEntry)
    }

    /// `yaml_parser_fetch_key`: `?`.
    mutating func fetchKey() throws(YAMLError) {
        if flowLevel == 0 { try rollBlockIndent(.blockMappingStart, problem: "mapping keys are not allowed in this context") }
        try removeSimpleKey()
        simpleKeyAllowed = flowLevel == 0
        appendIndicator(.key)
    }

    /// `yaml_parser_fetch_value`: `:`. After a potential simple key, puts its KEY (and, opening a block mapping,
    /// BLOCK-MAPPING-START) back where the key started.
    mutating func fetchValue() throws(YAMLError) {
        let top = simpleKeys.count - 1
        let simpleKey = simpleKeys[top]
        if simpleKey.possible {
            tokens.insert(
                YAMLToken(kind: .key, start: simpleKey.mark, end: simpleKey.mark),
                at: tokensHead + (simpleKey.tokenNumber - tokensParsed))
            rollIndent(simpleKey.mark.column, number: simpleKey.tokenNumber, .blockMappingStart, simpleKey.mark)
            simpleKeys[top].possible = false
            possibleSimpleKeys -= 1
            // A simple key cannot follow another simple key.
            simpleKeyAllowed = false
        } else {
            // The ':' follows a complex key ('?').
            if flowLevel == 0 { try rollBlockIndent(.blockMappingStart, problem: "mapping values are not allowed in this context") }
            simpleKeyAllowed = flowLevel == 0
        }
        appendIndicator(.value)
    }

    /// `yaml_parser_fetch_anchor`: `*alias` or `&anchor`, which may start a simple key.
    mutating func fetchAnchor(alias: Bool) throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        tokens.append(try scanAnchor(alias: alias))
    }

    /// `yaml_parser_fetch_tag`: a tag may start a simple key.
    mutating func fetchTag() throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        tokens.append(try scanTag())
    }

    /// `yaml_parser_fetch_block_scalar`: `|` or `>`; a simple key may follow it.
    mutating func fetchBlockScalar(literal: Bool) throws(YAMLError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        tokens.append(try scanBlockScalar(literal: literal))
    }

    /// `yaml_parser_fetch_flow_scalar`: a quoted scalar may be a simple key.
    mutating func fetchFlowScalar(single: Bool) throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        tokens.append(try scanFlowScalar(single: single))
    }

    /// `yaml_parser_fetch_plain_scalar`: a plain scalar may be a simple key.
    mutating func fetchPlainScalar() throws(YAMLError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        tokens.append(try scanPlainScalar())
    }

    /// Skips spaces, comments and line breaks up to the next token (`yaml_parser_scan_to_next_token`). Tabs count
    /// as whitespace in the flow context, and in the block context where no simple key may start (not at the
    /// start of a line, nor after `-`, `?` or `:`); a line break in the block context allows a simple key.
    mutating func scanToNextToken() throws(YAMLError) {
        while true {
            // A byte order mark may start a line.
            try cache(1)
            if column == 0 && buffer[pointer] == 0xEF && buffer[pointer + 1] == 0xBB && buffer[pointer + 2] == 0xBF {
                skipCharacter()
            }
            try cache(1)
            while buffer[pointer] == 0x20 || ((flowLevel > 0 || !simpleKeyAllowed) && buffer[pointer] == 0x09) {
                skipCharacter()
                if unread < 1 { try updateBuffer(1) }
            }
            if buffer[pointer] == Octet.hash {
                while !isBreakZ() {
                    skipCharacter()
                    if unread < 1 { try updateBuffer(1) }
                }
            }
            if isBreak() {
                try cache(2)
                skipLineBreak()
                if flowLevel == 0 { simpleKeyAllowed = true }
            } else {
                break
            }
        }
    }

    /// Scans `%YAML` or `%TAG` with the rest of its line (`yaml_parser_scan_directive`); other directives are
    /// errors, as in LibYAML 0.2.5.
    mutating func scanDirective() throws(YAMLError) -> YAMLToken {
        let startMark = mark
        skipCharacter()
        let name = try scanDirectiveName(startMark)
        let token: YAMLToken
        if name == Array("YAML".utf8) {
            let (major, minor) = try scanVersionDirectiveValue(startMark)
            token = YAMLToken(kind: .versionDirective(major: major, minor: minor), start: startMark, end: mark)
        } else if name == Array("TAG".utf8) {
            let (handle, prefix) = try scanTagDirectiveValue(startMark)
            token = YAMLToken(
                kind: .tagDirective(handle: Self.cString(handle), prefix: Self.cString(prefix)),
                start: startMark, end: mark)
        } else {
            throw scannerError("while scanning a directive", startMark, "found unknown directive name")
        }
        // The rest of the line: blanks and a comment.
        try skipToLineEnd(context: "while scanning a directive", startMark)
        if isBreak() {
            try cache(2)
            skipLineBreak()
        }
        return token
    }

    /// Moves past the blanks and the comment that may end a directive's or a block scalar header's line, up to the
    /// line break or the end of the input; anything else there is an error in `context`, which started at
    /// `startMark`.
    mutating func skipToLineEnd(context: String, _ startMark: YAMLMark) throws(YAMLError) {
        try cache(1)
        while isBlank() {
            skipCharacter()
            try cache(1)
        }
        if buffer[pointer] == Octet.hash {
            while !isBreakZ() {
                skipCharacter()
                try cache(1)
            }
        }
        if !isBreakZ() {
            throw scannerError(context, startMark, "did not find expected comment or line break")
        }
    }

    /// `yaml_parser_scan_directive_name`: `YAML` in `%YAML 1.1`.
    mutating func scanDirectiveName(_ startMark: YAMLMark) throws(YAMLError) -> [UInt8] {
        var string: [UInt8] = []
        try cache(1)
        while isAlpha() {
            readCharacter(into: &string)
            try cache(1)
        }
        if string.isEmpty {
            throw scannerError("while scanning a directive", startMark, "could not find expected directive name")
        }
        if !isBlankZ() {
            throw scannerError("while scanning a directive", startMark, "found unexpected non-alphabetical character")
        }
        return string
    }

    /// `yaml_parser_scan_version_directive_value`: `1.1` in `%YAML 1.1`.
    mutating func scanVersionDirectiveValue(_ startMark: YAMLMark) throws(YAMLError) -> (Int, Int) {
        try cache(1)
        while isBlank() {
            skipCharacter()
            try cache(1)
        }
        let major = try scanVersionDirectiveNumber(startMark)
        if buffer[pointer] != Octet.period {
            throw scannerError(
                "while scanning a %YAML directive", startMark, "did not find expected digit or '.' character")
        }
        skipCharacter()
        let minor = try scanVersionDirectiveNumber(startMark)
        return (major, minor)
    }

    /// `yaml_parser_scan_version_directive_number`: at most 9 digits.
    mutating func scanVersionDirectiveNumber(_ startMark: YAMLMark) throws(YAMLError) -> Int {
        var value = 0
        var length = 0
        try cache(1)
        while isDigit() {
            length += 1
            if length > 9 {
                throw scannerError("while scanning a %YAML directive", startMark, "found extremely long version number")
            }
            value = value * 10 + Int(buffer[pointer] - 0x30)
            skipCharacter()
            try cache(1)
        }
        if length == 0 {
            throw scannerError("while scanning a %YAML directive", startMark, "did not find expected version number")
        }
        return value
    }

    /// `yaml_parser_scan_tag_directive_value`: the handle and the prefix in `%TAG !e! tag:example.com,2000:`.
    mutating func scanTagDirectiveValue(_ startMark: YAMLMark) throws(YAMLError) -> ([UInt8], [UInt8]) {
        try cache(1)
        while isBlank() {
            skipCharacter()
            try cache(1)
        }
        let handle = try scanTagHandle(directive: true, startMark)
        try cache(1)
        if !isBlank() {
            throw scannerError("while scanning a %TAG directive", startMark, "did not find expected whitespace")
        }
        while isBlank() {
            skipCharacter()
            try cache(1)
        }
        let prefix = try scanTagURI(uriChar: true, directive: true, head: nil, startMark)
        try cache(1)
        if !isBlankZ() {
            throw scannerError(
                "while scanning a %TAG directive", startMark, "did not find expected whitespace or line break")
        }
        return (handle, prefix)
    }

    /// `yaml_parser_scan_anchor`: `&name` or `*name`, which must be followed by a blank or one of `?:,]}%@` and
    /// the backquote.
    mutating func scanAnchor(alias: Bool) throws(YAMLError) -> YAMLToken {
        var string: [UInt8] = []
        let startMark = mark
        skipCharacter()
        try cache(1)
        while isAlpha() {
            readCharacter(into: &string)
            try cache(1)
        }
        let endMark = mark
        let octet = buffer[pointer]
        if string.isEmpty
            || !(isBlankZ() || octet == Octet.question || octet == Octet.colon || octet == Octet.comma
                || octet == Octet.rightBracket || octet == Octet.rightBrace || octet == Octet.percent
                || octet == Octet.at || octet == Octet.backquote)
        {
            throw scannerError(
                alias ? "while scanning an alias" : "while scanning an anchor", startMark,
                "did not find expected alphabetic or numeric character")
        }
        let value = String(decoding: string, as: UTF8.self)
        return YAMLToken(kind: alias ? .alias(value) : .anchor(value), start: startMark, end: endMark)
    }

    /// `yaml_parser_scan_tag`: `!<verbatim>`, `!handle!suffix`, `!suffix` or `!`.
    mutating func scanTag() throws(YAMLError) -> YAMLToken {
        var handle: [UInt8]
        var suffix: [UInt8]
        let startMark = mark
        try cache(2)
        if buffer[pointer + 1] == Octet.lessThan {
            // The verbatim form: the handle is empty.
            handle = []
            skipCharacter()
            skipCharacter()
            suffix = try scanTagURI(uriChar: true, directive: false, head: nil, startMark)
            if buffer[pointer] != Octet.greaterThan {
                throw scannerError("while scanning a tag", startMark, "did not find the expected '>'")
            }
            skipCharacter()
        } else {
            handle = try scanTagHandle(directive: false, startMark)
            if handle.count > 1 && handle[0] == Octet.exclamation && handle[handle.count - 1] == Octet.exclamation {
                suffix = try scanTagURI(uriChar: false, directive: false, head: nil, startMark)
            } else {
                // Not a handle after all: it is the start of the suffix, and the handle is '!'.
                suffix = try scanTagURI(uriChar: false, directive: false, head: handle, startMark)
                handle = [Octet.exclamation]
                // The '!' tag alone: the handle is empty and the suffix '!'.
                if (suffix.first ?? 0) == 0 { swap(&handle, &suffix) }
            }
        }
        try cache(1)
        if !isBlankZ() {
            if flowLevel == 0 || buffer[pointer] != Octet.comma {
                throw scannerError("while scanning a tag", startMark, "did not find expected whitespace or line break")
            }
        }
        return YAMLToken(
            kind: .tag(handle: Self.cString(handle), suffix: Self.cString(suffix)), start: startMark, end: mark)
    }

    /// `yaml_parser_scan_tag_handle`: `!`, `!!` or `!name!`; in a tag, also `!name`, the start of a suffix.
    mutating func scanTagHandle(directive: Bool, _ startMark: YAMLMark) throws(YAMLError) -> [UInt8] {
        var string: [UInt8] = []
        try cache(1)
        if buffer[pointer] != Octet.exclamation {
            throw scannerError(
                directive ? "while scanning a tag directive" : "while scanning a tag", startMark,
                "did not find expected '!'")
        }
        readCharacter(into: &string)
        try cache(1)
        while isAlpha() {
            readCharacter(into: &string)
            try cache(1)
        }
        if buffer[pointer] == Octet.exclamation {
            readCharacter(into: &string)
        } else if directive && string != [Octet.exclamation] {
            // In a %TAG directive, only '!' may lack the closing '!'.
            throw scannerError("while parsing a tag directive", startMark, "did not find expected '!'")
        }
        return string
    }

    /// `yaml_parser_scan_tag_uri`: the suffix of a tag or the prefix of a `%TAG` directive, `%XX` escapes decoded;
    /// `head` is a handle that turned out to start the suffix (its '!' left out). `,`, `[` and `]` belong to it
    /// only with `uriChar` (verbatim tags and `%TAG` prefixes).
    mutating func scanTagURI(uriChar: Bool, directive: Bool, head: [UInt8]?, _ startMark: YAMLMark)
        throws(YAMLError) -> [UInt8]
    {
        var length = head?.count ?? 0
        var string: [UInt8] = []
        if let head, head.count > 1 { string.append(contentsOf: head[1...]) }
        try cache(1)
        while isURICharacter(buffer[pointer], uriChar: uriChar) {
            if buffer[pointer] == Octet.percent {
                try scanURIEscapes(directive: directive, startMark, into: &string)
            } else {
                readCharacter(into: &string)
            }
            length += 1
            try cache(1)
        }
        if length == 0 {
            throw scannerError(
                directive ? "while parsing a %TAG directive" : "while parsing a tag", startMark,
                "did not find expected tag URI")
        }
        return string
    }

    /// Whether `octet`, the current character's first byte, may be in a tag's URI: a letter, a digit, one of
    /// `_-;/?:@&=+$.%!~*'()`, and with `uriChar` one of `,[]`.
    mutating func isURICharacter(_ octet: UInt8, uriChar: Bool) -> Bool {
        switch octet {
        case UInt8(ascii: ";"), UInt8(ascii: "/"), Octet.question, Octet.colon, Octet.at,
            Octet.ampersand, UInt8(ascii: "="), Octet.plus, UInt8(ascii: "$"), Octet.period,
            Octet.percent, Octet.exclamation, UInt8(ascii: "~"), Octet.asterisk, Octet.singleQuote,
            UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        case Octet.comma, Octet.leftBracket, Octet.rightBracket:
            return uriChar
        default:
            return isAlpha()
        }
    }

    /// `yaml_parser_scan_uri_escapes`: the `%XX` escapes of one UTF-8 character, the leading octet saying how
    /// many follow.
    mutating func scanURIEscapes(directive: Bool, _ startMark: YAMLMark, into string: inout [UInt8])
        throws(YAMLError)
    {
        let context = directive ? "while parsing a %TAG directive" : "while parsing a tag"
        var width = 0
        repeat {
            try cache(3)
            if !(buffer[pointer] == Octet.percent && isHex(1) && isHex(2)) {
                throw scannerError(context, startMark, "did not find URI escaped octet")
            }
            let octet = UInt8(asHex(1) << 4 + asHex(2))
            if width == 0 {
                width =
                    (octet & 0x80) == 0
                    ? 1
                    : (octet & 0xE0) == 0xC0
                        ? 2
                        : (octet & 0xF0) == 0xE0
                            ? 3
                            : (octet & 0xF8) == 0xF0 ? 4 : 0
                if width == 0 {
                    throw scannerError(context, startMark, "found an incorrect leading UTF-8 octet")
                }
            } else if (octet & 0xC0) != 0x80 {
                throw scannerError(context, startMark, "found an incorrect trailing UTF-8 octet")
            }
            string.append(octet)
            skipCharacter()
            skipCharacter()
            skipCharacter()
            width -= 1
        } while width > 0
    }
}
