/// Action names from the `operationId`s frameworks generate.
enum OperationIDs {
    /// The name an operation's author chose, without what a framework appended to make it unique.
    ///
    /// FastAPI's default `operationId` is the route function's name followed by the path and the method,
    /// every character that is no letter, digit or `_` made `_` (`read_hero` at `GET /heroes/{hero_id}` is
    /// `read_hero_heroes__hero_id__get`); the action is called what the function is called. Any other
    /// `operationId` is kept as it is.
    static func authorsName(of operationID: String, path: String, method: String) -> String {
        let suffix = String(path.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }) + "_" + method.lowercased()
        guard operationID.hasSuffix(suffix), operationID.count > suffix.count else { return operationID }
        return String(operationID.dropLast(suffix.count))
    }
}
