// Runtime benchmarks of crudegen's generated code (`BenchModels`, from Specs/Bench.crude.yaml):
//
// 1. decode: a JSON array of `Item` (10 MB by default) decoded with the generated type, plainly through
//    `JSONDecoder` and through `APIClient.decode` (envelope-unwrapping path operations use), against a
//    hand-written `Codable` struct with `CodingKeys` and `JSONDecoder`'s `.iso8601` dates;
// 2. round trips: create, read, update, list, delete against a minimal HTTP/1.1 server on 127.0.0.1 in
//    this process (LoopbackServer.swift) with `URLSessionTransport` and with `AsyncHTTPClientTransport`: the
//    generated operations on `APIClient` against the same requests made directly with the transport (bodies
//    encoded with `JSONEncoder`, responses decoded with `JSONDecoder` into a hand-written `Codable` struct),
//    and against the floor of the same bytes sent with no coding at all; all six loops interleaved;
// 3. the client's own CPU cost per request, without a network: the same three loops on a transport that
//    answers from memory.
//
// 4. load (only with `--load N`): N concurrent create, read and list operations, each with an id of its own,
//    through one `APIClient` per transport against the loopback server, which counts every id; checks that
//    none is lost or duplicated and that every result is the server's answer to it, and reports throughput
//    and memory.
//
// Variants run interleaved round by round (the order rotates), so drift on a shared machine hits all of
// them; medians are reported. Build in release: `swift build -c release --product crude-bench`.
//
//   crude-bench [--decode-mb 10] [--decode-rounds 7] [--rt-rounds 7] [--rt-iterations 200] [--json PATH]
//               [--mem-iterations 2000] [--only decode|round-trips|in-memory] [--variants a,b]
//   crude-bench --load 10000 [--json PATH]

import BenchModels
import BenchSupport
import CrudeAsyncHTTPClient
import CrudeRuntime
import Foundation
import HTTPTypes
import HTTPTypesFoundation
import HeapUsage

// MARK: options

struct Options {
    var decodeMB = 10.0
    var decodeRounds = 7
    var roundTripRounds = 7
    var roundTripIterations = 200
    var jsonPath: String?
    var memoryIterations = 2000
    var decode = true
    var roundTrips = true
    var inMemory = true
    var variants: Set<String>?
    /// The operations of the load part, which runs alone when set.
    var loadOperations: Int?

    init(_ arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            func value() -> String {
                guard let value = iterator.next() else { fatalError("\(argument) needs a value") }
                return value
            }
            switch argument {
            case "--decode-mb": decodeMB = Double(value())!
            case "--decode-rounds": decodeRounds = Int(value())!
            case "--rt-rounds": roundTripRounds = Int(value())!
            case "--rt-iterations": roundTripIterations = Int(value())!
            case "--json": jsonPath = value()
            case "--mem-iterations": memoryIterations = Int(value())!
            case "--variants": variants = Set(value().split(separator: ",").map(String.init))
            case "--load":
                loadOperations = Int(value())!
                decode = false
                roundTrips = false
                inMemory = false
            case "--only":
                let part = value()
                decode = part == "decode"
                roundTrips = part == "round-trips"
                inMemory = part == "in-memory"
                precondition(decode || roundTrips || inMemory, "--only takes decode, round-trips or in-memory")
            default: fatalError("unknown option \(argument)")
            }
        }
    }
}

let options = Options(CommandLine.arguments)

// MARK: helpers

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The resources the whole process (every thread: client, URLSession, server) has used so far.
func processUsage() -> rusage {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
}

/// The CPU time of the whole process so far.
func processCPUSeconds() -> Double {
    let usage = processUsage()
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Runs `variants` once per round in an order that rotates every round; returns each variant's wall times
/// (as the variant measured them) and the process's CPU time during each run. `--variants` keeps some.
func interleaved(rounds: Int, _ variants: [(String, () async throws -> Double)]) async throws -> (wall: [String: [Double]], cpu: [String: [Double]]) {
    let variants = variants.filter { options.variants?.contains($0.0) ?? true }
    var wall: [String: [Double]] = [:]
    var cpu: [String: [Double]] = [:]
    for round in 0..<rounds {
        for index in 0..<variants.count {
            let (name, run) = variants[(index + round) % variants.count]
            let before = processCPUSeconds()
            wall[name, default: []].append(try await run())
            cpu[name, default: []].append(processCPUSeconds() - before)
        }
    }
    return (wall, cpu)
}

var report: [String: Any] = [:]

// MARK: 1. decoding

if options.decode {
    let (data, count) = itemArrayJSON(megabytes: options.decodeMB)
    let megabytes = Double(data.count) / 1_000_000
    print("decode: \(count) items, \(String(format: "%.2f", megabytes)) MB, \(options.decodeRounds) rounds")

    // Correctness first: every variant decodes the same values.
    let hand = try handDecoder().decode([HandItem].self, from: data)
    let generated = try JSONDecoder().decode([Item].self, from: data)
    let client = APIClient(configuration: Bench.configuration(), transport: InMemoryTransport(json: "{}"))
    let response = ClientResponse(head: HTTPTypes.HTTPResponse(status: .ok), body: data)
    let viaClient = try client.decode([Item].self, from: response)
    precondition(hand.count == count && generated.count == count && viaClient.count == count)
    for index in 0..<count {
        precondition(same(generated[index], hand[index]) && generated[index] == viaClient[index], "item \(index) differs")
    }

    let clock = ContinuousClock()
    let timings = try await interleaved(
        rounds: options.decodeRounds,
        [
            (
                "handwritten",
                {
                    let decoder = handDecoder()
                    let start = clock.now
                    let values = try decoder.decode([HandItem].self, from: data)
                    let elapsed = seconds(clock.now - start)
                    precondition(values.count == count)
                    return elapsed
                }
            ),
            (
                "generated",
                {
                    let decoder = JSONDecoder()
                    let start = clock.now
                    let values = try decoder.decode([Item].self, from: data)
                    let elapsed = seconds(clock.now - start)
                    precondition(values.count == count)
                    return elapsed
                }
            ),
            (
                "generated_client",
                {
                    let start = clock.now
                    let values = try client.decode([Item].self, from: response)
                    let elapsed = seconds(clock.now - start)
                    precondition(values.count == count)
                    return elapsed
                }
            ),
        ])
    var decode: [String: Any] = ["items": count, "megabytes": megabytes, "rounds": options.decodeRounds]
    for (name, values) in timings.wall {
        let throughput = megabytes / median(values)
        decode[name] = ["median_seconds": median(values), "mb_per_second": throughput, "seconds": values]
        print("  \(name): median \(String(format: "%.3f", median(values))) s, \(String(format: "%.1f", throughput)) MB/s")
    }
    report["decode"] = decode
}

// MARK: 2. and 3. the CRUD loops

/// The headers of requests made directly with the transport: `Accept` on all, `Content-Type` where there is a body.
enum DirectHeaders {
    static let get: HTTPFields = [.accept: "application/json"]
    static let send: HTTPFields = [.accept: "application/json", .contentType: "application/json"]
}

/// One iteration of a variant. The loops are built by global functions, not in this file's top-level code,
/// so they are not isolated to the main actor: every variant runs on the global executor and pays only the
/// actor hops its own code makes. (Written as local functions of the top-level code, they hopped to the main
/// actor and back around every call into the runtime, which charged the variant making more calls for
/// thread switches, not for its work.)
typealias Loop = @Sendable () async throws -> Void

/// A variant for ``interleaved(rounds:_:)``: runs `loop` `iterations` times and returns the seconds taken.
func timedLoop(iterations: Int, _ loop: @escaping Loop) -> () async throws -> Double {
    {
        let start = ContinuousClock.now
        for _ in 0..<iterations { try await loop() }
        return seconds(ContinuousClock.now - start)
    }
}

/// The values every loop creates and updates.
let newItem = Item(count: 1, note: "new", createdAt: Date(timeIntervalSince1970: 1_714_564_800), score: 0.5, tags: ["a", "b"])
let newHandItem = HandItem(id: nil, count: 1, note: "new", createdAt: Date(timeIntervalSince1970: 1_714_564_800), score: 0.5, tags: ["a", "b"])

/// One CRUD round trip through the generated operations.
func generatedLoop(on client: APIClient) -> Loop {
    {
        let created = try await newItem.create(on: client)
        let id = created.id!
        _ = try await Item.read(id: id, on: client)
        _ = try await created.update(on: client)
        _ = try await Item.list(on: client)
        try await Item.delete(id: id, on: client)
    }
}

/// The same round trip made directly with the transport, as a developer writes it without crudegen: bodies
/// encoded with `JSONEncoder`, responses decoded with `JSONDecoder` into the hand-written struct.
func directLoop(through transport: some HTTPTransport, base: URL) -> Loop {
    let collection = base.appendingPathComponent("items")
    return {
        let created = try await directCall(transport, .post, collection, newHandItem, HandItem.self)
        let member = collection.appendingPathComponent(created.id!)
        _ = try await directCall(transport, .get, member, nil, HandItem.self)
        _ = try await directCall(transport, .put, member, created, HandItem.self)
        _ = try await directCall(transport, .get, collection, nil, [HandItem].self)
        let (response, _) = try await transport.send(
            HTTPTypes.HTTPRequest(method: .delete, url: member, headerFields: DirectHeaders.get), body: nil, timeout: .seconds(30))
        precondition(response.status.kind == .successful)
    }
}

/// One request of ``directLoop(through:base:)``.
func directCall<T: Decodable>(_ transport: some HTTPTransport, _ method: HTTPTypes.HTTPRequest.Method, _ url: URL, _ body: HandItem?, _ type: T.Type)
    async throws -> T
{
    let data = try body.map { try handEncoder().encode($0) }
    let request = HTTPTypes.HTTPRequest(method: method, url: url, headerFields: data == nil ? DirectHeaders.get : DirectHeaders.send)
    let (response, responseBody) = try await transport.send(request, body: data, timeout: .seconds(30))
    precondition(response.status.kind == .successful)
    return try handDecoder().decode(T.self, from: responseBody)
}

/// The floor: the generated operations' exact request bytes sent straight to the transport, nothing
/// encoded and nothing decoded.
func uncodedLoop(through transport: some HTTPTransport, client: APIClient) async throws -> Loop {
    let created = try await newItem.create(on: client)
    let collection = client.configuration.baseURL.appendingPathComponent("items")
    let member = collection.appendingPathComponent(created.id!)
    let requests: [(HTTPTypes.HTTPRequest, Data?)] = try [
        (HTTPTypes.HTTPRequest(method: .post, url: collection, headerFields: DirectHeaders.send), client.body(newItem, nils: .omit)),
        (HTTPTypes.HTTPRequest(method: .get, url: member, headerFields: DirectHeaders.get), nil),
        (HTTPTypes.HTTPRequest(method: .put, url: member, headerFields: DirectHeaders.send), client.body(created, nils: .null)),
        (HTTPTypes.HTTPRequest(method: .get, url: collection, headerFields: DirectHeaders.get), nil),
        (HTTPTypes.HTTPRequest(method: .delete, url: member, headerFields: DirectHeaders.get), nil),
    ]
    return {
        for (request, body) in requests {
            let (response, _) = try await transport.send(request, body: body, timeout: .seconds(30))
            precondition(response.status.kind == .successful)
        }
    }
}

/// Runs the three loops of every client (its transport being the client's) interleaved after a warm-up and
/// returns their timings, named `direct`, `generated` and `uncoded` after the client's `prefix`.
func timeCRUDLoops(_ clients: [(prefix: String, client: APIClient)], rounds: Int, iterations: Int) async throws -> (
    wall: [String: [Double]], cpu: [String: [Double]]
) {
    var loops: [(String, Loop)] = []
    for (prefix, client) in clients {
        loops += try await [
            (prefix + "direct", directLoop(through: client.transport, base: client.configuration.baseURL)),
            (prefix + "generated", generatedLoop(on: client)),
            (prefix + "uncoded", uncodedLoop(through: client.transport, client: client)),
        ]
    }
    for _ in 0..<max(5, iterations / 10) {
        for (_, loop) in loops { try await loop() }
    }
    return try await interleaved(rounds: rounds, loops.map { name, loop in (name, timedLoop(iterations: iterations, loop)) })
}

let requestsPerIteration = 5

/// What the loopback server and the in-memory transport answer, like a tiny CRUD server: the same
/// precomputed bodies every time.
enum CannedCRUD {
    static let one = Data(itemJSON(7).utf8)
    static let list = Data(("[" + (0..<10).map(itemJSON).joined(separator: ",") + "]").utf8)

    static func answer(method: String, path: String) -> (status: Int, body: Data) {
        let isCollection = path.split(separator: "/").count == 1
        switch method {
        case "POST": return (201, one)
        case "GET": return (200, isCollection ? list : one)
        case "PUT": return (200, one)
        case "DELETE": return (204, Data())
        default: return (404, Data())
        }
    }
}

// MARK: 2. CRUD round trips over loopback

if options.roundTrips {
    let server = try LoopbackServer { method, path, _, _ in CannedCRUD.answer(method: method, path: path) }
    // A client of its own for each transport, as separate apps would have; AsyncHTTPClient's with a client it
    // made and shuts down.
    let asyncHTTPClient = AsyncHTTPClientTransport()
    let configuration = Bench.configuration(baseURL: server.origin)
    let iterations = options.roundTripIterations
    print("round trips: \(options.roundTripRounds) rounds x \(iterations) iterations x \(requestsPerIteration) requests, server \(server.origin)")
    let timings = try await timeCRUDLoops(
        [
            ("", APIClient(configuration: configuration, transport: URLSessionTransport())),
            ("ahc_", APIClient(configuration: configuration, transport: asyncHTTPClient)),
        ], rounds: options.roundTripRounds, iterations: iterations)
    try await asyncHTTPClient.shutdown()
    // URLSessionTransport's loops at the top level, as before; AsyncHTTPClientTransport's under `async_http_client`.
    var roundTrips: [String: Any] = ["rounds": options.roundTripRounds, "iterations": iterations, "requests_per_iteration": requestsPerIteration]
    var asyncHTTPClientTrips = roundTrips
    var requestsPerSecond: [String: Double] = [:]
    for (name, values) in timings.wall.sorted(by: { $0.key < $1.key }) {
        requestsPerSecond[name] = Double(iterations * requestsPerIteration) / median(values)
        let cpu = timings.cpu[name]!
        let cpuPerRequest = median(cpu) / Double(iterations * requestsPerIteration) * 1e6
        let entry: [String: Any] = [
            "median_seconds": median(values), "requests_per_second": requestsPerSecond[name]!, "seconds": values,
            "cpu_seconds": cpu, "cpu_microseconds_per_request": cpuPerRequest,
        ]
        if name.hasPrefix("ahc_") { asyncHTTPClientTrips[String(name.dropFirst(4))] = entry } else { roundTrips[name] = entry }
        print(
            "  \(name): median \(String(format: "%.3f", median(values))) s, \(String(format: "%.0f", requestsPerSecond[name]!)) requests/s, "
                + "\(String(format: "%.0f", cpuPerRequest)) µs of process CPU per request")
    }
    roundTrips["async_http_client"] = asyncHTTPClientTrips
    if let urlSession = requestsPerSecond["generated"], let asyncHTTPClient = requestsPerSecond["ahc_generated"] {
        let ratio = asyncHTTPClient / urlSession
        print(
            "  generated CRUD round trips per second: URLSessionTransport \(String(format: "%.0f", urlSession / Double(requestsPerIteration))), "
                + "AsyncHTTPClientTransport \(String(format: "%.0f", asyncHTTPClient / Double(requestsPerIteration))), "
                + "ratio \(String(format: "%.2f", ratio))×")
    }
    report["round_trips"] = roundTrips
    server.stop()
}

// MARK: 3. the client's CPU cost per request, without a network

if options.inMemory {
    /// Answers as the loopback server does, without recording (unlike `InMemoryTransport`), so that a long loop stays flat.
    struct CannedTransport: HTTPTransport {
        func send(_ request: HTTPTypes.HTTPRequest, body: Data?, timeout: Duration) async throws -> (HTTPTypes.HTTPResponse, Data) {
            let (status, body) = CannedCRUD.answer(method: request.method.rawValue, path: request.path ?? "")
            return (HTTPTypes.HTTPResponse(status: .init(code: status)), body)
        }
    }
    let transport = CannedTransport()
    let client = APIClient(configuration: Bench.configuration(baseURL: URL(string: "http://127.0.0.1:8080")!), transport: transport)
    let iterations = options.memoryIterations
    print("in memory: \(options.roundTripRounds) rounds x \(iterations) iterations x \(requestsPerIteration) requests")
    let timings = try await timeCRUDLoops([("", client)], rounds: options.roundTripRounds, iterations: iterations)
    var memory: [String: Any] = ["rounds": options.roundTripRounds, "iterations": iterations, "requests_per_iteration": requestsPerIteration]
    for (name, values) in timings.wall {
        let microseconds = median(values) / Double(iterations * requestsPerIteration) * 1e6
        memory[name] = ["median_seconds": median(values), "microseconds_per_request": microseconds, "seconds": values]
        print("  \(name): \(String(format: "%.1f", microseconds)) µs per request")
    }
    report["in_memory"] = memory
}

// MARK: 4. load through one client

if let operations = options.loadOperations {
    var load: [String: Any] = ["operations": operations]
    load["url_session"] = try await runLoad(operations: operations, transport: URLSessionTransport())
    load["async_http_client"] = try await runLoad(operations: operations, transport: AsyncHTTPClientTransport())
    report["load"] = load
}

if let path = options.jsonPath {
    let data = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: path))
}
