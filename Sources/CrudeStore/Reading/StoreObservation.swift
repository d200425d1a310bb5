import Foundation
import GRDB

/// Values read from the store again each time the rows they come from change: the first value at once,
/// then one per change that alters it. An `AsyncSequence`, so a SwiftUI view's `.task` can follow it.
public struct StoreObservation<Element: Sendable>: AsyncSequence, Sendable {
    let values: AsyncValueObservation<Element>

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: values.makeAsyncIterator())
    }

    /// Waits for the next value.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncValueObservation<Element>.Iterator

        /// The next value; throws ``StoreError`` when the rows cannot be read.
        public mutating func next() async throws -> Element? {
            do {
                return try await base.next()
            } catch {
                throw Store.storeError(error)
            }
        }
    }
}

extension Store {
    /// The values of `type` matching `query`, every time they change.
    public func observe<Model: StoredResource>(_ type: Model.Type, _ query: StoreQuery<Model> = StoreQuery()) throws(StoreError) -> StoreObservation<[Model]> {
        let table = try registered(type)
        let statement = try query.sql(for: table)
        let observation = ValueObservation.trackingConstantRegion { db in try Self.fetch(db, table, sql: statement.sql, arguments: statement.arguments) }
        return StoreObservation(values: observation.removeDuplicates().values(in: pool))
    }

    /// The value of `type` with the id `id` (`nil` while there is none), every time it changes.
    public func observe<Model: StoredResource>(_ type: Model.Type, id: Model.StoreID) throws(StoreError) -> StoreObservation<Model?> {
        let table = try registered(type)
        let sql = table.selectSQL + " WHERE \(SQLName.quoted(table.definition.columns[0].name)) = ?"
        let arguments = [id.storeValue]
        let observation = ValueObservation.trackingConstantRegion { db in try Self.fetch(db, table, sql: sql, arguments: arguments).first }
        return StoreObservation(values: observation.removeDuplicates().values(in: pool))
    }
}
