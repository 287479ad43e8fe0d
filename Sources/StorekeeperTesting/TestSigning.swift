public import AppStoreModels
public import AppStoreSimulator
public import AppStoreVerification
public import Foundation

/// Signed data minted under a test chain, for tests that need Apple-shaped JWS.
///
/// Each `TestSigning` owns an `AppleShapedPKI`; verifiers built with `verifier(...)` trust its
/// root and nothing else, so the data is rejected anywhere Apple's roots are the anchors.
public struct TestSigning: Sendable {
    public let pki: AppleShapedPKI
    public let signer: ES256Signer
    public let bundleId: String
    public let appAppleId: Int64

    public init(
        options: AppleShapedPKI.Options = .init(), bundleId: String = "com.example.storekeeper",
        appAppleId: Int64 = 1_234_567_890
    ) throws {
        self.pki = try AppleShapedPKI(options: options)
        self.signer = try pki.signer()
        self.bundleId = bundleId
        self.appAppleId = appAppleId
    }

    public func verifier(
        environments: Set<AppStoreEnvironment>? = [.production], bundleId: String? = nil, appAppleId: Int64? = nil
    ) throws -> SignedDataVerifier {
        SignedDataVerifier(
            trustedRoots: try pki.trustedRoots,
            expectations: .init(
                bundleId: bundleId ?? self.bundleId, appAppleId: appAppleId ?? self.appAppleId,
                environments: environments))
    }

    /// A consumable or subscription transaction with realistic fields, overridable by `edit`.
    public func transaction(
        signedDate: Timestamp = Timestamp(Date()), environment: AppStoreEnvironment = .production,
        edit: (inout JWSTransactionDecodedPayload) -> Void = { _ in }
    ) -> JWSTransactionDecodedPayload {
        var payload = JWSTransactionDecodedPayload(
            transactionId: "2000000847061981", originalTransactionId: "2000000847061981",
            bundleId: bundleId, productId: "com.example.gems.100", purchaseDate: signedDate,
            originalPurchaseDate: signedDate, quantity: 1, type: .consumable,
            inAppOwnershipType: .purchased, signedDate: signedDate, environment: environment,
            storefront: "USA", storefrontId: "143441", transactionReason: .purchase, price: 990, currency: "USD")
        edit(&payload)
        return payload
    }

    public func sign<Payload: Encodable>(_ payload: Payload) throws -> String {
        try signer.sign(payload)
    }

    /// A notification carrying `transaction` (and `renewalInfo`, when given), both signed.
    public func notification(
        type: NotificationTypeV2, subtype: NotificationSubtype? = nil,
        transaction: JWSTransactionDecodedPayload?, renewalInfo: JWSRenewalInfoDecodedPayload? = nil,
        signedDate: Timestamp = Timestamp(Date()), environment: AppStoreEnvironment = .production,
        uuid: UUID = UUID.random()
    ) throws -> ResponseBodyV2DecodedPayload {
        ResponseBodyV2DecodedPayload(
            notificationType: type, subtype: subtype, notificationUUID: uuid.lowercasedString,
            data: NotificationData(
                appAppleId: appAppleId, bundleId: bundleId, bundleVersion: "1", environment: environment,
                signedTransactionInfo: try transaction.map(sign), signedRenewalInfo: try renewalInfo.map(sign)),
            version: "2.0", signedDate: signedDate)
    }
}
