/// Downloads of App Store Connect's Sales and Trends and finance reports.
///
/// A 404 is the typed ``AppStoreConnectReportResult/noReport(detail:)``, never an error; every
/// other failure is an ``AppStoreAPIError`` with Apple's error `code` kept in
/// ``AppStoreAPIError/connectErrorCode``.
public protocol AppStoreConnectReportsAPI: Sendable {
    /// `GET /v1/salesReports`.
    func salesReport(_ request: SalesReportRequest) async throws(AppStoreAPIError) -> AppStoreConnectReportResult
    /// `GET /v1/financeReports`.
    func financeReport(_ request: FinanceReportRequest) async throws(AppStoreAPIError) -> AppStoreConnectReportResult
}
