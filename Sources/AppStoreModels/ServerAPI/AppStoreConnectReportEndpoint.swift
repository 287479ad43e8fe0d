/// The App Store Connect API report downloads Storekeeper calls, described once for the client in
/// AppStoreAPI and the simulator's routes. The raw values name metrics and log metadata.
public enum AppStoreConnectReportEndpoint: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Download Sales and Trends Reports.
    case salesReports
    /// Download Finance Reports.
    case financeReports

    public var description: String { rawValue }

    /// The HTTP method Apple documents: both downloads are `GET`s with `filter[...]` queries.
    public var method: String { "GET" }

    /// Apple's documented path (no parameters).
    public var path: String {
        switch self {
        case .salesReports: "/v1/salesReports"
        case .financeReports: "/v1/financeReports"
        }
    }
}
