package import AppStoreAPI
package import AppStoreModels
package import AppStoreVerification
package import CoreMetrics
import Foundation
package import Logging
package import Storekeeper

/// One app's connection to Apple (or, in development, to the simulator): App Store Server API
/// clients per environment and the verifyReceipt client. Everything signed that comes back is
/// verified with the app's `SignedDataVerifier` before it becomes a fact.
package struct AppleConnection: Sendable {
    package let app: AppConfiguration
    package let verifier: SignedDataVerifier
    package let serverAPI: [AppStoreEnvironment: AppStoreServerAPIClient]
    package let receipts: ReceiptVerificationClient?

    package init(app: AppConfiguration, verifier: SignedDataVerifier, metricsFactory: any MetricsFactory, logger: Logger) throws {
        self.app = app
        self.verifier = verifier
        var clients: [AppStoreEnvironment: AppStoreServerAPIClient] = [:]
        if let credentials = app.serverAPI {
            let token = try AppStoreServerAPIToken(
                privateKey: credentials.privateKey, keyId: credentials.keyId, issuerId: credentials.issuerId,
                bundleId: app.bundleId)
            // A custom URL means the simulator: no point spending Apple's budgets there, unless
            // asked to (measuring recovery against a simulator that enforces them).
            let limiter =
                credentials.hasCustomURLs && !credentials.appleBudget ? AppStoreRateLimiter(limits: .unlimited) : AppStoreRateLimiter.shared
            for (environment, url) in [(AppStoreEnvironment.production, credentials.productionURL), (.sandbox, credentials.sandboxURL)]
            where app.environments.contains(environment) {
                clients[environment] = try AppStoreServerAPIClient(
                    configuration: AppStoreServerAPIConfiguration(environment: environment, baseURL: url), token: token,
                    rateLimiter: limiter, metricsFactory: metricsFactory, logger: logger)
            }
        }
        serverAPI = clients
        if let urls = app.verifyReceiptURLs {
            receipts = ReceiptVerificationClient(
                configuration: ReceiptVerificationConfiguration(
                    allowSandbox: app.environments.contains(.sandbox), productionURL: urls.production,
                    sandboxURL: urls.sandbox, sharedSecret: app.sharedSecret),
                metricsFactory: metricsFactory, logger: logger)
        } else if app.sharedSecret != nil {
            receipts = ReceiptVerificationClient(
                configuration: ReceiptVerificationConfiguration(
                    allowSandbox: app.environments.contains(.sandbox), sharedSecret: app.sharedSecret),
                metricsFactory: metricsFactory, logger: logger)
        } else {
            receipts = nil
        }
    }

    package func client(_ environment: AppStoreEnvironment) throws -> AppStoreServerAPIClient {
        guard let client = serverAPI[environment] else {
            throw StorekeeperError.unavailable("no App Store Server API key configured for \(environment)")
        }
        return client
    }

    /// The current state of every subscription of the customer owning `transactionId`.
    package func statusFacts(environment: AppStoreEnvironment, transactionId: String) async throws -> [SubscriptionFact] {
        let response = try await client(environment).getAllSubscriptionStatuses(transactionId: transactionId)
        var facts: [SubscriptionFact] = []
        for group in response.data ?? [] {
            for item in group.lastTransactions ?? [] {
                let transaction = try item.signedTransactionInfo.map { try verified(verifier.verifyTransaction($0)) }
                let renewal = try item.signedRenewalInfo.map { try verified(verifier.verifyRenewalInfo($0)) }
                do {
                    facts.append(try SubscriptionFact.statusRefresh(status: item.status, transaction: transaction, renewalInfo: renewal))
                } catch {
                    throw StorekeeperError.unavailable("Apple's status response lacks data", underlying: error)
                }
            }
        }
        return facts
    }

    /// Every transaction of the customer owning `transactionId`, verified.
    package func history(environment: AppStoreEnvironment, transactionId: String) async throws -> [AppleTransaction] {
        let signed = try await client(environment).allSignedTransactions(transactionId: transactionId)
        return try signed.map { jws in
            let payload = try verified(verifier.verifyTransaction(jws))
            do throws(FactError) {
                return try AppleTransaction(payload, source: .serverAPI)
            } catch {
                throw StorekeeperError.unavailable("Apple's history holds an incomplete transaction", underlying: error)
            }
        }
    }

    private func verified<T>(_ body: @autoclosure () throws(VerificationError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StorekeeperError.verification(error)
        }
    }
}

extension AppleConnection: SubscriptionRefreshing {
    package func refresh(_ request: RefreshRequest) async throws -> [SubscriptionFact] {
        guard let id = request.originalTransactionId ?? request.transactionId else { return [] }
        let facts = try await statusFacts(environment: request.environment, transactionId: id)
        return facts.filter { request.originalTransactionId == nil || $0.originalTransactionId == request.originalTransactionId }
    }

    package func transaction(_ transaction: AppleTransaction) async throws -> AppleTransaction {
        try await self.transaction(environment: transaction.environment, transactionId: transaction.transactionId)
    }

    /// The transaction as Apple signs it now (Get Transaction Info), verified.
    package func transaction(environment: AppStoreEnvironment, transactionId: String) async throws -> AppleTransaction {
        let response = try await client(environment).getTransactionInfo(transactionId: transactionId)
        guard let signed = response.signedTransactionInfo else {
            throw StorekeeperError.unavailable("Apple's transaction info lacks the signed transaction")
        }
        let payload = try verified(verifier.verifyTransaction(signed))
        let confirmed: AppleTransaction
        do throws(FactError) {
            confirmed = try AppleTransaction(payload, source: .serverAPI)
        } catch {
            throw StorekeeperError.unavailable("Apple's transaction info is incomplete", underlying: error)
        }
        guard confirmed.transactionId == transactionId, confirmed.environment == environment else {
            throw StorekeeperError.unavailable("Apple answered for another transaction than \(transactionId)")
        }
        return confirmed
    }
}

extension AppleConnection: OutboxDispatcher.ConsumptionSending {
    package func sendConsumption(_ body: ConsumptionRequest, environment: AppStoreEnvironment, transactionId: String) async throws {
        try await client(environment).sendConsumptionInformation(transactionId: transactionId, request: body)
    }
}
