import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let timelineCases: [StoreContractCase] = [
        StoreContractCase("timeline: each source newest first, cut at a bound, ties broken by key") { context throws in
            let store = context.store
            let dana = StoreFixtures.customerID("dana")
            let other = StoreFixtures.customerID("other")
            func event(
                _ kind: String, at offset: Int64, actor: AuditActor = .apple, fact: String? = nil, customer: CustomerID? = nil
            )
                -> AuditEvent
            {
                AuditEvent(customerId: customer ?? dana, kind: kind, actor: actor, fact: fact, createdAt: StoreFixtures.at(offset))
            }
            let first = event("purchase.recorded", at: 10, fact: "notification:n-1")
            let second = event("entitlement.granted", at: 10, fact: "notification:n-1")
            let byOperator = AuditEvent(
                customerId: dana, kind: "grant.created", actor: .operator("olivia"), appId: "app", reason: "outage",
                createdAt: StoreFixtures.at(20))
            // The same customer seen from another app: that app's operator actions are not this one's.
            let otherApp = AuditEvent(
                customerId: dana, kind: "grant.created", actor: .operator("omar"), appId: "other", reason: "r",
                createdAt: StoreFixtures.at(25))
            let later = event("wallet.changed", at: 30, fact: "notification:n-2")
            let foreign = event("purchase.recorded", at: 40, fact: "notification:n-3", customer: other)
            func inbox(_ id: String, app: String, at offset: Int64) -> InboxNotification {
                InboxNotification(
                    id: id, appId: app, version: 2, body: Data("{}".utf8), receivedAt: StoreFixtures.at(offset),
                    status: .processed, attempts: 1, notificationType: "DID_RENEW", subtype: nil, signedDate: StoreFixtures.at(offset))
            }
            try await store.write { tx throws in
                for event in [first, second, byOperator, otherApp, later, foreign] { try await tx.append(event) }
                for notification in [inbox("n-1", app: "app", at: 9), inbox("n-2", app: "app", at: 29), inbox("n-3", app: "app", at: 39)] {
                    _ = try await tx.insertInbox(notification)
                }
                _ = try await tx.insertInbox(inbox("n-4", app: "elsewhere", at: 5))
                for id in ["400002", "400001", "400003"] {
                    _ = try await tx.upsertTransaction(
                        StoreFixtures.transaction(id, purchasedAt: id == "400003" ? 50 : 10), customerId: dana, orderId: nil)
                }
            }
            try await store.read { reader throws in
                let audit = try await reader.timelineAudit(customerId: dana, appId: "app", before: nil, actors: .all, limit: 10)
                #expect(audit.map(\.event) == [later, byOperator, second, first])
                #expect(
                    try await reader.timelineAudit(customerId: dana, appId: "app", before: nil, actors: .operators, limit: 10).map(\.event)
                        == [
                            byOperator
                        ])
                #expect(
                    try await reader.timelineAudit(customerId: dana, appId: "app", before: nil, actors: .others, limit: 10).map(\.event)
                        == [
                            later, second, first,
                        ])
                // Cut at `second`: only `first` (same instant, earlier sequence) comes before it.
                let cut = TimelineBound(at: second.createdAt, tie: .keysBelow(String(audit[2].sequence), ""))
                #expect(
                    try await reader.timelineAudit(customerId: dana, appId: "app", before: cut, actors: .all, limit: 10).map(\.event) == [
                        first
                    ])
                #expect(
                    try await reader.timelineAudit(
                        customerId: dana, appId: "app", before: TimelineBound(at: StoreFixtures.at(10), tie: .all), actors: .all, limit: 10
                    ).map(\.event) == [second, first])
                #expect(
                    try await reader.timelineAudit(
                        customerId: dana, appId: "app", before: TimelineBound(at: StoreFixtures.at(10), tie: .none), actors: .all, limit: 10
                    ).isEmpty)

                let transactions = try await reader.timelineTransactions(customerId: dana, before: nil, limit: 10)
                #expect(transactions.map(\.transaction.transactionId) == ["400003", "400002", "400001"])
                let belowSecond = TimelineBound(at: StoreFixtures.at(10), tie: .keysBelow("Production", "400002"))
                #expect(
                    try await reader.timelineTransactions(customerId: dana, before: belowSecond, limit: 10)
                        .map(\.transaction.transactionId) == ["400001"])
                #expect(try await reader.timelineTransactions(customerId: dana, before: nil, limit: 1).count == 1)

                let notifications = try await reader.timelineNotifications(customerId: dana, appId: "app", before: nil, limit: 10)
                #expect(notifications.map(\.id) == ["n-2", "n-1"], "only the app's notifications the customer's events name")
                #expect(notifications.first?.notificationType == "DID_RENEW")
                #expect(
                    try await reader.timelineNotifications(
                        customerId: dana, appId: "app", before: TimelineBound(at: StoreFixtures.at(29), tie: .keysBelow("n-2", "")),
                        limit: 10
                    ).map(\.id) == ["n-1"])
                #expect(try await reader.timelineNotifications(customerId: dana, appId: "elsewhere", before: nil, limit: 10).isEmpty)
            }
        }
    ]
}
