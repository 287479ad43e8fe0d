import AppStoreModels
import Foundation

/// One delivery attempt, claimed from the engine and performed outside its lock.
struct DeliveryJob: Sendable {
    var notificationUUID: String
    var url: String
    var bodies: [[UInt8]]
    var dueAt: Timestamp
    var dropped: Bool
    var duplicated: Bool
}

extension SimulationEngine {
    /// Apple's retry schedule after a failed attempt: V2 at 1, 12, 24, 48 and 72 hours after the
    /// previous attempt; V1 at 6, 24 and 48 hours.
    static let retryHoursV2 = [1, 12, 24, 48, 72]
    static let retryHoursV1 = [6, 24, 48]

    /// Claims the earliest notification attempt due by `now`, if any.
    mutating func claimDueDelivery(at now: Timestamp) -> DeliveryJob? {
        var best: (index: Int, due: Timestamp, priority: Int)?
        for (index, record) in state.notifications.enumerated() {
            guard let due = record.nextAttemptDue, due <= now else { continue }
            if let current = best, (current.due, current.priority) <= (due, record.deliveryPriority) { continue }
            best = (index, due, record.deliveryPriority)
        }
        guard let index = best?.index, let due = best?.due, let url = state.notifications[index].url else { return nil }
        let record = state.notifications[index]
        state.notifications[index].nextAttemptDue = nil
        let bodies: [[UInt8]]
        if let v1 = record.v1Bodies {
            bodies = v1.map { Array($0.utf8) }
        } else {
            bodies = [Array((try? JSONEncoder().encode(ResponseBodyV2(signedPayload: record.signedPayload))) ?? Data())]
        }
        return DeliveryJob(
            notificationUUID: record.notificationUUID, url: url, bodies: bodies, dueAt: due, dropped: record.dropped,
            duplicated: record.duplicated)
    }

    /// Records the outcome of an attempt and schedules the next one on Apple's schedule (scaled
    /// in accelerated mode) after a failure.
    mutating func recordAttempt(_ job: DeliveryJob, results: [SendAttemptResult]) {
        guard let index = state.notifications.firstIndex(where: { $0.notificationUUID == job.notificationUUID }) else {
            return
        }
        var record = state.notifications[index]
        for result in results {
            record.sendAttempts.append(SendAttemptItem(attemptDate: job.dueAt, sendAttemptResult: result))
        }
        record.attemptCount += 1
        if results.contains(.success) {
            record.duplicated = false
            record.nextAttemptDue = nil
        } else {
            let schedule = record.v1Bodies == nil ? Self.retryHoursV2 : Self.retryHoursV1
            let retries = state.apps[record.bundleId]?.retriesNotifications ?? true
            if retries, record.attemptCount <= schedule.count {
                record.nextAttemptDue = job.dueAt.adding(
                    milliseconds: durations.interval(hours: schedule[record.attemptCount - 1]))
            }
        }
        state.notifications[index] = record
        isDirty = true
    }

    /// Takes the first live API fault rule for `endpoint`, using up one of its calls.
    mutating func consumeAPIFault(endpoint: String) -> APIFaultRule? {
        guard
            let index = state.faults.apiRules.firstIndex(where: {
                $0.count > 0 && ($0.endpoint == "*" || $0.endpoint == endpoint)
            })
        else { return nil }
        state.faults.apiRules[index].count -= 1
        let rule = state.faults.apiRules[index]
        state.faults.apiRules.removeAll { $0.count <= 0 }
        isDirty = true
        return rule
    }

    /// Takes the first live `verifyReceipt` fault rule for `environment`.
    mutating func consumeReceiptFault(environment: AppStoreEnvironment) -> ReceiptFaultRule? {
        guard
            let index = state.faults.receiptRules.firstIndex(where: {
                $0.count > 0 && ($0.environment == nil || $0.environment == environment)
            })
        else { return nil }
        state.faults.receiptRules[index].count -= 1
        let rule = state.faults.receiptRules[index]
        state.faults.receiptRules.removeAll { $0.count <= 0 }
        isDirty = true
        return rule
    }

    /// Adds a fault rule, returning it with its identifier.
    mutating func addFault(_ rule: NotificationFaultRule) -> NotificationFaultRule {
        var rule = rule
        rule.id = nextFaultRuleId()
        state.faults.notificationRules.append(rule)
        return rule
    }

    mutating func addFault(_ rule: APIFaultRule) -> APIFaultRule {
        var rule = rule
        rule.id = nextFaultRuleId()
        state.faults.apiRules.append(rule)
        return rule
    }

    mutating func addFault(_ rule: ReceiptFaultRule) -> ReceiptFaultRule {
        var rule = rule
        rule.id = nextFaultRuleId()
        state.faults.receiptRules.append(rule)
        return rule
    }

    private mutating func nextFaultRuleId() -> Int {
        defer { state.faults.nextRuleId += 1 }
        isDirty = true
        return state.faults.nextRuleId
    }
}
