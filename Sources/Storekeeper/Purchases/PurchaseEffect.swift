public import AppStoreModels
public import Foundation

/// One write of a ``PurchasePlan``, in the order the plan lists them. Writes whose answer the
/// planner predicted from the loaded ``PurchaseWorkspace`` carry that answer: the applier
/// checks the store's answer against it and runs the whole write again when they differ (the
/// state moved between the read and the locks).
public enum PurchaseEffect: Hashable, Sendable {
    /// Creates the customer unless it exists.
    case ensureCustomer(CustomerID)
    /// Makes `customer` the purchase's owner unless it has one; the owner must then be `expectedOwner`.
    case claimOwner(PurchaseKey, customer: CustomerID, expectedOwner: CustomerID)
    /// Moves the purchase to `customer`: its owner, its stored transactions and its subscription.
    case moveOwner(PurchaseKey, to: CustomerID)
    /// Records the transaction fact (last writer by `signedDate` wins) and the day's figures of
    /// it; the store must answer `expected`.
    case upsertTransaction(AppleTransaction, customer: CustomerID, orderId: UUID?, expected: TransactionUpsert)
    /// Books a journal entry that is not booked yet, then what follows from the balance after it.
    case post(JournalEntry, then: WalletFollowUp)
    case updateOrder(Order)
    /// Links the recorded transaction to the order it paid; it must not have paid one yet.
    case linkOrder(UUID, environment: AppStoreEnvironment, transactionId: String)
    case audit(AuditEvent)
    /// Applies a fact to the subscription's lifecycle (its own pure state machine,
    /// ``SubscriptionLifecycle``), owned by `owner` when the subscription is new.
    case applySubscription(SubscriptionFact, owner: CustomerID)
    /// Recomputes the customers' entitlement grants from the facts written so far (``GrantChange``).
    case refreshGrants([CustomerID])
    /// Links the customer to the Apple account (kept once per customer and account).
    case linkAppleAccount(AppleAccountKey, customer: CustomerID)
}

/// What follows a posted journal entry, once the store says the customer's balance after it.
public enum WalletFollowUp: Hashable, Sendable {
    /// `wallet.changed` to the app's backend.
    case notify
    /// `wallet.changed`, and the `wallet.clawedBack` audit event under `policy`.
    case clawedBack(CustomerID, policy: DebtPolicy)
    /// `wallet.changed`, and the `wallet.restored` audit event.
    case restored(CustomerID)

    /// The audit event of the posted `entry`, given the customer's balance after it.
    public func audit(
        of entry: JournalEntry, balanceAfter: Int64, actor: AuditActor, fact: String, now: Timestamp
    )
        -> AuditEvent?
    {
        switch self {
        case .notify:
            return nil
        case .clawedBack(let customer, let policy):
            let refunded = entry.postings.first { $0.account == .issued(entry.currency) }?.amount ?? 0
            return AuditEvent(
                customerId: customer, kind: "wallet.clawedBack", actor: actor, subject: entry.key, fact: fact,
                details: [
                    "currency": entry.currency, "refunded": String(refunded), "collected": String(-entry.customerDelta),
                    "balanceAfter": String(balanceAfter), "policy": policy.rawValue,
                ], createdAt: now)
        case .restored(let customer):
            return AuditEvent(
                customerId: customer, kind: "wallet.restored", actor: actor, subject: entry.key, fact: fact,
                details: ["currency": entry.currency, "balanceAfter": String(balanceAfter)], createdAt: now)
        }
    }
}
