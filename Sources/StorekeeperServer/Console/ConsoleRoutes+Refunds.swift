import AppStoreModels
import Foundation
import Hummingbird
import Storekeeper
import StorekeeperAPIModels

/// Refunds and revocations with what they clawed back from the wallet and any debt left, and the
/// CONSUMPTION_REQUESTs with the answer sent, when, and the time left in Apple's 12-hour window:
/// the admin API's ``RefundService`` (`GET …/refunds`, `GET …/consumption-requests`), each list
/// paged on its own.
extension ConsoleRoutes {
    struct RefundsPage {
        struct Refund {
            let revoked: String
            let customer: String
            let customerHref: String
            let transactionId: String
            let product: String
            let kind: String
            let reason: String
            let price: String
            let clawbacks: [Clawback]
            let noClawback: Bool
        }

        struct Clawback {
            let currency: String
            let refunded: Int64
            let collected: Int64
            let uncollected: Int64
            let balance: Int64
            let debt: Int64
            let hasDebt: Bool
            let restored: Bool
        }

        struct Consumption {
            let requested: String
            let deadline: String
            let transactionId: String
            let customer: String?
            let customerHref: String?
            let status: String
            let sent: String
            let timeLeft: String
            let inTime: String
            let answer: String
            let lastError: String?
        }

        let refunds: [Refund]
        let noRefunds: Bool
        let nextRefundsHref: String?
        let consumption: [Consumption]
        let noConsumption: Bool
        let nextConsumptionHref: String?
    }

    static let refundsPageSize = 50

    @Sendable func refundsPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
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

    static func refundRow(_ refund: RefundBody, app: String) -> RefundsPage.Refund {
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

    static func consumptionRow(_ item: ConsumptionRequestBody, app: String) -> RefundsPage.Consumption {
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
