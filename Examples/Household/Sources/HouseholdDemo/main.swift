import Foundation
import HouseholdModels

// Decodes a Person as CRUDE-Futures' server sends it and encodes it back, proving that the models the
// build plugin generated from Household.crude.yaml compile and work.
let json = """
    {
      "id_Number": 7,
      "first_name": "Ada",
      "last_name": "Lovelace",
      "favorite_color": "dark_red",
      "birthday": "1815-12-10T00:00:00Z",
      "completion": 42,
      "tags": ["math", "poetry"]
    }
    """

do {
    let person = try JSONDecoder().decode(Person.self, from: Data(json.utf8))
    print(person.summary)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    print(String(decoding: try encoder.encode(person), as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("HouseholdDemo: \(error)\n".utf8))
    exit(1)
}
