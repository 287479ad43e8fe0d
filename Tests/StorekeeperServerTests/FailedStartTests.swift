import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperSQL
import StorekeeperServer
import StorekeeperTesting
import Testing

/// A server that cannot migrate must end, background jobs and all: the cause of the suite hang
/// captured on 2026-11-25 (docs/investigations/2026-11-25-suite-hang, "The cause").
///
/// There, the test PostgreSQL refused connections ("sorry, too many clients already", SQLSTATE
/// 53300) while a `SimulatorClockTests` case started its Storekeeper. The migration that runs
/// before the server listens got no connection within the pool's lease timeout and failed, the
/// HTTP server never started, and the background jobs, which wait on a `StartGate` until the
/// migration opens it, waited on a gate that could no longer open and did not end when their
/// service group cancelled them. The group never ended, so neither did the test: no error was
/// recorded (a thrown error is reported when the test returns) and every thread was idle.
@Suite struct FailedStartTests {
    /// Far above what a failed start takes (the pool's 10 s lease timeout, then a shutdown);
    /// only a hang exceeds it.
    static let deadline: Duration = .seconds(240)

    /// A server on `storage` with every background job of an app-less configuration (the inbox
    /// processor, the order expirer, the outbox dispatcher), pausing an hour between passes as in
    /// `SimulatorClockTests`, so only the start gate and cancellation can end their waits.
    static func builder(on storage: StoreBootstrap) throws -> StorekeeperApplicationBuilder {
        let configuration = try StorekeeperConfiguration(
            mode: .development, host: "127.0.0.1", port: 0, ioThreads: 1, storage: .sqlite(path: "(given)"),
            instance: "failed-start-test", apps: [])
        var builder = StorekeeperApplicationBuilder(configuration: configuration, storage: storage, logger: StoreTestLogger.logger)
        builder.runsBackgroundJobs = true
        builder.jobInterval = .seconds(3600)
        return builder
    }

    /// Serves until the start fails, expecting the store's error of an ``SQLError`` with `code`; `false` if it hangs.
    static func startFails(on storage: StoreBootstrap, with code: SQLError.Code) async -> Bool {
        let builder: StorekeeperApplicationBuilder
        do {
            builder = try Self.builder(on: storage)
        } catch {
            Issue.record("the configuration was refused: \(error)")
            return false
        }
        return await finishes(within: Self.deadline) {
            do {
                let _: Void = try await builder.serving { _ in Issue.record("the server listened on a database it could not migrate") }
                Issue.record("serving returned")
            } catch let error as PurchaseStoreError {
                #expect((error.underlying as? SQLError)?.code == code, "\(error)")
            } catch {
                Issue.record("unexpected error: \(error)")
            }
        }
    }

    @Test("a refused migration ends the server although its background jobs wait for the migration", arguments: StoreTestBackend.available)
    func refusedMigrationWithJobsWaiting(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database in
            // A newer Storekeeper migrated this database: this one refuses to serve it.
            try await database.store.database.write { tx in
                try await tx.execute(
                    "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, 'from the future', 'x', 0)", [])
            }
            let ended = await Self.startFails(
                on: StoreBootstrap(store: database.store, service: nil, close: {}), with: .schemaNewerThanCode)
            #expect(ended, "the jobs kept waiting for a start gate that could no longer open")
        }
    }

    @Test("a server whose PostgreSQL refuses every connection (SQLSTATE 53300, too many clients) fails to start and ends")
    func saturatedPostgreSQL() async throws {
        guard let url = StoreTestPostgres.url else {
            print("NOTICE: STOREKEEPER_TEST_POSTGRES_URL is not set; the saturated-PostgreSQL start test is SKIPPED.")
            return
        }
        // A role PostgreSQL admits no connection for: each attempt is refused with "too many
        // connections for role", SQLSTATE 53300, the code of "sorry, too many clients already".
        let role = "saturated_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        try await StoreTestPostgres.administer(url: url, "CREATE ROLE \(role) LOGIN CONNECTION LIMIT 0")
        let result: Result<Bool, any Error>
        do {
            var components = try #require(URLComponents(string: url))
            components.user = role
            components.password = nil
            let storage = try await StoreBootstrap.open(.postgres(url: try #require(components.string)), logger: StoreTestLogger.logger)
            result = .success(await Self.startFails(on: storage, with: .connectionFailure))
        } catch {
            result = .failure(error)
        }
        try await StoreTestPostgres.administer(url: url, "DROP ROLE \(role)")
        #expect(try result.get(), "the jobs kept waiting for a start gate that could no longer open")
    }
}
