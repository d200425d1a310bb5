// Ported from LibYAML's parser.c (0.2.5, as vendored by Yams), under the MIT licence:
// Copyright (c) 2006-2016 Kirill Simonov, Copyright (c) 2017-2020 Ingy döt Net.
//
// The parser implements the following grammar:
//
// stream               ::= STREAM-START implicit_document? explicit_document* STREAM-END
// implicit_document    ::= block_node DOCUMENT-END*
// explicit_document    ::= DIRECTIVE* DOCUMENT-START block_node? DOCUMENT-END*
// block_node_or_indentless_sequence    ::=
//                          ALIAS
//                          | properties (block_content | indentless_block_sequence)?
//                          | block_content
//                          | indentless_block_sequence
// block_node           ::= ALIAS
//                          | properties block_content?
//                          | block_content
// flow_node            ::= ALIAS
//                          | properties flow_content?
//                          | flow_content
// properties           ::= TAG ANCHOR? | ANCHOR TAG?
// block_content        ::= block_collection | flow_collection | SCALAR
// flow_content         ::= flow_collection | SCALAR
// block_collection     ::= block_sequence | block_mapping
// flow_collection      ::= flow_sequence | flow_mapping
// block_sequence       ::= BLOCK-SEQUENCE-START (BLOCK-ENTRY block_node?)* BLOCK-END
// indentless_sequence  ::= (BLOCK-ENTRY block_node?)+
// block_mapping        ::= BLOCK-MAPPING_START
//                          ((KEY block_node_or_indentless_sequence?)?
//                          (VALUE block_node_or_indentless_sequence?)?)*
//                          BLOCK-END
// flow_sequence        ::= FLOW-SEQUENCE-START
//                          (flow_sequence_entry FLOW-ENTRY)*
//                          flow_sequence_entry?
//                          FLOW-SEQUENCE-END
// flow_sequence_entry  ::= flow_node | KEY flow_node? (VALUE flow_node?)?
// flow_mapping         ::= FLOW-MAPPING-START
//                          (flow_mapping_entry FLOW-ENTRY)*
//                          flow_mapping_entry?
//                          FLOW-MAPPING-END
// flow_mapping_entry   ::= flow_node | KEY flow_node? (VALUE flow_node?)?

/// LibYAML's parser (`parser.c`) in Swift: tokens into events.
///
/// A state machine with an explicit stack of states to return to (`parser->states`) rather than recursion, so
/// deep nesting costs an array element, not a stack frame; each `next()` runs one state (LibYAML's
/// `yaml_parser_state_machine`) and yields one event. The marks of the open collections (`parser->marks`)
/// are kept for the context of their errors. The function names follow LibYAML's (`yaml_parser_parse_node` is
/// `parseNode`, …) so the two can be read side by side.
struct YAMLParser {
    /// LibYAML's `yaml_parser_state_t`: what the next event may be.
    private enum State {
        /// Expect STREAM-START.
        case streamStart
        /// Expect the beginning of an implicit document.
        case implicitDocumentStart
        /// Expect DOCUMENT-START.
        case documentStart
        /// Expect the content of a document.
        case documentContent
        /// Expect DOCUMENT-END.
        case documentEnd
        /// Expect a block node.
        case blockNode
        /// Expect a block node or indentless sequence (as in LibYAML, never entered: `parseNode` is called).
        case blockNodeOrIndentlessSequence
        /// Expect a flow node (as in LibYAML, never entered: `parseNode` is called).
        case flowNode
        /// Expect the first entry of a block sequence.
        case blockSequenceFirstEntry
        /// Expect an entry of a block sequence.
        case blockSequenceEntry
        /// Expect an entry of an indentless sequence.
        case indentlessSequenceEntry
        /// Expect the first key of a block mapping.
        case blockMappingFirstKey
        /// Expect a block mapping key.
        case blockMappingKey
        /// Expect a block mapping value.
        case blockMappingValue
        /// Expect the first entry of a flow sequence.
        case flowSequenceFirstEntry
        /// Expect an entry of a flow sequence.
        case flowSequenceEntry
        /// Expect a key of an ordered mapping (a `key: value` pair in a flow sequence).
        case flowSequenceEntryMappingKey
        /// Expect a value of an ordered mapping.
        case flowSequenceEntryMappingValue
        /// Expect the end of an ordered mapping entry.
        case flowSequenceEntryMappingEnd
        /// Expect the first key of a flow mapping.
        case flowMappingFirstKey
        /// Expect a key of a flow mapping.
        case flowMappingKey
        /// Expect a value of a flow mapping.
        case flowMappingValue
        /// Expect an empty value of a flow mapping.
        case flowMappingEmptyValue
        /// Expect nothing.
        case end
    }

    /// A `%TAG` directive (LibYAML's `yaml_tag_directive_t`).
    private struct TagDirective {
        var handle: String
        var prefix: String
    }

    /// LibYAML's `MAX_NESTING_LEVEL`, as Yams leaves it (`yaml_set_max_nest_level` is not ported).
    private static let maxNestingLevel = 1000

    /// The tokens.
    private var scanner: YAMLScanner
    /// The current state.
    private var state: State = .streamStart
    /// The states to return to when the current node ends (`parser->states`).
    private var states: [State] = []
    /// Where each open block or flow collection started (`parser->marks`).
    private var marks: [YAMLMark] = []
    /// The `%TAG` directives of the current document, then the default ones (`parser->tag_directives`).
    private var tagDirectives: [TagDirective] = []
    /// The stream end once produced; `next()` gives it again (LibYAML gives no more events).
    private var streamEnd: YAMLEvent?
    /// The error once thrown; `next()` throws it again (LibYAML keeps `parser->error` set and stops).
    private var error: YAMLError?

    /// Parses `text`, UTF-8 bytes.
    init(_ text: [UInt8]) {
        scanner = YAMLScanner(text)
        states.reserveCapacity(16)
        marks.reserveCapacity(16)
    }

    /// The next event; `streamEnd` is the last (LibYAML's `yaml_parser_parse`).
    ///
    /// After the stream end, the stream end again; after an error, the same error again.
    mutating func next() throws(YAMLError) -> YAMLEvent {
        if let error { throw error }
        if let streamEnd { return streamEnd }
        do {
            let event = try stateMachine()
            if case .streamEnd = event.kind { streamEnd = event }
            return event
        } catch {
            self.error = error
            throw error
        }
    }

    // MARK: - Errors

    /// LibYAML's `yaml_parser_set_parser_error`.
    private func parserError(_ problem: String, _ problemMark: YAMLMark) -> YAMLError {
        YAMLError(.parser, problem: problem, problemMark: problemMark)
    }

    /// LibYAML's `yaml_parser_set_parser_error_context`.
    private func parserError(
        context: String, _ contextMark: YAMLMark, _ problem: String, _ problemMark: YAMLMark
    ) -> YAMLError {
        YAMLError(.parser, context: context, contextMark: contextMark, problem: problem, problemMark: problemMark)
    }

    /// LibYAML's `STACK_LIMIT(parser, parser->indents, MAX_NESTING_LEVEL - parser->flow_level)` before a
    /// collection starts, with `yaml_maximum_level_reached`'s error: refuses nesting a consumer could not
    /// recurse into. Like LibYAML it counts the scanner's indentation levels and flow level, which the scanner
    /// may have read ahead of this token.
    private func checkNestingLevel(_ startMark: YAMLMark, _ token: YAMLToken) throws(YAMLError) {
        if scanner.indents.count >= Self.maxNestingLevel - scanner.flowLevel {
            throw parserError(
                context: "while parsing", startMark,
                "Maximum nesting level reached, set with yaml_set_max_nest_level())", token.start)
        }
    }

    // MARK: - State dispatcher

    /// LibYAML's `yaml_parser_state_machine`.
    private mutating func stateMachine() throws(YAMLError) -> YAMLEvent {
        switch state {
        case .streamStart:
            return try parseStreamStart()
        case .implicitDocumentStart:
            return try parseDocumentStart(implicit: true)
        case .documentStart:
            return try parseDocumentStart(implicit: false)
        case .documentContent:
            return try parseDocumentContent()
        case .documentEnd:
            return try parseDocumentEnd()
        case .blockNode:
            return try parseNode(block: true, indentlessSequence: false)
        case .blockNodeOrIndentlessSequence:
            return try parseNode(block: true, indentlessSequence: true)
        case .flowNode:
            return try parseNode(block: false, indentlessSequence: false)
        case .blockSequenceFirstEntry:
            return try parseBlockSequenceEntry(first: true)
        case .blockSequenceEntry:
            return try parseBlockSequenceEntry(first: false)
        case .indentlessSequenceEntry:
            return try parseIndentlessSequenceEntry()
        case .blockMappingFirstKey:
            return try parseBlockMappingKey(first: true)
        case .blockMappingKey:
            return try parseBlockMappingKey(first: false)
        case .blockMappingValue:
            return try parseBlockMappingValue()
        case .flowSequenceFirstEntry:
            return try parseFlowSequenceEntry(first: true)
        case .flowSequenceEntry:
            return try parseFlowSequenceEntry(first: false)
        case .flowSequenceEntryMappingKey:
            return try parseFlowSequenceEntryMappingKey()
        case .flowSequenceEntryMappingValue:
            return try parseFlowSequenceEntryMappingValue()
        case .flowSequenceEntryMappingEnd:
            return try parseFlowSequenceEntryMappingEnd()
        case .flowMappingFirstKey:
            return try parseFlowMappingKey(first: true)
        case .flowMappingKey:
            return try parseFlowMappingKey(first: false)
        case .flowMappingValue:
            return try parseFlowMappingValue(empty: false)
        case .flowMappingEmptyValue:
            return try parseFlowMappingValue(empty: true)
        case .end:
            // `next()` returns the stream end again before getting here.
            preconditionFailure("YAMLParser: no events after the end of the stream")
        }
    }

    // MARK: - Stream and documents

    /// stream ::= STREAM-START implicit_document? explicit_document* STREAM-END
    ///            ************
    private mutating func parseStreamStart() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        guard case .streamStart = token.kind else {
            throw parserError("did not find expected <stream-start>", token.start)
        }
        state = .implicitDocumentStart
        scanner.skip()
        return YAMLEvent(kind: .streamStart, start: token.start, end: token.start)
    }

    /// implicit_document    ::= block_node DOCUMENT-END*
    ///                          *
    /// explicit_document    ::= DIRECTIVE* DOCUMENT-START block_node? DOCUMENT-END*
    ///                          *************************
    ///
    /// Also the stream end: an implicit document is one that starts with neither directives nor `---`, and
    /// only the stream's first document may be implicit.
    private mutating func parseDocumentStart(implicit: Bool) throws(YAMLError) -> YAMLEvent {
        var token = try scanner.peek()

        // Parse extra document end indicators.
        if !implicit {
            while case .documentEnd = token.kind {
                scanner.skip()
                token = try scanner.peek()
            }
        }

        switch token.kind {
        case .versionDirective, .tagDirective, .documentStart, .streamEnd:
            break
        default:
            if implicit {
                // Parse an implicit document.
                try processDirectives()
                states.append(.documentEnd)
                state = .blockNode
                return YAMLEvent(kind: .documentStart(implicit: true), start: token.start, end: token.start)
            }
        }

        if case .streamEnd = token.kind {
            // Parse the stream end.
            state = .end
            scanner.skip()
            return YAMLEvent(kind: .streamEnd, start: token.start, end: token.end)
        }

        // Parse an explicit document.
        let startMark = token.start
        try processDirectives()
        token = try scanner.peek()
        guard case .documentStart = token.kind else {
            throw parserError("did not find expected <document start>", token.start)
        }
        states.append(.documentEnd)
        state = .documentContent
        scanner.skip()
        return YAMLEvent(kind: .documentStart(implicit: false), start: startMark, end: token.end)
    }

    /// explicit_document    ::= DIRECTIVE* DOCUMENT-START block_node? DOCUMENT-END*
    ///                                                    ***********
    private mutating func parseDocumentContent() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        switch token.kind {
        case .versionDirective, .tagDirective, .documentStart, .documentEnd, .streamEnd:
            state = states.removeLast()
            return processEmptyScalar(token.start)
        default:
            return try parseNode(block: true, indentlessSequence: false)
        }
    }

    /// implicit_document    ::= block_node DOCUMENT-END*
    ///                                     *************
    /// explicit_document    ::= DIRECTIVE* DOCUMENT-START block_node? DOCUMENT-END*
    ///                                                                *************
    ///
    /// Only the first `...` belongs to the document end; `parseDocumentStart` skips the others. The document's
    /// `%TAG` directives end with it.
    private mutating func parseDocumentEnd() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        let startMark = token.start
        var endMark = token.start
        var implicit = true
        if case .documentEnd = token.kind {
            endMark = token.end
            scanner.skip()
            implicit = false
        }
        tagDirectives.removeAll(keepingCapacity: true)
        state = .documentStart
        return YAMLEvent(kind: .documentEnd(implicit: implicit), start: startMark, end: endMark)
    }

    // MARK: - Nodes

    /// block_node_or_indentless_sequence    ::=
    ///                          ALIAS
    ///                          *****
    ///                          | properties (block_content | indentless_block_sequence)?
    ///                            **********  *
    ///                          | block_content | indentless_block_sequence
    ///                            *
    /// block_node           ::= ALIAS
    ///                          *****
    ///                          | properties block_content?
    ///                            ********** *
    ///                          | block_content
    ///                            *
    /// flow_node            ::= ALIAS
    ///                          *****
    ///                          | properties flow_content?
    ///                            ********** *
    ///                          | flow_content
    ///                            *
    /// properties           ::= TAG ANCHOR? | ANCHOR TAG?
    ///                          *************************
    /// block_content        ::= block_collection | flow_collection | SCALAR
    ///                                                               ******
    /// flow_content         ::= flow_collection | SCALAR
    ///                                            ******
    ///
    /// Resolves the tag here, against the document's `%TAG` directives, and decides the implicit flags a
    /// consumer resolves untagged scalars by: a plain scalar without a tag, or with the non-specific tag `!`,
    /// is `plainImplicit`; any other scalar without a tag is `quotedImplicit`. Properties with no content
    /// are an empty plain scalar.
    private mutating func parseNode(block: Bool, indentlessSequence: Bool) throws(YAMLError) -> YAMLEvent {
        var token = try scanner.peek()

        if case .alias(let value) = token.kind {
            state = states.removeLast()
            scanner.skip()
            return YAMLEvent(kind: .alias(anchor: value), start: token.start, end: token.end)
        }

        var anchor: String?
        var tagHandle: String?
        var tagSuffix: String?
        var startMark = token.start
        var endMark = token.start
        var tagMark = token.start

        if case .anchor(let value) = token.kind {
            anchor = value
            startMark = token.start
            endMark = token.end
            scanner.skip()
            token = try scanner.peek()
            if case .tag(let handle, let suffix) = token.kind {
                tagHandle = handle
                tagSuffix = suffix
                tagMark = token.start
                endMark = token.end
                scanner.skip()
                token = try scanner.peek()
            }
        } else if case .tag(let handle, let suffix) = token.kind {
            tagHandle = handle
            tagSuffix = suffix
            startMark = token.start
            tagMark = token.start
            endMark = token.end
            scanner.skip()
            token = try scanner.peek()
            if case .anchor(let value) = token.kind {
                anchor = value
                endMark = token.end
                scanner.skip()
                token = try scanner.peek()
            }
        }

        var tag: String?
        if let tagHandle, let tagSuffix {
            let handle = cString(tagHandle)
            if handle.isEmpty {
                // A verbatim tag (`!<…>`) or the non-specific `!`: the suffix is the tag.
                tag = cString(tagSuffix)
            } else {
                guard let directive = tagDirectives.first(where: { $0.handle == handle }) else {
                    throw parserError(
                        context: "while parsing a node", startMark, "found undefined tag handle", tagMark)
                }
                tag = directive.prefix + cString(tagSuffix)
            }
        }

        let implicit = tag?.isEmpty ?? true
        if indentlessSequence, case .blockEntry = token.kind {
            endMark = token.end
            state = .indentlessSequenceEntry
            return YAMLEvent(
                kind: .sequenceStart(anchor: anchor, tag: tag, implicit: implicit, style: .block),
                start: startMark, end: endMark)
        }

        switch token.kind {
        case .scalar(let value, let style):
            var plainImplicit = false
            var quotedImplicit = false
            endMark = token.end
            if (style == .plain && tag == nil) || tag == "!" {
                plainImplicit = true
            } else if tag == nil {
                quotedImplicit = true
            }
            state = states.removeLast()
            scanner.skip()
            return YAMLEvent(
                kind: .scalar(
                    anchor: anchor, tag: tag, value: value, plainImplicit: plainImplicit,
                    quotedImplicit: quotedImplicit, style: style),
                start: startMark, end: endMark)
        case .flowSequenceStart:
            try checkNestingLevel(startMark, token)
            endMark = token.end
            state = .flowSequenceFirstEntry
            return YAMLEvent(
                kind: .sequenceStart(anchor: anchor, tag: tag, implicit: implicit, style: .flow),
                start: startMark, end: endMark)
        case .flowMappingStart:
            try checkNestingLevel(startMark, token)
            endMark = token.end
            state = .flowMappingFirstKey
            return YAMLEvent(
                kind: .mappingStart(anchor: anchor, tag: tag, implicit: implicit, style: .flow),
                start: startMark, end: endMark)
        case .blockSequenceStart where block:
            try checkNestingLevel(startMark, token)
            endMark = token.end
            state = .blockSequenceFirstEntry
            return YAMLEvent(
                kind: .sequenceStart(anchor: anchor, tag: tag, implicit: implicit, style: .block),
                start: startMark, end: endMark)
        case .blockMappingStart where block:
            try checkNestingLevel(startMark, token)
            endMark = token.end
            state = .blockMappingFirstKey
            return YAMLEvent(
                kind: .mappingStart(anchor: anchor, tag: tag, implicit: implicit, style: .block),
                start: startMark, end: endMark)
        default:
            if anchor != nil || tag != nil {
                // Properties without content: an empty scalar, ending where the properties end.
                state = states.removeLast()
                return YAMLEvent(
                    kind: .scalar(
                        anchor: anchor, tag: tag, value: "", plainImplicit: implicit, quotedImplicit: false,
                        style: .plain),
                    start: startMark, end: endMark)
            }
            throw parserError(
                context: block ? "while parsing a block node" : "while parsing a flow node", startMark,
                "did not find expected node content", token.start)
        }
    }

    // MARK: - Block collections

    /// block_sequence ::= BLOCK-SEQUENCE-START (BLOCK-ENTRY block_node?)* BLOCK-END
    ///                    ********************  *********** *             *********
    private mutating func parseBlockSequenceEntry(first: Bool) throws(YAMLError) -> YAMLEvent {
        if first { try enterCollection() }  // `parseNode` has peeked the BLOCK-SEQUENCE-START.

        let token = try scanner.peek()
        switch token.kind {
        case .blockEntry:
            scanner.skip()
            return try nodeOrEmptyScalar(
                then: .blockSequenceEntry, block: true, emptyAt: token.end, emptyBefore: .blockEntry, .blockEnd)
        case .blockEnd:
            return closeCollection(.sequenceEnd, at: token)
        default:
            throw parserError(
                context: "while parsing a block collection", marks.removeLast(),
                "did not find expected '-' indicator", token.start)
        }
    }

    /// indentless_sequence  ::= (BLOCK-ENTRY block_node?)+
    ///                           *********** *
    ///
    /// A sequence at its mapping's indentation (`key:\n- a`) has no BLOCK-END of its own: it ends, with an empty
    /// mark, at the first token that is not a `-`.
    private mutating func parseIndentlessSequenceEntry() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        guard case .blockEntry = token.kind else {
            state = states.removeLast()
            return YAMLEvent(kind: .sequenceEnd, start: token.start, end: token.start)
        }
        scanner.skip()
        return try nodeOrEmptyScalar(
            then: .indentlessSequenceEntry, block: true, emptyAt: token.end,
            emptyBefore: .blockEntry, .key, .value, .blockEnd)
    }

    /// block_mapping        ::= BLOCK-MAPPING_START
    ///                          *******************
    ///                          ((KEY block_node_or_indentless_sequence?)?
    ///                            *** *
    ///                          (VALUE block_node_or_indentless_sequence?)?)*
    ///
    ///                          BLOCK-END
    ///                          *********
    private mutating func parseBlockMappingKey(first: Bool) throws(YAMLError) -> YAMLEvent {
        if first { try enterCollection() }  // `parseNode` has peeked the BLOCK-MAPPING-START.

        let token = try scanner.peek()
        switch token.kind {
        case .key:
            scanner.skip()
            return try nodeOrEmptyScalar(
                then: .blockMappingValue, block: true, indentlessSequence: true, emptyAt: token.end,
                emptyBefore: .key, .value, .blockEnd)
        case .blockEnd:
            return closeCollection(.mappingEnd, at: token)
        default:
            throw parserError(
                context: "while parsing a block mapping", marks.removeLast(), "did not find expected key",
                token.start)
        }
    }

    /// block_mapping        ::= BLOCK-MAPPING_START
    ///
    ///                          ((KEY block_node_or_indentless_sequence?)?
    ///
    ///                          (VALUE block_node_or_indentless_sequence?)?)*
    ///                           ***** *
    ///                          BLOCK-END
    ///
    /// A key without `:` gets an empty value at the next token.
    private mutating func parseBlockMappingValue() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        guard case .value = token.kind else {
            state = .blockMappingKey
            return processEmptyScalar(token.start)
        }
        scanner.skip()
        return try nodeOrEmptyScalar(
            then: .blockMappingKey, block: true, indentlessSequence: true, emptyAt: token.end,
            emptyBefore: .key, .value, .blockEnd)
    }

    // MARK: - Flow collections

    /// flow_sequence        ::= FLOW-SEQUENCE-START
    ///                          *******************
    ///                          (flow_sequence_entry FLOW-ENTRY)*
    ///                           *                   **********
    ///                          flow_sequence_entry?
    ///                          *
    ///                          FLOW-SEQUENCE-END
    ///                          *****************
    /// flow_sequence_entry  ::= flow_node | KEY flow_node? (VALUE flow_node?)?
    ///                          *
    ///
    /// An entry that starts with KEY (`[a: b]`, `[? a]`) is a single-pair mapping of its own.
    private mutating func parseFlowSequenceEntry(first: Bool) throws(YAMLError) -> YAMLEvent {
        if first { try enterCollection() }  // `parseNode` has peeked the FLOW-SEQUENCE-START.

        var token = try scanner.peek()
        if !isFlowSequenceEnd(token) {
            if !first { token = try skipFlowEntry(token, context: "while parsing a flow sequence", closing: "]") }

            if case .key = token.kind {
                state = .flowSequenceEntryMappingKey
                scanner.skip()
                return YAMLEvent(
                    kind: .mappingStart(anchor: nil, tag: nil, implicit: true, style: .flow),
                    start: token.start, end: token.end)
            } else if !isFlowSequenceEnd(token) {
                states.append(.flowSequenceEntry)
                return try parseNode(block: false, indentlessSequence: false)
            }
        }

        return closeCollection(.sequenceEnd, at: token)
    }

    /// flow_sequence_entry  ::= flow_node | KEY flow_node? (VALUE flow_node?)?
    ///                                      *** *
    private mutating func parseFlowSequenceEntryMappingKey() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        switch token.kind {
        case .flowSequenceEnd:
            state = .flowSequenceEntryMappingValue
            return processEmptyScalar(token.start)
        case .value, .flowEntry:
            // As in LibYAML, the VALUE (or `,`) goes with the empty key: a node after `? :` is not the pair's.
            let mark = token.end
            scanner.skip()
            state = .flowSequenceEntryMappingValue
            return processEmptyScalar(mark)
        default:
            states.append(.flowSequenceEntryMappingValue)
            return try parseNode(block: false, indentlessSequence: false)
        }
    }

    /// flow_sequence_entry  ::= flow_node | KEY flow_node? (VALUE flow_node?)?
    ///                                                      ***** *
    private mutating func parseFlowSequenceEntryMappingValue() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        if case .value = token.kind {
            scanner.skip()
            return try nodeOrEmptyScalar(
                then: .flowSequenceEntryMappingEnd, block: false, emptyBefore: .flowEntry, .flowSequenceEnd)
        }
        state = .flowSequenceEntryMappingEnd
        return processEmptyScalar(token.start)
    }

    /// flow_sequence_entry  ::= flow_node | KEY flow_node? (VALUE flow_node?)?
    ///                                                                      *
    private mutating func parseFlowSequenceEntryMappingEnd() throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        state = .flowSequenceEntry
        return YAMLEvent(kind: .mappingEnd, start: token.start, end: token.start)
    }

    /// flow_mapping         ::= FLOW-MAPPING-START
    ///                          ******************
    ///                          (flow_mapping_entry FLOW-ENTRY)*
    ///                           *                  **********
    ///                          flow_mapping_entry?
    ///                          ******************
    ///                          FLOW-MAPPING-END
    ///                          ****************
    /// flow_mapping_entry   ::= flow_node | KEY flow_node? (VALUE flow_node?)?
    ///                          *           *** *
    ///
    /// An entry without KEY (`{a}`) is a key with an empty value.
    private mutating func parseFlowMappingKey(first: Bool) throws(YAMLError) -> YAMLEvent {
        if first { try enterCollection() }  // `parseNode` has peeked the FLOW-MAPPING-START.

        var token = try scanner.peek()
        if !isFlowMappingEnd(token) {
            if !first { token = try skipFlowEntry(token, context: "while parsing a flow mapping", closing: "}") }

            if case .key = token.kind {
                scanner.skip()
                return try nodeOrEmptyScalar(
                    then: .flowMappingValue, block: false, emptyBefore: .value, .flowEntry, .flowMappingEnd)
            } else if !isFlowMappingEnd(token) {
                states.append(.flowMappingEmptyValue)
                return try parseNode(block: false, indentlessSequence: false)
            }
        }

        return closeCollection(.mappingEnd, at: token)
    }

    /// flow_mapping_entry   ::= flow_node | KEY flow_node? (VALUE flow_node?)?
    ///                                   *                  ***** *
    private mutating func parseFlowMappingValue(empty: Bool) throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        if !empty, case .value = token.kind {
            scanner.skip()
            return try nodeOrEmptyScalar(then: .flowMappingKey, block: false, emptyBefore: .flowEntry, .flowMappingEnd)
        }
        state = .flowMappingKey
        return processEmptyScalar(token.start)
    }

    // MARK: - Utilities

    /// Whether `token` is FLOW-SEQUENCE-END.
    private func isFlowSequenceEnd(_ token: YAMLToken) -> Bool {
        if case .flowSequenceEnd = token.kind { return true }
        return false
    }

    /// Whether `token` is FLOW-MAPPING-END.
    private func isFlowMappingEnd(_ token: YAMLToken) -> Bool {
        if case .flowMappingEnd = token.kind { return true }
        return false
    }

    /// Opens a collection whose start token `parseNode` has peeked: its mark is the context of its errors.
    private mutating func enterCollection() throws(YAMLError) {
        marks.append(try scanner.peek().start)
        scanner.skip()
    }

    /// Closes the open collection at `token`, its end (BLOCK-END, `]` or `}`), with the event `kind`.
    private mutating func closeCollection(_ kind: YAMLEvent.Kind, at token: YAMLToken) -> YAMLEvent {
        state = states.removeLast()
        marks.removeLast()
        scanner.skip()
        return YAMLEvent(kind: kind, start: token.start, end: token.end)
    }

    /// Moves past the `,` before a flow collection's next entry, which `token` must be, and peeks at what follows.
    private mutating func skipFlowEntry(_ token: YAMLToken, context: String, closing: String) throws(YAMLError) -> YAMLToken {
        guard case .flowEntry = token.kind else {
            throw parserError(context: context, marks.removeLast(), "did not find expected ',' or '\(closing)'", token.start)
        }
        scanner.skip()
        return try scanner.peek()
    }

    /// The node after an indicator the caller has skipped (`-`, `?`, `:`), with `next` as the state after it; or,
    /// when the next token is one of `ending` (nothing is written there), the empty scalar at `emptyMark`
    /// (the indicator's end), or at that token when no mark is given. LibYAML writes this out in every state.
    private mutating func nodeOrEmptyScalar(
        then next: State, block: Bool, indentlessSequence: Bool = false, emptyAt emptyMark: YAMLMark? = nil,
        emptyBefore ending: YAMLToken.Kind...
    ) throws(YAMLError) -> YAMLEvent {
        let token = try scanner.peek()
        if ending.contains(token.kind) {
            state = next
            return processEmptyScalar(emptyMark ?? token.start)
        }
        states.append(next)
        return try parseNode(block: block, indentlessSequence: indentlessSequence)
    }

    /// LibYAML's `yaml_parser_process_empty_scalar`: the empty plain scalar of a missing node (a key without a
    /// value, `- ` without an entry), at `mark`.
    private func processEmptyScalar(_ mark: YAMLMark) -> YAMLEvent {
        YAMLEvent(
            kind: .scalar(anchor: nil, tag: nil, value: "", plainImplicit: true, quotedImplicit: false, style: .plain),
            start: mark, end: mark)
    }

    /// LibYAML's `yaml_parser_process_directives`: the `%YAML` and `%TAG` directives before a document, then
    /// the default handles `!` and `!!` unless a `%TAG` redefined them.
    ///
    /// LibYAML also hands the directives to the DOCUMENT-START event; `YAMLEvent` has no use for them, so only
    /// their checks and the tag handles remain.
    private mutating func processDirectives() throws(YAMLError) {
        var sawVersionDirective = false
        var token = try scanner.peek()
        while true {
            switch token.kind {
            case .versionDirective(let major, let minor):
                if sawVersionDirective {
                    throw parserError("found duplicate %YAML directive", token.start)
                }
                if major != 1 || (minor != 1 && minor != 2) {
                    throw parserError("found incompatible YAML document", token.start)
                }
                sawVersionDirective = true
            case .tagDirective(let handle, let prefix):
                try appendTagDirective(
                    TagDirective(handle: cString(handle), prefix: cString(prefix)), allowDuplicates: false,
                    token.start)
            default:
                try appendTagDirective(TagDirective(handle: "!", prefix: "!"), allowDuplicates: true, token.start)
                try appendTagDirective(
                    TagDirective(handle: "!!", prefix: "tag:yaml.org,2002:"), allowDuplicates: true, token.start)
                return
            }
            scanner.skip()
            token = try scanner.peek()
        }
    }

    /// LibYAML's `yaml_parser_append_tag_directive`: a second `%TAG` for a handle is an error, a default for
    /// a handle a `%TAG` defined is ignored.
    private mutating func appendTagDirective(
        _ value: TagDirective, allowDuplicates: Bool, _ mark: YAMLMark
    ) throws(YAMLError) {
        if tagDirectives.contains(where: { $0.handle == value.handle }) {
            if allowDuplicates { return }
            throw parserError("found duplicate %TAG directive", mark)
        }
        tagDirectives.append(value)
    }

    /// `string` up to its first NUL, as LibYAML reads its tag handles, suffixes and prefixes (C strings): a
    /// `%00` in a tag's URI is a NUL byte that ends the tag there.
    private func cString(_ string: String) -> String {
        guard let nul = string.utf8.firstIndex(of: 0) else { return string }
        return String(string[..<nul])
    }
}
