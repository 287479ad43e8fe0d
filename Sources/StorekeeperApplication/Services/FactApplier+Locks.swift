import AppStoreModels
import Foundation
package import Storekeeper

/// Locks: who a write of purchase facts involves, read before any lock, and every lock taken at
/// once, in ``LockSet``'s canonical order (customers sorted, then purchases sorted). Whether
/// anybody outside them became involved in between is checked when the plan is committed: each
/// ownership claim must find the owner read here (``commit(_:in:)``).
extension FactApplier {
    /// The unlocked read of who `ordered` (and `renewals`), presented by `presenter`, involve: the
    /// owner of each purchase and the other customers whose orders the tokens name. One read per
    /// purchase (its owner and its first token's order together), plus one per further token and
    /// per order customer other than the presenter (to follow a merge).
    package func presentationSnapshot(
        of ordered: [AppleTransaction], renewals: [RenewalInfo], presentedBy presenter: CustomerID,
        in tx: any CustomerStoreReader & OrderStoreReader & TransactionStoreReader
    ) async throws -> PurchaseSnapshot {
        var snapshot = PurchaseSnapshot(presenter: presenter, purchases: [])
        var tokenCustomers: [UUID: CustomerID?] = [:]
        for transaction in ordered {
            let key = PurchaseKey(transaction)
            let token = transaction.appAccountToken
            if snapshot.purchases.insert(key).inserted {
                let candidates = try await tx.ownerCandidates(
                    environment: key.environment, originalTransactionId: key.originalTransactionId,
                    appAccountToken: token)
                snapshot.owners[key] = try ownOwner(candidates.owner, of: key)
                if let token { tokenCustomers[token] = ownCustomer(candidates.orderCustomer) }
            }
            if let token, tokenCustomers[token] == nil {
                tokenCustomers[token] = .some(ownCustomer(try await tx.order(appAccountToken: token)?.customerId))
            }
        }
        for case (let token, let customer?) in tokenCustomers where customer != presenter {
            let current = try await tx.customer(customer)?.mergedInto ?? customer
            if current != presenter { snapshot.orderCustomers[token] = current }
        }
        for renewal in renewals where snapshot.purchases.insert(PurchaseKey(renewal)).inserted {
            snapshot.owners[PurchaseKey(renewal)] = try ownOwner(
                try await tx.owner(environment: renewal.environment, originalTransactionId: renewal.originalTransactionId),
                of: PurchaseKey(renewal))
        }
        snapshot.appleAccounts = PurchaseSnapshot.joinableAppleAccounts(of: ordered, gainer: presenter, owners: snapshot.owners)
        return snapshot
    }

    /// Takes every lock of `locks` in the canonical order: each customer but the last alone, then
    /// the last customer with every purchase in one round trip, then the Apple accounts.
    package func take(_ locks: LockSet, in tx: any CoordinationStoreWriter) async throws {
        let customers = locks.orderedCustomers
        let purchases = locks.orderedPurchases.map { (environment: $0.environment, originalTransactionId: $0.originalTransactionId) }
        if let last = customers.last {
            for customer in customers.dropLast() { try await tx.lock(customer: customer) }
            try await tx.lock(customer: last, purchases: purchases)
        } else {
            for purchase in purchases {
                try await tx.lock(environment: purchase.environment, originalTransactionId: purchase.originalTransactionId)
            }
        }
        for account in locks.orderedAppleAccounts { try await tx.lock(appleAccount: account) }
    }
}
