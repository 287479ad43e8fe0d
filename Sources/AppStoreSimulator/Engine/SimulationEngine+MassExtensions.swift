import AppStoreModels
import Foundation

extension SimulationEngine {
    /// Simulated time the App Store takes per subscriber of a mass extension (Apple's requests
    /// "may take hours, or even days"): 10 minutes, scaled like every interval of the duration
    /// mode (about 70 ms of real time when accelerated).
    static let massExtensionStepMilliseconds: Int64 = 10 * 60_000

    /// Extend Subscription Renewal Dates for All Active Subscribers: validated and accepted at
    /// once (the subscribers are the product's active, grace and billing-retry subscribers in
    /// the storefronts, now); then processed over the simulator's clock by ``processMassExtensionStep(_:)``,
    /// one subscriber per step: each still active and under the yearly limit gets
    /// `RENEWAL_EXTENDED`, each other `RENEWAL_EXTENSION` / `FAILURE`; after the last,
    /// `RENEWAL_EXTENSION` / `SUMMARY` and the request is complete. Until then its status is
    /// `complete` false with the counts so far.
    mutating func extendAllRenewalDates(
        _ request: MassExtendRenewalDateRequest, bundleId: String, environment: AppStoreEnvironment, at time: Timestamp
    ) throws(APIRequestError) -> MassExtendRenewalDateResponse {
        try validateExtension(days: request.extendByDays, reason: request.extendReasonCode, id: request.requestIdentifier)
        if state.massExtensions[request.requestIdentifier] != nil {
            return MassExtendRenewalDateResponse(requestIdentifier: request.requestIdentifier)
        }
        guard let product = state.apps[bundleId]?.products[request.productId], product.isAutoRenewable else {
            throw APIRequestError(.invalidProductId, reason: "Invalid product id.")
        }
        if let codes = request.storefrontCountryCodes {
            guard !codes.isEmpty else {
                throw APIRequestError(.invalidEmptyStorefrontCountryCodeList, reason: "Invalid request. Empty storefront list.")
            }
            guard codes.allSatisfy({ state.storefronts[$0] != nil }) else {
                throw APIRequestError(.invalidStorefrontCountryCode, reason: "Invalid storefront country code.")
            }
        }
        let candidates = state.subscriptions.values.filter {
            $0.bundleId == bundleId && $0.environment == environment && $0.productId == request.productId
                && !$0.isFamilyShared && [.active, .gracePeriod, .billingRetry].contains($0.phase)
                && (request.storefrontCountryCodes?.contains($0.storefront) ?? true)
        }
        state.massExtensions[request.requestIdentifier] = MassExtensionRecord(
            requestIdentifier: request.requestIdentifier, bundleId: bundleId, environment: environment,
            productId: request.productId, storefrontCountryCodes: request.storefrontCountryCodes,
            extendByDays: request.extendByDays, completeDate: nil, succeededCount: 0, failedCount: 0,
            pending: candidates.map(\.originalTransactionId).sorted(),
            nextStepAt: time.adding(milliseconds: durations.interval(milliseconds: Self.massExtensionStepMilliseconds)))
        isDirty = true
        return MassExtendRenewalDateResponse(requestIdentifier: request.requestIdentifier)
    }

    /// The earliest step of a mass extension in progress: when, and which request.
    func nextMassExtensionStep() -> (Timestamp, String)? {
        state.massExtensions.values.compactMap { record in
            record.completeDate == nil ? record.nextStepAt.map { ($0, record.requestIdentifier) } : nil
        }
        .min { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    /// Processes the next subscriber of a mass extension at its step's instant; after the last,
    /// sends the summary and completes the request.
    mutating func processMassExtensionStep(_ requestIdentifier: String) throws(SimulatorError) {
        guard var record = state.massExtensions[requestIdentifier], let time = record.nextStepAt else { return }
        var pending = record.pending ?? []
        if !pending.isEmpty {
            let originalTransactionId = pending.removeFirst()
            if var subscription = state.subscriptions[originalTransactionId] {
                if subscription.phase == .active, recentExtensions(of: subscription, at: time) < 2 {
                    _ = try extend(&subscription, by: record.extendByDays, requestIdentifier: requestIdentifier, at: time)
                    record.succeededCount += 1
                } else {
                    record.failedCount += 1
                    try notify(
                        .renewalExtension, .failure, bundleId: record.bundleId, environment: record.environment,
                        accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
                        subscription: subscription, at: time)
                }
            }
        }
        record.pending = pending
        if pending.isEmpty {
            let app = state.apps[record.bundleId]
            let summary = Summary(
                requestIdentifier: record.requestIdentifier, environment: record.environment,
                appAppleId: app?.reportedAppAppleId(in: record.environment), bundleId: record.bundleId, productId: record.productId,
                storefrontCountryCodes: record.storefrontCountryCodes, failedCount: record.failedCount,
                succeededCount: record.succeededCount)
            try notify(
                .renewalExtension, .summary, bundleId: record.bundleId, environment: record.environment, accountId: nil,
                summary: summary, at: time)
            record.completeDate = time
            record.nextStepAt = nil
            record.pending = nil
        } else {
            record.nextStepAt = time.adding(milliseconds: durations.interval(milliseconds: Self.massExtensionStepMilliseconds))
        }
        state.massExtensions[requestIdentifier] = record
        isDirty = true
    }
}
