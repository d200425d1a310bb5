/// The values the store templates render (`store-file` and `api-store-file`).
enum StoreTemplateContext {
    static func table(_ table: StoredTableDeclaration, access: String) -> [String: TemplateValue] {
        let table: [String: TemplateValue] = [
            "access": .string(access),
            "name": .string(table.name),
            "tableNameLiteral": .string(table.tableNameLiteral),
            "columns": .list(
                table.columns.map { column in
                    .object(["column": .string(TemplateContext.wrapped(column.column, indent: 12, suffix: 1)), "read": .string(column.read)])
                }),
            "indexes": .list(
                table.indexes.enumerated().map { index, literal in
                    .object(["literal": .string(literal), "separator": .string(index == table.indexes.count - 1 ? "" : ", ")])
                }),
            "idProperty": .string(table.idProperty),
            "idType": .string(table.idType),
            "hasNested": .bool(!table.nested.isEmpty),
            "nested": .strings(table.nested),
        ]
        return ["table": .object(table)]
    }

    static func container(_ container: StoreContainerDeclaration, access: String) -> [String: TemplateValue] {
        ["container": .object(["access": .string(access), "name": .string(container.name), "nested": .strings(container.nested)])]
    }

    static func schema(_ store: StoreDeclaration, access: String) -> [String: TemplateValue] {
        [
            "access": .string(access),
            "name": .string(store.apiName),
            "tables": .list(store.tables.map { .object(["name": .string($0.name)]) }),
            "operations": .strings(store.operations.map { TemplateContext.wrapped($0, indent: 12, suffix: 1) }),
        ]
    }
}
