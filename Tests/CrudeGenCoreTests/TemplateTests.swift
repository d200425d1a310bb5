import Testing

@testable import CrudeGenEngine

@Suite struct TemplateTests {
    func render(_ source: String, _ context: TemplateObject, partials: [String: String] = [:]) throws -> String {
        var compiled: [String: Template] = [:]
        for (name, partial) in partials { compiled[name] = try Template(partial) }
        return try Template(source).render(.object(context), partials: compiled)
    }

    @Test func variablesAreNeverEscaped() throws {
        #expect(try render("let x = {{value}} // {{{value}}} {{& value}}", ["value": "\"<a & b>\""]) == "let x = \"<a & b>\" // \"<a & b>\" \"<a & b>\"")
        #expect(try render("{{missing}}|{{flag}}", ["flag": true]) == "|true")
    }

    @Test func sectionsIterateListsAndScopeObjects() throws {
        let context: TemplateObject = [
            "name": "outer",
            "items": [["name": "a"], ["name": "b"]],
            "object": ["inner": "x"],
            "lines": ["1", "2"],
        ]
        #expect(try render("{{#items}}{{name}}-{{/items}}", context) == "a-b-")
        #expect(try render("{{#object}}{{inner}} {{name}}{{/object}}", context) == "x outer")
        #expect(try render("{{object.inner}}", context) == "x")
        #expect(try render("{{#lines}}[{{.}}]{{/lines}}", context) == "[1][2]")
    }

    @Test func anObjectHasTheLastValueSetForEachName() throws {
        var object: TemplateObject = ["name": "first", "other": "x"]
        object.set("second", for: "name")
        #expect(try render("{{name}} {{other}}", object) == "second x")
        #expect(object.names == ["other", "name"], "each name once, in the order its value was set")
    }

    @Test func invertedSectionsRenderForFalseMissingAndEmpty() throws {
        let context: TemplateObject = ["no": false, "empty": [], "yes": true, "text": ""]
        #expect(try render("{{^no}}a{{/no}}{{^empty}}b{{/empty}}{{^missing}}c{{/missing}}{{^yes}}d{{/yes}}{{^text}}e{{/text}}", context) == "abc")
    }

    @Test func standaloneTagsLeaveNoLineBehind() throws {
        let source = """
            struct A {
            {{#items}}
                var {{name}}: Int
            {{/items}}
            {{! a comment }}
            {{% CONTENT_TYPE: TEXT}}
            }
            """
        #expect(try render(source, ["items": [["name": "a"], ["name": "b"]]]) == "struct A {\n    var a: Int\n    var b: Int\n}")
    }

    @Test func standalonePartialsAreIndented() throws {
        let rendered = try render("enum E {\n    {{> body}}\n}\n", ["x": "1"], partials: ["body": "case a\ncase b = {{x}}\n"])
        #expect(rendered == "enum E {\n    case a\n    case b = 1\n}\n")
    }

    @Test func malformedTemplatesReportWhere() {
        #expect(throws: Template.ParseError.self) { try Template("{{#a}}\n{{/b}}") }
        do {
            _ = try Template("line\n  {{#open}}\n")
            Issue.record("an unclosed section must not parse")
        } catch {
            #expect(error.line == 2 && error.column == 3)
            #expect(error.message == "`{{#open}}` is never closed")
        }
        #expect(throws: Template.ParseError.self) { try Template("{{name") }
        #expect(throws: Template.ParseError.self) { try Template("{{=<% %>=}}") }
    }
}
