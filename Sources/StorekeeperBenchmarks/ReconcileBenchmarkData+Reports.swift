import AppStoreModels
import AppStoreReports
import Storekeeper

/// The benchmark's SUBSCRIPTION_EVENT (daily) and FINANCE_DETAIL (per fiscal month) files, made
/// from the same transactions as its SALES files.
extension ReconcileBenchmarkData {
    /// The gzip SUBSCRIPTION_EVENT file of each day with subscription events, as Apple names it:
    /// `Subscribe` for a first purchase, `Renew` for a renewal, `Refund` for a refund.
    func subscriptionEventReports(vendorNumber: String) -> [(name: String, bytes: [UInt8])] {
        struct Key: Hashable {
            var day: PacificDay, sku: String, event: String, country: String
        }
        var counts: [Key: Int] = [:]
        for transaction in transactions where transaction.productType == .autoRenewableSubscription {
            let country = StorefrontCountry.reportCode(storefront: transaction.storefront ?? "USA") ?? "US"
            let event = transaction.transactionReason == .renewal ? "Renew" : "Subscribe"
            counts[
                Key(day: PacificDay(containing: transaction.purchaseDate), sku: transaction.productId, event: event, country: country),
                default: 0] += 1
            if let revoked = transaction.revocationDate {
                counts[
                    Key(day: PacificDay(containing: revoked), sku: transaction.productId, event: "Refund", country: country), default: 0] +=
                    1
            }
        }
        let byDay = Dictionary(grouping: counts.keys, by: \.day)
        return byDay.keys.sorted().compactMap { day in
            guard let reportDay = ReportDay(year: day.year, month: day.month, day: day.day) else { return nil }
            let rows = (byDay[day] ?? []).sorted { ($0.sku, $0.event, $0.country) < ($1.sku, $1.event, $1.country) }.map { key in
                SubscriptionEventRow(
                    eventDate: reportDay, event: key.event, subscriptionName: key.sku, country: key.country, quantity: counts[key] ?? 0)
            }
            let name = "Subscription_Event_\(vendorNumber)_" + reportDay.isoFormatted.replacingOccurrences(of: "-", with: "") + ".txt.gz"
            return (name, AppleReportCodec.writeGzip(AppleReport(rows: rows)))
        }
    }

    /// The gzip FINANCE_DETAIL file of each fiscal month with sales (settled on their
    /// transaction day), with its month.
    func financeReports() -> [(month: AppleFiscalMonth, bytes: [UInt8])] {
        struct Key: Hashable {
            var day: PacificDay, sku: String, type: String, country: String, currency: String, price: Int64
        }
        var units: [Key: Int] = [:]
        for transaction in transactions {
            guard let price = transaction.price, let currency = transaction.currency else { continue }
            let type = Self.productTypeIdentifier(transaction.productType)
            let country = StorefrontCountry.reportCode(storefront: transaction.storefront ?? "USA") ?? "US"
            units[
                Key(
                    day: PacificDay(containing: transaction.purchaseDate), sku: transaction.productId, type: type, country: country,
                    currency: currency, price: price), default: 0] += 1
            if let revoked = transaction.revocationDate {
                units[
                    Key(
                        day: PacificDay(containing: revoked), sku: transaction.productId, type: type, country: country, currency: currency,
                        price: -price), default: 0] -= 1
            }
        }
        let byMonth = Dictionary(grouping: units.keys, by: { AppleFiscalMonth(containing: $0.day) })
        return byMonth.keys.compactMap { $0 }.sorted().compactMap { month in
            let rows = (byMonth[month] ?? []).sorted { ($0.day, $0.sku, $0.country, $0.price) < ($1.day, $1.sku, $1.country, $1.price) }
                .compactMap { key -> FinanceDetailRow? in
                    guard let day = ReportDay(year: key.day.year, month: key.day.month, day: key.day.day) else { return nil }
                    let quantity = units[key] ?? 0
                    let share = abs(key.price) * 7 / 100
                    return FinanceDetailRow(
                        transactionDate: day, settlementDate: day, sku: key.sku, productTypeIdentifier: key.type,
                        countryOfSale: key.country,
                        quantity: quantity, partnerShare: ReportDecimal(significand: share, scale: 2),
                        extendedPartnerShare: ReportDecimal(significand: share * Int64(quantity), scale: 2),
                        partnerShareCurrency: key.currency,
                        customerPrice: ReportDecimal(significand: key.price, scale: 3), customerCurrency: key.currency,
                        saleOrReturn: quantity < 0 ? .return : .sale)
                }
            return (month, AppleReportCodec.writeGzip(AppleReport(rows: rows)))
        }
    }

    /// Apple's product type identifier of a StoreKit product type.
    static func productTypeIdentifier(_ type: ProductType?) -> String {
        switch type {
        case .some(.autoRenewableSubscription): "IAY"
        case .some(.nonRenewingSubscription): "IA9"
        default: "IA1"
        }
    }
}
