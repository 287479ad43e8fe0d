import AppStoreModels
package import Storekeeper
package import StorekeeperAPIModels

// How the inbox's wire models (`StorekeeperAPIModels`) meet the domain: entries and attempts as
// stored, a replay request's filters, and Apple's decoded payloads as JSON.

extension InboxEntryBody {
    package init(_ entry: InboxPageEntry) {
        self.init(
            id: entry.id, version: entry.version, environment: entry.environment,
            receivedAt: entry.receivedAt.millisecondsSince1970,
            status: entry.status == .received ? InboxQuery.Status.pending.rawValue : entry.status.rawValue,
            attempts: entry.attempts, duplicates: entry.duplicates, lastError: entry.lastError,
            notificationType: entry.notificationType, subtype: entry.subtype, signedDate: entry.signedDate?.millisecondsSince1970,
            processedAt: entry.processedAt?.millisecondsSince1970, bodyBytes: entry.bodyBytes)
    }
}

extension InboxAttemptBody {
    package init(_ attempt: InboxAttempt) {
        self.init(number: attempt.number, at: attempt.at.millisecondsSince1970, outcome: attempt.outcome.rawValue, error: attempt.error)
    }
}

extension ReplayRangeRequest {
    package var filter: InboxFilter {
        InboxFilter(
            status: status, type: type, subtype: subtype, environment: environment, from: from, to: to, before: before, limit: limit)
    }
}

extension JSONPayload {
    /// `value` as the JSON it encodes to: an answer carrying it writes the bytes the answer's
    /// encoder (``FastJSONEncoder``) writes for `value` itself.
    package init(encoding value: some Encodable) throws {
        self = try JSONCoding.decode(JSONPayload.self, from: try FastJSONEncoder().encode(value))
    }
}
