internal import AppStoreModels

extension NotificationInterpreter {
    /// The subscription a V1 notification is about: its `original_transaction_id`; else, for
    /// `CANCEL`, `REFUND` and `REVOKE`, the one whose record was cancelled last; else (except for
    /// `CONSUMPTION_REQUEST`, which names no subscription) the one purchased last.
    static func subjectOriginalTransactionId(
        _ notification: AppStoreServerNotificationV1, records: [ReceiptTransactionInfo]
    ) -> String? {
        if let id = notification.originalTransactionId?.value, !id.isEmpty { return id }
        let zero = Timestamp(millisecondsSince1970: 0)
        let subject: ReceiptTransactionInfo?
        switch notification.notificationType {
        case .consumptionRequest:
            return nil
        case .cancel, .refund, .revoke:
            let cancelled = records.filter { $0.cancellationTimestamp != nil }
            if cancelled.isEmpty, notification.notificationType != .cancel { return nil }
            subject =
                cancelled.max { ($0.cancellationTimestamp ?? zero) < ($1.cancellationTimestamp ?? zero) }
                ?? records.max { ($0.purchaseTimestamp ?? zero) < ($1.purchaseTimestamp ?? zero) }
        default:
            subject = records.max { ($0.purchaseTimestamp ?? zero) < ($1.purchaseTimestamp ?? zero) }
        }
        return subject.flatMap { $0.originalTransactionId ?? $0.transactionId }
    }

    /// The V2 type and subtype that mean what a V1 notification means.
    static func v2Equivalent(
        _ notification: AppStoreServerNotificationV1, records: [ReceiptTransactionInfo], pending: PendingRenewalInfo?,
        cancelKind: V1CancelKind?
    ) -> (NotificationTypeV2, NotificationSubtype?) {
        let zero = Timestamp(millisecondsSince1970: 0)
        let latest = records.max { ($0.purchaseTimestamp ?? zero) < ($1.purchaseTimestamp ?? zero) }
        switch notification.notificationType {
        case .initialBuy: return (.subscribed, .initialBuy)
        case .cancel: return cancelKind == .refund ? (.refund, nil) : (.didChangeRenewalPref, .upgrade)
        case .renewal, .didRecover: return (.didRenew, .billingRecovery)
        case .didRenew: return (.didRenew, nil)
        case .interactiveRenewal:
            // An upgrade (or same-duration crossgrade) shows the replaced record cancelled when
            // the latest period began.
            let upgraded = records.contains { record in
                guard let cancelled = record.cancellationTimestamp, let start = latest?.purchaseTimestamp else { return false }
                return record.isUpgraded?.value == true
                    || abs(cancelled.millisecondsSince1970 - start.millisecondsSince1970) <= 60_000
            }
            return upgraded ? (.didChangeRenewalPref, .upgrade) : (.subscribed, .resubscribe)
        case .didChangeRenewalPref:
            let renewsTo = pending?.autoRenewProductId ?? notification.autoRenewProductId
            let current = pending?.productId ?? latest?.productId
            return renewsTo != nil && renewsTo != current ? (.didChangeRenewalPref, .downgrade) : (.didChangeRenewalPref, nil)
        case .didChangeRenewalStatus:
            let enabled = notification.autoRenewStatus?.value ?? pending?.autoRenewStatus?.value ?? false
            return (.didChangeRenewalStatus, enabled ? .autoRenewEnabled : .autoRenewDisabled)
        case .didFailToRenew:
            let grace = pending?.gracePeriodExpiresDateMs?.timestamp ?? pending?.gracePeriodExpiresDate?.timestamp
            return (.didFailToRenew, grace == nil ? nil : .gracePeriod)
        case .priceIncreaseConsent: return (.priceIncrease, .pending)
        case .refund: return (.refund, nil)
        case .revoke: return (.revoke, nil)
        case .consumptionRequest: return (.consumptionRequest, nil)
        default: return (NotificationTypeV2(rawValue: notification.notificationType.rawValue), nil)
        }
    }

    /// The latest instant a V1 body proves has passed (see ``interpret(v1:)``).
    static func evidenceDate(
        _ notification: AppStoreServerNotificationV1, records: [ReceiptTransactionInfo], pending: PendingRenewalInfo?
    ) -> Timestamp? {
        var dates = records.compactMap(recordDate)
        if let changed = notification.autoRenewStatusChangeDateMs?.timestamp
            ?? notification.autoRenewStatusChangeDate?.timestamp
        {
            dates.append(changed)
        }
        let lapsed =
            pending?.isInBillingRetryPeriod?.value == true || pending?.expirationIntentValue != nil
            || notification.expirationIntent != nil || notification.notificationType == .didFailToRenew
        if lapsed, let expiry = records.compactMap(\.expiresTimestamp).max() { dates.append(expiry) }
        return dates.max()
    }

    /// The latest instant one receipt record proves has passed.
    static func recordDate(_ record: ReceiptTransactionInfo) -> Timestamp? {
        [record.purchaseTimestamp, record.cancellationTimestamp].compactMap { $0 }.max()
    }

    /// A transaction from a V1 receipt record, dated by the record's own evidence.
    static func transaction(
        _ record: ReceiptTransactionInfo, environment: AppStoreEnvironment
    ) throws(FactError) -> AppleTransaction {
        guard let date = recordDate(record) else { throw FactError("receipt record lacks a purchase date") }
        var transaction = try AppleTransaction(record, environment: environment, signedDate: date, source: .notificationV1)
        if record.isTrialPeriod?.value == true { transaction.offerDiscountType = .freeTrial }
        if transaction.productType == nil, record.expiresTimestamp != nil {
            transaction.productType = .autoRenewableSubscription
        }
        return transaction
    }

    /// The renewal info of the subject subscription: its `pending_renewal_info`, else the
    /// notification's own top-level renewal fields.
    static func renewalInfo(
        _ notification: AppStoreServerNotificationV1, pending: PendingRenewalInfo?, subject: String,
        environment: AppStoreEnvironment, date: Timestamp?
    ) -> RenewalInfo? {
        guard let date else { return nil }
        if let pending, let info = try? RenewalInfo(pending, environment: environment, signedDate: date, source: .notificationV1) {
            return info
        }
        guard let autoRenew = notification.autoRenewStatus?.value else { return nil }
        return RenewalInfo(
            environment: environment, originalTransactionId: subject, autoRenewProductId: notification.autoRenewProductId,
            autoRenewEnabled: autoRenew,
            expirationIntent: notification.expirationIntent.flatMap { Int32(exactly: $0.value) }.map(ExpirationIntent.init(rawValue:)),
            signedDate: date, source: .notificationV1)
    }

    /// One-time purchase facts of a V1 `REFUND`, `REVOKE` or `CONSUMPTION_REQUEST`.
    static func oneTimeFacts(
        _ notification: AppStoreServerNotificationV1, records: [ReceiptTransactionInfo], environment: AppStoreEnvironment,
        facts: inout [NotificationFact], refresh: inout [RefreshRequest], invalid: inout [String]
    ) {
        let v1Type = notification.notificationType
        let info = NotificationInfo(
            type: v2Equivalent(notification, records: [], pending: nil, cancelKind: nil).0, v1Type: v1Type)
        let oneTime = records.filter { $0.expiresTimestamp == nil }
        let chosen: [ReceiptTransactionInfo]
        if v1Type == .consumptionRequest {
            let zero = Timestamp(millisecondsSince1970: 0)
            let subject = notification.originalTransactionId?.value
            let matching = oneTime.filter { subject == nil || ($0.originalTransactionId ?? $0.transactionId) == subject }
            chosen = matching.max { ($0.purchaseTimestamp ?? zero) < ($1.purchaseTimestamp ?? zero) }.map { [$0] } ?? []
        } else {
            chosen = oneTime.filter { $0.cancellationTimestamp != nil }
        }
        for record in chosen {
            do throws(FactError) {
                let purchase = try transaction(record, environment: environment)
                let date = purchase.signedDate
                if v1Type == .consumptionRequest {
                    facts.append(
                        .consumptionRequest(
                            ConsumptionRequestFact(transaction: purchase, reason: nil, notification: info, signedDate: date)))
                } else {
                    facts.append(
                        .oneTimePurchase(
                            OneTimePurchaseFact(
                                event: v1Type == .revoke ? .revoked : .refunded, transaction: purchase, notification: info,
                                signedDate: date)))
                }
                refresh.append(
                    RefreshRequest(environment: environment, transactionId: purchase.transactionId, reason: .unsignedSource))
            } catch {
                invalid.append(error.reason)
            }
        }
    }
}
