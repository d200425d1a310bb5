/// Action names from the `operationId`s frameworks generate.
enum OperationIDs {
    /// The name an operation's author chose, without what a framework added to make it unique.
    ///
    /// FastAPI's default `operationId` is the route function's name followed by the path and the method,
    /// every character that is no letter, digit or `_` made `_` (`read_hero` at `GET /heroes/{hero_id}` is
    /// `read_hero_heroes__hero_id__get`). Litestar's is the path's segments in Pascal case followed by the
    /// handler's name (`upload_portrait` at `/authors/{author_id}/portrait` is
    /// `AuthorsAuthorIdPortraitUploadPortrait`). The action is called what the function is called; any other
    /// `operationId` is kept as it is.
    static func authorsName(of operationID: String, path: String, method: String) -> String {
        let fastAPISuffix = String(path.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }) + "_" + method.lowercased()
        if operationID.hasSuffix(fastAPISuffix), operationID.count > fastAPISuffix.count {
            return String(operationID.dropLast(fastAPISuffix.count))
        }
        let litestarPrefix = path.split { !($0.isLetter || $0.isNumber) }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if !litestarPrefix.isEmpty, operationID.hasPrefix(litestarPrefix), operationID.dropFirst(litestarPrefix.count).first?.isUppercase == true {
            return String(operationID.dropFirst(litestarPrefix.count))
        }
        return operationID
    }
}
