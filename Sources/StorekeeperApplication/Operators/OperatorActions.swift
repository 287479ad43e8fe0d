package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// Every operator action, one function each, for the admin API and the console alike (and for
/// tests, which call them directly): each takes the ``AdminCall`` (the app and the operator,
/// already authorized), the action's typed fields, the reason and the idempotency key, runs once
/// per key through ``OperatorActionRunner``, writes its audit event in the key's transaction, and
/// answers what the admin API answers. The edges only authenticate, read their input and show
/// the answer.
///
/// The `kind` and ``ActionRequest`` of each action are what its idempotency record hashes: they
/// must stay as they are, or a retry across a deploy would be a conflict instead of a replay.
package struct OperatorActions: Sendable {
    /// The configured apps, by id.
    package let apps: [String: AppServices]
    package let store: any PurchaseStore
    /// Business time, for audit events and the keys' records.
    package let now: any WallClock

    package init(
        apps: [String: AppServices], store: any PurchaseStore, now: any WallClock
    ) {
        self.apps = apps
        self.store = store
        self.now = now
    }

    package var runner: OperatorActionRunner { OperatorActionRunner(store: store, now: now) }

    /// Grants an entitlement to the customer for a term.
    package func grant(
        _ call: AdminCall, to customerId: CustomerID, _ fields: GrantActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<GrantActionResponse> {
        try await once(call, body, kind: "grant", target: customerId.rawValue, fields: fields) { scope, tx in
            try await OperatorGrantActions(scope: scope).grant(fields, to: customerId, in: tx)
        }
    }

    /// Ends an operator's grant of the customer early.
    package func revokeGrant(
        _ call: AdminCall, _ grantId: UUID, of customerId: CustomerID, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<GrantActionResponse> {
        let target = "\(customerId.rawValue)/\(grantId.lowercasedString)"
        return try await once(call, body, kind: "grant.revoke", target: target, fields: RevokeGrantActionRequest()) { scope, tx in
            try await OperatorGrantActions(scope: scope).revoke(grantId, of: customerId, in: tx)
        }
    }

    /// Credits (or, negative, debits) the customer's wallet.
    package func adjustWallet(
        _ call: AdminCall, of customerId: CustomerID, _ fields: WalletAdjustActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<WalletAdjustResponse> {
        try await once(call, body, kind: "wallet.adjust", target: customerId.rawValue, fields: fields) { scope, tx in
            try await WalletAdjustAction(scope: scope).adjust(fields, of: customerId, key: body.idempotencyKey, in: tx)
        }
    }

    /// Moves the customer's purchases (all, or the named transactions') to another customer.
    package func transfer(
        _ call: AdminCall, from customerId: CustomerID, _ fields: TransferActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<TransferResponse> {
        // A malformed customer id is refused before the idempotency key is looked at.
        _ = try CustomerID(requested: fields.to, field: "to", in: call.app.customerSpace)
        return try await once(call, body, kind: "transfer", target: customerId.rawValue, fields: fields) { scope, tx in
            try await TransferAction(scope: scope).transfer(fields, from: customerId, in: tx)
        }
    }

    /// Merges the customer into another (everything it holds moves, its aliases too).
    package func merge(
        _ call: AdminCall, _ customerId: CustomerID, _ fields: MergeActionRequest, _ body: AdminActionBody
    ) async throws -> AdminActionResponse<MergeResponse> {
        // A malformed customer id is refused before the idempotency key is looked at.
        _ = try CustomerID(requested: fields.into, field: "into", in: call.app.customerSpace)
        return try await once(call, body, kind: "merge", target: customerId.rawValue, fields: fields) { scope, tx in
            try await TransferAction(scope: scope).merge(fields, from: customerId, customers: call.services.customers, in: tx)
        }
    }

    /// Runs an action on Storekeeper's own records once per idempotency key, in the key's
    /// transaction; the request it hashes is the path's `target`, the reason and the `fields`.
    func once<Fields: Encodable & Sendable, Result: Codable & Sendable>(
        _ call: AdminCall, _ body: AdminActionBody, kind: String, target: String, fields: Fields,
        _ work: nonisolated(nonsending) @escaping (OperatorActionScope, any PurchaseStoreTransaction) async throws -> Result
    ) async throws -> AdminActionResponse<Result> {
        let scope = scope(call, body)
        return try await runner.once(
            call, key: body.idempotencyKey, kind: kind, request: ActionRequest(target: target, reason: body.reason, fields: fields)
        ) { tx in try await work(scope, tx) }
    }

    private func scope(_ call: AdminCall, _ body: AdminActionBody) -> OperatorActionScope {
        OperatorActionScope(call: call, reason: body.reason, now: now())
    }
}
