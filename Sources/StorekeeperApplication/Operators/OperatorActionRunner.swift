package import AppStoreModels
import Crypto
import Foundation
import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// Runs operator actions once per idempotency key, for the admin API and the console alike.
package struct OperatorActionRunner: Sendable {
    package let store: any PurchaseStore
    /// Business time, for the key's record.
    package let now: any WallClock

    package init(
        store: any PurchaseStore, now: any WallClock
    ) {
        self.store = store
        self.now = now
    }

    /// Runs an operator action once per idempotency key: `body`'s writes and the key's record
    /// commit in one transaction (write the action's audit event there too, `call.audit`). A
    /// replay with the same key and the same `request` answers the first result; the same key
    /// with another request is 409 `idempotencyConflict`. Two racing first requests: one runs,
    /// the other answers its result.
    package func once<Result: Codable & Sendable>(
        _ call: AdminCall, key: String, kind: String, request: some Encodable,
        _ body: nonisolated(nonsending) @escaping (any PurchaseStoreTransaction) async throws -> Result
    ) async throws -> AdminActionResponse<Result> {
        let requestHash = try Self.requestHash(kind: kind, request)
        do {
            return try await store.write { tx in
                if let earlier = try await tx.adminAction(appId: call.app.id, key: key) {
                    return try Self.replay(earlier, requestHash: requestHash)
                }
                let result = try await body(tx)
                try await tx.insertAdminAction(
                    AdminActionRecord(
                        appId: call.app.id, key: key, operatorName: call.operator.name, kind: kind, requestHash: requestHash,
                        response: [UInt8](try JSONCoding.encode(result)), createdAt: now()))
                return AdminActionResponse(replayed: false, result: result)
            }
        } catch let error as PurchaseStoreError where error.code == .uniqueViolation {
            // Another request with this key committed first.
            guard let earlier = try await store.read({ try await $0.adminAction(appId: call.app.id, key: key) }) else { throw error }
            return try Self.replay(earlier, requestHash: requestHash)
        }
    }

    /// ``once(_:key:kind:request:_:)`` for an action whose work cannot be inside a database
    /// transaction (a call to Apple): `perform` runs unless the key was used, then `commit` (the
    /// audit event, applying what Apple answered) and the key's record commit together. Make
    /// `perform` idempotent at Apple too (derive Apple's request identifier from the key): a
    /// crash between the two runs it again on the client's retry.
    package func onceOutside<Result: Codable & Sendable>(
        _ call: AdminCall, key: String, kind: String, request: some Encodable,
        perform: @escaping @Sendable () async throws -> Result,
        commit: nonisolated(nonsending) @escaping (Result, any PurchaseStoreTransaction) async throws -> Void
    ) async throws -> AdminActionResponse<Result> {
        let requestHash = try Self.requestHash(kind: kind, request)
        if let earlier = try await store.read({ try await $0.adminAction(appId: call.app.id, key: key) }) {
            return try Self.replay(earlier, requestHash: requestHash)
        }
        let result = try await perform()
        return try await once(call, key: key, kind: kind, request: request) { tx in
            try await commit(result, tx)
            return result
        }
    }

    private static func replay<Result: Codable & Sendable>(
        _ earlier: AdminActionRecord, requestHash: String
    ) throws -> AdminActionResponse<Result> {
        guard earlier.requestHash == requestHash else {
            throw StorekeeperError(
                .idempotencyConflict, "idempotencyKey was already used for a different request (\(earlier.kind))", kind: .conflict)
        }
        return AdminActionResponse(replayed: true, result: try JSONCoding.decode(Result.self, from: earlier.response))
    }

    /// SHA-256 of the action's name and its request's canonical JSON (sorted keys).
    package static func requestHash(kind: String, _ request: some Encodable) throws -> String {
        var bytes = [UInt8](kind.utf8)
        bytes.append(0)
        bytes += try JSONCoding.encode(request)
        return SHA256.hash(data: bytes).lowercaseHex
    }
}
