public import AppStoreModels
import Foundation

/// Lifecycle operations: each changes the store as the App Store would, sends exactly the V2
/// notification Apple documents for the event, and returns after due deliveries ran.
extension AppStoreSimulator {
    func operate<T: Sendable, E: Error>(_ body: (inout SimulationEngine, Timestamp) throws(E) -> T) async throws(E) -> T {
        let result = try mutate(body)
        await runDueWork()
        return result
    }

    /// Buys any product type: `ONE_TIME_CHARGE`, `SUBSCRIBED` (`INITIAL_BUY` / `RESUBSCRIBE`),
    /// `OFFER_REDEEMED`, or a plan change (`DID_CHANGE_RENEWAL_PREF` `UPGRADE` / `DOWNGRADE`).
    @discardableResult
    public func purchase(_ request: PurchaseRequest) async throws -> PurchaseResult {
        try await operate { (engine, now) throws(SimulatorError) in try engine.purchase(request, at: now) }
    }

    /// Turns auto-renew off or on (`DID_CHANGE_RENEWAL_STATUS`).
    public func setAutoRenew(originalTransactionId: String, enabled: Bool) async throws {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.setAutoRenew(originalTransactionId, enabled: enabled, at: now)
        }
    }

    /// Switches plan within the group: upgrades and same-duration crossgrades now, downgrades and
    /// other crossgrades at the next renewal.
    @discardableResult
    public func changeRenewalPreference(originalTransactionId: String, productId: String) async throws -> PurchaseResult {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.changeRenewalPreference(originalTransactionId, to: productId, at: now)
        }
    }

    /// Makes an account's payment method fail, or fixes it (which recovers every subscription of
    /// the account in billing retry: `DID_RENEW` / `BILLING_RECOVERY`).
    public func setPaymentFails(accountId: String, fails: Bool) async throws {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.setPaymentFails(account: accountId, fails: fails, at: now)
        }
    }

    /// A billing retry that succeeds now (`DID_RENEW` / `BILLING_RECOVERY`).
    public func recover(originalTransactionId: String) async throws {
        try await operate { (engine, now) throws(SimulatorError) in try engine.recover(originalTransactionId, at: now) }
    }

    /// The customer asks for a refund (`CONSUMPTION_REQUEST` with the reason).
    public func requestRefund(transactionId: String, reason: ConsumptionRequestReason) async throws {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.requestRefund(transactionId, reason: reason, at: now)
        }
    }

    /// Apple refunds a transaction (`REFUND`); `percentage` in milli-percent makes it prorated.
    public func refund(transactionId: String, reason: RevocationReason = .other, percentage: Int32? = nil) async throws {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.refund(transactionId, reason: reason, percentage: percentage, at: now)
        }
    }

    /// Apple declines a refund request (`REFUND_DECLINED`).
    public func declineRefund(transactionId: String) async throws {
        try await operate { (engine, now) throws(SimulatorError) in try engine.declineRefund(transactionId, at: now) }
    }

    /// Apple reverses a refund (`REFUND_REVERSED`).
    public func reverseRefund(transactionId: String) async throws {
        try await operate { (engine, now) throws(SimulatorError) in try engine.reverseRefund(transactionId, at: now) }
    }

    /// Raises a subscription's price in a storefront (`PRICE_INCREASE` `PENDING` or `ACCEPTED` to
    /// each subscriber); returns the original transaction IDs notified.
    @discardableResult
    public func increasePrice(
        bundleId: String, productId: String, storefront: String, newPrice: Int64, requiresConsent: Bool
    ) async throws -> [String] {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.increasePrice(
                bundleId: bundleId, productId: productId, storefront: storefront, newPrice: newPrice,
                requiresConsent: requiresConsent, at: now)
        }
    }

    /// The subscriber consents to the price increase (`PRICE_INCREASE` / `ACCEPTED`).
    public func consentToPriceIncrease(originalTransactionId: String) async throws {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.consentToPriceIncrease(originalTransactionId, at: now)
        }
    }

    /// Extends one subscription's renewal date (`RENEWAL_EXTENDED`), as the API endpoint does.
    public func extendRenewalDate(
        originalTransactionId: String, request: ExtendRenewalDateRequest
    ) async throws -> ExtendRenewalDateResponse {
        try await operate { (engine, now) throws(APIRequestError) in
            guard let subscription = engine.state.subscriptions[originalTransactionId] else {
                throw APIRequestError(.originalTransactionIdNotFound, reason: "Original transaction id not found.")
            }
            return try engine.extendRenewalDate(
                originalTransactionId, request: request, bundleId: subscription.bundleId,
                environment: subscription.environment, at: now)
        }
    }

    /// Starts extending every active subscriber of a product: accepted at once, then processed
    /// one subscriber per 10 simulated minutes as the clock moves (`RENEWAL_EXTENDED` each,
    /// `RENEWAL_EXTENSION` `FAILURE` for those that cannot be, then `SUMMARY`). Advance the clock
    /// to finish it; ``massExtension(requestIdentifier:)`` shows its progress.
    public func extendAllRenewalDates(
        bundleId: String, environment: AppStoreEnvironment, request: MassExtendRenewalDateRequest
    ) async throws -> MassExtendRenewalDateResponse {
        try await operate { (engine, now) throws(APIRequestError) in
            try engine.extendAllRenewalDates(request, bundleId: bundleId, environment: environment, at: now)
        }
    }

    /// A mass extension's record: its counts so far, and its completion date once done.
    public func massExtension(requestIdentifier: String) -> MassExtensionRecord? {
        engine.withLock { $0.state.massExtensions[requestIdentifier] }
    }

    /// How long this simulator's clock takes per subscriber of a mass extension: one of `n`
    /// subscribers completes `max(n, 1)` steps after it was requested.
    public var massExtensionStepMilliseconds: Int64 {
        durationMode.interval(milliseconds: SimulationEngine.massExtensionStepMilliseconds)
    }

    /// Ends Family Sharing of a purchase for one member or all (`REVOKE`); returns the revoked
    /// transaction IDs.
    @discardableResult
    public func revokeFamilySharing(transactionId: String, memberAccountId: String? = nil) async throws -> [String] {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.revokeFamilySharing(of: transactionId, member: memberAccountId, at: now)
        }
    }

    /// Restores purchases on a new device: new transaction IDs for the same periods. Apple sends
    /// no notification for a restore.
    public func restorePurchases(accountId: String, bundleId: String) async throws -> [PurchaseResult] {
        try await operate { (engine, now) throws(SimulatorError) -> [PurchaseResult] in
            try engine.restorePurchases(account: accountId, bundleId: bundleId, at: now).map {
                (transaction) throws(SimulatorError) in
                PurchaseResult(
                    transaction: transaction.payload, signedTransaction: try engine.signedTransaction(transaction, at: now),
                    notificationType: nil, subtype: nil)
            }
        }
    }

    /// Sends a `TEST` notification; returns its test notification token.
    public func requestTestNotification(bundleId: String, environment: AppStoreEnvironment) async throws -> String {
        try await operate { (engine, now) throws(SimulatorError) in
            try engine.requestTestNotification(bundleId: bundleId, environment: environment, at: now)
        }
    }

    /// Takes a product off sale (subscriptions then expire with `PRODUCT_NOT_FOR_SALE`) or back.
    public func setAvailability(bundleId: String, productId: String, availableForSale: Bool) throws {
        try mutate { (engine, _) throws(SimulatorError) in
            _ = try engine.product(productId, in: bundleId)
            engine.state.apps[bundleId]?.products[productId]?.availableForSale = availableForSale
        }
    }

    // MARK: Faults

    @discardableResult
    public func addFault(_ rule: NotificationFaultRule) -> NotificationFaultRule {
        mutate { engine, _ in engine.addFault(rule) }
    }

    @discardableResult
    public func addFault(_ rule: APIFaultRule) -> APIFaultRule {
        mutate { engine, _ in engine.addFault(rule) }
    }

    @discardableResult
    public func addFault(_ rule: ReceiptFaultRule) -> ReceiptFaultRule {
        mutate { engine, _ in engine.addFault(rule) }
    }

    /// Removes every fault rule and releases held notifications.
    public func clearFaults() async {
        mutate { engine, now in
            let held = engine.state.faults.notificationRules.filter { $0.kind == .reorder }.map(\.id)
            engine.state.faults = FaultState()
            for index in engine.state.notifications.indices
            where engine.state.notifications[index].reorderBatch.map(held.contains) == true {
                engine.state.notifications[index].reorderBatch = nil
                engine.state.notifications[index].nextAttemptDue = now
            }
        }
        await runDueWork()
    }
}

extension AppStoreSimulator {
    /// Load-test history: `count` purchases of `productId` (a consumable), by `accountIds` in
    /// turn, each with a fresh `appAccountToken`, moving the (manual) clock `spacingMilliseconds`
    /// after each, so their notifications are signed across a past window and show in Get
    /// Notification History. Delivery runs once at the end, not after each purchase (for an app
    /// without a notification URL there is nothing to deliver). Returns the last signed date.
    @discardableResult
    public func seedPurchases(
        _ count: Int, accountIds: [String], bundleId: String, productId: String, spacingMilliseconds: Int64
    ) async throws -> Timestamp {
        guard count >= 0, !accountIds.isEmpty, spacingMilliseconds >= 0 else {
            throw SimulatorError.invalidRequest("seed a non-negative count over at least one account")
        }
        var last = now()
        // In batches: each mutation keeps a copy of the state to roll back to, so one purchase
        // per mutation would copy the whole notification history every time.
        var done = 0
        while done < count {
            let batch = min(1_000, count - done)
            let first = done
            last = try mutate { (engine, now) throws(SimulatorError) -> Timestamp in
                var time = now
                for index in first..<(first + batch) {
                    time = now.adding(milliseconds: Int64(index - first) * spacingMilliseconds)
                    _ = try engine.purchase(
                        PurchaseRequest(
                            accountId: accountIds[index % accountIds.count], bundleId: bundleId, productId: productId,
                            appAccountToken: UUID.random()),
                        at: time)
                }
                engine.state.clock.advance(milliseconds: Int64(batch) * spacingMilliseconds)
                return time
            }
            done += batch
        }
        await runDueWork()
        return last
    }
}
