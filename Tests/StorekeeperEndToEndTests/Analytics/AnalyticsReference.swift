import AppStoreModels
import AppStoreSimulator
import Foundation

/// The analytics figures computed the plain way from Apple's raw records (the simulator's
/// transactions and subscription phases), written apart from `SubscriptionAnalytics`: months by
/// Foundation's calendar, spans by day, every definition of `docs/ANALYTICS.md` spelled out
/// directly. What the rollups answer must equal this.
struct AnalyticsReference {
    struct Month: Equatable {
        var activeSubscribers: Int64 = 0
        var activeTrials: Int64 = 0
        var mrr: [String: Int64] = [:]
        var counts: [String: Int64] = [:]
        var revenue: [String: Int64] = [:]
    }

    struct CohortRow: Equatable {
        var subscribers: Int64 = 0
        var retained: [Int: Int64] = [:]
        var revenue: [Int: [String: Int64]] = [:]
    }

    /// Months of the year by their first day (`YYYY-MM-01`).
    var months: [String: Month] = [:]
    var cohorts: [String: CohortRow] = [:]

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func monthKey(_ instant: Timestamp) -> String {
        let parts = calendar.dateComponents([.year, .month], from: instant.date)
        return String(format: "%04d-%02d-01", parts.year!, parts.month!)
    }

    static func dayNumber(_ instant: Timestamp) -> Int64 {
        instant.millisecondsSince1970 >= 0
            ? instant.millisecondsSince1970 / 86_400_000 : (instant.millisecondsSince1970 - 86_399_999) / 86_400_000
    }

    /// `count` calendar months after `instant`, on whole seconds (Foundation's `Date` is a
    /// floating-point number of seconds) with the milliseconds carried over.
    static func months(_ count: Int, after instant: Timestamp) -> Timestamp {
        let (seconds, milliseconds) = instant.millisecondsSince1970.quotientAndRemainder(dividingBy: 1000)
        let date = calendar.date(byAdding: .month, value: count, to: Date(timeIntervalSince1970: Double(seconds)))!
        return Timestamp(millisecondsSince1970: Int64(date.timeIntervalSince1970) * 1000 + milliseconds)
    }

    /// How many months a product or offer period bills for (the test catalog's durations).
    static func billedMonths(_ transaction: JWSTransactionDecodedPayload, productMonths: [String: Int]) -> Int {
        if transaction.billingPlanType == .monthly { return 1 }
        if transaction.offerDiscountType == .payUpFront, let period = transaction.offerPeriod {
            if period.hasSuffix("Y") { return 12 * Int(period.dropFirst().dropLast())! }
            return Int(period.dropFirst().dropLast())!
        }
        return productMonths[transaction.productId ?? ""]!
    }

    /// `transactions`: every transaction of the subscriptions counted; `ended`: the original
    /// transaction IDs Apple says expired or were revoked; `lastDays`: the last day (UTC day
    /// number) each month's levels are read at, by month key.
    init(
        transactions: [JWSTransactionDecodedPayload], ended: Set<String>, lastDays: [String: Int64], productMonths: [String: Int]
    ) {
        let bySubscription = Dictionary(grouping: transactions) { $0.originalTransactionId! }
        for (original, unsorted) in bySubscription {
            let records = unsorted.sorted { $0.purchaseDate! < $1.purchaseDate! }
            func isTrial(_ record: JWSTransactionDecodedPayload) -> Bool { record.offerDiscountType == .freeTrial }
            func isIntro(_ record: JWSTransactionDecodedPayload) -> Bool { record.offerType == .introductoryOffer && !isTrial(record) }
            // Access of each record: until its expiry, its revocation or the next purchase.
            var spans: [(start: Timestamp, end: Timestamp)] = []
            for (index, record) in records.enumerated() {
                var end = record.expiresDate!
                if let revoked = record.revocationDate { end = min(end, revoked) }
                if index + 1 < records.count { end = min(end, records[index + 1].purchaseDate!) }
                spans.append((record.purchaseDate!, end))
            }
            let start = records[0].purchaseDate!
            let cohort = Self.monthKey(start)
            cohorts[cohort, default: CohortRow()].subscribers += 1

            for (index, record) in records.enumerated() where spans[index].end > spans[index].start {
                let (from, to) = spans[index]
                let currency = record.currency!
                let refunded = record.revocationDate != nil && record.isUpgraded != true
                let net = refunded ? 0 : record.price!
                for (month, last) in lastDays where Self.dayNumber(from) <= last && last < Self.dayNumber(to) {
                    if isTrial(record) {
                        months[month, default: Month()].activeTrials += 1
                    } else {
                        months[month, default: Month()].activeSubscribers += 1
                        let billed = Int64(Self.billedMonths(record, productMonths: productMonths))
                        let monthly = (net * 2 + billed) / (2 * billed)
                        if monthly > 0 { months[month, default: Month()].mrr[currency, default: 0] += monthly }
                    }
                }
                guard !isTrial(record), record.price! > 0 else { continue }
                let month = Self.monthKey(record.purchaseDate!)
                months[month, default: Month()].counts["payments", default: 0] += 1
                if refunded { months[month, default: Month()].counts["refunds", default: 0] += 1 }
                if net > 0 { months[month, default: Month()].revenue[currency, default: 0] += net }
                var age = 0
                while Self.months(age + 1, after: start) <= record.purchaseDate! { age += 1 }
                if net > 0 { cohorts[cohort, default: CohortRow()].revenue[age, default: [:]][currency, default: 0] += net }
            }

            // Windows of continuous access.
            var windows: [(first: Int, last: Int, start: Timestamp, end: Timestamp)] = []
            for (index, span) in spans.enumerated() where span.end > span.start {
                if let open = windows.last, span.start <= open.end {
                    windows[windows.count - 1] = (open.first, index, open.start, max(open.end, span.end))
                } else {
                    windows.append((index, index, span.start, span.end))
                }
            }
            for (number, window) in windows.enumerated() {
                let opening = Self.monthKey(window.start)
                months[opening, default: Month()].counts[number == 0 ? "newSubscribers" : "reactivations", default: 0] += 1
                let lapsed = number < windows.count - 1 || ended.contains(original)
                if lapsed, records[window.first...window.last].contains(where: { !isTrial($0) }) {
                    months[Self.monthKey(window.end), default: Month()].counts["churned", default: 0] += 1
                }
                for index in window.first...window.last {
                    let record = records[index]
                    let previous = index > window.first ? records[index - 1] : nil
                    let month = Self.monthKey(record.purchaseDate!)
                    if isTrial(record), previous.map(isTrial) != true {
                        months[month, default: Month()].counts["trialsStarted", default: 0] += 1
                        var position = index
                        while position < window.last, isTrial(records[position + 1]) { position += 1 }
                        if position < window.last { months[month, default: Month()].counts["trialsConverted", default: 0] += 1 }
                    }
                    if isIntro(record), previous.map(isIntro) != true {
                        months[month, default: Month()].counts["introsStarted", default: 0] += 1
                        var position = index
                        while position < window.last, isIntro(records[position + 1]) { position += 1 }
                        if position < window.last, records[position + 1].offerType == nil {
                            months[month, default: Month()].counts["introsConverted", default: 0] += 1
                        }
                    }
                }
            }
            // Retention: access at some instant of the subscriber's k-th month.
            var age = 0
            while let lastEnd = windows.last?.end, Self.months(age, after: start) < lastEnd {
                let from = Self.months(age, after: start)
                let to = Self.months(age + 1, after: start)
                if windows.contains(where: { $0.start < to && $0.end > from }) {
                    cohorts[cohort, default: CohortRow()].retained[age, default: 0] += 1
                }
                age += 1
            }
        }
    }
}
