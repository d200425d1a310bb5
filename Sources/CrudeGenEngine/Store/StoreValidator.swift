/// Checks what only specs with `store: true` need: their types must not take the names of CrudeStore's
/// types, which the generated store files use unqualified.
enum StoreValidator {
    /// CrudeStore's names the generated store files rely on.
    static let reservedNames: Set<String> = [
        "CrudeStore", "Store", "StoreTable", "StoreColumn", "StoreRow", "StoreError", "StoreBatch", "StoreSchema", "StoreOperation",
        "StoredResource", "StoreContainer",
    ]

    static func check(_ spec: Spec) -> [Diagnostic] {
        guard spec.api.store?.value == true || spec.resources.contains(where: { $0.store?.value == true }) else { return [] }
        var diagnostics: [Diagnostic] = []
        if reservedNames.contains(spec.api.name.value) {
            diagnostics.append(
                .error(
                    "the API name `\(spec.api.name.value)` is the name of a CrudeStore type, which the generated store code uses",
                    at: spec.api.name.location, hint: "choose another `api.name`, for example `\(spec.api.name.value)API`"))
        }
        let named: [(name: Located<String>, swiftName: Located<String>?)] =
            spec.enums.map { ($0.name, $0.swiftName) } + spec.models.map { ($0.name, $0.swiftName) } + spec.resources.map { ($0.name, $0.swiftName) }
        for (name, swiftName) in named {
            let swift = swiftName ?? name
            guard reservedNames.contains(swift.value) else { continue }
            diagnostics.append(
                .error(
                    "`\(swift.value)` is the name of a CrudeStore type, which the generated store code uses", at: swift.location,
                    hint: swiftName == nil
                        ? "keep the name in the spec and choose the Swift name: `\(name.value): { swift_name: \(name.value)Model, … }`"
                        : "choose another Swift name, for example `\(swift.value)Model`"))
        }
        return diagnostics
    }
}
