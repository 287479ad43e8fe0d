import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels

/// Moves purchases between customers by hand (a customer changed accounts) and merges one
/// customer into another, inside the action's transaction.
///
/// A transfer follows the app's transfer policy: only under `transfer` may a purchase change
/// owner at all (under `keep` and `refuse` the first owner keeps it, whoever asks). Ownership,
/// transactions and subscriptions move as when a second account presents the purchase
/// (`FactApplier.move`); a consumable stays (its currency is in the wallet: adjust balances
/// instead) unless it leaves an unclaimed placeholder, whose balance goes with it (as when the
/// purchase is claimed). Each moved purchase is re-keyed at Apple with the token of an order made
/// for the new owner (``AppAccountTokenRekeying``). A merge is the app's alias merge
/// (`CustomerService.merge`).
package struct TransferAction: Sendable {
    package let scope: OperatorActionScope

    /// The aggregates a transfer touches: the owners, the moved transactions and subscriptions,
    /// a placeholder's wallet, locks, the grants recomputed on both sides, and the re-keying at
    /// Apple (an order of the new owner, the outbox, the trail).
    package typealias Aggregates =
        CustomerStoreWriter & LedgerStoreWriter & TransactionStoreWriter & CoordinationStoreWriter & FactApplier.GrantAggregates
        & AppAccountTokenRekeying.Aggregates

    package init(
        scope: OperatorActionScope
    ) {
        self.scope = scope
    }

    package func transfer(
        _ body: TransferActionRequest, from source: CustomerID, in tx: any TransferAction.Aggregates
    ) async throws -> TransferResponse {
        let target = try CustomerID(requested: body.to, field: "to", in: scope.app.customerSpace)
        guard source != target else { throw StorekeeperError.invalidRequest("cannot transfer purchases to the same customer") }
        guard scope.app.policy.transfer == .transfer else {
            throw StorekeeperError(
                .transferNotAllowed,
                "the app's transfer policy is \(scope.app.policy.transfer.rawValue): purchases stay with their first owner",
                kind: .conflict)
        }
        try OperatorActionScope.refusePlaceholder(target)
        for customer in [source, target].sorted() { try await tx.lock(customer: customer) }
        // The source may be an unclaimed placeholder: moving its purchase is how support
        // gives it to the customer who paid.
        guard try await tx.customer(source) != nil else { throw StorekeeperError.notFound("no customer \(source.rawValue)") }
        let existing = try await tx.ensureCustomer(Customer(id: target, createdAt: scope.now))
        if let merged = existing.mergedInto {
            throw StorekeeperError.conflict("customer \(target.rawValue) was merged into \(merged.rawValue); transfer to that one")
        }
        let owned = try await tx.transactions(customerId: source, limit: Int.max)
        if let wanted = body.transactionIds {
            guard !wanted.isEmpty, wanted.count <= 100 else {
                throw StorekeeperError.invalidRequest("give 1–100 transactionIds, or none to transfer every purchase")
            }
            let known = Set(owned.map(\.transaction.transactionId))
            if let missing = wanted.first(where: { !known.contains($0) }) {
                throw StorekeeperError.notFound("transaction \(missing.prefix(64)) is not a purchase of customer \(source.rawValue)")
            }
        }
        let selected = body.transactionIds.map { Set($0) }
        var purchases: [PurchaseKey: String] = [:]
        var latest: [PurchaseKey: AppleTransaction] = [:]
        for stored in owned where selected?.contains(stored.transaction.transactionId) ?? true {
            let key = PurchaseKey(stored.transaction)
            purchases[key] = stored.transaction.productId
            if let known = latest[key], known.purchaseDate >= stored.transaction.purchaseDate { continue }
            latest[key] = stored.transaction
        }
        // A placeholder holds one unclaimed purchase and what it credited: all of it goes.
        let fromPlaceholder = PurchaseDecision.isPlaceholder(source)
        var moved: [TransferredPurchase] = []
        var skipped: [TransferredPurchase] = []
        for key in purchases.keys.sorted() {
            let productId = purchases[key] ?? ""
            var item = TransferredPurchase(
                environment: key.environment.rawValue, originalTransactionId: key.originalTransactionId, productId: productId)
            if scope.app.catalog[productId]?.kind == .consumable, !fromPlaceholder {
                item.skipped = "a consumable's currency stays in the wallet; adjust balances instead"
                skipped.append(item)
                continue
            }
            try await tx.lock(environment: key.environment, originalTransactionId: key.originalTransactionId)
            try await scope.applier.move(key, to: target, in: tx)
            if let transaction = latest[key] {
                try await AppAccountTokenRekeying(scope: scope).transferred(key, latest: transaction, to: target, in: tx)
            }
            for (customer, counterpart) in [(source, target), (target, source)] {
                try await tx.append(
                    scope.audit(
                        kind: "ownership.transferred", customerId: customer, subject: key.description,
                        details: [
                            "from": source.rawValue, "to": target.rawValue, "counterpart": counterpart.rawValue,
                            "productId": productId,
                        ]))
            }
            moved.append(item)
        }
        if fromPlaceholder {
            let balances = try await tx.balances(customerId: source)
            for entry in try PurchaseLedger.merges(from: source, into: target, balances: balances, at: scope.now) {
                if case .posted(let after) = try await tx.post(entry, requireNonNegative: false) {
                    try await scope.applier.events.walletChanged(entry, balance: after, now: scope.now, in: tx)
                }
            }
        }
        for customer in [source, target] {
            try await scope.applier.refreshGrants(
                of: customer, actor: scope.actor, fact: "operator:\(scope.operatorName)", now: scope.now, in: tx)
        }
        return TransferResponse(from: source.rawValue, to: target.rawValue, moved: moved, skipped: skipped)
    }

    package func merge(
        _ body: MergeActionRequest, from source: CustomerID, customers: CustomerService, in tx: any CustomerService.MergeAggregates
    ) async throws -> MergeResponse {
        let target = try CustomerID(requested: body.into, field: "into", in: scope.app.customerSpace)
        try OperatorActionScope.refusePlaceholder(target)
        _ = try await scope.requireCustomer(source, in: tx)
        let view = try await customers.merge(
            source, into: target, actor: scope.actor, reason: scope.reason, appId: scope.app.id, now: scope.now, in: tx)
        return MergeResponse(from: source.rawValue, into: target.rawValue, customer: CustomerBody(view))
    }
}

extension StorekeeperError.Code {
    /// The app's transfer policy keeps purchases with their first owner.
    package static let transferNotAllowed = StorekeeperError.Code(rawValue: "transferNotAllowed")
}
