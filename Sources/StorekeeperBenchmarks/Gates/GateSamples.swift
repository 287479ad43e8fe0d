import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation

/// Signed notifications for the gates, each about a purchase of its own. Everything but the
/// signatures is fixed (ids, dates, tokens), so two runs verify and store the same bytes; the
/// signatures' nonces are random, and P-256 verification takes a number of steps that depends
/// on the signature, so the gates average over many distinct ones.
struct GateSamples {
    /// 2026-05-28T00:00:00Z: inside the minted chain's validity, and the same in every run.
    static let signedAt = Timestamp(millisecondsSince1970: 1_779_926_400_000)

    let signer: ES256Signer

    /// A signed consumable purchase of 100 gems, number `index`.
    func consumable(_ index: Int) throws -> String {
        let id = Self.id(1, index)
        return try signer.sign(
            JWSTransactionDecodedPayload(
                transactionId: id, originalTransactionId: id, bundleId: BenchmarkStack.bundleId, productId: BenchmarkStack.gems,
                purchaseDate: Self.signedAt, originalPurchaseDate: Self.signedAt, quantity: 1, type: .consumable,
                appAccountToken: Self.token(index), inAppOwnershipType: .purchased, signedDate: Self.signedAt,
                environment: .production, storefront: "USA", storefrontId: "143441", transactionReason: .purchase, price: 990,
                currency: "USD"))
    }

    /// A signed first purchase of the monthly subscription, number `index`, and its renewal info.
    func subscription(_ index: Int) throws -> (transaction: String, renewalInfo: String) {
        let id = Self.id(2, index)
        let expires = Self.signedAt.adding(milliseconds: 30 * 86_400_000)
        let transaction = try signer.sign(
            JWSTransactionDecodedPayload(
                transactionId: id, originalTransactionId: id, webOrderLineItemId: Self.id(3, index), bundleId: BenchmarkStack.bundleId,
                productId: BenchmarkStack.proMonthly, subscriptionGroupIdentifier: BenchmarkStack.subscriptionGroup,
                purchaseDate: Self.signedAt, originalPurchaseDate: Self.signedAt, expiresDate: expires, quantity: 1,
                type: .autoRenewableSubscription, appAccountToken: Self.token(index), inAppOwnershipType: .purchased,
                signedDate: Self.signedAt, environment: .production, storefront: "USA", storefrontId: "143441",
                transactionReason: .purchase, price: 9990, currency: "USD"))
        let renewalInfo = try signer.sign(
            JWSRenewalInfoDecodedPayload(
                originalTransactionId: id, productId: BenchmarkStack.proMonthly, autoRenewProductId: BenchmarkStack.proMonthly,
                autoRenewStatus: .on, signedDate: Self.signedAt, environment: .production,
                recentSubscriptionStartDate: Self.signedAt, renewalDate: expires, renewalPrice: 9990, currency: "USD"))
        return (transaction, renewalInfo)
    }

    /// A notification's `signedPayload` and the JWS nested in it.
    struct SignedNotification {
        let signedPayload: String
        let nested: [String]

        /// Every JWS whose signature a receiver checks, the notification's first.
        var all: [String] { [signedPayload] + nested }
        /// The webhook body Apple posts: `{"signedPayload": ...}`.
        var body: [UInt8] { Array(#"{"signedPayload":"\#(signedPayload)"}"#.utf8) }
    }

    /// A `ONE_TIME_CHARGE` notification carrying consumable `index`.
    func consumableNotification(_ index: Int) throws -> SignedNotification {
        let transaction = try consumable(index)
        let signed = try notification(
            .oneTimeCharge, subtype: nil, index: index,
            data: NotificationData(
                appAppleId: BenchmarkStack.appAppleId, bundleId: BenchmarkStack.bundleId, bundleVersion: "42",
                environment: .production, signedTransactionInfo: transaction))
        return SignedNotification(signedPayload: signed, nested: [transaction])
    }

    /// A `SUBSCRIBED` (`INITIAL_BUY`) notification of subscription `index`, with its renewal info.
    func subscriptionNotification(_ index: Int) throws -> SignedNotification {
        let parts = try subscription(index)
        let signed = try notification(
            .subscribed, subtype: .initialBuy, index: index,
            data: NotificationData(
                appAppleId: BenchmarkStack.appAppleId, bundleId: BenchmarkStack.bundleId, bundleVersion: "42",
                environment: .production, signedTransactionInfo: parts.transaction, signedRenewalInfo: parts.renewalInfo,
                status: .active))
        return SignedNotification(signedPayload: signed, nested: [parts.transaction, parts.renewalInfo])
    }

    private func notification(
        _ type: NotificationTypeV2, subtype: NotificationSubtype?, index: Int, data: NotificationData
    ) throws -> String {
        try signer.sign(
            ResponseBodyV2DecodedPayload(
                notificationType: type, subtype: subtype, notificationUUID: Self.token(index + 1_000_000).lowercasedString,
                data: data, version: "2.0", signedDate: Self.signedAt))
    }

    /// A 16-digit id, distinct per kind and index, the length Apple's have.
    static func id(_ kind: Int, _ index: Int) -> String {
        String(kind * 1_000_000_000_000_000 + 2_000_000_000_000 + index)
    }

    /// A UUID distinct per index, the same in every run.
    static func token(_ index: Int) -> UUID {
        let hex = String(UInt64(index), radix: 16)
        let tail = String(repeating: "0", count: 12 - hex.count) + hex
        return UUID(uuidString: "9a7e0000-0000-4000-8000-\(tail)")!
    }
}
