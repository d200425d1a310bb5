import Foundation
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// docs/templates.md documents every variable of every template context with its type. This collects the
/// variables the fixtures' contexts really hold and compares them with the document's tables, so a change
/// of the context cannot ship without its documentation (and a look at `TemplateSet.contextVersion`).
@Suite struct TemplateContextDocumentationTests {
    static let document = TestSupport.packageRoot.appendingPathComponent("docs/templates.md")

    /// Lists whose items are a context of their own, documented in that context's table.
    static let nestedContexts = ["payloadModels": "model", "functions": "function"]

    /// Context name → variable path → type, as docs/templates.md writes them.
    typealias Variables = [String: [String: String]]

    /// Every variable the contexts of the fixtures hold.
    static func collectedVariables() throws -> Variables {
        var variables: Variables = [:]
        let fixtures = TestSupport.packageRoot.appendingPathComponent("Fixtures")
        var specs: [Spec] = []
        for fixture in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() {
            let path = fixtures.appendingPathComponent("\(fixture)/spec.yaml").path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            specs.append(try #require(SpecLoader.load(contentsOf: path).spec))
        }
        for spec in specs {
            let resolved = APIResolver.resolve(try #require(ValidatedSpec.validate(spec).validated))
            let model = CodeModelBuilder.build(resolved)
            let access = model.access.modifier
            let server = ServerModelBuilder.build(resolved, model: model, specText: "", modelsModule: nil)
            collect(encoded(TemplateContext.server(server, access: access)), path: "", context: "server", into: &variables)
            collect(encoded(TemplateContext.api(model.api, access: access)), path: "", context: "api", into: &variables)
            for union in model.unions {
                collect(encoded(TemplateContext.union(union, access: access)), path: "", context: "union", into: &variables)
            }
            for enumeration in model.enums {
                collect(encoded(TemplateContext.enumeration(enumeration, access: access)), path: "", context: "enum", into: &variables)
            }
            for declaration in model.models {
                collect(
                    encoded(TemplateContext.model(declaration, access: access, stringType: model.api.stringType)), path: "", context: "model", into: &variables)
            }
            if let store = model.store {
                collect(encoded(TemplateContext.schema(store, access: access)), path: "", context: "storeSchema", into: &variables)
                for table in store.tables {
                    collect(encoded(TemplateContext.table(table, access: access)), path: "", context: "store", into: &variables)
                }
                for container in store.containers {
                    collect(encoded(TemplateContext.container(container, access: access)), path: "", context: "store", into: &variables)
                }
            }
        }
        return variables
    }

    /// A context as templates receive it.
    static func encoded(_ context: some TemplateContextRoot) -> TemplateValue {
        .object(TemplateValueEncoder.variables(of: context))
    }

    /// Records the variables `value` holds under `path` in `context`; lists named in ``nestedContexts``
    /// are recorded as contexts of their own.
    static func collect(_ value: TemplateValue, path: String, context: String, into variables: inout Variables) {
        func record(_ type: String) {
            // An empty list says nothing about its items: a list seen with items wins.
            if variables[context, default: [:]][path] == nil || variables[context]?[path] == "[?]" {
                variables[context, default: [:]][path] = type
            }
        }
        switch value {
        case .string:
            record("String")
        case .bool:
            record("Bool")
        case let .object(object):
            // A list's items are described by their variables (`cases[].name`), not a row of their own.
            if !path.isEmpty, !path.hasSuffix("[]") { record("Object") }
            for (key, child) in object {
                collect(child, path: path.isEmpty ? key : "\(path).\(key)", context: context, into: &variables)
            }
        case let .list(items):
            let name = path.split(separator: ".").last.map(String.init) ?? path
            if let nested = nestedContexts[name] {
                record("[\(nested) context]")
                for item in items { collect(item, path: "", context: nested, into: &variables) }
                return
            }
            guard let first = items.first else { return record("[?]") }
            if case .string = first {
                record("[String]")
                return
            }
            record("[Object]")
            for item in items { collect(item, path: "\(path)[]", context: context, into: &variables) }
        }
    }

    /// The document's tables: a `<!-- context: NAME -->` line, then rows `| `path` | Type | meaning |`.
    static func documentedVariables() throws -> Variables {
        var variables: Variables = [:]
        var context: String?
        for line in try String(contentsOf: document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.firstMatch(of: /^<!-- context: (\w+) -->$/) {
                context = String(match.output.1)
            } else if let context, let row = line.firstMatch(of: /^\| `([^`]+)` \| ([^|]+?) \|/) {
                variables[context, default: [:]][String(row.output.1)] = String(row.output.2)
            } else if line.isEmpty || line.hasPrefix("#") {
                context = nil
            }
        }
        return variables
    }

    @Test func everyContextVariableIsDocumentedWithItsType() throws {
        let collected = try Self.collectedVariables()
        let documented = try Self.documentedVariables()
        #expect(collected.keys.sorted() == ["api", "enum", "function", "model", "server", "store", "storeSchema", "union"])
        for context in collected.keys.sorted() {
            let actual = collected[context] ?? [:]
            let written = documented[context] ?? [:]
            // A list empty in every fixture (`[?]`) matches any documented list type.
            func agree(_ actual: String?, _ written: String?) -> Bool {
                actual == written || (actual == "[?]" && written?.hasPrefix("[") == true)
            }
            let missing = actual.filter { !agree($0.value, written[$0.key]) }.sorted { $0.key < $1.key }
            let stale = written.filter { !agree(actual[$0.key], $0.value) && !Self.inNoFixture.contains("\(context).\($0.key)") }
                .sorted { $0.key < $1.key }
            #expect(
                missing.isEmpty && stale.isEmpty,
                """
                The \(context) context differs from docs/templates.md. Update the document and, if a template \
                written for the current version could break, TemplateSet.contextVersion and every marker.
                Not documented: \(missing.map { "| `\($0.key)` | \($0.value) |" }.joined(separator: "\n"))
                Documented but not in the context: \(stale.map { "\($0.key): \($0.value)" })
                """)
        }
        #expect(documented.keys.sorted() == collected.keys.sorted())
    }

    /// Variables no fixture's context holds, documented all the same.
    static let inNoFixture: Set<String> = ["api.cache.policy"]

    /// The names templates are checked against when they are loaded are the documented ones.
    @Test func templateNamesAreTheDocumentedVariables() throws {
        #expect(try Self.documentedVariables() == TemplateNames.contexts)
        #expect(Set(TemplateNames.roots.values) == Set(TemplateNames.contexts.keys).subtracting(["function"]))
    }

    @Test func theDocumentNamesTheCurrentVersion() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(text.contains("{{! crudegen-templates: \(TemplateSet.contextVersion) }}"))
        #expect(text.contains("## Version \(TemplateSet.contextVersion)"))
    }
}
