import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperSQL
import StorekeeperTesting
import Testing

/// Migration 18 copies the CONSUMPTION_REQUESTs refused for want of consent before it (kept only
/// as `consumption.notAnswered` audit events) into `consumption_refusals`, on both backends: the
/// app and Apple's signing time from the inbox entry the event's fact names.
@Suite("Consumption refusal migration")
struct ConsumptionRefusalMigrationTests {
    static let t0 = Timestamp(millisecondsSince1970: 1_750_000_000_000)

    @Test(arguments: StoreTestBackend.available)
    func copiesRefusalsRecordedAsAuditEvents(_ backend: StoreTestBackend) async throws {
        try await backend.withStore(migrated: false) { database throws in
            let sql = database.store.database
            try await Migrator(migrations: StoreSchema.migrations.filter { $0.version < 18 }, logger: StoreTestLogger.logger)
                .migrate(sql)
            let customer = try #require(CustomerID(rawValue: "refused-customer"))
            let eventId = UUID()
            // Written as a release before migration 18 wrote them: in SQL, since today's store
            // also writes tables that schema lacks (the event feed).
            let audit = """
                INSERT INTO audit_events (id, customer_id, kind, actor, subject, fact, details, created_at)
                VALUES ($1, $2, $3, 'apple', $4, $5, $6, $7)
                """
            try await sql.write { tx throws in
                _ = try await tx.execute(
                    """
                    INSERT INTO inbox (id, app_id, version, body, received_at, status, attempts, notification_type, signed_date)
                    VALUES ('n-consumption', 'main', 2, $1, $2, 'received', 0, 'CONSUMPTION_REQUEST', $3)
                    """, [.blob(Array("{}".utf8)), .integer(Self.t0.millisecondsSince1970 + 5), .integer(Self.t0.millisecondsSince1970)])
                _ = try await tx.execute(
                    audit,
                    [
                        SQLValue(eventId), .text(customer.key), .text("consumption.notAnswered"), .text("Sandbox:2000000123"),
                        .text("notification:n-consumption"), .text(#"{"reason":"customer has not consented to share consumption data"}"#),
                        .integer(Self.t0.millisecondsSince1970 + 7),
                    ])
                // Another kind, and a refusal whose inbox entry is gone: neither is copied.
                _ = try await tx.execute(
                    audit,
                    [
                        SQLValue(UUID()), .text(customer.key), .text("consumption.queued"), .text("Sandbox:2000000124"),
                        .text("notification:n-consumption"), .text("{}"), .integer(Self.t0.millisecondsSince1970 + 8),
                    ])
                _ = try await tx.execute(
                    audit,
                    [
                        SQLValue(UUID()), .text(customer.key), .text("consumption.notAnswered"), .text("Sandbox:2000000125"),
                        .text("notification:unknown"), .text("{}"), .integer(Self.t0.millisecondsSince1970 + 9),
                    ])
            }
            try await Migrator(migrations: StoreSchema.migrations, logger: StoreTestLogger.logger).migrate(sql)
            let refusals = try await database.store.read { try await $0.consumptionRefusals(appId: "main", before: nil, limit: 10) }
            #expect(
                refusals == [
                    ConsumptionRefusal(
                        appId: "main", notification: "notification:n-consumption", environment: .sandbox, transactionId: "2000000123",
                        id: eventId, customerId: customer, requestedAt: Self.t0, deadline: Self.t0.adding(milliseconds: 43_200_000),
                        createdAt: Self.t0.adding(milliseconds: 7), reason: ConsumptionRefusal.noConsent)
                ])
        }
    }
}
