import AppStoreModels
import AppStoreReports
package import Storekeeper

/// The rows of stored SUBSCRIPTION_EVENT and FINANCE_DETAIL files as reconciliation reads them
/// (those files are kept whole, not as rows, and parsed again when reconciled).
package enum ReconciliationInputs {
    /// The subscription events of a stored file. `productIds` names products by Apple ID (from
    /// the day's SALES file): a row's subscription is its product ID where the SALES report
    /// tells it, else its `Subscription Name`.
    package static func subscriptionEvents(_ file: ReportFile, productIds: [String: String]) throws -> [ReportSubscriptionEventLine] {
        let (report, lines) = try parse(SubscriptionEventRow.self, file)
        return zip(report.rows, lines).compactMap { row, line in
            guard let day = PacificDay(iso: row.eventDate.isoFormatted) else { return nil }
            let product = row.subscriptionAppleID.flatMap { productIds[$0] } ?? row.subscriptionName ?? ""
            return ReportSubscriptionEventLine(
                day: day, line: line, event: row.event, subscription: product, countryCode: row.country ?? "", quantity: row.quantity)
        }
    }

    /// Product IDs (SKUs) by Apple identifier, from a stored SALES file.
    package static func productIds(_ file: ReportFile) throws -> [String: String] {
        let (report, _) = try parse(SalesSummaryRow.self, file)
        var ids: [String: String] = [:]
        for row in report.rows { if let apple = row.appleIdentifier, !apple.isEmpty { ids[apple] = row.sku } }
        return ids
    }

    /// The rows of a stored FINANCE_DETAIL file; a row without a Transaction Date is placed on
    /// its Settlement Date, one without either is left out (it cannot be placed on a day).
    package static func finance(_ file: ReportFile) throws -> [ReportFinanceLine] {
        let (report, lines) = try parse(FinanceDetailRow.self, file)
        return zip(report.rows, lines).compactMap { row, line in
            let settled = row.settlementDate.flatMap { PacificDay(iso: $0.isoFormatted) }
            guard let day = row.transactionDate.flatMap({ PacificDay(iso: $0.isoFormatted) }) ?? settled,
                let share = row.extendedPartnerShare.minorUnits(scale: 3)
            else { return nil }
            let price = row.customerPrice?.minorUnits(scale: 3) ?? 0
            return ReportFinanceLine(
                line: line, transactionDay: day, settlementDay: settled, sku: row.sku,
                productTypeIdentifier: row.productTypeIdentifier ?? "", countryCode: row.countryOfSale, quantity: row.quantity,
                customerPrice: row.saleOrReturn == .return ? -abs(price) : price,
                customerCurrency: row.customerCurrency ?? row.partnerShareCurrency, extendedPartnerShare: share,
                partnerShareCurrency: row.partnerShareCurrency)
        }
    }

    private static func parse<Row: AppleReportRow>(_: Row.Type, _ file: ReportFile) throws -> (AppleReport<Row>, [Int]) {
        do {
            let parsed = try AppleReportCodec.parseNumbered(Row.self, from: file.content)
            return (parsed.report, parsed.lines)
        } catch {
            throw ReconciliationError(.unreadableReport, "the stored \(file.key) no longer parses: \(error)")
        }
    }
}
