package import AppStoreModels
import Foundation
package import Storekeeper

/// What every operator action on Storekeeper's own records runs with: the app, its fact
/// applier (the purchase path's delivery, grants and ledger), who acts, why, and when. The
/// action services (`OperatorGrantActions`, `WalletAdjustAction`, `OrderCorrectionAction`,
/// `TransferAction`) run inside the action's one transaction, given by `OperatorActionRunner.once`.
package struct OperatorActionScope: Sendable {
    package let call: AdminCall
    /// The operator's reason, kept on every audit event the action writes.
    package let reason: String
    package let now: Timestamp

    package init(
        call: AdminCall, reason: String, now: Timestamp
    ) {
        self.call = call
        self.reason = reason
        self.now = now
    }

    package var app: AppConfiguration { call.app }
    /// The purchase path's applier of this app.
    package var applier: FactApplier { call.services.customers.applier }
    package var operatorName: String { call.operator.name }
    package var actor: AuditActor { call.actor }

    /// An audit event of this action: the operator as actor, the app, the reason.
    package func audit(kind: String, customerId: CustomerID?, subject: String?, details: [String: String]) -> AuditEvent {
        call.audit(
            kind: kind, customerId: customerId, subject: subject, details: details, reason: reason,
            at: now)
    }

    /// The customer named in the path, which must exist (an action never creates a customer by
    /// a typo).
    package func requireCustomer(_ id: CustomerID, in tx: any CustomerStoreReader) async throws -> Customer {
        try Self.refusePlaceholder(id)
        guard let customer = try await tx.customer(id) else {
            throw StorekeeperError.notFound("no customer \(id.rawValue)")
        }
        return customer
    }

    /// Refuses an unclaimed placeholder (it holds a purchase no app customer presented yet):
    /// access and currency go to app customers. A transfer may still move its purchase away.
    package static func refusePlaceholder(_ id: CustomerID) throws {
        guard !PurchaseDecision.isPlaceholder(id) else {
            throw StorekeeperError.invalidRequest("\(id.rawValue) holds an unclaimed purchase, not an app customer")
        }
    }

    /// The environment an operator's grant shows under: Production when the app accepts it.
    package var grantEnvironment: AppStoreEnvironment {
        app.environments.contains(.production) ? .production : app.environments.sorted { $0.rawValue < $1.rawValue }.first ?? .production
    }
}

extension StorekeeperError {
    /// An operator grant refused by the domain's rules, with the rule's stable code.
    package static func grant(_ error: OperatorGrantError) -> StorekeeperError {
        switch error.code {
        case .unknownEntitlement: StorekeeperError(Code(rawValue: error.code.rawValue), error.reason, kind: .rejected)
        case .invalidTerm: StorekeeperError(Code(rawValue: error.code.rawValue), error.reason, kind: .invalidRequest)
        default: StorekeeperError(Code(rawValue: error.code.rawValue), error.reason, kind: .conflict)
        }
    }

    /// An order correction refused by the order rules, with the rule's stable code.
    package static func order(_ error: OrderError) -> StorekeeperError {
        switch error.code {
        case .invalidFailureCode, .invalidQuantity:
            StorekeeperError(Code(rawValue: error.code.rawValue), error.reason, kind: .invalidRequest)
        default: StorekeeperError(Code(rawValue: error.code.rawValue), error.reason, kind: .conflict)
        }
    }
}
