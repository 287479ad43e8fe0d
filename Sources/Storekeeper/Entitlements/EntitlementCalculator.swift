import AppStoreModels

/// Derives a customer's entitlement grants from the one-time purchases they own.
///
/// - Non-consumables: from purchase, forever, unless revoked (refunded or family-sharing revoked).
/// - Non-renewing subscriptions: the non-revoked purchases, in purchase order, stack per
///   entitlement: each runs for its product's duration from the later of its purchase and the
///   previous end. A refund removes one purchase, so the stack shrinks by exactly its duration.
/// - Consumables grant currency (the wallet), not entitlements, unless the catalog says so; their
///   entitlements then behave like non-consumables.
/// Auto-renewable subscriptions are derived from the subscription lifecycle instead.
public enum EntitlementCalculator {
    public static func grants(
        customerId: CustomerID, purchases: [AppleTransaction], catalog: Catalog
    ) -> [EntitlementGrant] {
        var grants: [EntitlementGrant] = []
        var stacks: [String: [(AppleTransaction, Period)]] = [:]
        // One grant per original purchase: a restore re-issues transactions for the same one.
        var seenOriginals = Set<String>()
        let ordered = purchases.filter { !$0.isRevoked }.sorted(by: Self.purchaseOrder)
        for purchase in ordered {
            guard let product = catalog[purchase.productId] else { continue }
            switch product.kind {
            case .nonConsumable, .consumable:
                guard seenOriginals.insert("\(purchase.environment.rawValue):\(purchase.originalTransactionId)").inserted
                else { continue }
                for entitlement in product.entitlements {
                    grants.append(
                        EntitlementGrant(
                            customerId: customerId, entitlement: entitlement, productId: product.id,
                            source: source(purchase), startsAt: purchase.originalPurchaseDate ?? purchase.purchaseDate,
                            expiresAt: nil))
                }
            case .nonRenewingSubscription:
                guard let duration = product.duration,
                    seenOriginals.insert("\(purchase.environment.rawValue):\(purchase.originalTransactionId)").inserted
                else { continue }
                for entitlement in product.entitlements {
                    stacks[entitlement, default: []].append((purchase, duration))
                }
            default:
                continue
            }
        }
        for (entitlement, stack) in stacks {
            var end: Timestamp?
            for (purchase, duration) in stack {
                let start = max(purchase.purchaseDate, end ?? purchase.purchaseDate)
                let stop = duration.added(to: start, times: max(1, purchase.quantity))
                end = stop
                grants.append(
                    EntitlementGrant(
                        customerId: customerId, entitlement: entitlement, productId: purchase.productId,
                        source: source(purchase), startsAt: start, expiresAt: stop))
            }
        }
        return grants.sorted {
            ($0.entitlement, $0.startsAt, $0.source.transactionId) < ($1.entitlement, $1.startsAt, $1.source.transactionId)
        }
    }

    /// Purchase date, then transaction ID: deterministic whatever order the facts arrived in.
    static func purchaseOrder(_ a: AppleTransaction, _ b: AppleTransaction) -> Bool {
        (a.purchaseDate, a.transactionId) < (b.purchaseDate, b.transactionId)
    }

    static func source(_ purchase: AppleTransaction) -> GrantSource {
        GrantSource(
            environment: purchase.environment, originalTransactionId: purchase.originalTransactionId,
            transactionId: purchase.transactionId)
    }
}
