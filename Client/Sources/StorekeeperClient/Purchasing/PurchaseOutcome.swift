public import StorekeeperAPIModels

/// How a purchase through ``PurchaseClient/buy(_:quantity:)`` ended.
public enum PurchaseOutcome: Sendable, Hashable {
    /// Paid, and Storekeeper verifiably recorded it (`recorded` or `replayed`): the transaction is
    /// finished and `customer` is the customer after it.
    case delivered(transactionId: String, customer: CustomerBody)
    /// Paid, but Storekeeper has not acknowledged it yet (unreachable, an error, an unverified
    /// answer): the proof is queued on the device and submitted again until it is; nothing is
    /// granted until then.
    case awaitingServer(transactionId: String, reason: String)
    /// Waiting for approval (Ask to Buy): the order is marked pending; the transaction arrives
    /// later through StoreKit's updates and is submitted then.
    case pending(OrderBody)
    /// The customer cancelled; the order is cancelled.
    case cancelled(OrderBody)
    /// An earlier order for this product was paid and is not yet verified ("payment in
    /// progress"): show that instead of a second payment sheet.
    case paymentInProgress(OrderBody)
    /// Storekeeper verifiably refused the proof for good (`serverCode` says why); nothing is
    /// granted and the transaction is not finished.
    case refused(transactionId: String, serverCode: String)
}

/// What the client is doing about purchases right now, for the app to show.
public enum PurchaseActivity: Sendable, Hashable {
    case idle
    /// The payment sheet is up for this order.
    case purchasing(OrderBody)
    /// Proofs paid at Apple and not yet acknowledged by Storekeeper.
    case deliveringPaidPurchases(count: Int)
}
