import CrudeServe
import DRFItemsServer
import Foundation
import HeroesServer

// A fixture's generated server (`crudegen --server`), every operation answered by its default: what
// serve_bench.py measures beside `crudegen serve` of the same spec and the Python server it was imported from.
//   generated-serve heroes|drf-items --port 0 --data seed.json [--database FILE | postgres://…]
// Like `crudegen serve`, it writes one line per request and its address to standard error, and stops on SIGTERM.

/// The Heroes API (Fixtures/fastapi-imported) with no method of its own.
struct HeroesDefaults: HeroesService {}
/// The DRFItems API (Fixtures/drf-imported) with no method of its own.
struct DRFItemsDefaults: DRFItemsService {}

/// Writes `line` to standard error at once.
@Sendable func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let api = arguments.first, ["heroes", "drf-items"].contains(api), arguments.count % 2 == 1 else {
    report("usage: generated-serve heroes|drf-items [--port N] [--data FILE] [--database PATH_OR_URL]")
    exit(2)
}
var options: [String: String] = [:]
for index in stride(from: 1, to: arguments.count, by: 2) {
    options[arguments[index]] = arguments[index + 1]
}
do {
    let seed = try options["--data"].map { try Seed(contentsOf: $0) } ?? Seed()
    let serving = SpecServer.Options(log: report)
    let server =
        api == "heroes"
        ? try HeroesDefaults().server(seed: seed, database: options["--database"], options: serving)
        : try DRFItemsDefaults().server(seed: seed, database: options["--database"], options: serving)
    try await server.run(host: "127.0.0.1", port: Int(options["--port"] ?? "0") ?? 0) { url in
        report("Serving \(api) at \(url)")
    }
} catch {
    report("generated-serve: \(error)")
    exit(1)
}
