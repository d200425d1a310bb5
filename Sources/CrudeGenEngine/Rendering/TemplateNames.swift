/// The variables of every template context, read from the context types (docs/templates.md documents them,
/// and a test keeps the two equal), and the check of a template set's names against them.
///
/// Mustache renders a name it cannot find as nothing, so a misspelt `{{nme}}` would quietly drop code from
/// every generated file; checking names when templates are loaded turns it into an error before anything
/// is written.
enum TemplateNames {
    /// The contexts templates are rendered with.
    static let contextTypes: [any TemplateContextRoot.Type] = [
        APITemplateContext.self, EnumTemplateContext.self, UnionTemplateContext.self, ModelTemplateContext.self, FunctionTemplateContext.self,
        StoreTemplateContext.self, StoreSchemaTemplateContext.self, ServerTemplateContext.self,
    ]

    /// Context name → variable path (`envelope[].key`) → type as docs/templates.md writes it, read from the
    /// context types.
    static let contexts: [String: [String: String]] = Dictionary(
        uniqueKeysWithValues: contextTypes.map { ($0.contextName, TemplateVariables.of($0)) })

    /// The templates the renderer starts from, and the context each is rendered with; partials are checked
    /// where these include them, in the scopes that include them.
    static let roots: [String: String] = [
        "api-file": "api", "enum-file": "enum", "union-file": "union", "model-file": "model", "store-file": "store", "api-store-file": "storeSchema",
        "server-file": "server",
    ]

    /// One level of name lookup: an object of a context (`prefix` its path, `""` the context itself), or,
    /// with `prefix` `nil`, a text, flag or line that holds no names.
    private struct Scope {
        var context: String
        var prefix: String?
    }

    /// Every name in `templates` that no context holds where it is used, and every partial that does not
    /// exist or includes itself, as errors at the tag (`files` gives each template's file).
    static func problems(in templates: [String: Template], files: [String: String]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var reported = Set<String>()
        func report(_ message: String, template: String, at position: Template.Position, hint: String?) {
            let file = files[template] ?? "\(template).mustache"
            // A partial included from several places would otherwise repeat its problems.
            guard reported.insert("\(file):\(position.line):\(position.column)").inserted else { return }
            problems.append(.error(message, at: SourceLocation(file: file, line: position.line, column: position.column), hint: hint))
        }
        func check(_ nodes: [Template.Node], template: String, scopes: [Scope], including: [String]) {
            for node in nodes {
                switch node {
                case .text:
                    break
                case let .variable(path, position):
                    if resolve(path, in: scopes) == nil {
                        report(unknown(path, scopes), template: template, at: position, hint: hint(path, scopes))
                    }
                case let .section(path, inverted, children, position):
                    guard let (context, key, type) = resolve(path, in: scopes) else {
                        report(unknown(path, scopes), template: template, at: position, hint: hint(path, scopes))
                        continue
                    }
                    check(children, template: template, scopes: inverted ? scopes : scopes + [scope(of: key, type: type, in: context)], including: including)
                case let .partial(name, _, position):
                    guard let partial = templates[name] else {
                        report(
                            "partial `\(name)` does not exist", template: template, at: position,
                            hint: Suggestions.didYouMean(name, in: templates.keys) ?? "template names are " + templates.keys.sorted().joined(separator: ", "))
                        continue
                    }
                    guard !including.contains(name) else {
                        report("partial `\(name)` includes itself, which would never finish rendering", template: template, at: position, hint: nil)
                        continue
                    }
                    check(partial.nodes, template: name, scopes: scopes, including: including + [name])
                }
            }
        }
        for (name, context) in roots.sorted(by: { $0.key < $1.key }) {
            guard let template = templates[name] else { continue }
            check(template.nodes, template: name, scopes: [Scope(context: context, prefix: "")], including: [name])
        }
        return problems
    }

    /// The context, full path and type of `path` as Mustache finds it: its first name in the innermost
    /// scope that has it, the rest inside that; `{{.}}` is always found.
    private static func resolve(_ path: [String], in scopes: [Scope]) -> (context: String, key: String, type: String)? {
        guard let first = path.first else { return (scopes.last?.context ?? "", "", "String") }
        for scope in scopes.reversed() {
            guard let prefix = scope.prefix, let variables = contexts[scope.context] else { continue }
            var key = prefix.isEmpty ? first : "\(prefix).\(first)"
            guard variables[key] != nil else { continue }
            for name in path.dropFirst() { key += ".\(name)" }
            return variables[key].map { (scope.context, key, $0) }
        }
        return nil
    }

    /// The scope a section over variable `key` of `type` opens.
    private static func scope(of key: String, type: String, in context: String) -> Scope {
        switch type {
        case "Object": Scope(context: context, prefix: key)
        case "[Object]": Scope(context: context, prefix: key + "[]")
        case _ where type.hasSuffix(" context]"): Scope(context: String(type.dropFirst().dropLast(" context]".count)), prefix: "")
        default: Scope(context: context, prefix: nil)
        }
    }

    private static func unknown(_ path: [String], _ scopes: [Scope]) -> String {
        let contexts = scopes.map(\.context).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return "template variable `\(path.joined(separator: "."))` does not exist in the \(contexts.joined(separator: " or ")) context"
    }

    /// "did you mean" among the names visible where `path` is used, or where docs/templates.md lists them.
    private static func hint(_ path: [String], _ scopes: [Scope]) -> String {
        var visible = Set<String>()
        for scope in scopes {
            guard let prefix = scope.prefix else { continue }
            for key in (contexts[scope.context] ?? [:]).keys {
                let rest = prefix.isEmpty ? Substring(key) : key.hasPrefix(prefix + ".") ? key.dropFirst(prefix.count + 1) : nil
                if let rest, !rest.contains("."), !rest.contains("[") { visible.insert(String(rest)) }
            }
        }
        let listed = "docs/templates.md lists the variables of each context"
        return Suggestions.didYouMean(path.joined(separator: "."), in: visible).map { "\($0) (\(listed))" } ?? listed
    }
}
