/// The hot operations whose instruction and allocation counts CI holds to checked-in thresholds
/// (`scripts/perf-gates.sh`, `docs/PERFORMANCE-GATES.md`). Each runs on inputs minted in
/// advance, a distinct one per iteration where the operation would otherwise meet a replay or a
/// cache, so an iteration costs what one real request costs.
public enum GateOperation: String, CaseIterable, Sendable {
    /// Verify and decode a signed transaction (chain, signature, claims).
    case verifyTransaction = "verify-transaction"
    /// Verify and decode a V2 notification with its nested transaction and renewal info.
    case verifyNotification = "verify-notification"
    /// The bare signature checks of a consumable's notification (the notification and its
    /// transaction): SHA-256 of each signed input and one P-256 verification each.
    case signatureChecksConsumable = "signature-checks-consumable"
    /// The same for a subscription's notification (notification, transaction, renewal info).
    case signatureChecksSubscription = "signature-checks-subscription"
    /// Interpret a verified notification as a fact (pure).
    case interpretNotification = "interpret-notification"
    /// Plan a client's purchase submission against a loaded workspace (pure).
    case planPurchase = "plan-purchase"
    /// Decide what the inbox does with a delivery at each of its steps (pure).
    case decideInbox = "decide-inbox"
    /// Encode a customer's view as the API's JSON.
    case encodeCustomerView = "encode-customer-view"
    /// Render the console's customer page (template and layout) from a loaded customer.
    case renderCustomerPage = "render-customer-page"
    /// Receive one consumable's V2 notification end to end (verify, store, apply, commit) on
    /// the in-memory store.
    case applyConsumableMemory = "apply-consumable-memory"
    /// The same on SQLite.
    case applyConsumableSQLite = "apply-consumable-sqlite"
    /// Receive one new subscription's V2 notification (with renewal info) on the in-memory store.
    case applySubscriptionMemory = "apply-subscription-memory"
    /// The same on SQLite.
    case applySubscriptionSQLite = "apply-subscription-sqlite"
}
