import AppStoreAPI
package import AppStoreModels
public import AppStoreVerification
package import CoreMetrics
import Crypto
import Foundation
package import Logging
package import Storekeeper

/// One configured app with the verifiers built from its configuration.
public struct AppRuntime: Sendable {
    public let config: AppConfiguration
    public let signedData: SignedDataVerifier
    public let receipts: AppReceiptVerifier
    /// Apple's servers (or the simulator), when the app configured credentials for them.
    package let apple: AppleConnection?

    /// The server's business clock: the moment a fact from `verifyReceipt` (which Apple does not
    /// sign or date) is taken as signed.
    package let now: any WallClock

    package init(config: AppConfiguration, metricsFactory: any MetricsFactory, logger: Logger, now: any WallClock) {
        self.config = config
        self.now = now
        let signedData = SignedDataVerifier(trustedRoots: config.jwsRoots, expectations: config.expectations)
        self.signedData = signedData
        do {
            let connection = try AppleConnection(app: config, verifier: signedData, metricsFactory: metricsFactory, logger: logger)
            apple = connection.serverAPI.isEmpty && connection.receipts == nil ? nil : connection
        } catch {
            logger.error("cannot reach Apple for this app", metadata: ["storekeeper.app": "\(config.id)", "storekeeper.error": "\(error)"])
            apple = nil
        }
        self.receipts = AppReceiptVerifier(
            trustedRoots: config.receiptRoots.certificates,
            expectations: AppReceiptExpectations(
                bundleId: config.bundleId, appAppleId: config.appAppleId, environments: config.environments))
    }

    /// Facts extracted from verified proof.
    package struct VerifiedFacts: Sendable {
        package var transactions: [AppleTransaction]
        package var renewals: [RenewalInfo]
        /// What the audit trail names as the source (`transaction:<env>:<id>`, `receipt:<digest>`).
        package var factReference: String
    }

    /// Verifies a client's proof of purchase locally.
    package func verify(_ proof: PurchaseService.Proof) async throws -> VerifiedFacts {
        switch proof {
        case .signedTransaction(let jws):
            let payload: JWSTransactionDecodedPayload
            do {
                payload = try signedData.verifyTransaction(jws)
            } catch {
                throw StorekeeperError.verification(error)
            }
            let transaction = try Self.fact { () throws(FactError) in try AppleTransaction(payload, source: .storeKit2) }
            return VerifiedFacts(
                transactions: [transaction], renewals: [],
                factReference: "transaction:\(transaction.environment.rawValue):\(transaction.transactionId)")
        case .appReceipt(let base64):
            let verified: VerifiedAppReceipt
            do {
                verified = try receipts.verify(base64Receipt: base64)
            } catch {
                throw StorekeeperError.verification(error)
            }
            guard let environment = verified.environment else {
                throw StorekeeperError.verification(.wrongEnvironment("receipt names no environment"))
            }
            let transactions = try verified.receipt.inApp.map { purchase in
                try Self.fact { () throws(FactError) in
                    try AppleTransaction(purchase, environment: environment, receiptCreationDate: verified.signedDate)
                }
            }
            let digest = SHA256.hash(data: Data(base64.utf8)).prefix(12).lowercaseHex
            return VerifiedFacts(transactions: transactions, renewals: [], factReference: "receipt:\(digest)")
        case .transactionReceipt(let base64):
            return try await confirmTransactionReceipt(base64)
        }
    }

    /// iOS 6-style transaction receipts cannot be verified locally (their signature format is not
    /// public): they are decoded here to catch garbage early, then confirmed with `verifyReceipt`,
    /// and the environment that answered is recorded.
    private func confirmTransactionReceipt(_ base64: String) async throws -> VerifiedFacts {
        do {
            _ = try IOS6TransactionReceiptParser.parse(base64Receipt: base64)
        } catch {
            throw StorekeeperError.verification(error)
        }
        guard let client = apple?.receipts else {
            throw StorekeeperError(
                .invalidRequest, "iOS 6 transaction receipts need verifyReceipt (configure the app's sharedSecret)",
                kind: .rejected)
        }
        let result: ReceiptVerificationResult
        do {
            result = try await client.verifyReceipt(VerifyReceiptRequest(receiptData: base64, password: config.sharedSecret))
        } catch {
            if error.isRetryable {
                throw StorekeeperError.unavailable("verifyReceipt could not answer; retry later", cause: error.description)
            }
            throw StorekeeperError(
                Code(rawValue: "receiptRejected"), "verifyReceipt rejected the receipt", kind: .rejected,
                verificationCode: error.code.rawValue, cause: error.description)
        }
        guard config.environments.contains(result.environment) else {
            throw StorekeeperError.verification(.wrongEnvironment("verifyReceipt answered from \(result.environment)"))
        }
        guard let receipt = result.response.transactionReceipt else {
            throw StorekeeperError(.invalidRequest, "verifyReceipt did not return a transaction receipt", kind: .rejected)
        }
        if let bid = receipt.bid, bid != config.bundleId {
            throw StorekeeperError.verification(.wrongBundleId("transaction receipt is for \(bid)"))
        }
        let transaction = try Self.fact { () throws(FactError) in
            try AppleTransaction(receipt, environment: result.environment, signedDate: now(), source: .verifyReceipt)
        }
        return VerifiedFacts(
            transactions: [transaction], renewals: [],
            factReference: "verifyReceipt:\(transaction.environment.rawValue):\(transaction.transactionId)")
    }

    package typealias Code = StorekeeperError.Code

    private static func fact<T>(_ body: () throws(FactError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StorekeeperError(.invalidRequest, "signed data lacks required fields: \(error.reason)", kind: .rejected)
        }
    }
}
