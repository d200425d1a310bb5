import CrudeGenCore
import Foundation
import OpenAPIKit

/// How `crudegen import --split` cuts a document into parts, a target each.
public enum SplitCriterion: String, CaseIterable, Sendable {
    /// A part per operation tag (an operation's first tag); untagged operations form the part `Other`.
    case tags
    /// A part per first segment of the paths (`/threads/{id}/runs` is in `Threads`).
    case paths
}

/// One document imported as several specs: one of the types more than one part uses, and one per part
/// that uses it (`uses`), each for a target of its own, so that an edit rebuilds one part's module and a
/// value of a shared type passes from one part's operation to another's.
public struct SplitImport: Sendable {
    /// One spec of the split, for the target `target`.
    public struct Part: Sendable {
        /// The target, the module and the folder the spec is written into.
        public var target: String
        /// The spec's text.
        public var yaml: String
        /// The targets whose specs this one uses (the shared one, or none).
        public var uses: [String]
        /// How many resources it holds.
        public var resources: Int
        /// How many API actions it holds (a resource's actions are counted with it).
        public var actions: Int
    }

    /// The specs: the shared types' first (when any type is shared), then each part's in document order.
    public var parts: [Part]
    /// What could not be mapped, as for a whole import.
    public var warnings: [Diagnostic]
    /// How many operations went where.
    public var summary: OpenAPIImporter.Summary

    /// The path of a part's spec below the folder of targets (`Sources`): `Assistants/Assistants.crude.yaml`.
    public static func specPath(of target: String) -> String { "\(target)/\(target).crude.yaml" }

    /// The Package.swift declarations of the split's targets, each applying the build plugin; `package`
    /// names crudegen's package as the consumer's manifest does.
    public func targetDeclarations(package: String = "crudegen") -> String {
        parts.map { part in
            let dependencies = part.uses.map { "\"\($0)\"" } + [".product(name: \"CrudeRuntime\", package: \"\(package)\")"]
            return """
                .target(
                    name: "\(part.target)",
                    dependencies: [\(dependencies.joined(separator: ", "))],
                    plugins: [.plugin(name: "CrudeGenPlugin", package: "\(package)")]
                ),
                """
        }.joined(separator: "\n")
    }
}

extension OpenAPIImporter {
    /// Imports the whole document (the types its operations use) and splits it by `criterion` into a spec
    /// of shared types, named `sharedTarget`, and one per part, named after the part. With `parts`, a split by
    /// paths cuts the first path segments, in document order, into that many groups of consecutive ones
    /// (`Gadget1sToGadget50s`): a flat API of 200 collections is better as 4 targets than as 200. Every spec
    /// is loaded and validated with the others, as the build plugin will, before any is returned.
    public static func importDocument(
        _ data: Data, file: String, splitBy criterion: SplitCriterion, parts: Int? = nil, sharedTarget: String = "Shared", folder: String = "Sources"
    ) throws(DiagnosticsError) -> SplitImport {
        guard SpecInterop.isIdentifier(sharedTarget) else {
            throw DiagnosticsError([
                .error("`\(sharedTarget)` cannot name the shared types' target", at: nil, hint: "give a name of letters, digits and underscores")
            ])
        }
        let source = try OpenAPISource(data, file: file)
        var mapper = Mapper(source: source, selection: OperationSelection(usedTypesOnly: true), apiName: nil)
        let whole = mapper.map()
        if let parts, parts < 1 || criterion != .paths {
            throw DiagnosticsError([.error("a count of parts groups paths: give a number of 1 or more with --split paths", at: nil)])
        }
        let partOfRoute = Self.partsOfRoutes(mapper.orderedPaths, in: source.document, by: criterion, groups: parts)
        let cut = SplitPlan(whole, partOf: { path, method in partOfRoute(path, method) ?? "Other" }, sharedTarget: sharedTarget)
        let header = { (part: String) in
            "Imported by crudegen \(CrudeGenVersion.current) from \(URL(fileURLWithPath: file).lastPathComponent) (OpenAPI \(source.declaredVersion)): `\(part)` of a split by \(criterion.rawValue)."
        }
        var parts: [SplitImport.Part] = []
        var texts: [String: Data] = [:]
        for spec in cut.specs {
            let target = spec.target
            let yaml = SpecSerializer.yaml(of: spec.spec, header: header(target))
            parts.append(SplitImport.Part(target: target, yaml: yaml, uses: spec.uses, resources: spec.spec.resources.count, actions: spec.spec.actions.count))
            texts[SpecPath.joined(folder, SplitImport.specPath(of: target))] = Data(yaml.utf8)
        }
        // Each spec as the build plugin will read it: with the one it uses, from the folder beside it.
        for part in parts {
            try requireValid(
                part.yaml, file: SpecPath.joined(folder, SplitImport.specPath(of: part.target)), files: .inMemory(texts),
                named: "the split's spec `\(part.target)`")
        }
        return SplitImport(parts: parts, warnings: mapper.reportedWarnings(), summary: mapper.summary)
    }

    /// The part of each route (`/threads/{}/runs`, its parameters unnamed) and method, from the document's
    /// operations: their first tag, or the route's first segment (or its group of `groups`).
    /// `paths` are the document's in document order, as the import reads them.
    static func partsOfRoutes(
        _ paths: [(key: String, value: Either<OpenAPI.Reference<OpenAPI.PathItem>, OpenAPI.PathItem>)], in document: OpenAPI.Document,
        by criterion: SplitCriterion, groups: Int? = nil
    ) -> (String, String?) -> String? {
        let requestPaths = paths.map { Mapper.requestPath(ofKey: $0.key).path }
        let segmentParts = groups.map { segmentGroups(of: requestPaths, count: $0) } ?? [:]
        var byRoute: [String: String] = [:]
        var byOperation: [String: String] = [:]
        for (path, (_, item)) in zip(requestPaths, paths) {
            guard let item = document.components[item] else { continue }
            let route = SplitPlan.routeKey(path.rawValue)
            for endpoint in item.endpoints {
                let part: String?
                switch criterion {
                case .tags: part = endpoint.operation.tags?.first.map { SpecInterop.identifier($0, uppercaseFirst: true) } ?? "Other"
                case .paths:
                    part = path.components.first.map { segmentParts[$0] ?? SpecInterop.identifier($0, uppercaseFirst: true) } ?? "Root"
                }
                guard let part, !part.isEmpty else { continue }
                byOperation[route + " " + endpoint.method.rawValue.uppercased()] = part
                if byRoute[route] == nil { byRoute[route] = part }
            }
        }
        return { path, method in
            let route = SplitPlan.routeKey(path)
            return method.flatMap { byOperation[route + " " + $0.uppercased()] } ?? byRoute[route]
        }
    }

    /// The first path segments in document order, cut into `count` groups of consecutive ones, each named
    /// after its first and last segment (`Gadget1sToGadget50s`), or its only one.
    static func segmentGroups(of paths: [OpenAPI.Path], count: Int) -> [String: String] {
        var segments: [String] = []
        for path in paths {
            if let first = path.components.first, !segments.contains(first) { segments.append(first) }
        }
        guard !segments.isEmpty else { return [:] }
        let size = (segments.count + count - 1) / count
        var result: [String: String] = [:]
        for start in stride(from: 0, to: segments.count, by: size) {
            let group = segments[start..<min(start + size, segments.count)]
            let name = [group.first, group.count > 1 ? group.last : nil].compactMap { $0.map { SpecInterop.identifier($0, uppercaseFirst: true) } }
            for segment in group { result[segment] = name.joined(separator: "To") }
        }
        return result
    }
}
