import AppStoreAPI
package import AppStoreModels
package import Foundation

extension AppleConnection: OutboxDispatcher.AppAccountTokenSetting {
    package func setAppAccountToken(_ token: UUID, environment: AppStoreEnvironment, originalTransactionId: String) async throws {
        try await client(environment).setAppAccountToken(
            originalTransactionId: originalTransactionId, request: UpdateAppAccountTokenRequest(appAccountToken: token))
    }
}

extension AppleConnection: OutboxDispatcher.TransactionFinishing {
    package func finishTransaction(environment: AppStoreEnvironment, transactionId: String) async throws {
        try await client(environment).finishTransaction(transactionId: transactionId)
    }
}
