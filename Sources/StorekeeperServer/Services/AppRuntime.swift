public import AppStoreVerification
import AppStoreModels
import Crypto
import Foundation
import Storekeeper

/// One configured app with the verifiers built from its configuration.
public struct AppRuntime: Sendable {
    public let config: AppConfiguration
    public let signedData: SignedDataVerifier
    public let receipts: AppReceiptVerifier

    public init(config: AppConfiguration) {
        self.config = config
        self.signedData = SignedDataVerifier(trustedRoots: config.jwsRoots, expectations: config.expectations)
        self.receipts = AppReceiptVerifier(
            trustedRoots: config.receiptRoots.certificates,
            expectations: AppReceiptExpectations(
                bundleId: config.bundleId, appAppleId: config.appAppleId, environments: config.environments))
    }

    /// Facts extracted from verified proof.
    struct VerifiedFacts: Sendable {
        var transactions: [AppleTransaction]
        var renewals: [RenewalInfo]
        /// What the audit trail names as the source (`transaction:<env>:<id>`, `receipt:<digest>`).
        var factReference: String
    }

    /// Verifies a client's proof of purchase locally.
    func verify(_ proof: PurchaseService.Proof) async throws -> VerifiedFacts {
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
            let digest = SHA256.hash(data: Data(base64.utf8)).prefix(12).map { String(format: "%02x", $0) }.joined()
            return VerifiedFacts(transactions: transactions, renewals: [], factReference: "receipt:\(digest)")
        case .transactionReceipt:
            throw StorekeeperError(
                .invalidRequest, "iOS 6 transaction receipts need verifyReceipt, which this app has not configured",
                status: .unprocessableContent)
        }
    }

    private static func fact<T>(_ body: () throws(FactError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StorekeeperError(.invalidRequest, "signed data lacks required fields: \(error.reason)", status: .unprocessableContent)
        }
    }
}
