/// The values the store templates render (`store-file` and `api-store-file`).
extension TemplateContext {
    static func table(_ table: StoredTableDeclaration, access: String) -> StoreTemplateContext {
        let table = StoreTemplateContext.Table(
            access: access,
            name: table.name,
            tableNameLiteral: SwiftNaming.stringLiteral(table.tableName),
            columns: table.columns.map { column in
                .init(column: SwiftRenderer.expression(column.column, indent: 12, suffix: 1), read: SwiftRenderer.statement(column.read, indent: 8))
            },
            indexes: table.indexes.map { .init(literal: SwiftNaming.stringLiteral($0)) }.separated(by: ", "),
            idProperty: table.idProperty,
            idType: table.idType.spelling,
            hasNested: !table.nested.isEmpty,
            nested: table.nested)
        return StoreTemplateContext(table: table)
    }

    static func container(_ container: StoreContainerDeclaration, access: String) -> StoreTemplateContext {
        StoreTemplateContext(container: .init(access: access, name: container.name, nested: container.nested))
    }

    static func schema(_ store: StoreDeclaration, access: String) -> StoreSchemaTemplateContext {
        StoreSchemaTemplateContext(
            access: access, name: store.apiName, tables: store.tables.map { .init(name: $0.name) },
            operations: store.operations.map { SwiftRenderer.expression($0, indent: 12, suffix: 1) })
    }
}

/// A `+Store` file: a stored type's table, or a container of stored types' nested tables.
struct StoreTemplateContext: TemplateContextRoot {
    static let contextName = "store"

    /// A resource's or model's table.
    struct Table: Codable {
        /// One column and the statement that reads it.
        struct Column: Codable {
            var column: String
            var read: String
        }

        /// An indexed key.
        struct Index: Codable, TemplateListSeparated {
            var literal: String
            var separator = ""
        }

        var access: String
        var name: String
        var tableNameLiteral: String
        var columns: [Column]
        var indexes: [Index]
        var idProperty: String
        var idType: String
        var hasNested: Bool
        var nested: [String]
    }

    /// A type that only holds stored types' nested tables.
    struct Container: Codable {
        var access: String
        var name: String
        var nested: [String]
    }

    var table: Table?
    var container: Container?
}

/// The API's `+Store` file: its schema of tables.
struct StoreSchemaTemplateContext: TemplateContextRoot {
    static let contextName = "storeSchema"

    /// A table of the schema.
    struct Table: Codable {
        var name: String
    }

    var access: String
    var name: String
    var tables: [Table]
    var operations: [String]
}
