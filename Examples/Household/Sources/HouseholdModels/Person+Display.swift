import Foundation

// Hand-written code lives next to the spec; the generated `Person` and the rest come from
// Household.crude.yaml through the build plugin and are compiled into this module.
// (A target needs at least one Swift file of its own for SwiftPM to build it.)

extension Person {
    /// "Ada Lovelace".
    public var fullName: String { "\(firstName) \(lastName)" }

    /// One line about the person, for the demo.
    public var summary: String {
        let color = favoriteColor.map { "\($0.rawValue)" } ?? "none"
        let born = birthday.formatted(.iso8601.year().month().day())
        let percent = Int((completion * 100).rounded())
        return
            "\(fullName) (id \(id.map(String.init) ?? "new")), born \(born), favorite color \(color), \(percent)% complete, tags: \(tags.joined(separator: ", "))"
    }
}
