/// A spec ``SpecValidator`` found no error in, with the symbols it declares: the only input of the code
/// model, the store model and the OpenAPI exporter.
///
/// Only ``validate(_:)`` makes one, so a stage that takes a `ValidatedSpec` can rely on what validation
/// proves (names are valid, types resolve, routes parse, pagination keys fit their style) without
/// checking again.
public struct ValidatedSpec: Sendable {
    /// The spec as loaded.
    public let spec: Spec
    /// What each type name of the spec resolves to.
    package let symbols: SymbolTable

    private init(spec: Spec, symbols: SymbolTable) {
        self.spec = spec
        self.symbols = symbols
    }

    /// Validates `spec`: every problem found, and the validated spec when none of them is an error.
    public static func validate(_ spec: Spec) -> (diagnostics: [Diagnostic], validated: ValidatedSpec?) {
        let (diagnostics, symbols) = SpecValidator.check(spec)
        return (diagnostics, diagnostics.containsErrors ? nil : ValidatedSpec(spec: spec, symbols: symbols))
    }

    /// Validates what ``SpecLoader`` loaded, for a command that stops at the first error (`export`,
    /// `serve`): an error in loading or validation throws every diagnostic so far.
    package static func validate(_ loaded: (spec: Spec?, diagnostics: [Diagnostic])) throws(DiagnosticsError) -> ValidatedSpec {
        guard let spec = loaded.spec, !loaded.diagnostics.containsErrors else { throw DiagnosticsError(loaded.diagnostics) }
        let (problems, validated) = validate(spec)
        guard let validated else { throw DiagnosticsError(loaded.diagnostics + problems) }
        return validated
    }
}
