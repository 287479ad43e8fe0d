import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let inboxQueryCases: [StoreContractCase] = [
        StoreContractCase("inbox queries: one app's entries by filter, newest first, paged; duplicates counted") { context throws in
            let store = context.store
            func entry(
                _ id: String, app: String = "app", at offset: Int64, status: InboxNotification.Status, type: String? = nil,
                subtype: String? = nil, environment: String? = "Sandbox"
            ) -> InboxNotification {
                InboxNotification(
                    id: id, appId: app, version: 2, body: Data(repeating: 7, count: Int(offset) + 1),
                    receivedAt: StoreFixtures.at(offset), status: status, notificationType: type, subtype: subtype,
                    environment: environment)
            }
            let entries = [
                entry("a", at: 1, status: .processed, type: "DID_RENEW"),
                entry("b", at: 2, status: .rejected),
                entry("c", at: 3, status: .failed, type: "REFUND", environment: "Production"),
                entry("d", at: 3, status: .received, type: "DID_RENEW", subtype: "BILLING_RECOVERY"),
                entry("e", at: 4, status: .processed, type: "DID_RENEW", subtype: "BILLING_RECOVERY"),
                entry("z", app: "other", at: 5, status: .processed, type: "DID_RENEW"),
            ]
            try await store.write { tx throws in
                for entry in entries { #expect(try await tx.insertInbox(entry)) }
                #expect(try await tx.recordInboxDuplicate(id: "a"))
                #expect(try await tx.recordInboxDuplicate(id: "a"))
                #expect(try await tx.recordInboxDuplicate(id: "missing") == false)
            }
            // An update keeps the duplicate count.
            var updated = try #require(try await store.read { try await $0.inboxNotification(id: "a") })
            #expect(updated.duplicates == 2)
            updated.attempts = 5
            try await store.write { try await $0.updateInbox(updated) }
            try await store.read { tx throws in
                #expect(try await tx.inboxNotification(id: "a")?.duplicates == 2)
                func ids(_ query: InboxQuery) async throws -> [String] { try await tx.inboxPage(query).map(\.id) }
                #expect(try await ids(InboxQuery(appId: "app")) == ["e", "d", "c", "b", "a"])
                #expect(try await ids(InboxQuery(appId: "app", status: .processed)) == ["e", "a"])
                #expect(try await ids(InboxQuery(appId: "app", status: .pending)) == ["d"])
                #expect(try await ids(InboxQuery(appId: "app", status: .failed)) == ["c"])
                #expect(try await ids(InboxQuery(appId: "app", status: .rejected)) == ["b"])
                #expect(try await ids(InboxQuery(appId: "app", status: .duplicate)) == ["a"])
                #expect(try await ids(InboxQuery(appId: "app", notificationType: "DID_RENEW")) == ["e", "d", "a"])
                #expect(
                    try await ids(InboxQuery(appId: "app", notificationType: "DID_RENEW", subtype: "BILLING_RECOVERY")) == ["e", "d"])
                #expect(try await ids(InboxQuery(appId: "app", environment: "Production")) == ["c"])
                #expect(
                    try await ids(InboxQuery(appId: "app", from: StoreFixtures.at(2), to: StoreFixtures.at(4))) == ["d", "c", "b"])
                // Pages of two continue after the last entry of the previous one, ties by id.
                let first = try await tx.inboxPage(InboxQuery(appId: "app", limit: 2))
                #expect(first.map(\.id) == ["e", "d"])
                let second = try await tx.inboxPage(InboxQuery(appId: "app", before: first.last?.cursor, limit: 2))
                #expect(second.map(\.id) == ["c", "b"])
                #expect(try await ids(InboxQuery(appId: "app", before: second.last?.cursor, limit: 2)) == ["a"])
                let summary = try #require(first.first)
                #expect(summary.bodyBytes == 5)
                #expect(summary.environment == "Sandbox")
                #expect(summary.subtype == "BILLING_RECOVERY")
                #expect(try await ids(InboxQuery(appId: "nobody")).isEmpty)
            }
        },
        StoreContractCase("mass extensions: kept once per app and request identifier") { context throws in
            let store = context.store
            let record = MassExtensionRecord(
                appId: "app", requestIdentifier: "5c0e6b0a-0000-4000-8000-000000000001", environment: .sandbox,
                productId: "monthly", days: 3, reasonCode: 3, storefronts: ["USA", "FRA"], operatorName: "olga",
                createdAt: StoreFixtures.at(1))
            #expect(try await store.write { try await $0.insertMassExtension(record) })
            var again = record
            again.days = 9
            #expect(try await store.write { try await $0.insertMassExtension(again) } == false)
            var everywhere = record
            everywhere.appId = "other"
            everywhere.storefronts = nil
            #expect(try await store.write { try await $0.insertMassExtension(everywhere) })
            try await store.read { tx throws in
                #expect(try await tx.massExtension(appId: "app", requestIdentifier: record.requestIdentifier) == record)
                #expect(try await tx.massExtension(appId: "other", requestIdentifier: record.requestIdentifier) == everywhere)
                #expect(try await tx.massExtension(appId: "app", requestIdentifier: "nope") == nil)
            }
        },
    ]
}
