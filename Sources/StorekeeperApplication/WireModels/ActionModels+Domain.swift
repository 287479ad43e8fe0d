package import AppStoreModels
import Foundation
package import Storekeeper
import StorekeeperAPIModels

// How the operator actions' wire models (`StorekeeperAPIModels`) meet the domain: the grant
// terms read from a request, and the answers built from grants, journal entries and orders.

extension GrantDurationValue {
    package func term() throws(OperatorGrantError) -> OperatorGrantTerm {
        switch self {
        case .iso8601(let text): try OperatorGrantTerm.iso8601(text)
        case .seconds(let seconds): try OperatorGrantTerm.seconds(seconds)
        }
    }
}

extension GrantUntilValue {
    package func timestamp() throws(OperatorGrantError) -> Timestamp {
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

extension OperatorGrantBody {
    package init(_ grant: OperatorGrant, now: Timestamp) {
        self.init(
            id: grant.id, customerId: grant.customerId.rawValue, entitlement: grant.entitlement, productId: grant.productId,
            environment: grant.environment.rawValue, startsAt: grant.startsAt.millisecondsSince1970,
            expiresAt: grant.expiresAt.millisecondsSince1970, endsAt: grant.endsAt.millisecondsSince1970,
            isActive: grant.isActive(at: now), grantedBy: grant.operatorName, reason: grant.reason,
            createdAt: grant.createdAt.millisecondsSince1970, revokedAt: grant.revokedAt?.millisecondsSince1970,
            revokedBy: grant.revokedBy, revokeReason: grant.revokeReason)
    }
}

extension JournalEntryBody {
    package init(_ entry: JournalEntry) {
        self.init(
            key: entry.key, kind: entry.kind.rawValue, currency: entry.currency,
            postings: entry.postings.map { Posting(account: $0.account.description, amount: $0.amount) },
            createdAt: entry.createdAt.millisecondsSince1970, reference: entry.reference, memo: entry.memo)
    }
}

extension AdminOrderBody {
    package init(_ order: Order) {
        self.init(OrderBody(order), failureCode: order.failureCode)
    }
}
