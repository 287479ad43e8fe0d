import AppStoreModels
import AppStoreReports

/// The answer to a report download, before HTTP.
enum ReportAnswer: Sendable {
    /// 200 with the gzip file.
    case file([UInt8])
    /// An App Store Connect API error (`status`, `code`, `detail`); 404 means no report.
    case error(status: Int, code: String, detail: String)

    static let noSales = ReportAnswer.error(status: 404, code: "NOT_FOUND", detail: "There were no sales for the date specified.")
    static let notYetAvailable = ReportAnswer.error(
        status: 404, code: "NOT_FOUND", detail: "The report for the date specified is not available yet.")

    static func parameter(_ detail: String) -> ReportAnswer {
        .error(status: 400, code: "PARAMETER_ERROR.INVALID", detail: detail)
    }
}

extension SimulationEngine {
    /// `GET /v1/salesReports`: SALES / SUMMARY and SUBSCRIPTION_EVENT / SUMMARY, DAILY, for the
    /// configured vendor; a day is served once its publication time has passed on the simulated
    /// clock (next day 08:00 Pacific, later for an injected `delayDay`).
    func salesReport(filters: [String: String], now: Timestamp) -> ReportAnswer {
        guard let setup = state.reports else { return .error(status: 403, code: "FORBIDDEN_ERROR", detail: "Reports are not set up.") }
        for name in ["frequency", "reportType", "reportSubType", "vendorNumber"] where filters[name] == nil {
            return .error(status: 400, code: "PARAMETER_ERROR.REQUIRED", detail: "The parameter 'filter[\(name)]' is required.")
        }
        guard filters["vendorNumber"] == setup.vendorNumber else {
            return .error(status: 403, code: "FORBIDDEN_ERROR", detail: "The vendor number is not valid for this key.")
        }
        let type = filters["reportType"] ?? ""
        guard filters["frequency"] == "DAILY", filters["reportSubType"] == "SUMMARY", type == "SALES" || type == "SUBSCRIPTION_EVENT"
        else { return .parameter("The simulator serves SALES and SUBSCRIPTION_EVENT SUMMARY reports, DAILY.") }
        if type == "SUBSCRIPTION_EVENT", filters["version"] == nil {
            return .parameter("Please include the version parameter. The latest version for this report is 1_3.")
        }
        guard let day = ReportDayText.parse(filters["reportDate"] ?? "") else {
            return .parameter("The parameter 'filter[reportDate]' must be a YYYY-MM-DD date.")
        }
        let delay = setup.discrepancies.filter { $0.kind == .delayDay && $0.day == day.isoFormatted }.reduce(0) {
            $0 + max(1, $1.delayDays ?? 1)
        }
        guard now >= PacificCalendar.publication(of: day, delayDays: delay) else { return .notYetAvailable }
        if type == "SALES" {
            let rows = Self.applying(setup.discrepancies.filter { $0.day == day.isoFormatted }, to: salesSummaryRows(day: day))
            return rows.isEmpty ? .noSales : .file(AppleReportCodec.writeGzip(AppleReport(rows: rows)))
        }
        let rows = Self.applying(setup.discrepancies.filter { $0.day == day.isoFormatted }, to: subscriptionEventRows(day: day))
        return rows.isEmpty ? .noSales : .file(AppleReportCodec.writeGzip(AppleReport(rows: rows)))
    }

    /// `GET /v1/financeReports`: FINANCE_DETAIL for region `Z1`, one Apple fiscal month (asked for
    /// by its fiscal period, `YYYY-PP`: ``FiscalPeriod``), served from 08:00 Pacific the day after its last day.
    func financeReport(filters: [String: String], now: Timestamp) -> ReportAnswer {
        guard let setup = state.reports else { return .error(status: 403, code: "FORBIDDEN_ERROR", detail: "Reports are not set up.") }
        for name in ["regionCode", "reportDate", "reportType", "vendorNumber"] where filters[name] == nil {
            return .error(status: 400, code: "PARAMETER_ERROR.REQUIRED", detail: "The parameter 'filter[\(name)]' is required.")
        }
        guard filters["vendorNumber"] == setup.vendorNumber else {
            return .error(status: 403, code: "FORBIDDEN_ERROR", detail: "The vendor number is not valid for this key.")
        }
        guard filters["reportType"] == "FINANCE_DETAIL", filters["regionCode"] == "Z1" else {
            return .parameter("The simulator serves FINANCE_DETAIL reports for region Z1.")
        }
        guard let (year, month) = FiscalPeriod.calendarMonth(filters["reportDate"] ?? ""),
            let last = PacificCalendar.fiscalDays(year: year, month: month).last
        else { return .parameter("The parameter 'filter[reportDate]' must be a fiscal period, YYYY-PP (01 = October).") }
        guard now >= PacificCalendar.publication(of: last) else { return .notYetAvailable }
        var rows = financeDetailRows(year: year, month: month)
        for discrepancy in setup.discrepancies {
            guard let day = ReportDayText.parse(discrepancy.day), let sku = discrepancy.sku else { continue }
            rows = Self.applying(discrepancy, sku: sku, day: day, to: rows)
        }
        return rows.isEmpty ? .noSales : .file(AppleReportCodec.writeGzip(AppleReport(rows: rows)))
    }

    /// Applies a day's injected discrepancies to its SALES SUMMARY rows.
    static func applying(_ discrepancies: [ReportDiscrepancy], to rows: [SalesSummaryRow]) -> [SalesSummaryRow] {
        var rows = rows
        for discrepancy in discrepancies {
            guard let sku = discrepancy.sku else { continue }
            switch discrepancy.kind {
            case .dropRow:
                if let index = rows.firstIndex(where: { $0.sku == sku }) { rows.remove(at: index) }
            case .extraRefund:
                guard var refund = rows.first(where: { $0.sku == sku && $0.units > 0 }) else { continue }
                refund.units = -1
                refund.customerPrice = ReportDecimal(significand: -refund.customerPrice.significand, scale: refund.customerPrice.scale)
                rows.append(refund)
            case .changePrice:
                guard let text = discrepancy.customerPrice, let price = ReportDecimal(Substring(text)) else { continue }
                for index in rows.indices where rows[index].sku == sku {
                    rows[index].customerPrice =
                        rows[index].units < 0 ? ReportDecimal(significand: -price.significand, scale: price.scale) : price
                }
            case .delayDay, .settleLate:
                continue
            }
        }
        return rows
    }

    /// Applies a day's injected discrepancies to its SUBSCRIPTION_EVENT rows: `dropRow` removes
    /// the first row of the subscription, `extraRefund` adds a `Refund` event of it.
    static func applying(_ discrepancies: [ReportDiscrepancy], to rows: [SubscriptionEventRow]) -> [SubscriptionEventRow] {
        var rows = rows
        for discrepancy in discrepancies {
            guard let sku = discrepancy.sku else { continue }
            switch discrepancy.kind {
            case .dropRow:
                if let index = rows.firstIndex(where: { $0.subscriptionName == sku }) { rows.remove(at: index) }
            case .extraRefund:
                guard var refund = rows.first(where: { $0.subscriptionName == sku }) else { continue }
                refund.event = "Refund"
                refund.quantity = 1
                rows.append(refund)
            case .changePrice, .delayDay, .settleLate:
                continue
            }
        }
        return rows
    }

    /// Applies one injected discrepancy about `sku`'s transactions of `day` to FINANCE_DETAIL
    /// rows: `dropRow` removes the first such row, `extraRefund` adds a return of one unit,
    /// `changePrice` shows another customer price.
    static func applying(_ discrepancy: ReportDiscrepancy, sku: String, day: ReportDay, to rows: [FinanceDetailRow]) -> [FinanceDetailRow] {
        var rows = rows
        let matching = { (row: FinanceDetailRow) in row.sku == sku && row.transactionDate == day }
        switch discrepancy.kind {
        case .dropRow:
            if let index = rows.firstIndex(where: matching) { rows.remove(at: index) }
        case .extraRefund:
            guard var refund = rows.first(where: { matching($0) && $0.quantity > 0 }) else { break }
            refund.quantity = -1
            refund.saleOrReturn = .return
            refund.extendedPartnerShare = ReportDecimal(significand: -refund.partnerShare.significand, scale: refund.partnerShare.scale)
            refund.customerPrice = refund.customerPrice.map { ReportDecimal(significand: -$0.significand, scale: $0.scale) }
            rows.append(refund)
        case .changePrice:
            guard let text = discrepancy.customerPrice, let price = ReportDecimal(Substring(text)) else { break }
            for index in rows.indices where matching(rows[index]) {
                rows[index].customerPrice =
                    rows[index].quantity < 0 ? ReportDecimal(significand: -price.significand, scale: price.scale) : price
            }
        case .delayDay, .settleLate:
            break
        }
        return rows
    }
}
