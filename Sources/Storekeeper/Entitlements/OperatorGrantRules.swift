public import AppStoreModels
public import Foundation

/// The pure rules for operators' grants: what may be granted, for how long, and when a grant may
/// still be revoked.
public enum OperatorGrantRules {
    /// A new grant of `entitlement` to `customerId` from `now` for `term`.
    ///
    /// `productId`, when given, must be a catalog product granting `entitlement`; otherwise the
    /// first such product (by id) is named, so the grant reads like the purchase it stands for.
    public static func grant(
        id: UUID = UUID.random(), appId: String, customerId: CustomerID, entitlement: String, productId: String?,
        term: OperatorGrantTerm, catalog: Catalog, environment: AppStoreEnvironment, operatorName: String, reason: String,
        at now: Timestamp
    ) throws(OperatorGrantError) -> OperatorGrant {
        let granting = catalog.products.filter { $0.entitlements.contains(entitlement) }.sorted { $0.id < $1.id }
        guard let first = granting.first else {
            throw OperatorGrantError(.unknownEntitlement, "no product of the app grants entitlement \"\(entitlement.prefix(64))\"")
        }
        let product: String
        if let productId {
            guard granting.contains(where: { $0.id == productId }) else {
                throw OperatorGrantError(
                    .unknownEntitlement, "product \"\(productId.prefix(64))\" does not grant entitlement \"\(entitlement)\"")
            }
            product = productId
        } else {
            product = first.id
        }
        return OperatorGrant(
            id: id, appId: appId, customerId: customerId, entitlement: entitlement, productId: product,
            environment: environment, startsAt: now, expiresAt: try term.end(from: now), operatorName: operatorName,
            reason: reason, createdAt: now)
    }

    /// `grant` revoked at `now`: access ends now. Refused when it was revoked already or has
    /// ended by itself.
    public static func revoke(
        _ grant: OperatorGrant, by operatorName: String, reason: String, at now: Timestamp
    ) throws(OperatorGrantError) -> OperatorGrant {
        if let revokedAt = grant.revokedAt {
            throw OperatorGrantError(
                .alreadyRevoked,
                "grant \(grant.id.lowercasedString) was revoked at \(revokedAt.millisecondsSince1970) by \(grant.revokedBy ?? "?")")
        }
        guard now < grant.expiresAt else {
            throw OperatorGrantError(
                .alreadyEnded, "grant \(grant.id.lowercasedString) ended at \(grant.expiresAt.millisecondsSince1970)")
        }
        var revoked = grant
        revoked.revokedAt = max(now, grant.startsAt)
        revoked.revokedBy = operatorName
        revoked.revokeReason = reason
        return revoked
    }

    /// The derived grants of `grants` that belong in the view of the customer of `apps` (one
    /// app, or the apps of one group sharing its customers), in a stable order (start, then id).
    public static func entitlementGrants(_ grants: [OperatorGrant], apps: Set<String>) -> [EntitlementGrant] {
        grants.filter { apps.contains($0.appId) }
            .sorted { ($0.startsAt, $0.id.uuidString) < ($1.startsAt, $1.id.uuidString) }
            .compactMap(\.entitlementGrant)
    }
}

/// Why an operator's grant was refused.
public struct OperatorGrantError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// No catalog product grants the entitlement (or the named product does not).
        public static let unknownEntitlement = Code(rawValue: "unknownEntitlement")
        /// The duration or end date is malformed, not in the future, or too long.
        public static let invalidTerm = Code(rawValue: "invalidGrantTerm")
        public static let alreadyRevoked = Code(rawValue: "grantAlreadyRevoked")
        public static let alreadyEnded = Code(rawValue: "grantAlreadyEnded")
    }

    public var code: Code
    public var reason: String
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
    public var description: String { "\(code.rawValue): \(reason)" }
}
