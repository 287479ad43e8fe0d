import AppStoreModels
import Foundation
import Storekeeper

/// A mass extension's key: app and Apple's request identifier (`mass_extensions`' primary key).
struct MemoryMassExtensionKey: Hashable, Sendable {
    var appId: String
    var requestIdentifier: String
}

/// The operators' inbox queries and mass extensions (`SQLStore+InboxQueries`).
extension MemoryStoreState {
    /// The app's entries matching the filters, newest first (`received_at DESC, id DESC`).
    func inboxPage(_ query: InboxQuery) throws -> [InboxPageEntry] {
        try MemoryText.refuseNUL(
            query.appId, query.notificationType, query.subtype, query.environment, query.before?.id)
        try PurchaseStoreError.checkLimit(query.limit)
        let rows = inbox.values.filter { entry in
            guard query.matches(entry) else { return false }
            guard let cursor = query.before else { return true }
            return entry.receivedAt < cursor.receivedAt
                || (entry.receivedAt == cursor.receivedAt && MemoryText.precedes(entry.id, cursor.id))
        }.sorted {
            Self.ordered($0, $1, by: [{ Self.compare($1.receivedAt, $0.receivedAt) }, { Self.compareText($1.id, $0.id) }])
        }
        return try Self.limited(rows, query.limit).map(InboxPageEntry.init)
    }

    mutating func recordInboxDuplicate(id: String) throws -> Bool {
        try MemoryText.refuseNUL(id)
        guard inbox[id] != nil else { return false }
        inbox[id]?.duplicates += 1
        return true
    }

    func massExtension(appId: String, requestIdentifier: String) throws -> MassExtensionRecord? {
        try MemoryText.refuseNUL(appId, requestIdentifier)
        return massExtensions[MemoryMassExtensionKey(appId: appId, requestIdentifier: requestIdentifier)]
    }

    mutating func insertMassExtension(_ record: MassExtensionRecord) throws -> Bool {
        try MemoryText.refuseNUL(
            record.appId, record.requestIdentifier, record.environment.rawValue, record.productId, record.operatorName,
            record.storefronts?.joined(separator: ","))
        let key = MemoryMassExtensionKey(appId: record.appId, requestIdentifier: record.requestIdentifier)
        guard massExtensions[key] == nil else { return false }
        massExtensions[key] = record
        return true
    }
}

extension MemoryStoreQuerying {
    func inboxPage(_ query: InboxQuery) async throws -> [InboxPageEntry] { try handle.reading { try $0.inboxPage(query) } }

    func massExtension(appId: String, requestIdentifier: String) async throws -> MassExtensionRecord? {
        try handle.reading { try $0.massExtension(appId: appId, requestIdentifier: requestIdentifier) }
    }
}

extension MemoryStoreTransaction {
    @discardableResult
    func recordInboxDuplicate(id: String) async throws -> Bool { try handle.writing { try $0.recordInboxDuplicate(id: id) } }

    func insertMassExtension(_ record: MassExtensionRecord) async throws -> Bool {
        try handle.writing { try $0.insertMassExtension(record) }
    }
}
