import CrudeRuntime
import Foundation
import Owners
import Shared
import Toys

// An owner read through the `Owners` target, whose address goes to the `Toys` target's delivery: one
// `Shared.Address`, declared once in the `Shared` target.
//   swift run PetShopDemo http://127.0.0.1:8080/v1
guard CommandLine.arguments.count == 2, let baseURL = URL(string: CommandLine.arguments[1]), baseURL.host != nil else {
    FileHandle.standardError.write(Data("usage: PetShopDemo <base URL of the Pet Shop API, e.g. http://127.0.0.1:8080/v1>\n".utf8))
    exit(2)
}

// The parts share their base URL, headers and envelope, so one client serves all of them.
let client = APIClient(configuration: OwnersAPI.configuration(baseURL: baseURL))
do {
    let owner = try await Owner.read(id: 1, on: client)
    print("read      \(owner.name), \(owner.address?.city ?? "no address")")
    guard let address: Shared.Address = owner.address else { exit(1) }
    let toys = try await ToysAPI.deliverToys(address, on: client)
    print("delivered \(toys.map(\.name).joined(separator: ", ")) to \(address.city)")
} catch {
    FileHandle.standardError.write(Data("PetShopDemo: \(error)\n".utf8))
    exit(1)
}
