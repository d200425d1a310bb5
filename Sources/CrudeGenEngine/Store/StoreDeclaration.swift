/// What the generator emits for the local store (the CrudeStore product) of a spec with `store: true`:
/// a table conformance per stored resource, a container conformance per type holding stored resources,
/// and the API's store schema. Emitted in files of their own, so specs without `store` generate as before.
public struct StoreDeclaration: Sendable {
    /// The API's escaped Swift name, extended with `storeSchema`.
    public var apiName: String
    /// The stored resources, in spec order.
    public var tables: [StoredTableDeclaration]
    /// The other models whose fields reach a stored resource, in spec order.
    public var containers: [StoreContainerDeclaration]
    /// Each operation whose response holds stored resources, as a `StoreOperation` expression.
    var operations: [SwiftExpression]
}

/// A stored resource's `StoredResource` conformance.
public struct StoredTableDeclaration: Sendable {
    /// The escaped Swift type name.
    public var name: String
    /// The table name: the resource's spec name.
    public var tableName: String
    /// Each column's `StoreColumn` expression and the statement reading it back, id first.
    var columns: [(column: SwiftExpression, read: SwiftStatement)]
    /// The columns to index besides the id (route parameters that are fields), by JSON key.
    public var indexes: [String]
    /// The id property's escaped name and Swift type without optional.
    public var idProperty: String
    public var idType: SwiftType
    /// The escaped names of properties that hold stored resources, collected with the value.
    public var nested: [String]
}

/// A `StoreContainer` conformance of a model or non-stored resource that holds stored resources.
public struct StoreContainerDeclaration: Sendable {
    /// The escaped Swift type name.
    public var name: String
    /// The escaped names of the properties that hold stored resources.
    public var nested: [String]
}
