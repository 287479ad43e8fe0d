import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import StorekeeperSQL
import Testing

/// Every processing attempt of an inbox entry is kept with its time, outcome and error: a
/// notification whose application fails in the database (a trigger refusing the customer's
/// ledger writes stands in for a database fault) fails on delivery and on a first replay, then
/// succeeds on a replay once the fault is gone; the inbox detail shows the three attempts.
@Suite struct NotificationAttemptsAdminTests {
    @Test(arguments: E2EBackend.all)
    func everyAttemptShowsWithItsError(_ backend: E2EBackend) async throws {
        try await NotificationAdminStack.run(backend) { h in
            let noa = h.e2e.customer("noa")
            let account = try h.account("noa")
            let database = try #require((h.store as? SQLPurchaseStore)?.database)
            let fault = try DatabaseFault(customer: try E2EStack.id(noa).rawValue, tag: h.e2e.tag)
            try await fault.install(on: database)

            try await h.buy(noa, account: account, DemoCatalog.gems)
            let record = try #require(h.simulator.notifications(bundleId: DemoCatalog.bundleId).last)
            #expect(try await h.view(noa).balance("gems") == 0)
            let failed = try await h.viewer.get("/notifications/\(record.notificationUUID)")
            #expect(failed.status == 200, "\(failed.text)")
            #expect(failed.json["notification"]?["status"]?.stringValue == "failed")

            // A replay while the fault lasts fails again, and is recorded as such.
            let first = try await h.support.post(
                "/notifications/\(record.notificationUUID)/replay", NotificationAdminStack.action(reason: "try again"))
            #expect(first.json["result"]?["outcome"]?.stringValue == "retry", "\(first.text)")
            try await fault.remove(from: database)
            let second = try await h.support.post(
                "/notifications/\(record.notificationUUID)/replay", NotificationAdminStack.action(reason: "database fixed"))
            #expect(second.json["result"]?["outcome"]?.stringValue == "processed", "\(second.text)")
            #expect(try await h.view(noa).balance("gems") == 100)

            let detail = try await h.viewer.get("/notifications/\(record.notificationUUID)")
            #expect(detail.json["notification"]?["status"]?.stringValue == "processed")
            #expect(detail.json["notification"]?["attempts"]?.intValue == 3)
            let attempts = detail.json["attempts"]?.arrayValue ?? []
            #expect(attempts.map { $0["number"]?.intValue } == [1, 2, 3])
            #expect(attempts.map { $0["outcome"]?.stringValue } == ["failed", "failed", "processed"])
            for attempt in attempts.prefix(2) {
                #expect(attempt["error"]?.stringValue?.contains(DatabaseFault.message) == true, "\(attempt)")
            }
            #expect(attempts.last?["error"] == nil)
            #expect(attempts.allSatisfy { $0["at"]?.intValue == h.now.millisecondsSince1970 }, "the simulator's clock stood still")
            // The operator actions are listed beside the attempts they caused.
            #expect((detail.json["actions"]?.arrayValue ?? []).map { $0["reason"]?.stringValue } == ["try again", "database fixed"])
        }
    }
}

/// A database fault for one customer: a trigger that refuses their journal entries, so applying
/// anything that credits their wallet fails inside the store's transaction (other tests sharing
/// the database are untouched).
struct DatabaseFault {
    static let message = "test fault: journal entries refused"
    let customer: String
    let name: String

    init(customer: String, tag: String) throws {
        // Both go into DDL text: only the characters tests' identifiers use.
        guard customer.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
            tag.allSatisfy({ $0.isLetter || $0.isNumber })
        else { throw SQLError(.invalidArguments, "unexpected characters in a test identifier") }
        self.customer = customer
        self.name = "test_fault_" + tag
    }

    func install(on database: any SQLDatabase) async throws {
        try await database.write { tx in
            if tx.dialect.kind == .postgresql {
                try await tx.execute(
                    "CREATE FUNCTION \(name)() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION '\(Self.message)'; END $$ LANGUAGE plpgsql")
                try await tx.execute(
                    """
                    CREATE TRIGGER \(name) BEFORE INSERT ON journal_entries FOR EACH ROW
                    WHEN (NEW.customer_id = '\(customer)') EXECUTE FUNCTION \(name)()
                    """)
            } else {
                try await tx.execute(
                    """
                    CREATE TRIGGER \(name) BEFORE INSERT ON journal_entries WHEN NEW.customer_id = '\(customer)'
                    BEGIN SELECT RAISE(ABORT, '\(Self.message)'); END
                    """)
            }
        }
    }

    func remove(from database: any SQLDatabase) async throws {
        try await database.write { tx in
            if tx.dialect.kind == .postgresql {
                try await tx.execute("DROP TRIGGER \(name) ON journal_entries")
                try await tx.execute("DROP FUNCTION \(name)()")
            } else {
                try await tx.execute("DROP TRIGGER \(name)")
            }
        }
    }
}
