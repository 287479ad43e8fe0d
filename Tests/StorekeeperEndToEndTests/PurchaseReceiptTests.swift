import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import Testing

/// StoreKit 1 proofs: the legacy app receipt (PKCS#7, verified locally) carrying several
/// transactions, renewals keyed by `webOrderLineItemId`, the restore transaction-ID change of
/// `seeds/003_*`, iOS 6-style transaction receipts, and `POST /customers/{id}/restore`.
@Suite struct PurchaseReceiptTests {
    /// Apple-style receipts carry every transaction of the account: each is applied once.
    @Test(arguments: E2EBackend.all)
    func appReceiptAppliesEachTransactionOnce(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            // A StoreKit 1 app: no orders, no tokens; the receipt is the only proof.
            let gems = try await e2e.buy(DemoCatalog.gems, account: "alice-apple", quantity: 2)
            let removeAds = try await e2e.buy(DemoCatalog.removeAds, account: "alice-apple")
            let season = try await e2e.buy(DemoCatalog.seasonPass, account: "alice-apple")
            let monthly = try await e2e.buy(DemoCatalog.proMonthly, account: "alice-apple")
            let ids = [gems, removeAds, season, monthly].compactMap(\.transaction.transactionId)
            let receipt = try e2e.simulator.appReceipt(accountId: "alice-apple", bundleId: DemoCatalog.bundleId)

            let submitted = try await e2e.server.post("/purchases", ["customerId": alice, "appReceipt": receipt])
            #expect(submitted.status == 200, "\(submitted.text)")
            #expect(submitted.json["status"]?.stringValue == "recorded")
            let recordedIds = (submitted.json["transactionIds"]?.arrayValue ?? []).compactMap(\.stringValue)
            #expect(Set(recordedIds) == Set(ids))
            var view = try CustomerBody(submitted.json["customer"] ?? .null)
            #expect(view.balance("gems") == 200)
            #expect(view.has("no_ads"))
            #expect(view.has("season_pass"))
            #expect(view.has("premium") && view.has("pro"))
            #expect(Set(view.purchases.map(\.transactionId)) == Set(ids))
            #expect(view.subscriptions.map(\.originalTransactionId) == [monthly.transaction.originalTransactionId ?? ""])

            // The same receipt again, and again through restore: nothing new.
            let replay = try await e2e.server.post("/purchases", ["customerId": alice, "appReceipt": receipt])
            #expect(replay.status == 200)
            #expect(replay.json["status"]?.stringValue == "replayed")
            #expect(replay.json["transactionIds"]?.arrayValue?.isEmpty == true)
            view = try await e2e.view(alice)
            #expect(view.balance("gems") == 200)
            for id in ids {
                let recorded = try await e2e.store.read { try await $0.auditEvents(subject: "Sandbox:\(id)") }
                    .filter { $0.kind == "purchase.recorded" }
                #expect(recorded.count == 1, "transaction \(id) recorded \(recorded.count) times")
            }
            // One credit for the gems, wherever it was first booked (the App Store's notification
            // reached Storekeeper before the receipt did).
            let credit = try await e2e.store.read { try await $0.journalEntry(key: "credit:Sandbox:\(ids[0]):gems") }
            #expect(credit?.customerDelta == 200)
            let id = try E2EStack.id(alice)
            #expect(try await e2e.store.read { try await $0.balance(.customer(id, "gems")) } == 200)
        }
    }

    /// Renewals are separate transactions with their own `webOrderLineItemId`; a restore
    /// re-issues every non-consumable and subscription period under new transaction IDs
    /// (same `webOrderLineItemId`). The receipt then carries both IDs for each: nothing is
    /// granted twice — no second season, no extra period, no extra currency.
    @Test(arguments: E2EBackend.all)
    func renewalsAndRestoredTransactionIdsNeverGrantTwice(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            _ = try await e2e.buy(DemoCatalog.gems, account: "alice-apple")
            let season = try await e2e.buy(DemoCatalog.seasonPass, account: "alice-apple")
            let monthly = try await e2e.buy(DemoCatalog.proMonthly, account: "alice-apple")
            let original = try #require(monthly.transaction.originalTransactionId)
            // One renewal.
            let firstExpiry = try #require(monthly.transaction.expiresDate).millisecondsSince1970
            try await e2e.simulator.advance(byMilliseconds: firstExpiry - e2e.simulator.now().millisecondsSince1970 + 1_000)
            let before = try e2e.simulator.appReceipt(accountId: "alice-apple", bundleId: DemoCatalog.bundleId)
            let first = try await e2e.server.post("/purchases", ["customerId": alice, "appReceipt": before])
            #expect(first.status == 200, "\(first.text)")
            let afterFirst = try await e2e.view(alice)
            let subscriptionTransactions = try await e2e.store.read { reader in
                try await reader.transactions(environment: .sandbox, originalTransactionId: original)
            }
            let lineItems = Set(subscriptionTransactions.compactMap(\.transaction.webOrderLineItemId))
            #expect(subscriptionTransactions.count == 2, "the purchase and its renewal")
            #expect(lineItems.count == 2)
            let renewedExpiry = try #require(afterFirst.entitlement("premium")?.expiresAt)
            #expect(renewedExpiry > firstExpiry)
            #expect(afterFirst.subscriptions.first?.expiresAt == renewedExpiry)

            // A new device: restore re-issues the season pass and both periods under new IDs.
            let restored = try await e2e.simulator.restorePurchases(accountId: "alice-apple", bundleId: DemoCatalog.bundleId)
            #expect(restored.count == 3)
            let known = Set(subscriptionTransactions.map(\.transaction.transactionId) + [season.transaction.transactionId ?? ""])
            #expect(restored.allSatisfy { known.contains($0.transaction.transactionId ?? "") == false }, "restores get new IDs")
            let after = try e2e.simulator.appReceipt(accountId: "alice-apple", bundleId: DemoCatalog.bundleId)
            let second = try await e2e.server.post("/purchases", ["customerId": alice, "appReceipt": after])
            #expect(second.status == 200, "\(second.text)")
            // Signed transactions of the restore, too.
            for result in restored {
                let response = try await e2e.submit(alice, signedTransaction: result.signedTransaction)
                #expect(response.status == 200, "\(response.text)")
            }
            let view = try await e2e.view(alice)
            #expect(view.balance("gems") == 100)
            #expect(view.entitlement("season_pass")?.expiresAt == afterFirst.entitlement("season_pass")?.expiresAt)
            #expect(
                view.entitlement("season_pass")?.expiresAt
                    == Period(iso8601: "P3M")?.added(to: try #require(season.transaction.purchaseDate)).millisecondsSince1970)
            #expect(view.entitlement("premium")?.expiresAt == renewedExpiry)
            #expect(view.subscriptions.count == 1)
            #expect(view.subscriptions.first?.expiresAt == renewedExpiry)
            // Each paid period once, keyed by its webOrderLineItemId.
            let periods = try await e2e.store.read { try await $0.auditEvents(subject: "Sandbox:\(original)") }
                .filter { $0.kind == "subscription.periodPaid" }
            #expect(periods.count == 2, "\(periods.map(\.details))")
            for lineItem in lineItems {
                let paying = try await e2e.store.read { try await $0.transactions(environment: .sandbox, webOrderLineItemId: lineItem) }
                #expect(paying.count == 2, "the period's transaction and its restored copy")
            }
        }
    }

    /// `POST /customers/{id}/restore` re-links what the customer owns (signed transactions from
    /// `Transaction.currentEntitlements`, or the app receipt).
    @Test(arguments: E2EBackend.all)
    func restoreRelinksWhatTheCustomerOwns(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            try e2e.appleAccount("alice-apple")
            let removeAds = try await e2e.buy(DemoCatalog.removeAds, account: "alice-apple")
            let monthly = try await e2e.buy(DemoCatalog.proMonthly, account: "alice-apple")
            // Reinstalled app: the customer taps "Restore purchases".
            let restored = try await e2e.simulator.restorePurchases(accountId: "alice-apple", bundleId: DemoCatalog.bundleId)
            let token = try e2e.client(as: alice)
            let response = try await token.post(
                "/customers/\(alice)/restore", ["signedTransactions": restored.map(\.signedTransaction)])
            #expect(response.status == 200, "\(response.text)")
            let restoredIds = Set((response.json["restored"]?.arrayValue ?? []).compactMap(\.stringValue))
            #expect(restoredIds == Set(restored.compactMap(\.transaction.transactionId)))
            let view = try CustomerBody(response.json["customer"] ?? .null)
            #expect(view.has("no_ads"))
            #expect(view.has("premium"))
            #expect(view.subscriptions.map(\.originalTransactionId) == [monthly.transaction.originalTransactionId ?? ""])
            #expect(view.entitlement("no_ads")?.source.hasPrefix("Sandbox:") == true)
            let owner = try await e2e.store.read { reader in
                try await reader.owner(environment: .sandbox, originalTransactionId: removeAds.transaction.originalTransactionId ?? "")
            }
            #expect(owner?.rawValue == alice)

            // Restoring again (and with the receipt) changes nothing.
            let receipt = try e2e.simulator.appReceipt(accountId: "alice-apple", bundleId: DemoCatalog.bundleId)
            let again = try await token.post("/customers/\(alice)/restore", ["appReceipt": receipt])
            #expect(again.status == 200, "\(again.text)")
            #expect(again.json["restored"]?.arrayValue?.isEmpty == true)
            #expect(try CustomerBody(again.json["customer"] ?? .null).entitlements == view.entitlements)

            let empty = try await token.post("/customers/\(alice)/restore", [:])
            #expect(empty.status == 400)
            #expect(empty.errorCode == "invalidRequest")
        }
    }

    /// iOS 6-style transaction receipts cannot be verified locally; Storekeeper parses them and
    /// asks verifyReceipt. The simulator issues no such receipts, so only rejections are shown:
    /// garbage fails parsing (422 `malformed`), and a well-formed receipt the App Store never
    /// signed is refused by verifyReceipt (422 `receiptRejected`).
    @Test(arguments: E2EBackend.all)
    func transactionReceiptsAreConfirmedWithVerifyReceipt(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let alice = e2e.customer("alice")
            let garbage = try await e2e.server.post(
                "/purchases", ["customerId": alice, "transactionReceipt": Data("not a receipt".utf8).base64EncodedString()])
            #expect(garbage.status == 422, "\(garbage.text)")
            #expect(garbage.errorCode == "malformed")
            #expect(garbage.json["error"]?["verificationCode"]?.stringValue == "malformed")

            let forged = try await e2e.server.post(
                "/purchases", ["customerId": alice, "transactionReceipt": IOS6Receipt.forged(bundleId: DemoCatalog.bundleId)])
            #expect(forged.status == 422, "\(forged.text)")
            #expect(forged.errorCode == "receiptRejected")
            #expect(try await e2e.view(alice).purchases.isEmpty)

            let two = try await e2e.server.post(
                "/purchases", ["customerId": alice, "transactionReceipt": "x", "appReceipt": "y"])
            #expect(two.status == 400)
            #expect(two.errorCode == "invalidRequest")
            let none = try await e2e.server.post("/purchases", ["customerId": alice])
            #expect(none.status == 400)
        }
    }
}

/// A well-formed iOS 6-style transaction receipt (old-style property lists, a version-2
/// signature blob) that Apple never signed.
enum IOS6Receipt {
    static func forged(bundleId: String) -> String {
        let purchaseInfo = """
            {
            \t"original-transaction-id" = "1000000065218541";
            \t"transaction-id" = "1000000065218541";
            \t"quantity" = "1";
            \t"product-id" = "com.example.storekeeper.gems.100";
            \t"purchase-date-ms" = "1361358775000";
            \t"original-purchase-date-ms" = "1361358775000";
            \t"purchase-date" = "2013-02-20 11:12:55 Etc/GMT";
            \t"original-purchase-date" = "2013-02-20 11:12:55 Etc/GMT";
            \t"bid" = "\(bundleId)";
            \t"bvrs" = "1.0";
            }
            """
        let certificate: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x01]
        let length = UInt32(certificate.count)
        let signature: [UInt8] =
            [2] + Array(repeating: 0x5A, count: 128)
            + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + certificate
        let outer = """
            {
            \t"signature" = "\(Data(signature).base64EncodedString())";
            \t"purchase-info" = "\(Data(purchaseInfo.utf8).base64EncodedString())";
            \t"environment" = "Sandbox";
            \t"pod" = "100";
            \t"signing-status" = "0";
            }
            """
        return Data(outer.utf8).base64EncodedString()
    }
}
