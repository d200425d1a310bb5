import CrudeRuntime
import CrudeStore
import Foundation
import GRDB
import StoreBenchModels

// Upserting 10,000 decoded models into SQLite and reading them back: the generated `Account` conformance
// through CrudeStore against hand-written GRDB records for the same table (`swift run -c release
// store-bench [--count N] [--rounds R]`). Rounds alternate the two and report medians; each round writes
// a fresh database file in WAL mode. A second table compares teams holding members as a JSON column (the
// store's design) with a member table joined by a foreign key.

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? value
}
let count = option("--count", default: 10_000)
let rounds = option("--rounds", default: 7)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

// The models, decoded from the JSON a server would send, before any timing.
let json =
    "["
    + (1...count).map { id in
        #"{"id": \#(id), "name": "user \#(id)", "email": "user\#(id)@example.com", "role": "\#(id % 7 == 0 ? "admin" : "member")", "score": \#(Double(id) / 3), "active": \#(id % 2 == 0), "joined_at": "2024-03-\#(String(format: "%02d", id % 28 + 1))T10:15:30Z", "nickname": \#(id % 3 == 0 ? "\"n\(id)\"" : "null")}"#
    }.joined(separator: ",") + "]"
let accounts = try JSONDecoder().decode([Account].self, from: Data(json.utf8))
let handAccounts = accounts.map {
    HandAccount(
        id: $0.id, name: $0.name, email: $0.email, role: $0.role.rawValue, score: $0.score, active: $0.active, joinedAt: $0.joinedAt, nickname: $0.nickname)
}
let teams = (1...count / 10).map { id in
    Team(id: id, title: "team \(id)", members: (0..<3).map { Member(name: "member \(id).\($0)", email: "m\(id).\($0)@example.com") })
}

func freshPath() -> String {
    folder.appendingPathComponent("\(UUID().uuidString).sqlite").path
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

struct Sample {
    var upsert: Double
    var read: Double
}

func generatedAccounts() async throws -> Sample {
    let store = try Store(path: freshPath(), schema: StoreBench.storeSchema)
    let upsert = try await seconds { try await store.upsert(accounts) }
    var read: [Account] = []
    let readTime = try await seconds { read = try await store.all(Account.self) }
    precondition(read == accounts, "the store read back other accounts")
    return Sample(upsert: upsert, read: readTime)
}

/// GRDB's `upsert(_:)` (`INSERT … ON CONFLICT DO UPDATE … RETURNING`, which refreshes the record), or with
/// `replacing` its `insert(_:onConflict: .replace)` (`INSERT OR REPLACE`, which deletes a kept row first).
func handWrittenAccounts(replacing: Bool = false) async throws -> Sample {
    let pool = try DatabasePool(path: freshPath())
    try await pool.write { db in try HandAccount.createTable(db) }
    let upsert = try await seconds {
        try await pool.write { db in
            if replacing {
                for account in handAccounts { try account.insert(db, onConflict: .replace) }
            } else {
                for account in handAccounts { try account.upsert(db) }
            }
        }
    }
    var read: [HandAccount] = []
    let readTime = try await seconds { read = try await pool.read { db in try HandAccount.order(HandAccount.Columns.id).fetchAll(db) } }
    precondition(read.count == count && read.last?.nickname == handAccounts.last?.nickname, "GRDB read back other accounts")
    return Sample(upsert: upsert, read: readTime)
}

func generatedTeams() async throws -> Sample {
    let store = try Store(path: freshPath(), schema: StoreBench.storeSchema)
    let upsert = try await seconds { try await store.upsert(teams) }
    var read: [Team] = []
    let readTime = try await seconds { read = try await store.all(Team.self) }
    precondition(read == teams, "the store read back other teams")
    return Sample(upsert: upsert, read: readTime)
}

func relatedTableTeams() async throws -> Sample {
    let pool = try DatabasePool(path: freshPath())
    try await pool.write { db in try HandMember.createTables(db) }
    let upsert = try await seconds {
        try await pool.write { db in
            for team in teams {
                try HandTeam(id: team.id, title: team.title).upsert(db)
                // A team's list replaces the one kept: its old members go first.
                try HandMember.filter(Column("team_id") == team.id).deleteAll(db)
                for (position, member) in team.members.enumerated() {
                    try HandMember(teamID: team.id, position: position, name: member.name, email: member.email).insert(db)
                }
            }
        }
    }
    var read: [Team] = []
    let readTime = try await seconds {
        read = try await pool.read { db in
            let members = try HandMember.order(Column("team_id"), Column("position")).fetchAll(db)
            let byTeam = Dictionary(grouping: members, by: \.teamID)
            return try HandTeam.order(Column("id")).fetchAll(db).map { team in
                Team(id: team.id, title: team.title, members: (byTeam[team.id] ?? []).map { Member(name: $0.name, email: $0.email) })
            }
        }
    }
    precondition(read == teams, "the related tables read back other teams")
    return Sample(upsert: upsert, read: readTime)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

var samples: [String: [Sample]] = [:]
for round in 0..<rounds {
    // Alternate which goes first, so neither always meets a warmer cache.
    let order = round % 2 == 0 ? ["generated", "hand", "replace"] : ["replace", "hand", "generated"]
    for name in order {
        let sample =
            switch name {
            case "generated": try await generatedAccounts()
            case "hand": try await handWrittenAccounts()
            default: try await handWrittenAccounts(replacing: true)
            }
        samples[name, default: []].append(sample)
    }
    for name in order where name != "replace" {
        samples["json " + name, default: []].append(name == "generated" ? try await generatedTeams() : try await relatedTableTeams())
    }
}

func milliseconds(_ value: Double) -> String { String(format: "%.1f ms", value * 1000) }
func row(_ label: String, _ store: [Sample], _ baseline: [Sample], _ part: (Sample) -> Double) -> String {
    let mine = median(store.map(part))
    let theirs = median(baseline.map(part))
    return "| \(label) | \(milliseconds(mine)) | \(milliseconds(theirs)) | **\(String(format: "%.2f", theirs / mine))×** |"
}
let total = { (sample: Sample) in sample.upsert + sample.read }
print("### \(count) accounts: generated CrudeStore conformance vs hand-written GRDB records (median of \(rounds) rounds)")
print("")
print("| step | CrudeStore (generated) | GRDB (hand-written, `upsert`) | speed vs hand-written |")
print("|---|---:|---:|---:|")
print(row("upsert in one transaction", samples["generated"]!, samples["hand"]!, \.upsert))
print(row("read back all", samples["generated"]!, samples["hand"]!, \.read))
print(row("upsert + read back", samples["generated"]!, samples["hand"]!, total))
print(row("upsert with `INSERT OR REPLACE` instead", samples["generated"]!, samples["replace"]!, \.upsert))
print(row("upsert with `INSERT OR REPLACE` + read back", samples["generated"]!, samples["replace"]!, total))
print("")
print("### \(count / 10) teams of 3 members: JSON column (CrudeStore) vs a member table with a foreign key (hand-written GRDB)")
print("")
print("| step | JSON column | related table | speed vs related table |")
print("|---|---:|---:|---:|")
print(row("upsert in one transaction", samples["json generated"]!, samples["json hand"]!, \.upsert))
print(row("read back all", samples["json generated"]!, samples["json hand"]!, \.read))
print(row("upsert + read back", samples["json generated"]!, samples["json hand"]!, total))
