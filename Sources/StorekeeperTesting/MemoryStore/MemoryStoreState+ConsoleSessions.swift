import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore

/// The web console's sessions (`SQLStore+ConsoleSessions`).
extension MemoryStoreState {
    func consoleSession(idHash: String) throws -> ConsoleSession? {
        try MemoryText.refuseNUL(idHash)
        return consoleSessions[idHash]
    }

    /// A second session with the same id hash fails with ``PurchaseStoreError/Code/uniqueViolation``.
    mutating func insertConsoleSession(_ session: ConsoleSession) throws {
        try MemoryText.refuseNUL(session.idHash, session.operatorName, session.csrfToken)
        guard consoleSessions[session.idHash] == nil else {
            throw PurchaseStoreError(
                .uniqueViolation, "a console session with this id hash is stored [constraint console_sessions.id_hash]")
        }
        consoleSessions[session.idHash] = session
    }

    mutating func touchConsoleSession(idHash: String, at: Timestamp) throws -> Bool {
        try MemoryText.refuseNUL(idHash)
        guard consoleSessions[idHash] != nil else { return false }
        consoleSessions[idHash]?.lastSeenAt = at
        return true
    }

    mutating func deleteConsoleSession(idHash: String) throws -> Bool {
        try MemoryText.refuseNUL(idHash)
        return consoleSessions.removeValue(forKey: idHash) != nil
    }

    mutating func deleteConsoleSessions(lastSeenBefore: Timestamp, createdBefore: Timestamp) -> Int {
        let expired = consoleSessions.values.filter { $0.lastSeenAt < lastSeenBefore || $0.createdAt < createdBefore }
        for session in expired { consoleSessions[session.idHash] = nil }
        return expired.count
    }
}

extension MemoryStoreQuerying {
    func consoleSession(idHash: String) async throws -> ConsoleSession? { try handle.reading { try $0.consoleSession(idHash: idHash) } }
}

extension MemoryStoreTransaction {
    func insertConsoleSession(_ session: ConsoleSession) async throws { try handle.writing { try $0.insertConsoleSession(session) } }

    func touchConsoleSession(idHash: String, at: Timestamp) async throws -> Bool {
        try handle.writing { try $0.touchConsoleSession(idHash: idHash, at: at) }
    }

    func deleteConsoleSession(idHash: String) async throws -> Bool { try handle.writing { try $0.deleteConsoleSession(idHash: idHash) } }

    func deleteConsoleSessions(lastSeenBefore: Timestamp, createdBefore: Timestamp) async throws -> Int {
        try handle.writing { $0.deleteConsoleSessions(lastSeenBefore: lastSeenBefore, createdBefore: createdBefore) }
    }
}
