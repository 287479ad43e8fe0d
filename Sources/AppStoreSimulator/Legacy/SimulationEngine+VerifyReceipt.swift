import AppStoreModels
import AppStoreVerification
import Foundation

extension SimulationEngine {
    /// The legacy `verifyReceipt` endpoint of one environment.
    ///
    /// Status codes: injected faults first; 21002 for a body that is not JSON with base64
    /// `receipt-data` (or a receipt that does not parse); 21003 for one the simulator cannot
    /// authenticate (not signed by its receipt chain, or an unknown app); 21007 for a sandbox
    /// receipt sent to production and 21008 the other way round; 21010 when the receipt's
    /// account is unknown; 21004 when the password differs from the app's shared secret (a
    /// receipt with auto-renewable subscriptions needs it); otherwise 0 with Apple's response.
    mutating func verifyReceipt(
        body: [UInt8], endpoint: AppStoreEnvironment, verifier: AppReceiptVerifier, at now: Timestamp
    ) -> VerifyReceiptResponse {
        if let fault = consumeReceiptFault(environment: endpoint) {
            let isRetryable = fault.isRetryable ?? (fault.status.isRetryable ? true : nil)
            return VerifyReceiptResponse(
                status: fault.status, environment: endpoint,
                isRetryable: isRetryable.map { FlexibleBool($0, wireStyle: .boolean) })
        }
        guard let request = try? JSONCoding.decode(VerifyReceiptRequest.self, from: Data(body)) else {
            return VerifyReceiptResponse(status: .malformedReceiptData)
        }
        let verified: VerifiedAppReceipt
        do {
            verified = try verifier.verify(base64Receipt: request.receiptData)
        } catch {
            return VerifyReceiptResponse(status: error.code == .malformed ? .malformedReceiptData : .receiptNotAuthenticated)
        }
        let receipt = verified.receipt
        guard let bundleId = receipt.bundleId, let app = state.apps[bundleId] else {
            return VerifyReceiptResponse(status: .receiptNotAuthenticated)
        }
        let receiptEnvironment: AppStoreEnvironment = receipt.environment == .production ? .production : .sandbox
        if receiptEnvironment != endpoint {
            return VerifyReceiptResponse(
                status: receiptEnvironment == .sandbox ? .sandboxReceiptSentToProduction : .productionReceiptSentToSandbox,
                environment: endpoint)
        }
        guard
            let record = state.appTransactions.values.first(where: {
                $0.bundleId == bundleId && $0.downloadId == receipt.downloadId
            })
        else { return VerifyReceiptResponse(status: .accountNotFound, environment: endpoint) }
        let transactions = legacyTransactions(account: record.accountId, bundleId: bundleId)
        let hasSubscriptions = transactions.contains { $0.payload.type == .autoRenewableSubscription }
        if request.password.map({ $0 != app.sharedSecret }) ?? hasSubscriptions {
            return VerifyReceiptResponse(status: .sharedSecretMismatch, environment: endpoint)
        }
        var response = VerifyReceiptResponse(
            status: .valid, environment: endpoint,
            receipt: .appReceipt(verifyReceiptAppReceipt(receipt, at: now)))
        guard hasSubscriptions else { return response }
        var latest = Array(transactions.reversed())
        if request.excludeOldTransactions == true {
            let current = Set(state.subscriptions.values.map(\.latestTransactionId))
            latest = latest.filter { $0.payload.type != .autoRenewableSubscription || current.contains($0.transactionId) }
        }
        response.latestReceiptInfo = .transactions(latest.map(receiptTransactionInfo))
        response.pendingRenewalInfo = state.subscriptions.values
            .filter { $0.accountId == record.accountId && $0.bundleId == bundleId }
            .sorted { $0.originalTransactionId < $1.originalTransactionId }
            .map(pendingRenewalInfo)
        response.latestReceipt = try? appReceiptBase64(account: record.accountId, bundleId: bundleId, at: now)
        return response
    }

    /// The `receipt` object of a response, from the verified receipt payload.
    private func verifyReceiptAppReceipt(_ receipt: AppReceipt, at now: Timestamp) -> VerifyReceiptAppReceipt {
        func dates(_ timestamp: Timestamp?) -> (AppleFormattedDate?, FlexibleTimestamp?, AppleFormattedDate?) {
            (
                timestamp.map(AppleFormattedDate.gmt), timestamp.map { FlexibleTimestamp($0) },
                timestamp.flatMap { try? AppleFormattedDate.pacific($0) }
            )
        }
        let created = dates(receipt.receiptCreationDate)
        let requested = dates(now)
        let original = dates(receipt.originalPurchaseDate)
        let inApp = receipt.inApp.compactMap { purchase in
            purchase.transactionId.flatMap { state.transactions[$0] }.map(receiptTransactionInfo)
        }
        return VerifyReceiptAppReceipt(
            receiptType: ReceiptType(rawValue: receipt.receiptType?.rawValue ?? "ProductionSandbox"),
            adamId: FlexibleInt64(receipt.appItemId ?? 0, wireStyle: .number),
            appItemId: FlexibleInt64(receipt.appItemId ?? 0, wireStyle: .number), bundleId: receipt.bundleId,
            applicationVersion: receipt.applicationVersion,
            downloadId: FlexibleInt64(receipt.downloadId ?? 0, wireStyle: .number),
            versionExternalIdentifier: FlexibleInt64(receipt.versionExternalIdentifier ?? 0, wireStyle: .number),
            receiptCreationDate: created.0, receiptCreationDateMs: created.1, receiptCreationDatePst: created.2,
            requestDate: requested.0, requestDateMs: requested.1, requestDatePst: requested.2,
            originalPurchaseDate: original.0, originalPurchaseDateMs: original.1, originalPurchaseDatePst: original.2,
            originalApplicationVersion: receipt.originalApplicationVersion, inApp: inApp)
    }
}
