import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels

/// Adjusts a customer's balance by hand (``Wallet/adjustment(_:currency:amount:key:operatorName:memo:at:)``):
/// one balanced journal entry against the adjustment account, booked in the action's
/// transaction. A debit below zero is refused unless the app's debt policy lets balances go
/// negative; this is how support compensates "Apple refunded gems already spent" (`seeds/000`).
package struct WalletAdjustAction: Sendable {
    package let scope: OperatorActionScope

    package init(
        scope: OperatorActionScope
    ) {
        self.scope = scope
    }

    /// `key` is the operator's idempotency key (unique per app, as the journal key is globally).
    package func adjust(
        _ body: WalletAdjustActionRequest, of customerId: CustomerID, key: String,
        in tx: any LedgerStoreWriter & AuditStoreWriter & CoordinationStoreWriter & OutboxStoreWriter & CustomerStoreReader
    ) async throws -> WalletAdjustResponse {
        let app = scope.app
        guard app.catalog.products.contains(where: { $0.currencies[body.currency] != nil }) || app.bonus?.currency == body.currency
        else {
            throw StorekeeperError(.unknownCurrency, "the app has no currency \(body.currency.prefix(64))", kind: .rejected)
        }
        let entry: JournalEntry
        do throws(WalletError) {
            entry = try Wallet.adjustment(
                customerId, currency: body.currency, amount: body.amount, key: "adjustment:\(app.id):\(key)",
                operatorName: scope.operatorName, memo: scope.reason, at: scope.now)
        } catch {
            throw StorekeeperError(.invalidRequest, error.reason, kind: .invalidRequest)
        }
        try await tx.lock(customer: customerId)
        _ = try await scope.requireCustomer(customerId, in: tx)
        let guarded = Wallet.adjustmentRequiresNonNegative(amount: body.amount, policy: app.policy.debt)
        switch try await tx.post(entry, requireNonNegative: guarded) {
        case .posted(let balance):
            try await scope.applier.events.walletChanged(entry, balance: balance, now: scope.now, in: tx)
            try await tx.append(
                scope.audit(
                    kind: "wallet.adjusted", customerId: customerId, subject: entry.key,
                    details: ["currency": body.currency, "amount": String(body.amount), "balanceAfter": String(balance)]))
            return WalletAdjustResponse(
                customerId: customerId.rawValue, currency: body.currency, amount: body.amount, balance: balance,
                entry: JournalEntryBody(entry))
        case .duplicate:
            // The entry's key is this action's: another request under the same idempotency key
            // booked it and committed while this one waited on the key (PostgreSQL). Reported as
            // the unique violation it is, `once` answers that request's result as a replay.
            throw PurchaseStoreError.uniqueViolation("adjustment \(entry.key) was booked by a concurrent request [journal_entries]")
        case .insufficientFunds(let balance):
            throw StorekeeperError(
                .insufficientFunds,
                "balance \(balance) \(body.currency) cannot go below zero under the app's debt policy \(app.policy.debt.rawValue)",
                kind: .conflict)
        }
    }
}

extension StorekeeperError.Code {
    /// The app sells no product crediting this currency.
    package static let unknownCurrency = StorekeeperError.Code(rawValue: "unknownCurrency")
}
