#if CrudePostgreSQL
import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// Values in a PostgreSQL database (`--database postgres://…`), which several server processes share:
/// each step is one statement or one transaction, a changed value is locked while it is read and written,
/// and ids are numbered by the database.
///
/// Values are stored as the wire writes them (`jsonb`), one row each, in order of creation.
final class PostgresStore: ServeStore {
    /// The connection pool; it runs as a service beside the HTTP server.
    private let client: PostgresClient
    /// The server and database, for errors (without a password).
    private let location: String
    /// How to open one connection of its own, to check the database answers before the pool is used: the
    /// pool retries a connection it cannot make for a minute before it gives up.
    private let probe: PostgresConnection.Configuration

    /// A store in the database `url` names: `postgres://user[:password]@host[:port]/database`. The tables are
    /// made on first use.
    init(url: URL) throws(StoreFailure) {
        guard url.scheme == "postgres" || url.scheme == "postgresql", let host = url.host, !host.isEmpty else {
            throw StoreFailure("\(url.absoluteString) is no PostgreSQL URL: write postgres://user@host:port/database.")
        }
        let database = url.path.split(separator: "/").first.map(String.init)
        let (port, username) = (url.port ?? 5432, url.user ?? "postgres")
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: url.password, database: database, tls: .disable)
        probe = PostgresConnection.Configuration(host: host, port: port, username: username, password: url.password, database: database, tls: .disable)
        configuration.options.maximumConnections = 32
        var logger = Logger(label: "crudegen.serve.postgres")
        logger.logLevel = .error
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        location = "\(host):\(port)/\(database ?? "")"
    }

    var service: (any Service)? { client }

    func seedIfEmpty(with tables: [String: Table]) async throws {
        try await failing {
            let connection = try await PostgresConnection.connect(configuration: probe, id: 0, logger: Self.logger)
            try await connection.close()
        }
        try await transaction { connection in
            try await Self.lock(connection)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS crudegen_serve_record (
                    resource text NOT NULL, key text NOT NULL, position bigserial NOT NULL,
                    object jsonb NOT NULL, arguments jsonb NOT NULL, PRIMARY KEY (resource, key))
                """, logger: Self.logger)
            try await connection.query(
                "CREATE INDEX IF NOT EXISTS crudegen_serve_record_position ON crudegen_serve_record (resource, position)", logger: Self.logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS crudegen_serve_counter (resource text PRIMARY KEY, last_integer bigint NOT NULL)",
                logger: Self.logger)
            let rows = try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM crudegen_serve_record) OR EXISTS (SELECT 1 FROM crudegen_serve_counter)
                """, logger: Self.logger)
            for try await holdsValues in rows.decode(Bool.self) where holdsValues { return }
            try await Self.fill(connection, with: tables)
        }
    }

    func replaceAll(with tables: [String: Table]) async throws {
        try await transaction { connection in
            try await Self.lock(connection)
            try await connection.query("DELETE FROM crudegen_serve_record", logger: Self.logger)
            try await connection.query("DELETE FROM crudegen_serve_counter", logger: Self.logger)
            try await Self.fill(connection, with: tables)
        }
    }

    func record(_ key: String, in table: String) async throws -> StoredRecord? {
        try await failing {
            try await client.withConnection { connection in try await Self.record(key, in: table, locking: false, connection) }
        }
    }

    func records(in table: String, window: Range<Int>?) async throws -> (records: [KeyedRecord], total: Int) {
        try await failing {
            try await client.withConnection { connection in
                let rows =
                    if let window {
                        try await connection.query(
                            """
                            SELECT key, object::text, arguments::text FROM crudegen_serve_record WHERE resource = \(table)
                            ORDER BY position OFFSET \(window.lowerBound) LIMIT \(window.count)
                            """, logger: Self.logger)
                    } else {
                        try await connection.query(
                            "SELECT key, object::text, arguments::text FROM crudegen_serve_record WHERE resource = \(table) ORDER BY position",
                            logger: Self.logger)
                    }
                var records: [KeyedRecord] = []
                for try await (key, object, arguments) in rows.decode((String, String, String).self) {
                    records.append(KeyedRecord(key: key, record: try Self.record(object: object, arguments: arguments)))
                }
                guard window != nil else { return (records, records.count) }
                let counts = try await connection.query("SELECT count(*) FROM crudegen_serve_record WHERE resource = \(table)", logger: Self.logger)
                var total = 0
                for try await count in counts.decode(Int.self) { total = count }
                return (records, total)
            }
        }
    }

    func nextInteger(in table: String) async throws -> Int {
        try await failing {
            let rows = try await client.query(
                """
                INSERT INTO crudegen_serve_counter (resource, last_integer) VALUES (\(table), 1)
                ON CONFLICT (resource) DO UPDATE SET last_integer = crudegen_serve_counter.last_integer + 1
                RETURNING last_integer
                """, logger: Self.logger)
            for try await number in rows.decode(Int.self) { return number }
            throw StoreFailure("PostgreSQL gave no next id of \(table).")
        }
    }

    func insert(_ record: StoredRecord, at key: String, in table: String) async throws -> Bool {
        try await failing {
            try await client.withConnection { connection in try await Self.insert(record, at: key, in: table, connection) }
        }
    }

    func update(_ key: String, in table: String, _ change: @Sendable (StoredRecord) throws -> StoredRecord) async throws -> StoredRecord? {
        try await transaction { connection in
            guard let old = try await Self.record(key, in: table, locking: true, connection) else { return nil }
            let new = try change(old)
            let (object, arguments) = Self.texts(of: new)
            try await connection.query(
                """
                UPDATE crudegen_serve_record SET object = \(object)::jsonb, arguments = \(arguments)::jsonb
                WHERE resource = \(table) AND key = \(key)
                """, logger: Self.logger)
            return new
        }
    }

    func delete(_ key: String, in table: String, if condition: @Sendable (StoredRecord) -> Bool) async throws -> StoredRecord? {
        try await transaction { connection in
            guard let old = try await Self.record(key, in: table, locking: true, connection), condition(old) else { return nil }
            try await connection.query("DELETE FROM crudegen_serve_record WHERE resource = \(table) AND key = \(key)", logger: Self.logger)
            return old
        }
    }

    // MARK: statements

    /// Inserts one value unless its key is taken, moving the table's counter past an integer key: one
    /// statement, so one round trip and atomic without a transaction of its own.
    private static func insert(_ record: StoredRecord, at key: String, in table: String, _ connection: PostgresConnection) async throws -> Bool {
        let (object, arguments) = texts(of: record)
        let rows = try await connection.query(
            """
            WITH inserted AS (
                INSERT INTO crudegen_serve_record (resource, key, object, arguments)
                VALUES (\(table), \(key), \(object)::jsonb, \(arguments)::jsonb)
                ON CONFLICT (resource, key) DO NOTHING RETURNING key
            ), counted AS (
                INSERT INTO crudegen_serve_counter (resource, last_integer)
                SELECT \(table), \(Int(key))::bigint FROM inserted WHERE \(Int(key))::bigint IS NOT NULL
                ON CONFLICT (resource) DO UPDATE SET last_integer = greatest(crudegen_serve_counter.last_integer, excluded.last_integer)
            )
            SELECT count(*) FROM inserted
            """, logger: logger)
        var inserted = 0
        for try await count in rows.decode(Int.self) { inserted = count }
        return inserted == 1
    }

    /// Writes every table's values in order, and its counter.
    private static func fill(_ connection: PostgresConnection, with tables: [String: Table]) async throws {
        for (name, table) in tables.sorted(by: { $0.key < $1.key }) {
            for keyed in table.keyedRecords {
                _ = try await insert(keyed.record, at: keyed.key, in: name, connection)
            }
            try await connection.query(
                """
                INSERT INTO crudegen_serve_counter (resource, last_integer) VALUES (\(name), \(table.lastInteger))
                ON CONFLICT (resource) DO UPDATE SET last_integer = greatest(crudegen_serve_counter.last_integer, excluded.last_integer)
                """, logger: logger)
        }
    }

    /// The value under `key`; with `locking`, locked until the transaction ends.
    private static func record(_ key: String, in table: String, locking: Bool, _ connection: PostgresConnection) async throws -> StoredRecord? {
        let rows = try await connection.query(
            """
            SELECT object::text, arguments::text FROM crudegen_serve_record WHERE resource = \(table) AND key = \(key)\(unescaped: locking ? " FOR UPDATE" : "")
            """, logger: logger)
        for try await (object, arguments) in rows.decode((String, String).self) {
            return try record(object: object, arguments: arguments)
        }
        return nil
    }

    /// Serializes the steps that make or replace the tables across processes (two servers starting at once).
    private static func lock(_ connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(7395521044231)", logger: logger)
    }

    /// A record from its columns' JSON text.
    private static func record(object: String, arguments: String) throws -> StoredRecord {
        StoredRecord(
            object: try JSONDecoder().decode([String: WireValue].self, from: Data(object.utf8)),
            arguments: try JSONDecoder().decode([String: String].self, from: Data(arguments.utf8)))
    }

    /// A record's columns as JSON text.
    private static func texts(of record: StoredRecord) -> (object: String, arguments: String) {
        (JSONText.of(.object(record.object)), JSONText.of(.object(record.arguments.mapValues(WireValue.string))))
    }

    // MARK: running

    /// `body` in a transaction on one connection, committed when it returns and rolled back when it throws.
    private func transaction<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await failing {
            try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: Self.logger)
                do {
                    let value = try await body(connection)
                    try await connection.query("COMMIT", logger: Self.logger)
                    return value
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: Self.logger)
                    throw error
                }
            }
        }
    }

    /// `body`'s value; an error of PostgreSQL or the connection rethrown as a ``StoreFailure`` that says what
    /// the server or connection said, a request's failure as it is.
    private func failing<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let failure as RequestFailure {
            throw failure
        } catch let error as PSQLError {
            throw StoreFailure("PostgreSQL at \(location): \(error.serverInfo?[.message] ?? String(reflecting: error))")
        } catch {
            throw StoreFailure("PostgreSQL at \(location): \(String(reflecting: error))")
        }
    }

    /// The statements' log: nothing below errors.
    private static let logger: Logger = {
        var logger = Logger(label: "crudegen.serve.postgres")
        logger.logLevel = .error
        return logger
    }()
}
#endif
