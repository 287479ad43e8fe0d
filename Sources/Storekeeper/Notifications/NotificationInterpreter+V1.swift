public import AppStoreModels

/// What a V1 notification means, and what to confirm with Apple: V1 bodies are not signed, so
/// every fact read from one asks for a refresh from the App Store Server API.
public struct V1Interpretation: Hashable, Sendable, Codable {
    public var facts: [NotificationFact]
    public var refresh: [RefreshRequest]
    /// For `CANCEL`: which of the cases of `seeds/003_*` it is.
    public var cancelKind: V1CancelKind?

    public init(facts: [NotificationFact], refresh: [RefreshRequest], cancelKind: V1CancelKind? = nil) {
        self.facts = facts
        self.refresh = refresh
        self.cancelKind = cancelKind
    }
}

/// The three `CANCEL` notifications of `seeds/003_*`.
public enum V1CancelKind: String, Hashable, Sendable, Codable {
    /// Switched plan (upgrade or same-duration crossgrade): `auto_renew_status` `"true"`; the old
    /// period was refunded pro rata and replaced.
    case crossgrade
    /// Switched plan and turned auto-renew off: `auto_renew_status` `"false"`, no refund.
    case crossgradeWithAutoRenewOff
    /// Apple refunded the subscription: `auto_renew_status` `"false"` with `cancellation_date_ms`.
    case refund
}

extension NotificationInterpreter {
    /// Interprets a V1 notification (already authenticated by its shared secret) from its
    /// `unified_receipt`.
    ///
    /// **Dates.** V1 has no signed date. A record's `signedDate` is the latest instant the
    /// record itself proves has passed (its purchase or cancellation date); the renewal info's and
    /// the fact's is the latest instant the whole body proves has passed: those record dates,
    /// `auto_renew_status_change_date_ms`, and, when the body says the subscription lapsed
    /// (billing retry, an expiration intent, `DID_FAIL_TO_RENEW`), the latest expiry. So a V1
    /// body never outranks a signed record made after the events it shows, and a redelivery of
    /// the same body gets the same dates (it is idempotent). The refresh it asks for replaces
    /// these records with signed ones.
    public static func interpret(v1 notification: AppStoreServerNotificationV1) -> V1Interpretation {
        let v1Type = notification.notificationType
        let environment = notification.environment?.appStoreEnvironment ?? notification.unifiedReceipt?.environment
        let records = notification.unifiedReceipt?.latestReceiptInfo ?? []
        func ignored(_ reason: IgnoredNotification.Reason) -> V1Interpretation {
            let refresh = environment.flatMap { environment in
                notification.originalTransactionId.map {
                    RefreshRequest(environment: environment, originalTransactionId: $0.value, reason: .unsignedSource)
                }
            }
            return V1Interpretation(
                facts: [
                    .ignored(
                        IgnoredNotification(
                            type: nil, subtype: nil, notificationUUID: nil, signedDate: nil, environment: environment,
                            v1Type: v1Type, reason: reason))
                ], refresh: refresh.map { [$0] } ?? [])
        }
        guard v1Type.isKnown else { return ignored(.unknownType) }
        guard let environment else { return ignored(.missingData("environment")) }

        let subscriptionRecords = records.filter { $0.expiresTimestamp != nil }
        let cancelKind = v1Type == .cancel ? classifyCancel(notification, records: subscriptionRecords) : nil
        var facts: [NotificationFact] = []
        var refresh: [RefreshRequest] = []
        var invalid: [String] = []

        if let subject = subjectOriginalTransactionId(notification, records: subscriptionRecords) {
            let group = subscriptionRecords.filter { ($0.originalTransactionId ?? $0.transactionId) == subject }
            let pending = notification.unifiedReceipt?.pendingRenewalInfo?.first { $0.originalTransactionId == subject }
            if !group.isEmpty || pending != nil {
                let (type, subtype) = v2Equivalent(notification, records: group, pending: pending, cancelKind: cancelKind)
                let info = NotificationInfo(type: type, subtype: subtype, v1Type: v1Type)
                let date = evidenceDate(notification, records: group, pending: pending)
                var transactions: [AppleTransaction] = []
                for record in group {
                    do throws(FactError) {
                        transactions.append(try transaction(record, environment: environment))
                    } catch {
                        invalid.append(error.reason)
                    }
                }
                let renewal = renewalInfo(notification, pending: pending, subject: subject, environment: environment, date: date)
                if let date, !transactions.isEmpty || renewal != nil {
                    let fact = SubscriptionFact(
                        environment: environment, originalTransactionId: subject, signedDate: date, notification: info,
                        transactions: transactions, renewalInfo: renewal, source: .notificationV1,
                        requiresConfirmation: true)
                    if v1Type == .consumptionRequest, let latest = fact.transaction {
                        facts.append(
                            .consumptionRequest(
                                ConsumptionRequestFact(
                                    transaction: latest, reason: nil, notification: info, signedDate: date,
                                    subscription: fact)))
                    } else {
                        facts.append(.subscription(fact))
                    }
                    refresh.append(
                        RefreshRequest(environment: environment, originalTransactionId: subject, reason: .unsignedSource))
                }
            }
        }
        if [.refund, .revoke, .consumptionRequest].contains(v1Type) {
            oneTimeFacts(notification, records: records, environment: environment, facts: &facts, refresh: &refresh, invalid: &invalid)
        }
        if facts.isEmpty {
            return ignored(
                invalid.first.map { .invalidPayload($0) } ?? .missingData("unified_receipt.latest_receipt_info"))
        }
        return V1Interpretation(facts: facts, refresh: refresh, cancelKind: cancelKind)
    }

    /// Classifies a `CANCEL` as `seeds/003_*` does, preferring the receipt's own evidence
    /// (`is_upgraded`, a replacement period) over the flags.
    public static func classifyCancel(
        _ notification: AppStoreServerNotificationV1, records: [ReceiptTransactionInfo]
    ) -> V1CancelKind {
        let autoRenew = notification.autoRenewStatus?.value
        let cancelled = records.filter { $0.cancellationTimestamp != nil }
        let switched = cancelled.contains { record in
            record.isUpgraded?.value == true
                || records.contains { other in
                    other.productId != record.productId
                        && (other.purchaseTimestamp ?? Timestamp(millisecondsSince1970: 0))
                            >= (record.cancellationTimestamp ?? Timestamp(millisecondsSince1970: .max))
                }
        }
        if autoRenew == true { return .crossgrade }
        if switched || cancelled.isEmpty { return .crossgradeWithAutoRenewOff }
        return .refund
    }
}
