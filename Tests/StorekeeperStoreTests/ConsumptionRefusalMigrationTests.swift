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
            try await database.store.write { tx in
                _ = try await tx.insertInbox(
                    InboxNotification(
                        id: "n-consumption", appId: "main", version: 2, body: Data("{}".utf8), receivedAt: Self.t0.adding(milliseconds: 5),
                        notificationType: "CONSUMPTION_REQUEST", signedDate: Self.t0))
                try await tx.append(
                    AuditEvent(
                        id: eventId, customerId: customer, kind: "consumption.notAnswered", actor: .apple,
                        subject: "Sandbox:2000000123", fact: "notification:n-consumption",
                        details: ["reason": "customer has not consented to share consumption data"],
                        createdAt: Self.t0.adding(milliseconds: 7)))
                // Another kind, and a refusal whose inbox entry is gone: neither is copied.
                try await tx.append(
                    AuditEvent(
                        customerId: customer, kind: "consumption.queued", actor: .apple, subject: "Sandbox:2000000124",
                        fact: "notification:n-consumption", createdAt: Self.t0.adding(milliseconds: 8)))
                try await tx.append(
                    AuditEvent(
                        customerId: customer, kind: "consumption.notAnswered", actor: .apple, subject: "Sandbox:2000000125",
                        fact: "notification:unknown", createdAt: Self.t0.adding(milliseconds: 9)))
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
