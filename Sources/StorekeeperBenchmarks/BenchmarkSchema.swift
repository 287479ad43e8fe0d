import Foundation
import Logging
import StorekeeperPostgres

/// A PostgreSQL schema made for one benchmark run and dropped after it, so every run starts from
/// empty tables, like the SQLite runs' fresh file. (Tables that grow from run to run make the
/// figures drift: a reused database held 573,000 transactions after a day of runs.)
enum BenchmarkSchema {
    /// Runs `body` with `url` pointed at a new, empty schema; drops the schema afterwards.
    static func withFresh<T>(url: String, logger: Logger, _ body: (String) async throws -> T) async throws -> T {
        let schema = "storekeeper_bench_" + UUID().uuidString.prefix(8).lowercased()
        try await execute("CREATE SCHEMA \(schema)", url: url, logger: logger)
        let result: T
        do {
            result = try await body(try Self.url(url, schema: schema))
        } catch {
            try? await execute("DROP SCHEMA \(schema) CASCADE", url: url, logger: logger)
            throw error
        }
        try await execute("DROP SCHEMA \(schema) CASCADE", url: url, logger: logger)
        return result
    }

    /// `url` with its `schema` parameter set to `schema`.
    static func url(_ url: String, schema: String) throws -> String {
        guard var components = URLComponents(string: url), components.scheme != nil else {
            throw BenchmarkUsageError("not a PostgreSQL URL: \(url)")
        }
        components.queryItems = (components.queryItems ?? []).filter { $0.name != "schema" } + [URLQueryItem(name: "schema", value: schema)]
        guard let result = components.string else { throw BenchmarkUsageError("not a PostgreSQL URL: \(url)") }
        return result
    }

    private static func execute(_ statement: String, url: String, logger: Logger) async throws {
        let database = try PostgreSQLDatabase(url: url, logger: logger)
        try await database.withRunning { try await database.write { try await $0.execute(statement, []) } }
    }
}

extension BenchmarkStack.Backend {
    /// Runs `body` on this backend; PostgreSQL in a fresh schema of its own (``BenchmarkSchema``).
    func withFreshSchema<T>(logger: Logger, _ body: (Self) async throws -> T) async throws -> T {
        guard case .postgres(let url) = self else { return try await body(self) }
        return try await BenchmarkSchema.withFresh(url: url, logger: logger) { try await body(.postgres(url: $0)) }
    }
}
