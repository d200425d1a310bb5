import CrudeServe
import Foundation
import HouseholdService
import Hummingbird

// The household registry's server: the Household API under /api, and a health check of the server's own.
//   swift run HouseholdServer [--port 8080] [--seed ../Household/seed.json] [--database registry.sqlite | postgres://…]
/// Writes `line` at once (`print` holds lines back when the output is a pipe, as a script's is).
@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard ["--port", "--seed", "--database"].contains(name), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("usage: HouseholdServer [--port N] [--seed FILE] [--database PATH_OR_URL]\n".utf8))
        exit(2)
    }
    options[name] = value
}

do {
    let seed = try options["--seed"].map { try Seed(contentsOf: $0) } ?? Seed()
    let server = try Registry().server(seed: seed, database: options["--database"], options: .init(log: say))
    let router = Router()
    router.get("health") { _, _ in "ok" }
    server.register(on: router)
    let app = Application(
        router: router,
        configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: Int(options["--port"] ?? "8080") ?? 8080)),
        services: server.services,
        onServerRunning: { channel in
            say("Serving Household at http://127.0.0.1:\(channel.localAddress?.port ?? 0)/api")
        }
    )
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("HouseholdServer: \(error)\n".utf8))
    exit(1)
}
