import CrudeGenEngine
import Foundation

/// Where the loader reads the specs a spec uses: the file system, or the texts an import is about to write.
public struct SpecFiles: Sendable {
    /// The bytes of the file at a path, or `nil` when there is none.
    package let read: @Sendable (String) -> Data?
    /// The spec files (`*.crude.yaml`, `*.crude.yml`) in the folder at a path and below, sorted.
    package let specs: @Sendable (String) -> [String]

    /// The files on disk, paths relative to the current folder.
    public static let fileSystem = SpecFiles(
        read: { path in try? SpecLoader.contents(of: path).get() },
        specs: { folder in
            let root = folder.isEmpty ? "." : folder
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
            return enumerator.compactMap { $0 as? String }.filter(SpecPath.isSpec).map { SpecPath.joined(folder, $0) }.sorted()
        })

    /// The texts of `files` by path, and nothing else.
    public static func inMemory(_ files: [String: Data]) -> SpecFiles {
        SpecFiles(
            read: { files[SpecPath.normalized($0)] },
            specs: { folder in
                let prefix = folder.isEmpty ? "" : SpecPath.normalized(folder) + "/"
                return files.keys.filter { $0.hasPrefix(prefix) && SpecPath.isSpec($0) }.sorted()
            })
    }
}

/// Paths of specs, joined and normalized lexically: `Sources/Chat/../Shared/Shared.crude.yaml` is
/// `Sources/Shared/Shared.crude.yaml` whatever the links on disk, so that a spec reached two ways is read once.
package enum SpecPath {
    /// The endings of a spec file's name, as the build plugin finds specs.
    package static let suffixes = [".crude.yaml", ".crude.yml"]

    package static func isSpec(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return suffixes.contains { name.count > $0.count && name.hasSuffix($0) }
    }

    /// `relative` from the folder `folder`; an absolute `relative` stands alone.
    package static func joined(_ folder: String, _ relative: String) -> String {
        relative.hasPrefix("/") || folder.isEmpty ? normalized(relative) : normalized(folder + "/" + relative)
    }

    /// The folder holding the file at `path` (empty for the current folder).
    package static func folder(of path: String) -> String {
        var parts = normalized(path).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") == "" && path.hasPrefix("/") ? "/" : parts.joined(separator: "/")
    }

    /// `path` without `.` and without a `..` after a named folder.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

/// Reads the specs a spec uses, each once, and declares their types in it (``Spec/using(_:module:)``).
///
/// A used spec must load and validate on its own: its errors are reported (at its lines), its warnings are
/// its own target's to report. A used spec keeps its types `public` or `package`, or this spec could not
/// name them.
struct UsedSpecs {
    let files: SpecFiles
    private(set) var diagnostics: [Diagnostic] = []
    /// The used specs read so far, by normalized path, with what they use declared; `nil` for one with errors.
    private var loaded: [String: Spec?] = [:]

    init(files: SpecFiles) {
        self.files = files
    }

    /// `spec` with the types of every spec it uses, reached through `chain` (the paths that used it, itself last).
    mutating func declaringUsedTypes(in spec: Spec, chain: [String]) -> Spec {
        var result = spec
        for use in spec.uses {
            guard let (path, module) = locate(use, in: spec) else { continue }
            if let start = chain.firstIndex(of: path) {
                let cycle = (chain[start...] + [path]).map { "`\($0)`" }.joined(separator: " → ")
                diagnostics.append(.error("`uses` makes a cycle: \(cycle)", at: use.reference.location, hint: "a spec cannot use a spec that uses it"))
                continue
            }
            guard let used = load(path, chain: chain + [path], for: use) else { continue }
            guard used.api.access != .internal else {
                diagnostics.append(
                    .error(
                        "`\(path)` keeps its types internal to module `\(module)`, so this spec cannot name them", at: use.reference.location,
                        hint: "set `access: public` (or `package`) in the `api` of `\(path)`"))
                continue
            }
            result = result.using(used, module: module)
        }
        return result
    }

    /// The path and module of the spec `use` names.
    private mutating func locate(_ use: SpecUse, in spec: Spec) -> (path: String, module: String)? {
        let folder = SpecPath.folder(of: spec.file)
        switch use.reference.value {
        case let .file(relative):
            let path = SpecPath.joined(folder, relative)
            let module = use.module?.value ?? SpecPath.folder(of: path).split(separator: "/").last.map(String.init) ?? ""
            guard SpecInterop.isIdentifier(module) else {
                diagnostics.append(
                    .error(
                        "`\(module)` cannot name the module of `\(path)`", at: use.module?.location ?? use.reference.location,
                        hint: "give the target's name: `{ spec: \(relative), module: Shared }`"))
                return nil
            }
            return (path, module)
        case let .target(target):
            guard SpecInterop.isIdentifier(target) else {
                diagnostics.append(
                    .error(
                        "`\(target)` is no target name", at: use.reference.location,
                        hint: "name a target of the package, or a spec by its path: `{ spec: ../Shared/Shared.crude.yaml }`"))
                return nil
            }
            let targetFolder = SpecPath.joined(folder, "../" + target)
            let specs = files.specs(targetFolder)
            guard specs.count == 1 else {
                let message =
                    specs.isEmpty
                    ? "target `\(target)` has no spec: no `*.crude.yaml` in `\(targetFolder)`"
                    : "target `\(target)` has \(specs.count) specs: \(specs.map { "`\($0)`" }.joined(separator: ", "))"
                diagnostics.append(
                    .error(
                        message, at: use.reference.location,
                        hint:
                            "a target's spec is found in the folder of that name beside this spec's folder; name a spec by its path with `{ spec: path, module: \(target) }`"
                    ))
                return nil
            }
            return (specs[0], target)
        }
    }

    /// The used spec at `path`, read once, with what it uses declared; `nil` when it cannot be read or has errors.
    private mutating func load(_ path: String, chain: [String], for use: SpecUse) -> Spec? {
        if let spec = loaded[path] { return spec }
        guard let data = files.read(path) else {
            diagnostics.append(
                .error("no spec at `\(path)`, which `uses` names", at: use.reference.location, hint: "a path in `uses` starts at this spec's folder"))
            return nil
        }
        let read = SpecLoader.read(data, file: path)
        diagnostics += read.diagnostics.filter { $0.severity == .error }
        var result: Spec?
        if let spec = read.spec, !read.diagnostics.containsErrors {
            let errorsBefore = diagnostics.count
            let merged = declaringUsedTypes(in: spec, chain: chain)
            if diagnostics.count == errorsBefore {
                let problems = ValidatedSpec.validate(merged).diagnostics
                diagnostics += problems.filter { $0.severity == .error }
                result = problems.containsErrors ? nil : merged
            }
        }
        if result == nil {
            diagnostics.append(
                .error("`\(path)`, which this spec uses, has errors", at: use.reference.location, hint: "mend them first: they are listed above"))
        }
        loaded[path] = .some(result)
        return result
    }
}
