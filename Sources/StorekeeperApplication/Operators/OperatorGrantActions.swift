import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperAPIModels

/// Grants an entitlement by hand and revokes such a grant early, inside the action's
/// transaction: the grant is recorded (``OperatorGrant``), the customer's derived grants are
/// recomputed by the purchase path's `refreshGrants` (which combines Apple's and operators'
/// grants, with the usual `entitlement.granted` audit and `entitlements.changed` event), and the
/// operator's action is audited with its reason.
package struct OperatorGrantActions: Sendable {
    package let scope: OperatorActionScope

    /// The aggregates a grant or revocation touches: the grant, the customer's lock, and the
    /// derived grants recomputed.
    package typealias Aggregates =
        OperatorGrantStoreWriter & CoordinationStoreWriter & CustomerStoreReader & FactApplier.GrantAggregates

    package init(
        scope: OperatorActionScope
    ) {
        self.scope = scope
    }

    package func grant(
        _ body: GrantActionRequest, to customerId: CustomerID, in tx: any OperatorGrantActions.Aggregates
    ) async throws -> GrantActionResponse {
        let term: OperatorGrantTerm
        let grant: OperatorGrant
        do throws(OperatorGrantError) {
            switch (body.duration, body.until) {
            case (let duration?, nil): term = try duration.term()
            case (nil, let until?): term = .until(try until.timestamp())
            default: throw OperatorGrantError(.invalidTerm, "give exactly one of duration and until")
            }
            grant = try OperatorGrantRules.grant(
                appId: scope.app.id, customerId: customerId, entitlement: body.entitlement, productId: body.productId,
                term: term, catalog: scope.app.catalog, environment: scope.grantEnvironment, operatorName: scope.operatorName,
                reason: scope.reason, at: scope.now)
        } catch {
            throw StorekeeperError.grant(error)
        }
        try await tx.lock(customer: customerId)
        _ = try await scope.requireCustomer(customerId, in: tx)
        try await tx.insertOperatorGrant(grant)
        try await tx.append(
            scope.audit(
                kind: "grant.created", customerId: customerId, subject: "grant:\(grant.id.lowercasedString)",
                details: [
                    "entitlement": grant.entitlement, "productId": grant.productId,
                    "startsAt": String(grant.startsAt.millisecondsSince1970),
                    "expiresAt": String(grant.expiresAt.millisecondsSince1970),
                ]))
        return try await answer(grant, customerId: customerId, in: tx)
    }

    package func revoke(
        _ grantId: UUID, of customerId: CustomerID, in tx: any OperatorGrantActions.Aggregates
    ) async throws -> GrantActionResponse {
        try await tx.lock(customer: customerId)
        guard let stored = try await tx.operatorGrant(id: grantId), stored.customerId == customerId, stored.appId == scope.app.id
        else {
            throw StorekeeperError.notFound("no grant \(grantId.lowercasedString) of customer \(customerId.rawValue)")
        }
        let revoked: OperatorGrant
        do throws(OperatorGrantError) {
            revoked = try OperatorGrantRules.revoke(stored, by: scope.operatorName, reason: scope.reason, at: scope.now)
        } catch {
            throw StorekeeperError.grant(error)
        }
        guard try await tx.revokeOperatorGrant(revoked) else {
            throw StorekeeperError.grant(
                OperatorGrantError(.alreadyRevoked, "grant \(grantId.lowercasedString) was revoked meanwhile"))
        }
        try await tx.append(
            scope.audit(
                kind: "grant.revoked", customerId: customerId, subject: "grant:\(grantId.lowercasedString)",
                details: [
                    "entitlement": revoked.entitlement, "grantedBy": revoked.operatorName,
                    "expiresAt": String(revoked.expiresAt.millisecondsSince1970),
                    "revokedAt": String(revoked.endsAt.millisecondsSince1970),
                ]))
        return try await answer(revoked, customerId: customerId, in: tx)
    }

    /// Recomputes the customer's derived grants and answers with the grant and the entitlements.
    private func answer(
        _ grant: OperatorGrant, customerId: CustomerID, in tx: any OperatorGrantActions.Aggregates
    ) async throws -> GrantActionResponse {
        try await scope.applier.refreshGrants(
            of: customerId, actor: scope.actor, fact: "grant:\(grant.id.lowercasedString)", now: scope.now, in: tx)
        let view = try await CustomerService.view(customerId, now: scope.now, in: tx)
        return GrantActionResponse(grant: OperatorGrantBody(grant, now: scope.now), entitlements: CustomerBody(view).entitlements)
    }
}
