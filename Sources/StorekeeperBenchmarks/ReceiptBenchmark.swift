import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation

extension VerifyBenchmark {
    /// Parse + verify of an app receipt signed by a minted Apple-shaped RSA chain (SHA-256),
    /// with a typical history: ten consumables and a year of monthly renewals.
    func receiptBenchmark() throws -> Throughput.Result {
        let chain = try ReceiptSigningChain.mint(
            notValidBefore: Date(timeIntervalSince1970: 1_577_836_800), notValidAfter: Date(timeIntervalSince1970: 2_208_988_800))
        let now = Timestamp(Date())
        var purchases: [AppReceiptInAppPurchase] = []
        for index in 0..<10 {
            purchases.append(
                AppReceiptInAppPurchase(
                    quantity: 1, productId: "com.example.gems.100", transactionId: String(1_000_000_747_843_075 + index),
                    originalTransactionId: String(1_000_000_747_843_075 + index), purchaseDate: now, originalPurchaseDate: now,
                    isTrialPeriod: false))
        }
        for month in 0..<12 {
            let start = now.adding(milliseconds: Int64(month) * 2_592_000_000)
            purchases.append(
                AppReceiptInAppPurchase(
                    quantity: 1, productId: "com.example.pro.monthly", transactionId: String(2_000_000_094_963_678 + month),
                    originalTransactionId: "2000000094963678", purchaseDate: start, originalPurchaseDate: now,
                    expiresDate: start.adding(milliseconds: 2_592_000_000), webOrderLineItemId: Int64(2_000_000_047_068_353 + month),
                    isTrialPeriod: month == 0, isInIntroOfferPeriod: false))
        }
        let receipt = AppReceipt(
            receiptType: .production, appItemId: 1_234_567_890, bundleId: "com.example.storekeeper", applicationVersion: "42",
            opaqueValue: Array(repeating: 7, count: 16), sha1Hash: Array(repeating: 9, count: 20), receiptCreationDate: now,
            originalPurchaseDate: now, originalApplicationVersion: "1.0", inApp: purchases)
        let base64 = try AppReceiptBuilder(chain: chain).buildBase64(receipt)
        let verifier = AppReceiptVerifier(
            trustedRoots: [chain.root],
            expectations: AppReceiptExpectations(bundleId: "com.example.storekeeper", environments: [.production]))
        guard try verifier.verify(base64Receipt: base64).receipt.inApp.count == purchases.count else {
            throw BenchmarkFailure("minted receipt did not round-trip")
        }
        return try throughput.measure(Self.receiptName) { _ = try verifier.verify(base64Receipt: base64) }
    }
}
