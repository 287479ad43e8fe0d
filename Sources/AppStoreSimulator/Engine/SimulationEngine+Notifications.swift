import AppStoreModels
import Foundation

extension SimulationEngine {
    /// Records a version 2 notification of `type`/`subtype`, signed at `time`, with the
    /// transaction and (for auto-renewable subscriptions) renewal info and status nested in
    /// `data`, or with `summary`, `externalPurchaseToken` or `appData` instead of `data` (Apple
    /// sends exactly one of the four). Injected notification faults are applied here.
    @discardableResult
    mutating func notify(
        _ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil, bundleId: String,
        environment: AppStoreEnvironment, accountId: String?, transaction: StoredTransaction? = nil,
        subscription: SimulatedSubscription? = nil, consumptionReason: ConsumptionRequestReason? = nil,
        summary: Summary? = nil, externalPurchaseToken: ExternalPurchaseToken? = nil, appData: AppData? = nil,
        unclaimInfo: UnclaimInfo? = nil, isTest: Bool = false, at time: Timestamp
    ) throws(SimulatorError) -> NotificationRecord {
        let app = try app(bundleId)
        var payload = ResponseBodyV2DecodedPayload(
            notificationType: type, subtype: subtype, notificationUUID: UUID.random().lowercasedString,
            unclaimInfo: unclaimInfo, version: "2.0", signedDate: time)
        if summary != nil || externalPurchaseToken != nil || appData != nil {
            payload.summary = summary
            payload.externalPurchaseToken = externalPurchaseToken
            payload.appData = appData
        } else {
            payload.data = NotificationData(
                appAppleId: app.reportedAppAppleId(in: environment), bundleId: bundleId,
                bundleVersion: app.bundleVersion, environment: environment,
                signedTransactionInfo: try transaction.map { (transaction) throws(SimulatorError) in
                    try signedTransaction(transaction, at: time)
                },
                signedRenewalInfo: try subscription.map { (subscription) throws(SimulatorError) in
                    try signedRenewalInfo(for: subscription, at: time)
                },
                status: subscription?.status, consumptionRequestReason: consumptionReason)
        }
        let url = app.notificationURL(for: environment)
        var record = NotificationRecord(
            notificationUUID: payload.notificationUUID ?? "", bundleId: bundleId, environment: environment,
            notificationType: type, subtype: subtype, signedDate: time, signedPayload: try sign(payload),
            accountId: accountId, transactionId: transaction?.transactionId,
            originalTransactionId: transaction?.originalTransactionId ?? subscription?.originalTransactionId,
            url: url, sendAttempts: [], nextAttemptDue: url == nil ? nil : time, attemptCount: 0, dropped: false,
            duplicated: false, isTest: isTest)
        if app.notificationVersion == .v1 {
            record.v1Bodies = try legacyNotificationBodies(
                type, subtype, app: app, environment: environment, transaction: transaction,
                subscription: subscription, at: time)
            if record.v1Bodies?.isEmpty ?? true { record.nextAttemptDue = nil }
        }
        if record.nextAttemptDue != nil { applyNotificationFaults(to: &record, at: time) }
        state.notifications.append(record)
        isDirty = true
        releaseFinishedReorderBatches(at: time)
        return record
    }

    /// Applies every live notification fault rule to a new notification and uses up its scope.
    private mutating func applyNotificationFaults(to record: inout NotificationRecord, at time: Timestamp) {
        for index in state.faults.notificationRules.indices {
            let rule = state.faults.notificationRules[index]
            guard rule.scope.isLive(at: time), rule.bundleId == nil || rule.bundleId == record.bundleId else {
                continue
            }
            switch rule.kind {
            case .drop:
                record.dropped = true
            case .delay:
                record.nextAttemptDue = record.nextAttemptDue?.adding(milliseconds: rule.delayMilliseconds ?? 0)
            case .duplicate:
                record.duplicated = true
            case .reorder:
                record.reorderBatch = rule.id
                record.nextAttemptDue = nil
            }
            if let count = rule.scope.count {
                state.faults.notificationRules[index].scope.count = count - 1
            }
        }
    }

    /// Releases notifications held by reorder rules whose scope is used up or over, newest first.
    mutating func releaseFinishedReorderBatches(at time: Timestamp) {
        let finished = state.faults.notificationRules.filter { $0.kind == .reorder && !$0.scope.isLive(at: time) }
        for rule in finished {
            let held = state.notifications.indices.filter { state.notifications[$0].reorderBatch == rule.id }
            for (offset, index) in held.reversed().enumerated() {
                state.notifications[index].reorderBatch = nil
                state.notifications[index].nextAttemptDue = time
                state.notifications[index].deliveryPriority = offset
            }
        }
        state.faults.notificationRules.removeAll { !$0.scope.isLive(at: time) }
    }

    /// Records a Request a Test Notification: a TEST notification and its token.
    mutating func requestTestNotification(
        bundleId: String, environment: AppStoreEnvironment, at time: Timestamp
    ) throws(SimulatorError) -> String {
        let record = try notify(.test, bundleId: bundleId, environment: environment, accountId: nil, isTest: true, at: time)
        let token = record.notificationUUID + "_" + String(time.millisecondsSince1970)
        state.testNotifications[token] = record.notificationUUID
        return token
    }
}
