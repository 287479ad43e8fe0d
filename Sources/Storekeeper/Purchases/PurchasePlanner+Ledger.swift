import AppStoreModels

/// The wallet's part of a plan (``PurchaseLedger``): credits of new consumables, clawbacks of
/// refunded ones under the app's debt policy, and their restoration when a refund is reversed.
extension PurchasePlanner {
    /// The credits of the consumable's currencies × quantity not booked yet; the caller posts them.
    func credits(
        _ transaction: AppleTransaction, to customer: CustomerID, in workspace: PurchaseWorkspace
    ) throws
        -> [JournalEntry]
    {
        try PurchaseLedger.credits(transaction, to: customer, product: catalog[transaction.productId], at: now).filter {
            !workspace.isBooked($0)
        }
    }

    /// Takes a refunded consumable's currency back under the app's debt policy, from the
    /// customer's balances as they stand in the plan.
    func clawBack(_ transaction: AppleTransaction, from customer: CustomerID, in workspace: inout PurchaseWorkspace) throws {
        guard let product = catalog[transaction.productId] else { return }
        let entries = try PurchaseLedger.clawbacks(
            transaction, from: customer, product: product, balances: try workspace.balances(of: customer),
            policy: policy.debt, at: now)
        for entry in entries {
            _ = workspace.post(entry, then: .clawedBack(customer, policy: policy.debt))
        }
    }

    /// Gives back what the clawback of a refund took, when Apple reverses the refund.
    func restore(_ transaction: AppleTransaction, to customer: CustomerID, in workspace: inout PurchaseWorkspace) throws {
        guard let product = catalog[transaction.productId] else { return }
        for currency in product.currencies.keys.sorted() {
            guard let clawback = try workspace.journalEntry(key: PurchaseLedger.clawbackKey(transaction, currency: currency))
            else { continue }
            _ = workspace.post(try Wallet.restore(clawback: clawback, at: now), then: .restored(customer))
        }
    }
}
