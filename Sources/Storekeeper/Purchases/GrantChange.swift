public import AppStoreModels

/// How a customer's entitlement grants change when they are recomputed from the facts held:
/// what is added and what removed, each sorted by entitlement, and the audit trail of it.
public struct GrantChange: Hashable, Sendable {
    public var added: [EntitlementGrant]
    public var removed: [EntitlementGrant]

    /// The change from the grants stored `before` to the grants the facts give now (`after`).
    public init(before: [EntitlementGrant], after: [EntitlementGrant]) {
        let before = Set(before)
        let after = Set(after)
        added = after.subtracting(before).sorted { $0.entitlement < $1.entitlement }
        removed = before.subtracting(after).sorted { $0.entitlement < $1.entitlement }
    }

    /// Whether the stored grants are already what the facts give.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// `entitlement.granted` for each added grant, then `entitlement.removed` for each removed
    /// one that no added grant replaces (same entitlement from the same purchase, e.g. a new
    /// expiry): a renewal reads as a grant, not as a removal and a grant.
    public func audit(of customer: CustomerID, actor: AuditActor, fact: String, now: Timestamp) -> [AuditEvent] {
        let granted = added.map { grant in
            AuditEvent(
                customerId: customer, kind: "entitlement.granted", actor: actor, subject: grant.entitlement, fact: fact,
                details: [
                    "productId": grant.productId, "source": grant.source.description,
                    "expiresAt": grant.expiresAt.map { String($0.millisecondsSince1970) } ?? "never",
                ], createdAt: now)
        }
        let removedOnly = removed.filter { grant in
            !added.contains { $0.entitlement == grant.entitlement && $0.source == grant.source }
        }
        return granted
            + removedOnly.map { grant in
                AuditEvent(
                    customerId: customer, kind: "entitlement.removed", actor: actor, subject: grant.entitlement, fact: fact,
                    details: ["productId": grant.productId, "source": grant.source.description], createdAt: now)
            }
    }
}
