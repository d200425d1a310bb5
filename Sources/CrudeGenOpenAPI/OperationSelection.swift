import CrudeGenCore
import OpenAPIKit

/// Which of a document's operations an import takes: every one, or those with one of `tags` or under one
/// of `pathPrefixes` (either is enough), together with the types they use; and whether the document's other
/// schemas are imported too.
///
/// One document imported several times with different selections gives several specs, each for a target
/// of its own: what a large API needs so that an edit rebuilds one small module instead of one large
/// one (docs/plugin.md).
public struct OperationSelection: Sendable, Equatable {
    /// Operation tags (OpenAPI's `tags`) to take, compared exactly.
    public let tags: [String]
    /// Path prefixes to take, compared by whole segments: `/users` takes `/users` and `/users/{id}`,
    /// not `/usernames`.
    public let pathPrefixes: [String]
    /// Whether only the models and enums the taken operations use are imported, leaving out the schemas
    /// no operation refers to: always so for part of a document, on request for the whole of it.
    public let usedTypesOnly: Bool
    /// The segments of each of `pathPrefixes`, split once rather than for every operation.
    private let prefixSegments: [[String]]

    /// A selection of the operations with one of `tags` or under one of `pathPrefixes`; with neither,
    /// every operation, and with `usedTypesOnly` only the types they use. A whole document's schemas are
    /// all imported by default, because a client often decodes some no operation names (streamed events,
    /// webhooks' payloads).
    public init(tags: [String] = [], pathPrefixes: [String] = [], usedTypesOnly: Bool = false) {
        self.tags = tags
        self.pathPrefixes = pathPrefixes
        self.usedTypesOnly = usedTypesOnly || !tags.isEmpty || !pathPrefixes.isEmpty
        prefixSegments = pathPrefixes.map { OpenAPI.Path(rawValue: $0).components }
    }

    /// Whether this selection takes every operation.
    public var takesEverything: Bool { tags.isEmpty && pathPrefixes.isEmpty }

    /// Whether the operation at `path` with `operationTags` is taken.
    func takes(path: OpenAPI.Path, operationTags: [String]?) -> Bool {
        takesEverything
            || operationTags?.contains(where: tags.contains) == true
            || prefixSegments.contains { path.components.starts(with: $0) }
    }

    /// An error for each tag no operation of `document` has and each prefix no path starts with, with
    /// the names that exist as a hint: a selection that silently takes nothing would write an empty spec.
    func problems(in document: OpenAPI.Document, file: String) -> [Diagnostic] {
        var operationTags: Set<String> = []
        var paths: [OpenAPI.Path] = []
        for (path, item) in document.paths {
            paths.append(path)
            guard let item = document.components[item] else { continue }
            for endpoint in item.endpoints { operationTags.formUnion(endpoint.operation.tags ?? []) }
        }
        var problems: [Diagnostic] = []
        for tag in tags where !operationTags.contains(tag) {
            let known = operationTags.sorted().prefix(30).map { "`\($0)`" }.joined(separator: ", ")
            problems.append(
                .error(
                    "no operation of `\(file)` has the tag `\(tag)`", at: nil,
                    hint: operationTags.isEmpty ? "the document tags no operation; select by --path-prefix instead" : "its operations' tags: \(known)"))
        }
        for (prefix, segments) in zip(pathPrefixes, prefixSegments) {
            guard !paths.contains(where: { $0.components.starts(with: segments) }) else { continue }
            let firsts = Set(paths.compactMap(\.components.first)).sorted().prefix(30).map { "`/\($0)`" }.joined(separator: ", ")
            problems.append(.error("no path of `\(file)` starts with `\(prefix)`", at: nil, hint: "its paths start with \(firsts)"))
        }
        return problems
    }
}
