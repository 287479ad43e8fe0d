import AppStoreModels
import Foundation
import Storekeeper

/// The audit log, watermarks, leases and API keys (`SQLStore+Audit`, `+Coordination`, `+APIKeys`).
extension MemoryStoreState {
    /// `created_at DESC, seq DESC`.
    func auditEvents(customerId: CustomerID, limit: Int) throws -> [AuditEvent] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(customerId.rawValue)
        let rows = audit.filter { $0.event.customerId == customerId }.sorted {
            Self.ordered($1, $0, by: [{ Self.compare($0.event.createdAt, $1.event.createdAt) }, { Self.compare($0.seq, $1.seq) }])
        }
        return try Self.limited(rows, limit).map(\.event)
    }

    /// Oldest first: `created_at, seq`.
    func auditEvents(subject: String) throws -> [AuditEvent] {
        try MemoryText.refuseNUL(subject)
        return audit.filter { $0.event.subject == subject }.sorted {
            Self.ordered($0, $1, by: [{ Self.compare($0.event.createdAt, $1.event.createdAt) }, { Self.compare($0.seq, $1.seq) }])
        }.map(\.event)
    }

    /// `created_at DESC, seq DESC`, after the event `before` (none when it is unknown).
    func auditEvents(appId: String, actor: AuditActor?, kind: String?, before: UUID?, limit: Int) throws -> [AuditEvent] {
        try PurchaseStoreError.checkLimit(limit)
        try MemoryText.refuseNUL(appId, actor?.rawValue, kind)
        let cursor = before.map { id in audit.first { $0.event.id == id } }
        if case .some(nil) = cursor { return [] }
        let rows = audit.filter { row in
            guard row.event.appId == appId else { return false }
            if let actor, row.event.actor != actor { return false }
            if let kind, row.event.kind != kind { return false }
            if case .some(let last?) = cursor {
                return row.event.createdAt < last.event.createdAt || (row.event.createdAt == last.event.createdAt && row.seq < last.seq)
            }
            return true
        }.sorted {
            Self.ordered($1, $0, by: [{ Self.compare($0.event.createdAt, $1.event.createdAt) }, { Self.compare($0.seq, $1.seq) }])
        }
        return try Self.limited(rows, limit).map(\.event)
    }

    /// Appending the same event (same `id`) again is a no-op. The details are JSON in SQL, where
    /// NUL is escaped, so only the other text is refused.
    mutating func append(_ event: AuditEvent) throws {
        try MemoryText.refuseNUL(
            event.customerId?.rawValue, event.kind, event.actor.rawValue, event.subject, event.fact, event.appId, event.reason)
        guard auditIds.insert(event.id).inserted else { return }
        audit.append((Int64(audit.count + 1), event))
        appendFeed(FeedAppend(event))
    }

    // MARK: Coordination

    func watermark(_ name: String) throws -> String? {
        try MemoryText.refuseNUL(name)
        return watermarks[name]
    }

    mutating func setWatermark(_ name: String, value: String) throws {
        try MemoryText.refuseNUL(name, value)
        watermarks[name] = value
    }

    /// Inserts a free lease, renews the owner's own (keeping when it was acquired), or takes over
    /// one expired at `now` (`expires_at <= now`); a live lease of another owner is left alone.
    mutating func acquireLease(_ name: String, owner: String, until: Timestamp, now: Timestamp) throws -> Bool {
        try MemoryText.refuseNUL(name, owner)
        guard let held = leases[name] else {
            leases[name] = MemoryLease(owner: owner, expiresAt: until, acquiredAt: now)
            return true
        }
        if held.owner == owner {
            leases[name]?.expiresAt = until
            return true
        }
        guard held.expiresAt <= now else { return false }
        leases[name] = MemoryLease(owner: owner, expiresAt: until, acquiredAt: now)
        return true
    }

    func apiKey(hash: String) throws -> APIKeyRecord? {
        try MemoryText.refuseNUL(hash)
        return apiKeys[hash]
    }

    /// A second key with the same hash fails with ``PurchaseStoreError/Code/uniqueViolation``. The scopes
    /// are JSON in SQL, where NUL is escaped.
    mutating func insertAPIKey(_ key: APIKeyRecord) throws {
        try MemoryText.refuseNUL(key.name, key.hash)
        guard apiKeys[key.hash] == nil else {
            throw PurchaseStoreError(.uniqueViolation, "an API key with this hash is already stored [constraint api_keys.hash]")
        }
        apiKeys[key.hash] = key
    }
}
