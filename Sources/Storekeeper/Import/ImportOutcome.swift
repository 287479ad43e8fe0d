/// What importing one row did (or, in a dry run, would do).
public enum ImportOutcome: String, Hashable, Sendable, Codable, CaseIterable {
    /// Apple's facts were new to Storekeeper, or the customer took them over: recorded.
    case imported
    /// Storekeeper already had every fact, for this customer: nothing changed.
    case alreadyKnown
    /// Apple knows no such identifier in any environment the app uses.
    case unknownAtApple
    /// The purchases belong to another customer, and the app's ownership policy keeps them there
    /// (`keep`) or refuses the claim (`refuse`).
    case ownershipConflict
    /// The row is malformed (its line and why are kept).
    case invalid
    /// Resolving the row failed (Apple unavailable, a receipt that does not verify): nothing was
    /// applied; running the import again retries it.
    case failed

    /// The outcome of a row whose transactions were applied with ``PurchaseOutcome`` `applied`.
    public static func of(_ applied: PurchaseOutcome) -> ImportOutcome {
        if applied.refusedOwner != nil || !applied.keptByOther.isEmpty { return .ownershipConflict }
        if !applied.inserted.isEmpty || !applied.claimed.isEmpty || !applied.recorded.isEmpty { return .imported }
        return .alreadyKnown
    }

    /// The other customer a conflict leaves the purchases with.
    public static func otherOwner(in applied: PurchaseOutcome) -> CustomerID? {
        applied.refusedOwner ?? applied.keptByOther.first?.1
    }

    /// The outcome a dry run predicts from what the store holds: the `owners` of the row's
    /// purchases (`nil` where Storekeeper has none) and whether every transaction is recorded.
    public static func predicted(
        customer: CustomerID, owners: [CustomerID?], allKnown: Bool, policy: TransferPolicy
    ) -> ImportOutcome {
        // Apple's unclaimed placeholder is nobody's: the customer claims it.
        let claimed = owners.map { owner in owner.flatMap { PurchaseDecision.isPlaceholder($0) ? nil : $0 } }
        let others = claimed.contains { owner in owner.map { $0 != customer } ?? false }
        if others, policy != .transfer { return .ownershipConflict }
        if others || !allKnown || claimed.contains(where: { $0 == nil }) { return .imported }
        return .alreadyKnown
    }
}
