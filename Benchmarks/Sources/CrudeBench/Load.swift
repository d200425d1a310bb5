import BenchModels
import CrudeAsyncHTTPClient
import CrudeRuntime
import Foundation
import HeapUsage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kind of operation number `index` of a load run: creates, reads and lists in turn.
enum LoadKind: Int, CaseIterable {
    /// `POST /items`.
    case create
    /// `GET /items/r-N`.
    case read
    /// `GET /items?op=N`.
    case list

    /// The kind of operation number `index`.
    init(_ index: Int) {
        self = Self(rawValue: index % 3)!
    }
}

/// What the load server saw: how many times each operation's index arrived, per kind of operation.
final class LoadLedger: @unchecked Sendable {
    /// Guards the counts, which every connection's thread updates.
    private let lock = NSLock()
    /// Arrivals per kind (`LoadKind.rawValue`), then per operation index.
    private var arrivals: [[Int]]
    /// Requests the server could not attribute to an operation: must stay 0.
    private var strays = 0

    /// A ledger of `operations` operations, none seen yet.
    init(operations: Int) {
        arrivals = Array(repeating: Array(repeating: 0, count: operations), count: LoadKind.allCases.count)
    }

    /// Counts an arrival of operation `index` of `kind`, or a stray when there is no such operation.
    func count(_ kind: LoadKind, _ index: Int?) {
        lock.withLock {
            if let index, arrivals[kind.rawValue].indices.contains(index) { arrivals[kind.rawValue][index] += 1 } else { strays += 1 }
        }
    }

    /// Operations the server never saw; arrivals beyond each operation's one (a repeat, or a request of a kind
    /// its operation is not); requests of no operation.
    func tally() -> (lost: Int, duplicated: Int, strays: Int) {
        lock.withLock {
            var lost = 0
            var duplicated = 0
            for index in arrivals[0].indices {
                let own = arrivals[LoadKind(index).rawValue][index]
                let all = arrivals.reduce(0) { $0 + $1[index] }
                if own == 0 { lost += 1 }
                duplicated += all - min(own, 1)
            }
            return (lost, duplicated, strays)
        }
    }
}

/// The load server's answers, which carry the operation's index so that the client can check it got its own:
/// `POST /items` with note `op-N` creates `c-N`; `GET /items/r-N` reads `r-N`; `GET /items?op=N` lists `l-N`.
func loadAnswer(ledger: LoadLedger) -> LoopbackServer.Handler {
    { method, path, query, body in
        switch (method, path) {
        case ("POST", "/items"):
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
            let index = (object?["note"] as? String).flatMap { $0.hasPrefix("op-") ? Int($0.dropFirst(3)) : nil }
            ledger.count(.create, index)
            return (201, Data(loadItemJSON(id: "c-\(index ?? -1)", index: index ?? -1).utf8))
        case ("GET", "/items"):
            let index = query.hasPrefix("op=") ? Int(query.dropFirst(3)) : nil
            ledger.count(.list, index)
            return (200, Data("[\(loadItemJSON(id: "l-\(index ?? -1)", index: index ?? -1))]".utf8))
        case ("GET", _) where path.hasPrefix("/items/r-"):
            let index = Int(path.dropFirst("/items/r-".count))
            ledger.count(.read, index)
            return (200, Data(loadItemJSON(id: "r-\(index ?? -1)", index: index ?? -1).utf8))
        default:
            ledger.count(.create, nil)
            return (404, Data())
        }
    }
}

/// An item of operation `index`, as the server answers it.
func loadItemJSON(id: String, index: Int) -> String {
    #"{"id": "\#(id)", "count": \#(index), "note": "op-\#(index)", "created_at": "2024-05-01T00:00:00Z", "score": 0.5, "tags": []}"#
}

/// Runs operation `index` through `client` and says whether the answer is the server's answer to it.
func runLoadOperation(_ index: Int, on client: APIClient) async throws -> Bool {
    switch LoadKind(index) {
    case .create:
        let item = try await Item(count: index, note: "op-\(index)", createdAt: Date(timeIntervalSince1970: 0), score: 0.5, tags: []).create(on: client)
        return item.id == "c-\(index)" && item.note == "op-\(index)"
    case .read:
        let item = try await Item.read(id: "r-\(index)", on: client)
        return item.id == "r-\(index)" && item.count == index
    case .list:
        let items = try await Item.list(query: [URLQueryItem(name: "op", value: String(index))], on: client)
        return items.count == 1 && items.first?.id == "l-\(index)" && items.first?.count == index
    }
}

/// The process's peak resident set so far, in bytes (Linux counts it in kilobytes).
func peakResidentBytes() -> Int {
    #if canImport(Glibc)
    processUsage().ru_maxrss * 1024
    #else
    processUsage().ru_maxrss
    #endif
}

/// The largest heap in use seen while sampling, every millisecond until cancelled.
func sampleHeapPeak() async -> Int {
    var peak = Int(heap_in_use())
    while !Task.isCancelled {
        peak = max(peak, Int(heap_in_use()))
        try? await Task.sleep(for: .milliseconds(1))
    }
    return peak
}

/// Runs `operations` operations at once through one client over `transport` against a loopback server of
/// their own; prints and returns the figures, and stops the process if any operation was lost, duplicated or
/// answered with another's result.
func runLoad(operations: Int, transport: any HTTPTransport) async throws -> [String: Any] {
    let ledger = LoadLedger(operations: operations)
    let server = try LoopbackServer(loadAnswer(ledger: ledger))
    defer { server.stop() }
    var configuration = Bench.configuration(baseURL: server.origin)
    // Every operation waits behind the others for one of the transport's few connections; the default 30 s
    // would measure the queue, not a failure.
    configuration.timeout = .seconds(300)
    let client = APIClient(configuration: configuration, transport: transport)
    let name = type(of: transport)
    let heapBefore = Int(heap_in_use())
    let sampler = Task { await sampleHeapPeak() }
    let start = ContinuousClock.now
    let (matched, failures, firstError) = await withThrowingTaskGroup(of: Bool.self) { group in
        for index in 0..<operations {
            group.addTask { try await runLoadOperation(index, on: client) }
        }
        var matched = 0
        var failures = 0
        var firstError: (any Error)?
        while let result = await group.nextResult() {
            switch result {
            case .success(true): matched += 1
            case .success(false): failures += 1
            case .failure(let error):
                failures += 1
                firstError = firstError ?? error
            }
        }
        return (matched, failures, firstError)
    }
    let elapsed = seconds(ContinuousClock.now - start)
    sampler.cancel()
    let heapPeak = await sampler.value
    if let transport = transport as? AsyncHTTPClientTransport { try await transport.shutdown() }
    let heapAfter = Int(heap_in_use())
    let (lost, duplicated, strays) = ledger.tally()
    let peakRSS = peakResidentBytes()
    let figures: [String: Any] = [
        "seconds": elapsed, "operations_per_second": Double(operations) / elapsed, "matched": matched, "failed": failures,
        "lost": lost, "duplicated": duplicated, "stray_requests": strays, "heap_before_bytes": heapBefore,
        "heap_peak_bytes": heapPeak, "heap_after_bytes": heapAfter, "peak_rss_bytes": peakRSS,
    ]
    print(
        "load through one client, \(name): \(operations) concurrent operations in \(String(format: "%.2f", elapsed)) s "
            + "(\(String(format: "%.0f", Double(operations) / elapsed)) operations/s); \(matched) answered with their own result, "
            + "\(failures) failed, \(lost) lost, \(duplicated) duplicated, \(strays) stray requests; heap \(heapBefore / 1024) KB before, "
            + "peak \(heapPeak / 1024) KB, \(heapAfter / 1024) KB after; peak RSS of the process so far \(peakRSS / 1_048_576) MB")
    if let firstError { print("  first failure: \(firstError)") }
    guard matched == operations, failures == 0, lost == 0, duplicated == 0, strays == 0 else {
        print("the load run lost, duplicated or mixed up operations")
        // `exit` flushes standard output, which a crash would lose with the figures above.
        exit(1)
    }
    return figures
}
