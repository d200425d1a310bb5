import CrudeServe
import Foundation
import HouseholdModels

/// The household registry: the Household API as `crudegen serve` answers it, but for two operations.
///
/// - `createPerson` refuses a birthday in the future (422) and keeps tags lowercased, once each, sorted.
/// - `listPerson` answers the `search` query parameter, which the spec declares and the default list cannot
///   know the meaning of: only people whose first or last name contains the text, in any case.
///
/// Reads, updates and deletes are the defaults: the protocol's methods this type does not implement.
public struct Registry: HouseholdService {
    /// What "now" is for the birthday check: the clock by default, a fixed day in tests.
    let today: @Sendable () -> Date

    public init(today: @escaping @Sendable () -> Date = Date.init) {
        self.today = today
    }

    public func createPerson(_ value: Person, context: OperationContext) async throws -> Person {
        guard value.birthday <= today() else {
            throw ServiceError(status: 422, message: "\(value.firstName) cannot be born after today.")
        }
        var value = value
        value.tags = Set(value.tags.map { $0.lowercased() }).sorted()
        return try await context.defaultCreate(value)
    }

    public func listPerson(_ window: Range<Int>, context: OperationContext) async throws -> Listed<Person> {
        guard let search = context.query.last(where: { $0.name == "search" })?.value, !search.isEmpty else {
            return try await context.defaultList(window)
        }
        let everyone: Listed<Person> = try await context.defaultList(0..<Int.max)
        let found = everyone.values.filter { person in
            [person.firstName, person.lastName].contains { $0.localizedCaseInsensitiveContains(search) }
        }
        return Listed(Array(found[window.clamped(to: found.indices)]), total: found.count)
    }
}
