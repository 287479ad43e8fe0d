import AsyncHTTPClient
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperSQL
import StorekeeperServer
import StorekeeperTesting
import Testing

/// The server `StorekeeperApplicationBuilder` builds, run for the length of a body (`serving`),
/// as the benchmarks run it: it migrates before listening, answers on the port it reports, and
/// stops when the body ends; a migration it refuses ends the run with that error instead of
/// leaving the body waiting for a port that never comes.
@Suite struct StorekeeperApplicationBuilderTests {
    /// Far above what starting and stopping a server takes (a second or two), even on a
    /// PostgreSQL shared by a whole parallel suite, where each of the migrations may wait
    /// seconds for a connection; only a hang exceeds it.
    static let deadline: Duration = .seconds(300)

    static func builder(on store: SQLPurchaseStore) throws -> StorekeeperApplicationBuilder {
        let configuration = try StorekeeperConfiguration(
            mode: .development, host: "127.0.0.1", port: 0, ioThreads: 1, storage: .sqlite(path: "(given)"), instance: "builder-test",
            apps: [])
        var builder = StorekeeperApplicationBuilder(
            configuration: configuration, storage: StoreBootstrap(store: store, service: nil, close: {}),
            logger: StoreTestLogger.logger)
        builder.runsBackgroundJobs = false
        return builder
    }

    @Test(arguments: StoreTestBackend.available)
    func servingMigratesAnswersAndStops(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(migrated: false) { database in
            let builder = try Self.builder(on: database.store)
            let finished = await finishes(within: Self.deadline) {
                do {
                    let status = try await builder.serving { port in
                        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/health")
                        request.method = .GET
                        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                        _ = try await response.body.collect(upTo: 1 << 16)
                        return response.status.code
                    }
                    #expect(status == 200)
                } catch {
                    Issue.record("serving failed: \(error)")
                }
            }
            #expect(finished, "serving returns once its body has")
            let again = try await database.store.migrate()
            #expect(again.applied.isEmpty, "the server migrated the store before it listened")
        }
    }

    @Test(arguments: StoreTestBackend.available)
    func aRefusedMigrationEndsServingWithItsError(_ backend: StoreTestBackend) async throws {
        try await backend.withStore { database in
            // A newer Storekeeper migrated this database: this one must refuse to serve it.
            try await database.store.database.write { tx in
                try await tx.execute(
                    "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (9999, 'from the future', 'x', 0)", [])
            }
            let builder = try Self.builder(on: database.store)
            let finished = await finishes(within: Self.deadline) {
                do {
                    let _: Void = try await builder.serving { _ in Issue.record("the server listened on a database it refused") }
                    Issue.record("serving returned")
                } catch let error as PurchaseStoreError {
                    #expect((error.underlying as? SQLError)?.code == .schemaNewerThanCode, "\(error)")
                } catch {
                    Issue.record("unexpected error: \(error)")
                }
            }
            #expect(finished, "the refused migration ends serving instead of leaving it waiting for a port")
        }
    }
}
