import AppStoreModels
import Foundation
import Storekeeper

// The bodies of the operator actions on Storekeeper's own records (grants, wallet adjustments,
// order corrections, transfers and merges), as the admin API, the CLI and the console send and
// read them. Every request body also carries `reason` and `idempotencyKey` (``ActionBody`` reads
// them as `AdminActionBody` checks them); every answer is the `result` of an
// `AdminActionResponse` (with `replayed`).

/// An action's body: its own fields and the `reason` and `idempotencyKey` every action carries,
/// both read from the same JSON object. The fields, the path's target and the reason identify the
/// request for idempotency: a replay keeps the first request's reason on record, so a key sent
/// again with another reason is a conflict rather than a replay that drops the new reason.
struct ActionBody<Fields: Codable & Sendable>: Decodable, Sendable {
    let fields: Fields
    let action: AdminActionBody

    init(from decoder: any Decoder) throws {
        fields = try Fields(from: decoder)
        action = try AdminActionBody(from: decoder)
    }
}

/// What an action's idempotency record hashes: the path's target (a customer, an order, a grant),
/// the reason (trimmed, as audited) and the action's fields.
struct ActionRequest<Fields: Encodable & Sendable>: Encodable, Sendable {
    let target: String
    let reason: String
    let fields: Fields
}

// MARK: Grants

/// `POST /v1/admin/apps/{app}/customers/{customer}/grants`: `entitlement` for `duration` (ISO 8601
/// like `P7D` or `PT12H`, or whole seconds) or `until` a moment (milliseconds since 1970, or
/// RFC 3339 text); exactly one of the two.
struct GrantActionRequest: Codable, Sendable {
    var entitlement: String
    var productId: String?
    var duration: GrantDurationValue?
    var until: GrantUntilValue?
}

/// A duration as sent: ISO 8601 text or whole seconds.
enum GrantDurationValue: Codable, Sendable, Hashable {
    case iso8601(String)
    case seconds(Int64)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Int64.self) {
            self = .seconds(seconds)
        } else {
            self = .iso8601(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .iso8601(let text): try container.encode(text)
        case .seconds(let seconds): try container.encode(seconds)
        }
    }

    func term() throws(OperatorGrantError) -> OperatorGrantTerm {
        switch self {
        case .iso8601(let text): try OperatorGrantTerm.iso8601(text)
        case .seconds(let seconds): try OperatorGrantTerm.seconds(seconds)
        }
    }
}

/// An end as sent: milliseconds since 1970, or RFC 3339 text (`2026-12-01T00:00:00Z`).
enum GrantUntilValue: Codable, Sendable, Hashable {
    case milliseconds(Int64)
    case text(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let milliseconds = try? container.decode(Int64.self) {
            self = .milliseconds(milliseconds)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .milliseconds(let milliseconds): try container.encode(milliseconds)
        case .text(let text): try container.encode(text)
        }
    }

    func timestamp() throws(OperatorGrantError) -> Timestamp {
        switch self {
        case .milliseconds(let milliseconds):
            return Timestamp(millisecondsSince1970: milliseconds)
        case .text(let text):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard text.count <= 40, let date = formatter.date(from: text) ?? fractional.date(from: text) else {
                throw OperatorGrantError(.invalidTerm, "until \"\(text.prefix(40))\" is not an RFC 3339 date-time")
            }
            return Timestamp(date)
        }
    }
}

/// `POST .../customers/{customer}/grants/{grant}/revoke` carries only the reason and key.
struct RevokeGrantActionRequest: Codable, Sendable {}

/// An operator's grant as the admin API shows it.
struct OperatorGrantBody: Codable, Sendable {
    var id: UUID
    var customerId: CustomerID
    var entitlement: String
    var productId: String
    var environment: String
    var startsAt: Timestamp
    var expiresAt: Timestamp
    /// The expiry, or the revocation when it came first.
    var endsAt: Timestamp
    var isActive: Bool
    /// The operator who granted it.
    var grantedBy: String
    var reason: String
    var createdAt: Timestamp
    var revokedAt: Timestamp?
    var revokedBy: String?
    var revokeReason: String?

    init(_ grant: OperatorGrant, now: Timestamp) {
        id = grant.id
        customerId = grant.customerId
        entitlement = grant.entitlement
        productId = grant.productId
        environment = grant.environment.rawValue
        startsAt = grant.startsAt
        expiresAt = grant.expiresAt
        endsAt = grant.endsAt
        isActive = grant.isActive(at: now)
        grantedBy = grant.operatorName
        reason = grant.reason
        createdAt = grant.createdAt
        revokedAt = grant.revokedAt
        revokedBy = grant.revokedBy
        revokeReason = grant.revokeReason
    }
}

/// The answer to a grant or a revocation: the grant and the customer's entitlements after it.
struct GrantActionResponse: Codable, Sendable {
    var grant: OperatorGrantBody
    var entitlements: [CustomerView.Entitlement]
}

// MARK: Wallet

/// `POST .../customers/{customer}/wallet/adjust`: `amount` (signed, not zero) of `currency`.
struct WalletAdjustActionRequest: Codable, Sendable {
    var currency: String
    var amount: Int64
}

/// A journal entry as the admin API shows it.
struct JournalEntryBody: Codable, Sendable {
    struct Posting: Codable, Sendable {
        var account: String
        var amount: Int64
    }
    var key: String
    var kind: String
    var currency: String
    var postings: [Posting]
    var createdAt: Timestamp
    var reference: String?
    var memo: String?

    init(_ entry: JournalEntry) {
        key = entry.key
        kind = entry.kind.rawValue
        currency = entry.currency
        postings = entry.postings.map { Posting(account: $0.account.description, amount: $0.amount) }
        createdAt = entry.createdAt
        reference = entry.reference
        memo = entry.memo
    }
}

/// The answer to an adjustment: the entry booked and the balance after it.
struct WalletAdjustResponse: Codable, Sendable {
    var customerId: CustomerID
    var currency: String
    var amount: Int64
    var balance: Int64
    var entry: JournalEntryBody
}

// MARK: Orders

/// `POST /v1/admin/apps/{app}/orders/{order}/correct`. `attach` needs `transactionId` (and
/// `environment` when the app has both); `mark_failed` needs `failureCode`.
struct OrderCorrectionActionRequest: Codable, Sendable {
    var action: String
    var transactionId: String?
    var environment: String?
    var failureCode: String?
}

/// An order as the admin API shows it (with its failure code, which the app's API omits).
struct AdminOrderBody: Codable, Sendable {
    var id: UUID
    var customerId: CustomerID
    var productId: String
    var quantity: Int
    var state: String
    var appAccountToken: UUID
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var expiresAt: Timestamp
    var environment: String?
    var transactionId: String?
    var bonusCurrency: String?
    var bonusAmount: Int64
    var failureCode: String?

    init(_ order: Order) {
        id = order.id
        customerId = order.customerId
        productId = order.productId
        quantity = order.quantity
        state = order.state.rawValue
        appAccountToken = order.appAccountToken
        createdAt = order.createdAt
        updatedAt = order.updatedAt
        expiresAt = order.expiresAt
        environment = order.environment?.rawValue
        transactionId = order.transactionId
        bonusCurrency = order.bonusCurrency
        bonusAmount = order.bonusAmount
        failureCode = order.failureCode
    }
}

/// The answer to a correction: the order after it, whether anything changed (a redelivery of a
/// delivered order changes nothing), and the order's customer as the app now sees them.
struct OrderCorrectionResponse: Codable, Sendable {
    var action: String
    var changed: Bool
    var order: AdminOrderBody
    /// Transactions the correction recorded for the first time (an attach Apple answered).
    var recordedTransactionIds: [String]
    var customer: CustomerView
}

// MARK: Transfer and merge

/// `POST .../customers/{customer}/transfer`: the customer's purchases (those of
/// `transactionIds`, else all) move `to` another customer, under the app's transfer policy.
struct TransferActionRequest: Codable, Sendable {
    var to: CustomerID
    var transactionIds: [String]?
}

/// One purchase a transfer moved or left.
struct TransferredPurchase: Codable, Sendable, Hashable {
    var environment: String
    var originalTransactionId: String
    var productId: String
    /// Why it stayed (a consumable's currency stays in the wallet); absent when it moved.
    var skipped: String?
}

struct TransferResponse: Codable, Sendable {
    var from: CustomerID
    var to: CustomerID
    var moved: [TransferredPurchase]
    var skipped: [TransferredPurchase]
}

/// `POST .../customers/{customer}/merge`: the customer (a guest, a duplicate account) merges
/// `into` another, as the app's alias merge does.
struct MergeActionRequest: Codable, Sendable {
    var into: CustomerID
}

struct MergeResponse: Codable, Sendable {
    var from: CustomerID
    var into: CustomerID
    var customer: CustomerView
}
