package import AppStoreModels
import Foundation
import Storekeeper
package import StorekeeperStore

/// Applies Apple's current record of one transaction (Get Transaction Info, verified), for the
/// outbox's ``UpgradeConfirmation`` requests: the record is a fact from Apple like a
/// notification's, so it updates the stored transaction when Apple signed it later.
package struct TransactionConfirmer: OutboxDispatcher.TransactionConfirming {
    package let store: any PurchaseStore
    package let applier: FactApplier
    package let apple: AppleConnection
    package let now: any WallClock

    package init(
        store: any PurchaseStore, applier: FactApplier, apple: AppleConnection, now: any WallClock
    ) {
        self.store = store
        self.applier = applier
        self.apple = apple
        self.now = now
    }

    package func confirmTransaction(environment: AppStoreEnvironment, transactionId: String) async throws {
        let confirmed = try await apple.transaction(environment: environment, transactionId: transactionId)
        let now = now()
        _ = try await store.write { tx in
            try await applier.applyFromApple(
                [confirmed], actor: .job("transactions.confirm"),
                fact: "transactionInfo:\(environment.rawValue):\(transactionId)", now: now, in: tx)
        }
    }
}
