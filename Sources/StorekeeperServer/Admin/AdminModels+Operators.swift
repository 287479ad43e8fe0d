import AppStoreModels
import Foundation
import Storekeeper

/// An operator as the admin API shows it (never its key).
struct OperatorBody: Codable, Sendable {
    let name: String
    let role: String
    let apps: [String]
    let createdAt: Timestamp
    let disabledAt: Timestamp?

    init(_ account: Operator) {
        name = account.name
        role = account.role.rawValue
        apps = account.apps
        createdAt = account.createdAt
        disabledAt = account.disabledAt
    }
}

struct OperatorListResponse: Codable, Sendable {
    let operators: [OperatorBody]
}

/// `POST /v1/admin/operators`.
struct CreateOperatorRequest: Decodable, Sendable {
    let name: String
    let role: OperatorRole
    let apps: [String]
    let reason: String
}

/// The new operator and its key, shown this once.
struct CreateOperatorResponse: Codable, Sendable {
    let `operator`: OperatorBody
    let key: String
}

/// `POST /v1/admin/operators/{name}/disable`.
struct DisableOperatorRequest: Decodable, Sendable {
    let reason: String
}

struct DisableOperatorResponse: Codable, Sendable {
    let `operator`: OperatorBody
}

/// One audit event as the admin API shows it.
struct AuditEventBody: Codable, Sendable {
    let id: UUID
    let kind: String
    let actor: String
    /// The operator, when one did it.
    let `operator`: String?
    let customerId: String?
    let subject: String?
    let fact: String?
    let details: [String: String]
    let reason: String?
    let createdAt: Timestamp

    init(_ event: AuditEvent) {
        id = event.id
        kind = event.kind
        actor = event.actor.rawValue
        self.operator = event.actor.operatorName
        customerId = event.customerId?.rawValue
        subject = event.subject
        fact = event.fact
        details = event.details
        reason = event.reason
        createdAt = event.createdAt
    }
}

/// A page of the audit log, newest first; `next` continues it (`before=`).
struct AuditPage: Codable, Sendable {
    let events: [AuditEventBody]
    let next: String?
}

/// `GET /v1/admin/me`.
struct MeResponse: Codable, Sendable {
    let `operator`: OperatorBody
}
