import AppStoreModels
import Foundation

/// The notification types that come from outside In-App Purchase's own lifecycle: the Advanced
/// Commerce API's `METADATA_UPDATE`, `MIGRATION` and `PRICE_CHANGE` (about a subscription the
/// developer manages through that API), the External Purchase API's `EXTERNAL_PURCHASE_TOKEN`
/// (a token, no transaction) and Declared Age Range's `RESCIND_CONSENT` (app data with the
/// account's signed app transaction).
extension SimulationEngine {
    /// The Advanced Commerce API types the simulator sends about a subscription.
    static let advancedCommerceTypes: Set<NotificationTypeV2> = [.metadataUpdate, .migration, .priceChange]

    /// The developer changed a subscription through the Advanced Commerce API: the notification
    /// carries the subscription's latest transaction and renewal info, as Apple's does. A
    /// `PRICE_CHANGE` with `renewalPrice` (milliunits) makes that the price of the next renewals.
    mutating func notifyAdvancedCommerce(
        _ type: NotificationTypeV2, originalTransactionId: String, renewalPrice: Int64?, at time: Timestamp
    ) throws(SimulatorError) -> NotificationRecord {
        guard Self.advancedCommerceTypes.contains(type) else {
            throw .invalidRequest("\(type.rawValue) is not an Advanced Commerce API notification type")
        }
        var subscription = try subscription(originalTransactionId)
        if let renewalPrice {
            guard type == .priceChange else { throw .invalidRequest("renewalPrice applies to PRICE_CHANGE only") }
            guard renewalPrice >= 0 else { throw .invalidRequest("renewalPrice must not be negative") }
            subscription.renewalPriceOverride = renewalPrice
            store(subscription)
        }
        return try notify(
            type, bundleId: subscription.bundleId, environment: subscription.environment,
            accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
            subscription: subscription, at: time)
    }

    /// Apple's notice about an external purchase token of the app: `CREATED` (a custom link
    /// token), `ACTIVE_TOKEN_REMINDER` (still active, monthly) or `UNREPORTED` (not reported 10
    /// days after its creation, or after an `ACQUISITION`/`SERVICES` token expired). The payload
    /// holds `externalPurchaseToken` only; a sandbox token's identifier starts with `SANDBOX`.
    mutating func notifyExternalPurchaseToken(
        bundleId: String, environment: AppStoreEnvironment, subtype: NotificationSubtype,
        externalPurchaseId: String?, tokenType: ExternalPurchaseTokenType?, at time: Timestamp
    ) throws(SimulatorError) -> (notification: NotificationRecord, token: ExternalPurchaseToken) {
        let subtypes: Set<NotificationSubtype> = [.unreported, .created, .activeTokenReminder]
        guard subtypes.contains(subtype) else {
            throw .invalidRequest("\(subtype.rawValue) is not an EXTERNAL_PURCHASE_TOKEN subtype")
        }
        let app = try app(bundleId)
        let prefix = environment == .production ? "" : "SANDBOX_"
        let token = ExternalPurchaseToken(
            externalPurchaseId: externalPurchaseId ?? prefix + UUID.random().lowercasedString,
            tokenCreationDate: time, appAppleId: app.appAppleId, bundleId: bundleId,
            tokenExpirationDate: tokenType == nil ? nil : time.adding(milliseconds: 30 * 86_400_000),
            tokenType: tokenType)
        let record = try notify(
            .externalPurchaseToken, subtype, bundleId: bundleId, environment: environment, accountId: nil,
            externalPurchaseToken: token, at: time)
        return (record, token)
    }

    /// A parent or guardian withdrew consent for the account's use of the app: `appData` with
    /// the account's signed app transaction (whose `appTransactionId` names the Apple account).
    mutating func notifyConsentRescinded(
        accountId: String, bundleId: String, at time: Timestamp
    ) throws(SimulatorError)
        -> NotificationRecord
    {
        let account = try account(accountId)
        let app = try app(bundleId)
        let record = try appTransaction(account: accountId, bundleId: bundleId, at: time)
        let data = AppData(
            appAppleId: app.reportedAppAppleId(in: account.environment), bundleId: bundleId,
            environment: account.environment, signedAppTransactionInfo: try signedAppTransaction(record, at: time))
        return try notify(
            .rescindConsent, bundleId: bundleId, environment: account.environment, accountId: accountId, appData: data,
            at: time)
    }
}
