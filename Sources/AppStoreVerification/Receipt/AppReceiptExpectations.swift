import AppStoreModels

/// Receipts are bound to an app like signed data: the same expectations type serves both.
public typealias AppReceiptExpectations = VerificationExpectations

extension VerificationExpectations {
    /// No binding: signature and certificate chain only.
    public static let none = VerificationExpectations()

    /// Checks a verified receipt's app and environment. Receipts write app Apple ID 0 in
    /// sandbox and Xcode; that counts as absent.
    func check(_ receipt: AppReceipt) throws(VerificationError) {
        try check(
            AppClaims(
                bundleId: receipt.bundleId, appAppleId: receipt.appItemId == 0 ? nil : receipt.appItemId,
                environment: receipt.environment ?? receipt.receiptType.map { AppStoreEnvironment(rawValue: $0.rawValue) }),
            what: "receipt")
    }
}
