import Foundation

/// A fenced code block of README.md, a Markdown file in docs/ or an article of CrudeRuntime's DocC catalog,
/// and what kind of example it is.
///
/// Every block is one of these kinds, decided by its language and first line, so that a new block the
/// rules do not know fails the tests instead of going unchecked:
/// - a whole spec (YAML with `api:`), generated and compiled;
/// - a spec fragment (YAML starting with a section such as `models:` or with `fields:`), completed into a
///   spec and generated and compiled;
/// - a `crudegen-config.yaml` (YAML starting with `templates:`), loaded;
/// - a package manifest (Swift with `.package(` or `targets:`), evaluated by `swift package dump-package`;
/// - Swift declarations (the first line declares a type or function), compiled with the runtime;
/// - Swift statements, run against the spec above them in the same file, or in an article without one
///   against GettingStarted's (see `DocExampleTests.statementExamplesRunInTheTestSuite`);
/// - shell commands, text and diagrams (`sh`, `mermaid`, no language): commands, output and pictures shown,
///   not code of crudegen's;
/// - another library's code: in a DocC `@Row`, the first `@Column` shows the code a migration guide
///   replaces (written against CRUDE-Futures, ApiModel…), beside crudegen's in the second.
struct DocExample {
    enum Kind: Equatable {
        case spec
        case specFragment
        case configuration
        case manifest
        case declarations
        case statements
        case shellOrText
        case otherLibrary
    }

    /// `README.md`, `docs/spec.md` or `CrudeRuntime.docc/GettingStarted.md`.
    var file: String
    /// The line of the opening fence.
    var line: Int
    var language: String
    var code: String
    /// The last whole spec above this block in the same file.
    var governingSpec: String?
    /// Whether the block is in the first `@Column` of a DocC `@Row`.
    var isInFirstColumn = false

    /// Whether the block is in a DocC article rather than README.md or docs/.
    var isArticle: Bool { file.hasPrefix(Self.articlesFolder + "/") }

    /// Where the DocC articles are, from the package's root; their blocks are named from its last component.
    static let articlesFolder = "CrudeRuntime.docc"

    var kind: Kind? {
        if isInFirstColumn { return .otherLibrary }
        let firstLine = code.split(separator: "\n").first.map(String.init) ?? ""
        switch language {
        case "yaml":
            if code.range(of: #"(?m)^api:"#, options: .regularExpression) != nil { return .spec }
            if firstLine.hasPrefix("templates:") || firstLine.hasPrefix("files_per_spec:") { return .configuration }
            let sections = ["enums:", "unions:", "models:", "resources:", "transforms:", "actions:", "fields:", "x-"]
            return sections.contains { firstLine.hasPrefix($0) } ? .specFragment : nil
        case "swift":
            if code.contains(".package(") || code.contains("targets:") { return .manifest }
            // An app's file starts with its imports; what follows them decides.
            let firstCode = code.split(separator: "\n").first { !$0.hasPrefix("import ") && !$0.isEmpty }.map(String.init) ?? firstLine
            let declarations = ["enum ", "struct ", "func ", "extension ", "final class ", "class "]
            return declarations.contains { firstCode.hasPrefix($0) } ? .declarations : .statements
        case "sh", "mermaid", "":
            return .shellOrText
        default:
            return nil
        }
    }

    /// Where the block is, for test messages: `README.md:34`.
    var place: String { "\(file):\(line)" }

    /// A fragment completed into a spec: sections get an `api`, `fields:` a model around it.
    var completedSpec: String {
        if code.hasPrefix("fields:") {
            return "api: { name: Docs }\nmodels:\n  Example:\n"
                + code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        }
        return "api: { name: Docs }\n" + code
    }

    /// Every fenced block of README.md, docs/*.md and the DocC articles, in file order.
    static func all(in root: URL) throws -> [DocExample] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let articles = root.appendingPathComponent("Sources/CrudeRuntime/" + articlesFolder)
        let articleNames = try FileManager.default.contentsOfDirectory(atPath: articles.path).filter { $0.hasSuffix(".md") }.sorted()
        return try ["README.md"].flatMap { try blocks(of: root.appendingPathComponent($0), named: $0, root: root) }
            + names.flatMap { try blocks(of: docs.appendingPathComponent($0), named: "docs/" + $0, root: root) }
            + articleNames.flatMap { try blocks(of: articles.appendingPathComponent($0), named: articlesFolder + "/" + $0, root: root) }
    }

    /// The examples of one file. A `<!-- spec: PATH -->` line (PATH from the package's root) makes the spec
    /// at PATH govern the examples after it, for a page whose examples use a spec it does not show.
    static func blocks(of url: URL, named name: String, root: URL) throws -> [DocExample] {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var examples: [DocExample] = []
        var governingSpec: String?
        var open: (line: Int, language: String, indentation: Int, body: [String])?
        // The `@Column` of a DocC `@Row` the current line is in, counted from 1; `nil` outside rows.
        var column: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                // A DocC block is indented as the directive holding it; its code starts where its fence does.
                if let indentation = open?.indentation {
                    open?.body.append(String(line.dropFirst(min(indentation, line.prefix { $0 == " " }.count))))
                }
                if open == nil {
                    if trimmed.hasPrefix("<!-- spec: "), trimmed.hasSuffix(" -->") {
                        let path = trimmed.dropFirst("<!-- spec: ".count).dropLast(" -->".count)
                        governingSpec = try String(contentsOf: root.appendingPathComponent(String(path)), encoding: .utf8)
                    }
                    if trimmed.hasPrefix("@Row") { column = 0 }
                    if trimmed.hasPrefix("@Column"), let current = column { column = current + 1 }
                    if line == "}" { column = nil }
                }
                continue
            }
            if let block = open {
                var example = DocExample(
                    file: name, line: block.line, language: block.language, code: block.body.joined(separator: "\n") + "\n", governingSpec: governingSpec,
                    isInFirstColumn: column == 1)
                if example.kind == .spec { governingSpec = example.code }
                example.governingSpec = example.kind == .spec ? nil : governingSpec
                examples.append(example)
                open = nil
            } else {
                open = (index + 1, String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces), line.prefix { $0 == " " }.count, [])
            }
        }
        return examples
    }
}
