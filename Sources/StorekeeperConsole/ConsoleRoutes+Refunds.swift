import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// Refunds and revocations with what they clawed back from the wallet and any debt left, and the
/// CONSUMPTION_REQUESTs with the answer sent, when, and the time left in Apple's 12-hour window:
/// the admin API's ``RefundService`` (`GET …/refunds`, `GET …/consumption-requests`), each list
/// paged on its own.
extension ConsoleRoutes {
    package struct RefundsPage {
        package struct Refund {
            package let revoked: String
            package let customer: String
            package let customerHref: String
            package let transactionId: String
            package let product: String
            package let kind: String
            package let reason: String
            package let price: String
            package let clawbacks: [Clawback]
            package let noClawback: Bool
        }

        package struct Clawback {
            package let currency: String
            package let refunded: Int64
            package let collected: Int64
            package let uncollected: Int64
            package let balance: Int64
            package let debt: Int64
            package let hasDebt: Bool
            package let restored: Bool
        }

        package struct Consumption {
            package let requested: String
            package let deadline: String
            package let transactionId: String
            package let customer: String?
            package let customerHref: String?
            package let status: String
            package let sent: String
            package let timeLeft: String
            package let inTime: String
            package let answer: String
            package let lastError: String?
        }

        package let refunds: [Refund]
        package let noRefunds: Bool
        package let nextRefundsHref: String?
        package let consumption: [Consumption]
        package let noConsumption: Bool
        package let nextConsumptionHref: String?
    }

    package static let refundsPageSize = 50

    @Sendable package func refundsPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let query = request.uri.queryParameters
        let refundsBefore = try query.get("before").map { raw in
            guard let cursor = RefundCursor(token: raw) else {
                throw StorekeeperError.invalidRequest("before must be a cursor from a previous page")
            }
            return cursor
        }
        let consumptionBefore = try query.get("consumptionBefore").map { raw in
            guard let cursor = OutboxCursor(token: raw) else {
                throw StorekeeperError.invalidRequest("consumptionBefore must be a cursor from a previous page")
            }
            return cursor
        }
        let service = RefundService(store: store, app: call.services.runtime.config, now: now)
        let refunds = try await service.refunds(from: nil, to: nil, before: refundsBefore, limit: Self.refundsPageSize)
        let requests = try await service.consumptionRequests(before: consumptionBefore, limit: Self.refundsPageSize)
        let base = ConsolePaths.app(call.appId, .refunds)
        let rows = refunds.refunds.map { Self.refundRow($0, app: call.appId) }
        let consumption = requests.consumptionRequests.map { Self.consumptionRow($0, app: call.appId) }
        let page = RefundsPage(
            refunds: rows, noRefunds: rows.isEmpty,
            nextRefundsHref: refunds.nextCursor.map { base + "?before=" + ConsolePaths.query($0) }, consumption: consumption,
            noConsumption: consumption.isEmpty,
            nextConsumptionHref: requests.nextCursor.map { base + "?consumptionBefore=" + ConsolePaths.query($0) + "#h-consumption" })
        return try templates.page("refunds", page, frame: frame("Refunds · \(call.appId)", call, .refunds))
    }

    package static func refundRow(_ refund: RefundBody, app: String) -> RefundsPage.Refund {
        let clawbacks = refund.wallet.map { wallet in
            RefundsPage.Clawback(
                currency: wallet.currency, refunded: wallet.refunded, collected: wallet.collected, uncollected: wallet.uncollected,
                balance: wallet.balance, debt: wallet.debt, hasDebt: wallet.debt > 0, restored: wallet.restored)
        }
        let reason =
            switch refund.revocationReason {
            case .some(1): "app issue"
            case .some(0): "other"
            default: "—"
            }
        return RefundsPage.Refund(
            revoked: ConsoleFormat.time(milliseconds: refund.revokedAt), customer: refund.customerId,
            customerHref: ConsolePaths.customer(app, refund.customerId), transactionId: refund.transactionId,
            product: refund.productId, kind: refund.kind == "refunded" ? "Refunded" : "Family Sharing revoked",
            reason: reason,
            price: ConsoleFormat.milliunits(refund.price, refund.currency), clawbacks: clawbacks, noClawback: clawbacks.isEmpty)
    }

    package static func consumptionRow(_ item: ConsumptionRequestBody, app: String) -> RefundsPage.Consumption {
        var parts: [String] = []
        if let answer = item.answer {
            parts = [
                "customer consented: \(answer.customerConsented ? "yes" : "no")", "delivery: \(answer.deliveryStatus)",
                "sample provided: \(answer.sampleContentProvided ? "yes" : "no")",
            ]
            if let percentage = answer.consumptionPercentage { parts.append("consumed: \(Double(percentage) / 1000) %") }
            if let preference = answer.refundPreference { parts.append("refund preference: \(preference)") }
        } else {
            // Apple takes consumption data only with the customer's consent: none was sent.
            parts = ["not sent" + (item.notSentReason == "noConsent" ? ": the customer did not consent" : "")]
        }
        let timeLeft: String =
            switch item.timeLeft {
            case .some(0): "✗ window closed"
            case .some(let left): "\(ConsoleFormat.duration(left)) left"
            case .none: item.deliveredAt != nil ? "answered" : "given up"
            }
        return RefundsPage.Consumption(
            requested: ConsoleFormat.time(milliseconds: item.requestedAt), deadline: ConsoleFormat.time(milliseconds: item.deadline),
            transactionId: item.transactionId, customer: item.customerId,
            customerHref: item.customerId.map { ConsolePaths.customer(app, $0) },
            status: item.status + (item.attempts > 1 ? " (\(item.attempts) attempts)" : ""),
            sent: ConsoleFormat.time(milliseconds: item.deliveredAt), timeLeft: timeLeft,
            inTime: item.answeredInTime.map { $0 ? "✓ in time" : "✗ late" } ?? "—", answer: parts.joined(separator: "; "),
            lastError: item.lastError)
    }
}
