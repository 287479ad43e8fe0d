import AppStoreModels
import AppStoreReports

/// Apple's reports generated from the simulator's own transactions.
///
/// Only production transactions count (Apple's reports leave sandbox out), and only those a
/// customer paid for (Family Sharing copies carry no price; a group member's `ASSIGNED` copy is
/// access, not a sale). A sale counts on the Pacific day of its `purchaseDate`, a refund on the
/// Pacific day of its `revocationDate`, with negative units and price and positive proceeds
/// (Apple's sample "Refunds"). A multiseat purchase sells its seats at its tiers' prices; a
/// seat-based refund returns the seats it revoked (the cheapest first) on the day it happened. Proceeds are 70% of the price, 85%
/// for a renewal after a year of paid service (`Rate After One Year`), in the customer's currency,
/// rounded down to the cent: the simulator has no tax and no currency conversion.
extension SimulationEngine {
    /// One paid event a report counts: units of a transaction at one price.
    struct ReportEvent {
        var transaction: StoredTransaction
        var product: CatalogProduct?
        var isRefund: Bool
        var at: Timestamp
        var price: Int64
        var units: Int
        var currency: String
    }

    /// Product type identifier (App Store Connect Help, "Product type identifiers"): `IAY` for
    /// auto-renewable subscriptions, `IA9` for non-renewing subscriptions, `IA1` for other in-app
    /// purchases (the simulator has no app downloads and no Mac variants).
    static func productTypeIdentifier(_ product: CatalogProduct?) -> String {
        switch product?.type {
        case .some(.autoRenewableSubscription): "IAY"
        case .some(.nonRenewingSubscription): "IA9"
        default: "IA1"
        }
    }

    /// The paid events between `start` (inclusive) and `end` (exclusive).
    func reportEvents(from start: Timestamp, to end: Timestamp) -> [ReportEvent] {
        var events: [ReportEvent] = []
        for transaction in state.transactions.values where transaction.environment == .production {
            guard let price = transaction.payload.price, let currency = transaction.payload.currency,
                transaction.payload.inAppOwnershipType != .familyShared, let purchased = transaction.payload.purchaseDate
            else { continue }
            guard transaction.payload.inAppOwnershipType != .assigned else { continue }
            let product = state.apps[transaction.bundleId]?.products[transaction.productId]
            let lines = Self.seatLines(transaction.payload) ?? [(price, Int(transaction.payload.quantity ?? 1))]
            func add(_ lines: [(price: Int64, units: Int)], refund: Bool, at instant: Timestamp) {
                guard instant >= start, instant < end else { return }
                for line in lines {
                    events.append(
                        ReportEvent(
                            transaction: transaction, product: product, isRefund: refund, at: instant, price: line.price,
                            units: line.units, currency: currency))
                }
            }
            add(lines, refund: false, at: purchased)
            if transaction.isRefunded, let revoked = transaction.payload.revocationDate {
                add(lines, refund: true, at: revoked)
            } else if let at = transaction.seatsRevokedAt, let revoked = transaction.payload.multiSeatInfo?.revokedSeatQuantity {
                add(Self.lastFilled(Int(revoked), of: lines), refund: true, at: at)
            }
        }
        return events.sorted { ($0.at, $0.transaction.createdSequence) < ($1.at, $1.transaction.createdSequence) }
    }

    /// A multiseat transaction's seats at each tier price, dearest first; nil without tiers.
    static func seatLines(_ payload: JWSTransactionDecodedPayload) -> [(price: Int64, units: Int)]? {
        let tiers = (payload.multiSeatInfo?.priceTiers ?? []).compactMap { tier -> (price: Int64, units: Int)? in
            guard let price = tier.tierPrice, let units = tier.tierQuantity, units > 0 else { return nil }
            return (price, Int(units))
        }
        return tiers.isEmpty ? nil : tiers.sorted { $0.price > $1.price }
    }

    /// The last `count` seats of `lines` (dearest first): seats fill tiers from the top, so the
    /// cheapest are the last filled.
    static func lastFilled(_ count: Int, of lines: [(price: Int64, units: Int)]) -> [(price: Int64, units: Int)] {
        var left = count
        var taken: [(price: Int64, units: Int)] = []
        for line in lines.reversed() where left > 0 {
            taken.append((line.price, min(left, line.units)))
            left -= min(left, line.units)
        }
        return taken
    }

    /// Whether a renewal comes after a year of paid service (the reduced commission applies).
    func isAfterOneYear(_ transaction: StoredTransaction) -> Bool {
        guard transaction.payload.transactionReason == .renewal, let original = transaction.payload.originalPurchaseDate,
            let purchased = transaction.payload.purchaseDate
        else { return false }
        return durations.end(of: .oneYear, from: original) <= purchased
    }

    /// A price in milliunits as the report prints it: two decimals, three when needed.
    static func reportPrice(_ milliunits: Int64) -> ReportDecimal {
        milliunits % 10 == 0 ? ReportDecimal(significand: milliunits / 10, scale: 2) : ReportDecimal(significand: milliunits, scale: 3)
    }

    /// Proceeds per unit: 70% (85% after a year) of the price, rounded down to the cent.
    static func proceeds(_ milliunits: Int64, afterOneYear: Bool) -> ReportDecimal {
        ReportDecimal(significand: milliunits * (afterOneYear ? 85 : 70) / 1000, scale: 2)
    }

    /// Apple's label of a subscription duration (`1 Month`, `7 Days`, `1 Year`).
    static func durationLabel(_ period: ISOPeriod?) -> String? {
        guard let period else { return nil }
        switch (period.unit, period.value) {
        case (.week, let weeks): return "\(weeks * 7) Days"
        case (.day, let days): return "\(days) Day\(days == 1 ? "" : "s")"
        case (.month, let months): return "\(months) Month\(months == 1 ? "" : "s")"
        case (.year, let years): return "\(years) Year\(years == 1 ? "" : "s")"
        }
    }

    /// SALES / SUMMARY / DAILY rows of a Pacific day, before injected discrepancies.
    func salesSummaryRows(day: ReportDay) -> [SalesSummaryRow] {
        struct Key: Hashable {
            var sku: String, bundleId: String, type: String, country: String, currency: String, price: Int64
            var refund: Bool, kind: String?, period: String?, afterOneYear: Bool
        }
        var units: [Key: Int] = [:]
        var order: [Key] = []
        for event in reportEvents(from: PacificCalendar.start(of: day), to: PacificCalendar.start(of: day, addingDays: 1)) {
            let subscription = event.product?.isAutoRenewable == true
            let key = Key(
                sku: event.transaction.productId, bundleId: event.transaction.bundleId, type: Self.productTypeIdentifier(event.product),
                country: StorefrontCountry.code(event.transaction.payload.storefront ?? "USA"), currency: event.currency,
                price: event.price, refund: event.isRefund,
                kind: subscription ? (event.transaction.payload.transactionReason == .renewal ? "Renewal" : "New") : nil,
                period: subscription ? Self.durationLabel(event.product?.period) : nil, afterOneYear: isAfterOneYear(event.transaction))
            if units[key] == nil { order.append(key) }
            units[key, default: 0] += event.units
        }
        return order.map { key in
            let count = units[key] ?? 0
            let price = Self.reportPrice(key.price)
            return SalesSummaryRow(
                sku: key.sku, title: key.sku, productTypeIdentifier: key.type, units: key.refund ? -count : count,
                developerProceeds: Self.proceeds(key.price, afterOneYear: key.afterOneYear), beginDate: day, endDate: day,
                customerCurrency: key.currency, countryCode: key.country, currencyOfProceeds: key.currency,
                customerPrice: key.refund ? ReportDecimal(significand: -price.significand, scale: price.scale) : price,
                parentIdentifier: key.bundleId, subscription: key.kind.map(SalesSubscriptionKind.init(rawValue:)), period: key.period,
                proceedsReason: key.afterOneYear ? "Rate After One Year" : nil)
        }
    }

    /// SUBSCRIPTION_EVENT / SUMMARY / DAILY rows of a Pacific day, before injected
    /// discrepancies: per auto-renewable subscription transaction bought that day `Subscribe`
    /// (`Start Introductory Offer` with an introductory offer) for a subscription's first
    /// transaction, `Renew` for a renewal, `Reactivate` for another purchase on it; `Refund` per
    /// refund.
    func subscriptionEventRows(day: ReportDay) -> [SubscriptionEventRow] {
        struct Key: Hashable {
            var event: String, app: String, sku: String, group: String?, duration: String?, country: String, afterOneYear: Bool
        }
        var quantities: [Key: Int] = [:]
        var order: [Key] = []
        var counted: Set<String> = []  // one event per transaction and kind, whatever its price lines
        for event in reportEvents(from: PacificCalendar.start(of: day), to: PacificCalendar.start(of: day, addingDays: 1))
        where event.product?.isAutoRenewable == true
            && counted.insert("\(event.transaction.transactionId) \(event.isRefund)").inserted
        {
            let payload = event.transaction.payload
            let name: String
            if event.isRefund {
                name = "Refund"
            } else if payload.transactionReason == .renewal {
                name = "Renew"
            } else if payload.transactionId != payload.originalTransactionId {
                name = "Reactivate"
            } else {
                name = payload.offerType == .introductoryOffer ? "Start Introductory Offer" : "Subscribe"
            }
            let key = Key(
                event: name, app: event.transaction.bundleId, sku: event.transaction.productId,
                group: event.product?.subscriptionGroupId, duration: Self.durationLabel(event.product?.period),
                country: StorefrontCountry.code(payload.storefront ?? "USA"), afterOneYear: isAfterOneYear(event.transaction))
            if quantities[key] == nil { order.append(key) }
            quantities[key, default: 0] += 1
        }
        return order.map { key in
            SubscriptionEventRow(
                eventDate: day, event: key.event, appName: key.app, subscriptionName: key.sku, subscriptionGroupID: key.group,
                standardSubscriptionDuration: key.duration, proceedsReason: key.afterOneYear ? "Rate After One Year" : nil,
                country: key.country, quantity: quantities[key] ?? 0)
        }
    }

    /// FINANCE_DETAIL rows of the fiscal month named `year`-`month` (``PacificCalendar/fiscalDays(year:month:)``),
    /// before injected discrepancies: the sales and refunds settled in it. A row's settlement day
    /// is its transaction day, later for an injected `settleLate`.
    func financeDetailRows(year: Int, month: Int) -> [FinanceDetailRow] {
        let days = PacificCalendar.fiscalDays(year: year, month: month)
        guard let first = days.first, let last = days.last else { return [] }
        let fiscal = Set(days)
        let lateness = Dictionary(
            (state.reports?.discrepancies ?? []).filter { $0.kind == .settleLate }.compactMap { late in
                late.sku.map { ("\(late.day) \($0)", max(1, late.delayDays ?? 1)) }
            }, uniquingKeysWith: +)
        struct Key: Hashable {
            var day: ReportDay, settled: ReportDay, sku: String, type: String, country: String, currency: String, price: Int64
            var refund: Bool, afterOneYear: Bool
        }
        var quantities: [Key: Int] = [:]
        var order: [Key] = []
        let lookback = lateness.values.max() ?? 0
        for event in reportEvents(
            from: PacificCalendar.start(of: first, addingDays: -lookback), to: PacificCalendar.start(of: last, addingDays: 1))
        {
            let day = PacificCalendar.day(of: event.at)
            let settled = day.adding(days: lateness["\(day.isoFormatted) \(event.transaction.productId)"] ?? 0)
            guard fiscal.contains(settled) else { continue }
            let key = Key(
                day: day, settled: settled, sku: event.transaction.productId, type: Self.productTypeIdentifier(event.product),
                country: StorefrontCountry.code(event.transaction.payload.storefront ?? "USA"), currency: event.currency,
                price: event.price, refund: event.isRefund, afterOneYear: isAfterOneYear(event.transaction))
            if quantities[key] == nil { order.append(key) }
            quantities[key, default: 0] += event.units
        }
        return order.map { key in
            let count = quantities[key] ?? 0
            let quantity = key.refund ? -count : count
            let share = Self.proceeds(key.price, afterOneYear: key.afterOneYear)
            let price = Self.reportPrice(key.price)
            return FinanceDetailRow(
                transactionDate: key.day, settlementDate: key.settled, sku: key.sku, title: key.sku,
                productTypeIdentifier: key.type, countryOfSale: key.country, quantity: quantity, partnerShare: share,
                extendedPartnerShare: ReportDecimal(significand: share.significand * Int64(quantity), scale: share.scale),
                partnerShareCurrency: key.currency,
                customerPrice: key.refund ? ReportDecimal(significand: -price.significand, scale: price.scale) : price,
                customerCurrency: key.currency, saleOrReturn: key.refund ? .return : .sale)
        }
    }
}
