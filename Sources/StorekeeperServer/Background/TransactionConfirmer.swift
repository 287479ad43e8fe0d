import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// Applies Apple's current record of one transaction (Get Transaction Info, verified), for the
/// outbox's ``UpgradeConfirmation`` requests: the record is a fact from Apple like a
/// notification's, so it updates the stored transaction when Apple signed it later.
struct TransactionConfirmer: OutboxDispatcher.TransactionConfirming {
    let store: any PurchaseStore
    let applier: FactApplier
    let apple: AppleConnection
    let now: any WallClock

    func confirmTransaction(environment: AppStoreEnvironment, transactionId: String) async throws {
        let confirmed = try await apple.transaction(environment: environment, transactionId: transactionId)
        let now = now()
        _ = try await store.write { tx in
            try await applier.applyFromApple(
                [confirmed], actor: .job("transactions.confirm"),
                fact: "transactionInfo:\(environment.rawValue):\(transactionId)", now: now, in: tx)
        }
    }
}
