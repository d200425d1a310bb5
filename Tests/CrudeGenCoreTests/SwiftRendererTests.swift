import Testing

@testable import CrudeGenEngine

/// The Swift layer's renderer: values spelled as Swift, and lines too long for `.swift-format` laid out as
/// swift-format keeps them (one argument per line, nested calls in turn), so generated code passes
/// `swift format lint` with the project's 160 columns.
@Suite struct SwiftRendererTests {
    static func function(_ name: String, _ parameters: [SwiftParameter], returning result: SwiftType) -> SwiftFunction {
        SwiftFunction(
            documentation: [], isStatic: true, name: name, parameters: parameters + [SwiftParameter(label: "on", name: "client", type: SwiftType(.apiClient))],
            isAsync: true, thrownError: SwiftType(.apiError), returnType: result, body: [])
    }

    /// A type is a tree the renderer alone spells: a qualified name, the optional around a dictionary, a
    /// runtime generic around another.
    @Test func typesAreSpelledFromTheirTree() {
        #expect(SwiftType.optional(.dictionary(key: .member(.named("Swift"), "String"), value: .array(.named("Tag")))).spelling == "[Swift.String: [Tag]]?")
        #expect(SwiftType.member(SwiftType(.modelEncodingOptions), "NilEncoding").spelling == "ModelEncodingOptions.NilEncoding")
        #expect(
            SwiftType.generic(.arrayTransform, of: .generic(.optionalTransform, of: .named("DayDateFormat"))).spelling
                == "ArrayTransform<OptionalTransform<DayDateFormat>>")
        #expect(SwiftType.generic(.named("Pair"), [.named("A"), .optional(.named("B"))]).spelling == "Pair<A, B?>")
    }

    @Test func shortSignaturesStayOnOneLine() {
        let read = Self.function("read", [SwiftParameter(name: "id", type: .named("Int"))], returning: .named("Person"))
        #expect(SwiftRenderer.signature(read, indent: 4) == "static func read(id: Int, on client: APIClient) async throws(APIError) -> Person")
    }

    @Test func longSignaturesGetOneParameterPerLine() {
        let parameters = (1...12).map {
            SwiftParameter(name: "value\($0)", type: .optional(.dictionary(key: .named("String"), value: .named("Int"))), defaultValue: .nil)
        }
        let wrapped = SwiftRenderer.signature(Self.function("find", parameters, returning: .generic(.page, of: .named("Person"))), indent: 4)
        #expect(wrapped.split(separator: "\n").count == parameters.count + 3)
        #expect(wrapped.hasPrefix("static func find(\n        value1: [String: Int]? = nil,\n"))
        #expect(wrapped.hasSuffix(",\n        on client: APIClient\n    ) async throws(APIError) -> Page<Person>"))
    }

    /// A row of a request too long for its line (a JSON:API resource's media types beside long headers)
    /// breaks its dictionary one entry per line, each with the trailing comma swift-format wants.
    @Test func longCollectionLiteralsGetOneEntryPerLine() {
        let headers = SwiftExpression.dictionary(
            [("Accept", "application/vnd.api+json"), ("X-Trace", String(repeating: "t", count: 60)), ("X-Client", String(repeating: "c", count: 60))]
                .map { DictionaryEntry(key: .string($0.0), value: .string($0.1)) })
        let request = SwiftExpression.rowCall(
            .runtime(.operationRequest), [[SwiftArgument("path", .string("people"))], [SwiftArgument("headers", headers)]])
        let rendered = SwiftRenderer.statement(.let("request", nil, request), indent: 8)
        #expect(
            rendered == """
                let request = OperationRequest(
                            path: "people",
                            headers: [
                                "Accept": "application/vnd.api+json",
                                "X-Trace": "\(String(repeating: "t", count: 60))",
                                "X-Client": "\(String(repeating: "c", count: 60))",
                            ]
                        )
                """)
        #expect(SwiftRenderer.statement(.let("tags", nil, .array([.string("a"), .string("b")])), indent: 8) == #"let tags = ["a", "b"]"#)
    }

    /// A long statement breaks its first argument list, then each argument that is still too long.
    @Test func nestedCallsWrapInTurn() {
        let pagination = SwiftExpression.runtime(.pagination).call([
            SwiftArgument(
                "style",
                SwiftExpression.member(nil, "pageNumber").call([SwiftArgument("parameter", .string("page")), SwiftArgument("next", .nil)])),
            SwiftArgument("items", .string("items")), SwiftArgument("count", .string("total_count")),
            SwiftArgument(
                "size", SwiftExpression.runtime(.pageSize).call([SwiftArgument("parameter", .string("per_page")), SwiftArgument("value", .integer(2))])),
        ])
        let statement = SwiftStatement.return(
            .try(
                .await(
                    SwiftExpression.identifier("client").member("page").call([
                        SwiftArgument("for", .identifier("request")), SwiftArgument("pagination", pagination),
                    ]))))
        let function = SwiftFunction(
            documentation: [], isStatic: false, name: "f", parameters: [], isAsync: false, thrownError: nil, returnType: nil, body: [statement])
        #expect(
            SwiftRenderer.body(function, indent: 8) == [
                #"""
                return try await client.page(
                            for: request,
                            pagination: Pagination(
                                style: .pageNumber(parameter: "page", next: nil),
                                items: "items",
                                count: "total_count",
                                size: PageSize(parameter: "per_page", value: 2)
                            )
                        )
                """#
            ])
    }

    /// Text from a spec is spelled inside literals, whose parentheses and commas are never broken.
    @Test func literalsAreNeverBroken() {
        let text = String(repeating: "a, (b\"", count: 30)
        let request = SwiftStatement.let(
            "request", nil,
            SwiftExpression.runtime(.operationRequest).call([
                SwiftArgument("resource", .string(text)),
                SwiftArgument("path", .interpolation([.text("x/"), .value(.identifier("id"))])),
            ]))
        let function = SwiftFunction(
            documentation: [], isStatic: false, name: "f", parameters: [], isAsync: false, thrownError: nil, returnType: nil, body: [request])
        let lines = SwiftRenderer.body(function, indent: 8)
        #expect(lines.count == 1)
        #expect(
            lines[0].split(separator: "\n").map(String.init) == [
                "let request = OperationRequest(",
                "            resource: \(SwiftNaming.stringLiteral(text)),",
                #"            path: "x/\(id)""#,
                "        )",
            ])
    }

    /// Whether a body throws is read from its values: a `try` anywhere in a statement, never from text
    /// that merely looks like one inside a literal.
    @Test func throwingIsReadFromValues() {
        let literal = SwiftStatement.expression(SwiftExpression.identifier("log").call([SwiftArgument(nil, .string("try this"))]))
        #expect(!literal.containsTry)
        let unwrap = SwiftStatement.let("id", nil, .try(SwiftExpression.runtime(.apiClient).member("require").call([SwiftArgument(nil, .identifier("x"))])))
        #expect(unwrap.containsTry)
        #expect(SwiftStatement.switch(.identifier("x"), [SwitchCase(pattern: .nil, statement: unwrap)]).containsTry)
    }

    /// A call in rows keeps each row on its own line, a comma after every row but the last.
    @Test func rowCallsSpanLines() {
        let request = SwiftStatement.let(
            "request", nil,
            .rowCall(
                .runtime(.operationRequest),
                [[SwiftArgument("resource", .string("person")), SwiftArgument("method", .member(nil, "get"))], [SwiftArgument("path", .string("/people/"))]]))
        #expect(
            SwiftRenderer.statement(request, indent: 0) == "let request = OperationRequest(\n    resource: \"person\", method: .get,\n    path: \"/people/\"\n)"
        )
    }

    /// An `if` that does not fit its line becomes a block, its body wrapped in turn: a random spec's
    /// read-only array of optional dates ran a model's encoding line past the column limit.
    @Test func longIfStatementsBecomeBlocks() {
        let call = SwiftExpression.identifier("container").member("encodeIfPresent").call([
            SwiftArgument(nil, .identifier("self").member("container")), SwiftArgument("forKey", .string("container")),
            SwiftArgument("using", .metatype(.generic(.arrayTransform, of: .generic(.optionalTransform, of: SwiftType(.iso8601DateTransform))))),
            SwiftArgument(nil, .identifier("options")),
        ])
        let statement = SwiftStatement.if(.identifier("options").member("includesReadOnly"), .expression(.try(call)))
        let short = SwiftStatement.if(.identifier("options").member("includesReadOnly"), .expression(.identifier("x")))
        #expect(SwiftRenderer.statement(short, indent: 8) == "if options.includesReadOnly { x }")
        let text = SwiftRenderer.statement(statement, indent: 8)
        #expect(
            text == """
                if options.includesReadOnly {
                            try container.encodeIfPresent(self.container, forKey: "container", using: ArrayTransform<OptionalTransform<ISO8601DateTransform>>.self, options)
                        }
                """)
        let continuationLines = text.split(whereSeparator: { $0 == "\n" }).dropFirst()
        #expect(continuationLines.allSatisfy { $0.count <= SwiftRenderer.lineLength })
    }
}
