public import AppStoreModels

/// What follows once the store has said whether a transaction fact is new
/// (``TransactionUpsert``: last writer by `signedDate` wins): the ledger movement, the audit
/// trail, the order delivery and the lifecycle step
/// (``PurchaseDecision/recording(_:upsert:kind:for:order:claimed:claimedFromPlaceholder:appliesLifecycle:)``).
public struct RecordingDecision: Hashable, Sendable {
    /// A consumable's movement in the wallet.
    public enum LedgerMovement: Hashable, Sendable {
        case none
        /// Newly recorded: its currencies are credited (``PurchaseLedger/credits(_:to:product:at:)``).
        case credit
        /// Refunded now: its currencies are taken back (``PurchaseLedger/clawbacks(_:from:product:balances:policy:at:)``).
        case clawBack
        /// Its refund reversed now: what the clawback took is given back.
        case restore
    }

    /// Whether the answer lists the transaction as recorded now (not a replay): new to
    /// Storekeeper, a newer fact, or new to this customer (just claimed).
    public var isRecorded: Bool
    /// Whether Storekeeper had never seen it (counted once, audited as `purchase.recorded`).
    public var isInserted: Bool
    public var ledger: LedgerMovement
    /// `purchase.revoked` or `purchase.restored` when the fact changes whether it is revoked.
    public var revocationEvent: String?
    /// Whether it pays the order it was matched to now (newly recorded, not revoked).
    public var deliversOrder: Bool
    /// Whether it pays an order that was not known when it was first recorded (the
    /// notification came first): a transaction recorded before, whose order is still open.
    public var deliversKnownOrder: Bool
    /// Whether an app customer is granted the purchase for the first time (the delivery delay
    /// is measured from Apple's purchase date).
    public var isFirstGrant: Bool
    /// Whether the subscription lifecycle takes the transaction as a fact.
    public var appliesLifecycle: Bool
}

extension PurchaseDecision {
    /// What recording `transaction` for `customer` does, given the store's `upsert` answer, the
    /// product's `kind`, the `order` it was matched to, and whether this presentation just
    /// `claimed` the purchase (from another customer or, `claimedFromPlaceholder`, the placeholder).
    public static func recording(
        _ transaction: AppleTransaction, upsert: TransactionUpsert, kind: ProductKind?, for customer: CustomerID, order: Order?,
        claimed: Bool, claimedFromPlaceholder: Bool, appliesLifecycle: Bool
    ) -> RecordingDecision {
        let revoked = transaction.isRevoked
        var ledger = RecordingDecision.LedgerMovement.none
        var revocationEvent: String?
        let isRecorded: Bool
        switch upsert {
        case .unchanged:
            isRecorded = claimed
        case .inserted:
            isRecorded = true
            if kind == .consumable, !revoked { ledger = .credit }
        case .updated(let previous):
            isRecorded = true
            if kind == .consumable, revoked != previous.isRevoked { ledger = revoked ? .clawBack : .restore }
            if revoked != previous.isRevoked { revocationEvent = revoked ? "purchase.revoked" : "purchase.restored" }
        }
        let inserted = upsert == .inserted
        let orderOpen = order.map { $0.state != .delivered } ?? false
        return RecordingDecision(
            isRecorded: isRecorded, isInserted: inserted, ledger: ledger, revocationEvent: revocationEvent,
            deliversOrder: inserted && order != nil && !revoked, deliversKnownOrder: !inserted && orderOpen && !revoked,
            isFirstGrant: (inserted || claimedFromPlaceholder) && !revoked && !isPlaceholder(customer),
            appliesLifecycle: appliesLifecycle && kind == .autoRenewableSubscription)
    }

    /// The `purchase.recorded` event of a new transaction, with what it credited (the entries
    /// the ledger booked).
    public static func recordedAudit(
        _ transaction: AppleTransaction, for customer: CustomerID, credited: [JournalEntry], actor: AuditActor, fact: String,
        now: Timestamp
    ) -> AuditEvent {
        var details = [
            "productId": transaction.productId, "quantity": String(transaction.quantity),
            "environment": transaction.environment.rawValue, "source": transaction.source.rawValue,
        ]
        for entry in credited { details["credited." + entry.currency] = String(entry.customerDelta) }
        if transaction.isRevoked {
            details["revocationDate"] = transaction.revocationDate.map { String($0.millisecondsSince1970) }
        }
        return AuditEvent(
            customerId: customer, kind: "purchase.recorded", actor: actor, subject: subject(transaction), fact: fact,
            details: details, createdAt: now)
    }

    /// The `purchase.revoked` / `purchase.restored` event (``RecordingDecision/revocationEvent``).
    public static func revocationAudit(
        _ kind: String, of transaction: AppleTransaction, for customer: CustomerID, actor: AuditActor, fact: String,
        now: Timestamp
    ) -> AuditEvent {
        AuditEvent(
            customerId: customer, kind: kind, actor: actor, subject: subject(transaction), fact: fact,
            details: [
                "productId": transaction.productId,
                "revocationDate": transaction.revocationDate.map { String($0.millisecondsSince1970) } ?? "",
                "reason": transaction.revocationReason.map { String($0.rawValue) } ?? "",
            ], createdAt: now)
    }

    /// `environment:transactionId`, the subject audit events name a transaction by.
    public static func subject(_ transaction: AppleTransaction) -> String {
        "\(transaction.environment.rawValue):\(transaction.transactionId)"
    }
}
