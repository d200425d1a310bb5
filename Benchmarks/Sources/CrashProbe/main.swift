import CrudeRuntime
import CrudeStore
import Foundation
import GRDB
import HTTPTypes
import StoreBenchModels

// The processes Scripts/kill-campaign.py kills with SIGKILL, and the checks it runs after each kill:
//
//   crash-probe store-write DB       upserts batches of accounts into a CrudeStore database, one transaction
//                                    per batch, printing `committed K` once batch K has committed
//   crash-probe store-verify DB      prints `batches K` when the database passes `PRAGMA integrity_check` and
//                                    holds exactly batches 1…K; exits 1 with the reason otherwise
//   crash-probe cache-write DIR      stores responses in a DiskResponseCache, printing `stored K` after each
//   crash-probe cache-verify DIR     prints `hits H misses M leftovers L`, where every hit is a whole response
//                                    and L counts files in the folder that are not responses; exits 1 on a
//                                    torn response
//   crash-probe store-load DB [N]    10,000 concurrent upserts of one account each into a new database with
//                                    N observations of the whole table attached (3 by default); checks that every row is kept once and
//                                    that each observation's last value is the whole table, and prints the
//                                    time (run it under `/usr/bin/time -v` for its peak memory)

/// Accounts per batch; each batch also renames account 1, so a batch is inserts and an update.
let batchSize = 20
/// The URLs the cache probe writes; each write replaces one, so the cache churns and evicts.
let cachedURLs = (0..<40).map { URL(string: "https://api.example.com/items/\($0)")! }

/// Batch `number`'s accounts.
func batch(_ number: Int) -> [Account] {
    let renamed = Account(
        id: 1, name: "renamed by batch \(number)", email: "a1@example.com", role: .admin, score: 1, active: true, joinedAt: Date(timeIntervalSince1970: 0))
    let inserted = (1...batchSize).map { offset in
        let id = number * batchSize + offset
        return Account(
            id: id, name: "account \(id)", email: "a\(id)@example.com", role: .member, score: Double(id), active: id % 2 == 0,
            joinedAt: Date(timeIntervalSince1970: Double(id)), nickname: id % 3 == 0 ? "n\(id)" : nil)
    }
    return [renamed] + inserted
}

/// A body whose first line states its length and a digest of the rest, so a reader can tell a whole body
/// from a torn one.
func body(for url: URL, write: Int) -> Data {
    let length = 1_000 + (write * 7_919) % 200_000
    let filler = String(repeating: "\(url.lastPathComponent)-\(write) ", count: length / 8)
    return Data("\(filler.utf8.count) \(digest(filler))\n\(filler)".utf8)
}

/// FNV-1a of `text`: a digest a torn body would not match.
func digest(_ text: String) -> UInt64 {
    text.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
}

/// Whether `data` is a body ``body(for:write:)`` wrote, whole.
func isWhole(_ data: Data) -> Bool {
    let text = String(decoding: data, as: UTF8.self)
    guard let newline = text.firstIndex(of: "\n") else { return false }
    let head = text[..<newline].split(separator: " ")
    let rest = String(text[text.index(after: newline)...])
    return head.count == 2 && Int(head[0]) == rest.utf8.count && head[1] == "\(digest(rest))"
}

func printFlushed(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ reason: String) -> Never {
    FileHandle.standardError.write(Data((reason + "\n").utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: crash-probe store-write|store-verify|cache-write|cache-verify PATH") }
let path = arguments[2]

switch arguments[1] {
case "store-write":
    let store = try Store(path: path, schema: StoreBench.storeSchema)
    // Continue after the batches a killed writer committed (counted in SQL: reading every row back would
    // outlast the kill window once the table is large).
    var number = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Account") ?? 0 } / batchSize + 1
    while true {
        try await store.upsert(batch(number))
        printFlushed("committed \(number)")
        number += 1
    }

case "store-verify":
    let database = try DatabaseQueue(path: path)
    let (integrity, rows, renamed) = try database.read { db in
        (
            try String.fetchAll(db, sql: "PRAGMA integrity_check"),
            try Int.fetchAll(db, sql: "SELECT id FROM Account ORDER BY id"),
            try String.fetchOne(db, sql: "SELECT name FROM Account WHERE id = 1")
        )
    }
    guard integrity == ["ok"] else { fail("integrity_check: \(integrity)") }
    let batches = rows.count / batchSize
    guard rows == (rows.isEmpty ? [] : [1] + Array(batchSize + 1...batchSize * (batches + 1))),
        renamed == (batches == 0 ? nil : "renamed by batch \(batches)")
    else {
        fail("rows are not whole batches: \(rows.count) rows, account 1 named \(renamed ?? "nil")")
    }
    printFlushed("batches \(batches)")

case "cache-write":
    let cache = try DiskResponseCache(folder: URL(fileURLWithPath: path), capacity: 2 << 20)
    var write = 0
    while true {
        write += 1
        let url = cachedURLs[write % cachedURLs.count]
        let head = HTTPResponse(status: .ok, headerFields: [.contentType: "text/plain", .eTag: "\"\(write)\""])
        cache.store(CachedResponse(head: head, body: body(for: url, write: write), storedAt: Date(), varyingHeaders: [:]), for: url)
        printFlushed("stored \(write)")
    }

case "cache-verify":
    let folder = URL(fileURLWithPath: path)
    let cache = try DiskResponseCache(folder: folder, capacity: 2 << 20)
    var hits = 0
    for url in cachedURLs {
        guard let response = cache.response(for: url) else { continue }
        guard isWhole(response.body), response.head.status == .ok else { fail("a torn response for \(url)") }
        hits += 1
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: path)
    let leftovers = names.filter { !$0.hasSuffix(".response") }
    printFlushed("hits \(hits) misses \(cachedURLs.count - hits) leftovers \(leftovers.count)")

case "store-load":
    let store = try Store(path: path, schema: StoreBench.storeSchema)
    let observerCount = arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3
    let observers = (0..<observerCount).map { _ in
        Task {
            var last = 0
            for try await accounts in try store.observe(Account.self) {
                last = accounts.count
                if last == 10_000 { break }
            }
            return last
        }
    }
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        for account in (1...10_000).map({ batch($0)[1] }) {
            group.addTask { try await store.upsert(account) }
        }
        try await group.waitForAll()
    }
    let elapsed = ContinuousClock.now - start
    let ids = try await store.all(Account.self).map(\.id)
    guard ids == Array(ids.sorted()), Set(ids).count == 10_000, ids.count == 10_000 else { fail("\(ids.count) rows kept, \(Set(ids).count) distinct") }
    for observer in observers {
        guard try await observer.value == 10_000 else { fail("an observation did not reach 10,000 rows") }
    }
    printFlushed("store-load: 10000 concurrent upserts in \(elapsed), \(observerCount) observations saw all 10000 rows")

default:
    fail("unknown mode \(arguments[1])")
}
