import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// A database written before apps were isolated: its customers' keys carry no space, exactly as
/// earlier versions stored them, and they stay whole — money, purchases, entitlements, history —
/// with the app or group that owns them (`storage.preIsolationCustomers`, by default the first
/// app), while the other apps see none of them.
@Suite struct PreIsolationCustomersTests {
    enum Owner: String, CaseIterable, Sendable { case firstApp, secondApp, groupOfBoth }

    /// What an earlier version left: a customer with a purchase, its entitlement, a balance and
    /// the audit trail, keyed by the bare customer id.
    static func writeEarlierVersionsRows(_ e2e: E2EStack, customer: String) async throws -> String {
        let kim = try #require(CustomerID(stored: customer))
        let transactionId = String(UInt64.random(in: 4_000_000_000_000...4_999_999_999_999))
        // A day ago: before the stack's simulated clock started.
        let now = Timestamp(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) - 86_400_000)
        let purchase = AppleTransaction(
            environment: .sandbox, transactionId: transactionId, originalTransactionId: transactionId,
            productId: DemoCatalog.removeAds, productType: .nonConsumable, purchaseDate: now, signedDate: now, source: .storeKit2)
        try await e2e.store.write { tx in
            try await tx.ensureCustomer(Customer(id: kim, createdAt: now))
            _ = try await tx.upsertTransaction(purchase, customerId: kim, orderId: nil)
            try await tx.setOwner(environment: .sandbox, originalTransactionId: transactionId, customerId: kim)
            try await tx.replaceGrants(
                customerId: kim,
                grants: [
                    EntitlementGrant(
                        customerId: kim, entitlement: "no_ads", productId: DemoCatalog.removeAds,
                        source: GrantSource(environment: .sandbox, originalTransactionId: transactionId, transactionId: transactionId),
                        startsAt: now, expiresAt: nil)
                ])
            let credit = try JournalEntry(
                key: "earlier:\(transactionId)", kind: .credit, customerId: kim, currency: "gems",
                postings: [.init(.customer(kim, "gems"), 150), .init(.issued("gems"), -150)], createdAt: now)
            _ = try await tx.post(credit, requireNonNegative: false)
            try await tx.append(
                AuditEvent(
                    customerId: kim, kind: "purchase.recorded", actor: .job("earlier"), subject: "sandbox:\(transactionId)",
                    createdAt: now))
        }
        return transactionId
    }

    @Test(
        "customers stored before isolation stay whole with their owner; every other app sees none of them",
        arguments: E2EBackend.withMemory, Owner.allCases)
    func earlierCustomersStayWithTheirOwner(_ backend: E2EBackend, _ owner: Owner) async throws {
        try await E2E.routes(
            backend,
            configure: { options in
                let (first, second) = (options.appId, options.appId + "-b")
                options.additionalApps = [second: []]
                switch owner {
                case .firstApp: break
                case .secondApp: options.preIsolationCustomers = second
                case .groupOfBoth:
                    options.appGroups = [AppGroup(id: first + "-all", apps: [first, second])]
                    options.preIsolationCustomers = first + "-all"
                }
            }
        ) { e2e in
            let first = try await AppCallers(e2e, app: e2e.stack.app.id)
            let second = try await AppCallers(e2e, app: e2e.stack.app.id + "-b")
            let kim = e2e.customer("kim")
            let transactionId = try await Self.writeEarlierVersionsRows(e2e, customer: kim)
            let owners: [AppCallers] =
                switch owner {
                case .firstApp: [first]
                case .secondApp: [second]
                case .groupOfBoth: [first, second]
                }
            for caller in [first, second] {
                let view = try await caller.view(kim)
                if owners.contains(where: { $0.app == caller.app }) {
                    #expect(view.has("no_ads") && view.balances["gems"] == 150, "\(caller.app): \(view)")
                    #expect(view.purchases.map(\.transactionId) == [transactionId])
                    #expect(try await caller.search(transactionId).map(\.customerId).contains(kim))
                    let timeline = try await caller.support.get("/customers/\(kim)/timeline")
                    #expect(timeline.text.contains("purchase.recorded"), "the history stays: \(timeline.text)")
                } else {
                    #expect(view.entitlements.isEmpty && view.balances.isEmpty && view.purchases.isEmpty, "\(caller.app): \(view)")
                    #expect(try await caller.search(transactionId).isEmpty)
                    #expect(try await caller.search(kim).isEmpty)
                }
            }
            // The owner keeps spending the money it had, under the same keys as before.
            let owning = try #require(owners.first)
            let spent = try await owning.server.post(
                "/customers/\(kim)/spend", ["currency": "gems", "amount": 50, "idempotencyKey": "after-\(e2e.tag)"])
            #expect(spent.status == 200 && spent.json["balance"]?.intValue == 100, "\(spent.text)")
            for caller in owners { #expect(try await caller.view(kim).balances["gems"] == 100) }
        }
    }
}
