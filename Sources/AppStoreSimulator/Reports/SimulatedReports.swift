/// What the simulator needs to serve App Store Connect's reports: the vendor number, the team
/// keys allowed to download, and the discrepancies injected into what it serves.
public struct SimulatedReports: Hashable, Sendable, Codable {
    /// A team API key (App Store Connect › Users and Access › Integrations).
    public struct TeamKey: Hashable, Sendable, Codable {
        public var keyId: String
        public var issuerId: String
        /// The public key in PEM; tokens must be signed by its private key.
        public var publicKeyPEM: String

        public init(keyId: String, issuerId: String, publicKeyPEM: String) {
            self.keyId = keyId
            self.issuerId = issuerId
            self.publicKeyPEM = publicKeyPEM
        }
    }

    /// The only vendor number the simulated account answers for (`filter[vendorNumber]`).
    public var vendorNumber: String
    public var teamKeys: [TeamKey]
    /// Injected discrepancies, in the order they were added.
    public var discrepancies: [ReportDiscrepancy]

    public init(vendorNumber: String, teamKeys: [TeamKey], discrepancies: [ReportDiscrepancy] = []) {
        self.vendorNumber = vendorNumber
        self.teamKeys = teamKeys
        self.discrepancies = discrepancies
    }
}

/// A difference injected between the simulator's transactions and the reports it serves, as
/// Apple's reports sometimes differ from what a server recorded.
public struct ReportDiscrepancy: Hashable, Sendable, Codable {
    /// What is changed.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The SALES SUMMARY row of `sku` (its first row on `day`) is left out.
        case dropRow
        /// A refund of one unit of `sku` at its price on `day` is added to SALES SUMMARY.
        case extraRefund
        /// The SALES SUMMARY rows of `sku` on `day` show `customerPrice` instead.
        case changePrice
        /// Every report of `day` is published `delayDays` days later than Apple's usual time.
        case delayDay
        /// FINANCE_DETAIL only: `sku`'s sales and refunds of `day` are settled `delayDays` days
        /// later (in the fiscal month of that day), as some payment methods settle.
        case settleLate
    }

    public var kind: Kind
    /// The Pacific day, `YYYY-MM-DD`.
    public var day: String
    /// The product the change is about (all but `delayDay`). `dropRow`, `extraRefund` and
    /// `changePrice` change the day's SALES rows, its SUBSCRIPTION_EVENT rows (an extra `Refund`
    /// event; a dropped event row) and the FINANCE_DETAIL rows of its transactions alike.
    public var sku: String?
    /// The price shown instead (`changePrice`), as the report prints it (`1.99`).
    public var customerPrice: String?
    /// Extra days before publication (`delayDay`) or settlement (`settleLate`), at least 1.
    public var delayDays: Int?

    public init(kind: Kind, day: String, sku: String? = nil, customerPrice: String? = nil, delayDays: Int? = nil) {
        self.kind = kind
        self.day = day
        self.sku = sku
        self.customerPrice = customerPrice
        self.delayDays = delayDays
    }
}
