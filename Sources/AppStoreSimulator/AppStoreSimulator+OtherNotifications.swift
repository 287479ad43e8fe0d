public import AppStoreModels

/// The notifications no In-App Purchase event of the simulator causes, sent on request as Apple
/// would send them: the Advanced Commerce API's, external purchase tokens', rescinded consent's.
/// Each returns the notification sent after due deliveries ran.
extension AppStoreSimulator {
    /// `METADATA_UPDATE`, `MIGRATION` (also spelled `MIGRATE`) or `PRICE_CHANGE` about a
    /// subscription, with its latest transaction and renewal info; a `PRICE_CHANGE` with
    /// `renewalPrice` (milliunits) sets the price of the next renewals first.
    @discardableResult
    public func sendAdvancedCommerceNotification(
        _ type: NotificationTypeV2, originalTransactionId: String, renewalPrice: Int64? = nil
    ) async throws -> NotificationRecord {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.notifyAdvancedCommerce(
                type, originalTransactionId: originalTransactionId, renewalPrice: renewalPrice, at: now)
        }
    }

    /// `EXTERNAL_PURCHASE_TOKEN` with `subtype` (`UNREPORTED`, `CREATED`, `ACTIVE_TOKEN_REMINDER`)
    /// about a token of the app (a new identifier when `externalPurchaseId` is nil); returns the
    /// notification and the token it carries.
    @discardableResult
    public func sendExternalPurchaseToken(
        bundleId: String, environment: AppStoreEnvironment = .sandbox, subtype: NotificationSubtype,
        externalPurchaseId: String? = nil, tokenType: ExternalPurchaseTokenType? = nil
    ) async throws -> (notification: NotificationRecord, token: ExternalPurchaseToken) {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.notifyExternalPurchaseToken(
                bundleId: bundleId, environment: environment, subtype: subtype, externalPurchaseId: externalPurchaseId,
                tokenType: tokenType, at: now)
        }
    }

    /// `RESCIND_CONSENT`: a parent or guardian withdrew consent for the account's use of the app.
    @discardableResult
    public func rescindConsent(accountId: String, bundleId: String) async throws -> NotificationRecord {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.notifyConsentRescinded(accountId: accountId, bundleId: bundleId, at: now)
        }
    }
}
