import AppStoreModels
import AppStoreVerification
import Foundation

/// Signed data shaped like Apple's: a renewal transaction, its renewal info, and the
/// DID_RENEW notification carrying both.
struct SignedSamples {
    let transaction: String
    let renewalInfo: String
    let notification: String

    init(signer: ES256Signer, bundleId: String) throws {
        let now = Timestamp(Date())
        let transactionPayload = JWSTransactionDecodedPayload(
            transactionId: "2000001024998954", originalTransactionId: "2000001024993299",
            webOrderLineItemId: "2000000113755461", bundleId: bundleId, productId: "com.example.pro.monthly",
            subscriptionGroupIdentifier: "21421808", purchaseDate: now, originalPurchaseDate: now,
            expiresDate: now.adding(milliseconds: 30 * 86_400_000), quantity: 1, type: .autoRenewableSubscription,
            appAccountToken: UUID.random(), inAppOwnershipType: .purchased, signedDate: now,
            environment: .production, storefront: "USA", storefrontId: "143441", transactionReason: .renewal,
            price: 9990, currency: "USD")
        transaction = try signer.sign(transactionPayload)
        let renewalPayload = JWSRenewalInfoDecodedPayload(
            originalTransactionId: "2000001024993299", productId: "com.example.pro.monthly",
            autoRenewProductId: "com.example.pro.monthly", autoRenewStatus: .on, signedDate: now,
            environment: .production, recentSubscriptionStartDate: now,
            renewalDate: now.adding(milliseconds: 30 * 86_400_000), renewalPrice: 9990, currency: "USD")
        renewalInfo = try signer.sign(renewalPayload)
        let notificationPayload = ResponseBodyV2DecodedPayload(
            notificationType: .didRenew, notificationUUID: UUID.random().lowercasedString,
            data: NotificationData(
                appAppleId: 1_234_567_890, bundleId: bundleId, bundleVersion: "42", environment: .production,
                signedTransactionInfo: transaction, signedRenewalInfo: renewalInfo, status: .active),
            version: "2.0", signedDate: now)
        notification = try signer.sign(notificationPayload)
    }
}
