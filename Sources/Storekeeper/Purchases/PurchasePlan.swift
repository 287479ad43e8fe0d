public import AppStoreModels

/// Everything one write of purchase facts does, decided before anything is written: the
/// writes in order (ownership changes, transaction records, ledger entries, order deliveries,
/// audit events, subscription facts, grant refreshes) and what the caller answers and counts.
/// The outbox messages follow from the effects: `wallet.changed` from each posted entry
/// (``WalletFollowUp``) and `entitlements.changed` from each grant refresh that changes grants.
public struct PurchasePlan: Sendable {
    public var effects: [PurchaseEffect]
    public var outcome: PurchaseOutcome
    /// Who and what every audit event of the plan names.
    public var actor: AuditActor
    public var fact: String
    public var now: Timestamp
}
