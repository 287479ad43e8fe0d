/// The reports reconciliation compares with Storekeeper's transactions, by their App Store
/// Connect API `reportType`.
public enum ReconciledReport: String, Sendable, Hashable, CaseIterable, Codable {
    /// SALES / SUMMARY / DAILY: a Pacific day's units by product, country, currency and price.
    case sales = "SALES"
    /// SUBSCRIPTION_EVENT / SUMMARY / DAILY: a Pacific day's subscription events.
    case subscriptionEvent = "SUBSCRIPTION_EVENT"
    /// FINANCE_DETAIL (region `Z1`) / MONTHLY: what Apple settled in a fiscal month.
    case financeDetail = "FINANCE_DETAIL"

    /// The report of a `type` query value: the API name or a short one (`sales`, `events`,
    /// `finance`), case-insensitive; nil for anything else.
    public init?(query: String) {
        switch query.lowercased() {
        case "sales": self = .sales
        case "subscription_event", "subscription-event", "events", "subscription_events": self = .subscriptionEvent
        case "finance_detail", "finance-detail", "finance": self = .financeDetail
        default: return nil
        }
    }

    /// The key of the vendor's report of `date` (`YYYY-MM-DD`; a fiscal month `YYYY-MM` for
    /// FINANCE_DETAIL).
    public func key(vendorNumber: String, date: String) -> ReportKey {
        switch self {
        case .sales, .subscriptionEvent:
            ReportKey(vendorNumber: vendorNumber, reportType: rawValue, reportSubType: "SUMMARY", frequency: "DAILY", reportDate: date)
        case .financeDetail:
            ReportKey(vendorNumber: vendorNumber, reportType: rawValue, reportSubType: "Z1", frequency: "MONTHLY", reportDate: date)
        }
    }

    /// Whether `date` is a date of this report: a day, or a fiscal month for FINANCE_DETAIL.
    public func isValid(date: String) -> Bool {
        self == .financeDetail ? AppleFiscalMonth(iso: date) != nil : PacificDay(iso: date) != nil
    }
}
