import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// Retention Messaging's rows (`SQLStore+Retention`).
struct MemoryRetention: Sendable {
    var settings: [String: RetentionSettings] = [:]
    /// By `app \n environment \n identifier`.
    var content: [String: RetentionContent] = [:]
    var requests: [String: RetentionRequestRecord] = [:]

    static func contentKey(_ appId: String, _ environment: AppStoreEnvironment, _ id: UUID) -> String {
        appId + "\n" + environment.rawValue + "\n" + MemoryText.text(id)
    }
}

extension MemoryStoreState {
    func retentionSettings(appId: String) throws -> RetentionSettings? {
        try MemoryText.refuseNUL(appId)
        return retention.settings[appId]
    }

    func retentionContent(appId: String, environment: AppStoreEnvironment) throws -> [RetentionContent] {
        try MemoryText.refuseNUL(appId, environment.rawValue)
        return retention.content.values.filter { $0.appId == appId && $0.environment == environment }.sorted {
            Self.ordered(
                $0, $1,
                by: [
                    { Self.compare($0.uploadedAt, $1.uploadedAt) },
                    { Self.compareText(MemoryText.text($0.identifier), MemoryText.text($1.identifier)) },
                ])
        }
    }

    func retentionRequest(_ id: UUID) -> RetentionRequestRecord? { retention.requests[MemoryText.text(id)] }

    func openRetentionRequest(
        environment: AppStoreEnvironment, originalTransactionId: String, since: Timestamp
    ) throws -> RetentionRequestRecord? {
        try MemoryText.refuseNUL(environment.rawValue, originalTransactionId)
        return retention.requests.values.filter {
            $0.environment == environment && $0.originalTransactionId == originalTransactionId && $0.outcome == nil
                && $0.receivedAt >= since
        }.max {
            ($0.receivedAt, MemoryText.text($0.requestIdentifier)) < ($1.receivedAt, MemoryText.text($1.requestIdentifier))
        }
    }

    func retentionTallies(
        appId: String, since: Timestamp, maturedBefore: Timestamp, lateAfterMicroseconds: Int64
    ) throws -> [RetentionTally] {
        try MemoryText.refuseNUL(appId)
        var counts: [RetentionTally: Int] = [:]
        for request in retention.requests.values where request.appId == appId && request.receivedAt >= since {
            let key = RetentionTally(
                ruleId: request.ruleId, answerKind: request.answerKind.rawValue, outcome: request.outcome?.rawValue,
                matured: request.receivedAt < maturedBefore, late: request.serverMicroseconds > lateAfterMicroseconds, count: 0)
            counts[key, default: 0] += 1
        }
        return counts.map { key, count in
            var tally = key
            tally.count = count
            return tally
        }.sorted {
            ($0.ruleId ?? "", $0.answerKind, $0.outcome ?? "", $0.matured ? 1 : 0, $0.late ? 1 : 0) < (
                $1.ruleId ?? "", $1.answerKind, $1.outcome ?? "", $1.matured ? 1 : 0, $1.late ? 1 : 0
            )
        }
    }

    mutating func saveRetentionSettings(_ settings: RetentionSettings) throws {
        try MemoryText.refuseNUL(settings.appId, settings.updatedBy)
        retention.settings[settings.appId] = settings
    }

    mutating func saveRetentionContent(_ content: RetentionContent) throws {
        try MemoryText.refuseNUL(content.appId, content.environment.rawValue, content.header, content.body, content.state)
        retention.content[MemoryRetention.contentKey(content.appId, content.environment, content.identifier)] = content
    }

    mutating func deleteRetentionContent(appId: String, environment: AppStoreEnvironment, identifier: UUID) throws -> Bool {
        try MemoryText.refuseNUL(appId, environment.rawValue)
        return retention.content.removeValue(forKey: MemoryRetention.contentKey(appId, environment, identifier)) != nil
    }

    mutating func insertRetentionRequest(_ request: RetentionRequestRecord) throws -> Bool {
        try MemoryText.refuseNUL(
            request.appId, request.environment.rawValue, request.originalTransactionId, request.customerId?.rawValue,
            request.productId, request.locale, request.ruleId, request.alternateProductId, request.offerId, request.reason)
        let key = MemoryText.text(request.requestIdentifier)
        guard retention.requests[key] == nil else { return false }
        retention.requests[key] = request
        return true
    }

    mutating func recordRetentionOutcome(_ id: UUID, outcome: RetentionOutcome, at time: Timestamp, fact: String) throws -> Bool {
        try MemoryText.refuseNUL(outcome.rawValue, fact)
        let key = MemoryText.text(id)
        guard var request = retention.requests[key], request.outcome == nil else { return false }
        request.outcome = outcome
        request.outcomeAt = time
        request.outcomeFact = fact
        retention.requests[key] = request
        return true
    }
}

extension MemoryStoreQuerying {
    func retentionSettings(appId: String) async throws -> RetentionSettings? {
        try handle.reading { try $0.retentionSettings(appId: appId) }
    }

    func retentionContent(appId: String, environment: AppStoreEnvironment) async throws -> [RetentionContent] {
        try handle.reading { try $0.retentionContent(appId: appId, environment: environment) }
    }

    func retentionRequest(_ requestIdentifier: UUID) async throws -> RetentionRequestRecord? {
        try handle.reading { $0.retentionRequest(requestIdentifier) }
    }

    func openRetentionRequest(
        environment: AppStoreEnvironment, originalTransactionId: String, since: Timestamp
    ) async throws -> RetentionRequestRecord? {
        try handle.reading {
            try $0.openRetentionRequest(environment: environment, originalTransactionId: originalTransactionId, since: since)
        }
    }

    func retentionTallies(
        appId: String, since: Timestamp, maturedBefore: Timestamp, lateAfterMicroseconds: Int64
    ) async throws -> [RetentionTally] {
        try handle.reading {
            try $0.retentionTallies(
                appId: appId, since: since, maturedBefore: maturedBefore, lateAfterMicroseconds: lateAfterMicroseconds)
        }
    }
}

extension MemoryStoreTransaction {
    func saveRetentionSettings(_ settings: RetentionSettings) async throws {
        try handle.writing { try $0.saveRetentionSettings(settings) }
    }

    func saveRetentionContent(_ content: RetentionContent) async throws {
        try handle.writing { try $0.saveRetentionContent(content) }
    }

    func deleteRetentionContent(appId: String, environment: AppStoreEnvironment, identifier: UUID) async throws -> Bool {
        try handle.writing { try $0.deleteRetentionContent(appId: appId, environment: environment, identifier: identifier) }
    }

    func insertRetentionRequest(_ request: RetentionRequestRecord) async throws -> Bool {
        try handle.writing { try $0.insertRetentionRequest(request) }
    }

    func recordRetentionOutcome(
        _ requestIdentifier: UUID, outcome: RetentionOutcome, at time: Timestamp, fact: String
    ) async throws -> Bool {
        try handle.writing { try $0.recordRetentionOutcome(requestIdentifier, outcome: outcome, at: time, fact: fact) }
    }
}
