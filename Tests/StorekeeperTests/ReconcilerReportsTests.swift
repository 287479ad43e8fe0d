import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// The pure comparisons of SUBSCRIPTION_EVENT and FINANCE_DETAIL rows with transactions.
@Suite("Reconciler: subscription events and finance")
struct ReconcilerReportsTests {
    static let day = ReconcilerTests.day
    static let noon = ReconcilerTests.noon
    static let dayMs: Int64 = 86_400_000

    static func subscription(
        _ id: String, original: String? = nil, reason: TransactionReason = .purchase, at: Timestamp = noon, revokedAt: Timestamp? = nil
    ) -> AppleTransaction {
        var transaction = ReconcilerTests.sale(
            id, product: "pro.monthly", type: .autoRenewableSubscription, at: at, price: 9990, revokedAt: revokedAt, reason: reason)
        transaction.originalTransactionId = original ?? id
        return transaction
    }

    static func event(
        _ line: Int, _ name: String, quantity: Int = 1, product: String = "pro.monthly", day: PacificDay = day
    )
        -> ReportSubscriptionEventLine
    {
        ReportSubscriptionEventLine(day: day, line: line, event: name, subscription: product, countryCode: "US", quantity: quantity)
    }

    @Test
    func subscriptionEventsMatchByKindAndClassifyWhatDiffers() {
        let yesterday = Timestamp(millisecondsSince1970: Self.noon.millisecondsSince1970 - Self.dayMs)
        let transactions = [
            Self.subscription("1"), Self.subscription("2"),  // two activations
            Self.subscription("3", original: "0", reason: .renewal),  // a renewal
            Self.subscription("4", original: "0"),  // a resubscription
            Self.subscription("5", original: "0", reason: .renewal, at: yesterday, revokedAt: Self.noon),  // refunded today
            ReconcilerTests.sale("6"),  // not a subscription: no event
        ]
        let report = [
            Self.event(2, "Subscribe"), Self.event(3, "Start Introductory Offer"),  // two activations, two names
            Self.event(4, "Renew", quantity: 2),  // one more renewal than Storekeeper has
            Self.event(5, "Refund"),
            Self.event(6, "Cancel", quantity: 4),  // no transaction: not compared
            Self.event(7, "Subscribe", product: "pro.yearly"),  // an activation Storekeeper never saw
            Self.event(8, "Renew", day: Self.day.adding(days: -1)),  // another day: ignored
        ]
        let lines = Reconciler.reconcile(day: Self.day, subscriptionEvents: report, transactions: transactions)
        let byKind = Dictionary(grouping: lines, by: { "\($0.sku) \($0.event ?? "")" })
        #expect(lines.count == 5, "\(lines)")
        #expect(byKind["pro.monthly activation"]?.map(\.outcome) == [.matched])
        #expect(byKind["pro.monthly activation"]?.first?.reportEvents == ["Start Introductory Offer", "Subscribe"])
        #expect(byKind["pro.monthly activation"]?.first?.storekeeperUnits == 2)
        #expect(byKind["pro.monthly renewal"]?.map(\.outcome) == [.unitsDiffer])
        #expect(byKind["pro.monthly renewal"]?.first?.storekeeperUnits == 1)
        #expect(byKind["pro.monthly renewal"]?.first?.reportUnits == 2)
        #expect(byKind["pro.monthly refund"]?.map(\.outcome) == [.matched])
        #expect(byKind["pro.monthly resubscription"]?.map(\.outcome) == [.missingInReport])
        #expect(byKind["pro.monthly resubscription"]?.first?.transactionIds == ["4"])
        #expect(byKind["pro.yearly activation"]?.map(\.outcome) == [.missingInStorekeeper])
        #expect(lines.allSatisfy { $0.storekeeperPrice == nil && $0.reportPrice == nil })
    }

    @Test
    func eventNamesFoldIntoKinds() {
        #expect(SubscriptionEventKind(eventName: "Subscribe") == .activation)
        #expect(SubscriptionEventKind(eventName: "start offer code") == .activation)
        #expect(SubscriptionEventKind(eventName: "Paid Subscription from Introductory Offer") == .renewal)
        #expect(SubscriptionEventKind(eventName: "Downgrade From Introductory Offer") == .renewal)
        #expect(SubscriptionEventKind(eventName: "Renewal from Billing Retry") == .renewal)
        #expect(SubscriptionEventKind(eventName: "Crossgrade From Introductory Offer") == .resubscription)
        #expect(SubscriptionEventKind(eventName: "Reactivate with Upgrade") == .resubscription)
        #expect(SubscriptionEventKind(eventName: "Refund") == .refund)
        #expect(SubscriptionEventKind(eventName: "Canceled from Billing Retry") == nil)
        #expect(SubscriptionEventKind(eventName: "Cancel") == nil)
    }

    static func finance(
        _ line: Int, day: PacificDay, settled: PacificDay? = nil, quantity: Int = 1, price: Int64 = 990, share: Int64 = 690
    ) -> ReportFinanceLine {
        ReportFinanceLine(
            line: line, transactionDay: day, settlementDay: settled ?? day, sku: "coins.100", productTypeIdentifier: "IA1",
            countryCode: "US", quantity: quantity, customerPrice: quantity < 0 ? -price : price, customerCurrency: "USD",
            extendedPartnerShare: share * Int64(quantity), partnerShareCurrency: "USD")
    }

    static func at(_ day: PacificDay) -> Timestamp { day.start.adding(milliseconds: 12 * 3_600_000) }

    @Test
    func financeRowsMatchByTransactionDayAndExplainSettlementInOtherMonths() throws {
        let month = try #require(AppleFiscalMonth(iso: "2026-11"))  // 2026-11-01…2026-11-28
        let firstDay = month.first
        let lastDay = month.last
        let beforeMonth = firstDay.adding(days: -1)  // in fiscal October
        let transactions = [
            ReconcilerTests.sale("1", at: Self.at(firstDay)), ReconcilerTests.sale("2", at: Self.at(firstDay)),
            ReconcilerTests.sale("3", at: Self.at(firstDay.adding(days: 3)), revokedAt: Self.at(firstDay.adding(days: 5))),
            ReconcilerTests.sale("4", at: Self.at(lastDay)),  // settles in December's report
            ReconcilerTests.sale("5", at: Self.at(lastDay.adding(days: -1))),  // settled nowhere imported
            ReconcilerTests.sale("6", at: Self.at(beforeMonth)), ReconcilerTests.sale("7", at: Self.at(beforeMonth)),
        ]
        let report = [
            Self.finance(2, day: firstDay, quantity: 2),
            Self.finance(3, day: firstDay.adding(days: 3)),
            Self.finance(4, day: firstDay.adding(days: 5), quantity: -1),
            Self.finance(5, day: beforeMonth, settled: firstDay),  // one of October's last day's sales settled late
        ]
        let elsewhere = [
            Self.finance(9, day: beforeMonth),  // October's report settled the other one
            Self.finance(9, day: lastDay, settled: lastDay.adding(days: 2)),  // December's report
        ]
        let lines = Reconciler.reconcile(
            month: month, finance: report, elsewhere: elsewhere, transactions: transactions, estimator: ProceedsEstimator())
        let byDay = Dictionary(
            grouping: lines, by: { "\($0.transactionDay?.description ?? "") \($0.storekeeperPrice ?? $0.reportPrice ?? 0)" })
        #expect(lines.count == 6, "\(lines)")
        #expect(lines.filter(\.outcome.isDiscrepancy).map(\.outcome) == [.missingInReport], "\(lines)")
        let first = try #require(byDay["\(firstDay) 990"]?.first)
        #expect(first.outcome == .matched && first.storekeeperUnits == 2 && first.reportUnits == 2)
        #expect(first.estimatedProceeds == 2 * 693 && first.reportProceeds == 2 * 690)
        #expect(first.note?.contains("estimated") == true)
        #expect(byDay["\(firstDay.adding(days: 5)) -990"]?.first?.outcome == .matched, "the refund, as a return")
        let late = try #require(byDay["\(beforeMonth) 990"]?.first)
        #expect(late.outcome == .matched && late.storekeeperUnits == 1, "the other unit settled in October's report")
        #expect(late.note?.contains("outside fiscal 2026-11") == true)
        let next = try #require(byDay["\(lastDay) 990"]?.first)
        #expect(next.outcome == .settledInOtherMonth && next.settlementDays == [lastDay.adding(days: 2)])
        let unsettled = try #require(byDay["\(lastDay.adding(days: -1)) 990"]?.first)
        #expect(unsettled.outcome == .missingInReport && unsettled.note?.contains("2026-12") == true)
    }
}
