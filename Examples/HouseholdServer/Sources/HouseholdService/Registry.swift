import CrudeServe
import Foundation
import HouseholdModels

/// The household registry: the Household API as `crudegen serve` answers it, but for two operations.
///
/// - `createPerson` refuses a birthday in the future (422) and keeps tags lowercased, once each, sorted.
/// - `listPerson` answers the `search` and `colors` query parameters, which the spec declares and the default
///   list cannot know the meaning of: only people whose first or last name contains the search, in any case,
///   and whose favourite color is one of the colors.
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

    public func listPerson(
        householdID: Int, search: String?, colors: [Color]?, minCompletion: Double?, _ window: Range<Int>, context: OperationContext
    ) async throws -> Listed<Person> {
        guard search != nil || colors != nil else { return try await context.defaultList(window) }
        let everyone: Listed<Person> = try await context.defaultList(0..<Int.max)
        let found = everyone.values.filter { person in
            let named = search.map { search in [person.firstName, person.lastName].contains { $0.localizedCaseInsensitiveContains(search) } }
            let colored = colors.map { colors in person.favoriteColor.map(colors.contains) ?? false }
            return named != false && colored != false
        }
        return Listed(Array(found[window.clamped(to: found.indices)]), total: found.count)
    }
}
