/// The values the store templates render (`store-file` and `api-store-file`).
enum StoreTemplateContext {
    static func table(_ table: StoredTableDeclaration, access: String) -> [String: TemplateValue] {
        let table: [String: TemplateValue] = [
            "access": .string(access),
            "name": .string(table.name),
            "tableNameLiteral": .string(SwiftNaming.stringLiteral(table.tableName)),
            "columns": .list(
                table.columns.map { column in
                    .object([
                        "column": .string(SwiftRenderer.expression(column.column, indent: 12, suffix: 1)),
                        "read": .string(SwiftRenderer.statement(column.read, indent: 8)),
                    ])
                }),
            "indexes": .list(
                table.indexes.enumerated().map { index, key in
                    .object(["literal": .string(SwiftNaming.stringLiteral(key)), "separator": .string(index == table.indexes.count - 1 ? "" : ", ")])
                }),
            "idProperty": .string(table.idProperty),
            "idType": .string(table.idType.spelling),
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
            "operations": .strings(store.operations.map { SwiftRenderer.expression($0, indent: 12, suffix: 1) }),
        ]
    }
}
