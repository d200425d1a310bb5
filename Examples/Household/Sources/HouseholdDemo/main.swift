import CrudeRuntime
import Foundation
import HouseholdModels

// A CRUD round trip through the operations the build plugin generated from Household.crude.yaml:
//   swift run HouseholdDemo http://127.0.0.1:8080/api
guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]), baseURL.host != nil else {
    FileHandle.standardError.write(Data("usage: HouseholdDemo <base URL of a Household API, e.g. http://127.0.0.1:8080/api>\n".utf8))
    exit(2)
}

let client = APIClient(configuration: Household.configuration(baseURL: baseURL))
do {
    let birthday = try Date("1815-12-10T00:00:00Z", strategy: .iso8601)
    let created = try await Person(firstName: "Ada", lastName: "Lovelace", birthday: birthday, completion: 0.42, tags: ["math"]).create(on: client)
    print("created  \(created.summary)")

    var person = try await created.read(on: client)
    print("read     \(person.summary)")

    person.favoriteColor = .darkRed
    person.tags.append("poetry")
    person = try await person.update(on: client)
    print("updated  \(person.summary)")

    let household = try await Person.list(householdID: 1, on: client)
    print("listed   \(household.map(\.fullName).joined(separator: ", "))")

    try await person.delete(on: client)
    print("deleted  \(person.fullName)")
} catch {
    FileHandle.standardError.write(Data("HouseholdDemo: \(error)\n".utf8))
    exit(1)
}
