/// Translates a validated ``Spec`` into the ``CodeModel`` that templates render.
public enum CodeModelBuilder {
    /// Builds the code model; `spec` must have passed ``SpecValidator`` without errors.
    public static func build(_ spec: Spec) -> CodeModel {
        let symbols = SpecValidator.symbols(of: spec)
        let builder = Builder(spec: spec, symbols: symbols)
        let specName = spec.file.split(separator: "/").last.map(String.init) ?? spec.file
        return CodeModel(
            specName: specName,
            accessModifier: spec.api.access == .internal ? "" : spec.api.access.rawValue + " ",
            api: builder.api(),
            enums: spec.enums.map(builder.enumeration),
            models: spec.models.map { builder.model(name: $0.name.value, description: $0.description, fields: $0.fields) }
                + spec.resources.map(builder.resource)
        )
    }
}

private struct Builder {
    let spec: Spec
    let symbols: SymbolTable

    func api() -> APIDeclaration {
        var methods: [CRUDOperation: String] = [:]
        for operation in CRUDOperation.allCases {
            methods[operation] = spec.api.methods[operation]?.value ?? operation.defaultMethod
        }
        return APIDeclaration(
            name: spec.api.name.value,
            baseURL: spec.api.baseURL?.value,
            envelope: spec.api.envelope.map { $0.value.split(separator: ".").map(String.init) } ?? [],
            headers: spec.api.headers.map { ($0.name.value, $0.value.value) },
            methods: methods,
            dateFormats: spec.transforms.compactMap { transform in
                guard case let .dateFormat(format) = transform.kind else { return nil }
                return (dateFormatTypeName(transform.name.value), format.value)
            },
            payloadModels: SpecValidator.inlinePayloads(of: spec).map { payload in
                model(name: payload.typeName, description: nil, fields: payload.fields)
            }
        )
    }

    func dateFormatTypeName(_ transform: String) -> String {
        SwiftNaming.sanitizedIdentifier(transform, uppercaseFirst: true) + "DateFormat"
    }

    func enumeration(_ enumeration: EnumSpec) -> EnumDeclaration {
        EnumDeclaration(
            name: SwiftNaming.escaped(enumeration.name.value),
            documentation: documentation(enumeration.description),
            rawType: symbols.qualifiedBuiltin(enumeration.rawType.rawValue),
            cases: enumeration.cases.map { item in
                let name = SwiftNaming.escaped(SwiftNaming.caseName(item.name.value, derived: enumeration.derivesCaseNames))
                let raw = enumeration.rawType == .int ? String(Int(item.rawValue.value) ?? 0) : SwiftNaming.stringLiteral(item.rawValue.value)
                return (name, raw)
            }
        )
    }

    func resource(_ resource: ResourceSpec) -> ModelDeclaration {
        // A value that can be created has no id until the server assigns one.
        let idIsOptional = resource.operations.contains { $0.value == .create }
        return model(name: resource.name.value, description: resource.description, fields: [resource.id.field(optional: idIsOptional)] + resource.fields)
    }

    func model(name: String, description: String?, fields: [FieldSpec]) -> ModelDeclaration {
        let properties = fields.map(property)
        return ModelDeclaration(
            name: SwiftNaming.escaped(name),
            documentation: documentation(description),
            properties: properties,
            isIdentifiable: properties.contains { $0.name == "id" }
        )
    }

    func property(_ field: FieldSpec) -> PropertyDeclaration {
        let type = field.type.value
        return PropertyDeclaration(
            name: SwiftNaming.escaped(SwiftNaming.sanitizedIdentifier(field.name.value)),
            type: symbols.swiftType(type),
            isOptional: type.isOptional,
            keyLiteral: SwiftNaming.stringLiteral(field.jsonKey(style: spec.api.keyStyle)),
            transform: transform(for: field).map { wrap($0, in: type.nonOptional) },
            isReadOnly: field.readOnly,
            documentation: documentation(field.description),
            codedType: symbols.swiftType(type.nonOptional)
        )
    }

    /// The runtime or generated transform type for the field's innermost value, if any.
    func transform(for field: FieldSpec) -> String? {
        let base = field.type.value.baseName
        guard case .builtin? = symbols.resolve(base) else { return nil }
        guard let name = field.transform?.value ?? BuiltinTransforms.defaults[base] else { return nil }
        if let builtin = BuiltinTransforms.all[name]?[base] {
            return builtin
        }
        guard let declared = spec.transforms.first(where: { $0.name.value == name }) else { return nil }
        switch declared.kind {
        case .dateFormat: return SwiftNaming.escaped(spec.api.name.value) + "." + dateFormatTypeName(name)
        case let .custom(_, swiftType): return swiftType.value
        }
    }

    /// Wraps an element transform for the arrays, dictionaries and inner optionals around it.
    func wrap(_ transform: String, in type: TypeExpression) -> String {
        switch type {
        case .named: transform
        case let .optional(wrapped): "OptionalTransform<\(wrap(transform, in: wrapped))>"
        case let .array(element): "ArrayTransform<\(wrap(transform, in: element))>"
        case let .dictionary(value): "DictionaryTransform<\(wrap(transform, in: value))>"
        }
    }

    func documentation(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingTrailingWhitespace }
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var result = self
        while result.last?.isWhitespace == true { result.removeLast() }
        return result
    }
}
