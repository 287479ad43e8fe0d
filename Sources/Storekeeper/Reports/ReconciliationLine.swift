public import AppStoreModels

/// How one aggregate of a day compares between Storekeeper's transactions and Apple's report.
///
/// An open enumeration: stored results keep values a later version adds.
public struct ReconciliationOutcome: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The same units at the same price on both sides.
    public static let matched = ReconciliationOutcome(rawValue: "matched")
    /// Both sides count the aggregate, with different units.
    public static let unitsDiffer = ReconciliationOutcome(rawValue: "units_differ")
    /// Both sides sold the product in the same country and currency that day, at different prices.
    public static let priceDiffers = ReconciliationOutcome(rawValue: "price_differs")
    /// Apple reports units Storekeeper has no transaction for: possibly a lost purchase.
    public static let missingInStorekeeper = ReconciliationOutcome(rawValue: "missing_in_storekeeper")
    /// Storekeeper has transactions Apple's report does not count.
    public static let missingInReport = ReconciliationOutcome(rawValue: "missing_in_report")
    /// A financial report only: Storekeeper's transactions of the fiscal month that Apple settles
    /// in a neighbouring month's report (found there). Explained, not a discrepancy.
    public static let settledInOtherMonth = ReconciliationOutcome(rawValue: "settled_in_other_month")

    /// Every outcome, matched first.
    public static let all: [ReconciliationOutcome] = [
        .matched, .unitsDiffer, .priceDiffers, .missingInStorekeeper, .missingInReport, .settledInOtherMonth,
    ]
    /// Whether the outcome is a discrepancy (anything but ``matched`` and ``settledInOtherMonth``).
    public var isDiscrepancy: Bool { self != .matched && self != .settledInOtherMonth }
}

/// The kind of in-app purchase a report row counts, from its product type identifier (App Store
/// Connect Help, "Product type identifiers"): the platform variants (`-M`, `FI1`) fold into one.
public struct ReportProductClass: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// `IAY`, `IAY-M`: auto-renewable subscriptions.
    public static let autoRenewable = ReportProductClass(rawValue: "auto_renewable")
    /// `IA9`, `IA9-M`: non-renewing subscriptions.
    public static let nonRenewing = ReportProductClass(rawValue: "non_renewing")
    /// `IA1`, `IA1-M`, `FI1`: consumable and non-consumable in-app purchases.
    public static let inAppPurchase = ReportProductClass(rawValue: "in_app_purchase")

    /// The class of a report row, or nil for rows that are not in-app purchase sales (app
    /// downloads and updates, `IA3` restores, the retired `IAC` free subscriptions).
    public init?(productTypeIdentifier: String) {
        switch productTypeIdentifier.uppercased() {
        case "IAY", "IAY-M": self = .autoRenewable
        case "IA9", "IA9-M": self = .nonRenewing
        case "IA1", "IA1-M", "FI1": self = .inAppPurchase
        default: return nil
        }
    }

    /// The class of a StoreKit product type; a transaction without one counts as a one-time purchase.
    public init(productType: ProductType?) {
        switch productType {
        case .some(.autoRenewableSubscription): self = .autoRenewable
        case .some(.nonRenewingSubscription): self = .nonRenewing
        default: self = .inAppPurchase
        }
    }
}

/// One aggregate of a reconciled day: a product in one country and currency at one customer
/// price (negative for refunds), new or renewal, with the units each side counts.
public struct ReconciliationLine: Hashable, Sendable, Codable {
    public var outcome: ReconciliationOutcome
    public var sku: String
    public var productClass: ReportProductClass
    public var countryCode: String
    public var currency: String
    /// `New` or `Renewal` for auto-renewable subscriptions.
    public var subscription: String?
    /// Storekeeper's customer price per unit in milliunits (negative for refunds); nil when
    /// Storekeeper has nothing for the aggregate.
    public var storekeeperPrice: Int64?
    /// The report's customer price per unit in milliunits; nil when the report has no row.
    public var reportPrice: Int64?
    /// Units Storekeeper counts (negative for refunds).
    public var storekeeperUnits: Int
    /// Units the report counts (negative for refunds).
    public var reportUnits: Int
    /// The report lines the aggregate sums.
    public var reportLines: [Int]
    /// Storekeeper's transactions in the aggregate (`transactionId`s, at most 100).
    public var transactionIds: [String]
    /// For ``ReconciliationOutcome/missingInStorekeeper``: what the recovery lookups found or
    /// started for it (original transaction IDs recovered, orders looked up).
    public var candidates: [String]
    /// SUBSCRIPTION_EVENT: the kind of event compared (``SubscriptionEventKind``), with the names
    /// Apple printed for it in `reportEvents`.
    public var event: String?
    public var reportEvents: [String]?
    /// FINANCE_DETAIL: the Pacific day of the transactions (the report's Transaction Date).
    public var transactionDay: PacificDay?
    /// FINANCE_DETAIL: the report's Settlement Dates of the aggregate.
    public var settlementDays: [PacificDay]?
    /// FINANCE_DETAIL: Storekeeper's estimated proceeds of its units (``ProceedsEstimator``,
    /// calibrated) and the report's Extended Partner Share, in milliunits, negative for returns.
    public var estimatedProceeds: Int64?
    public var reportProceeds: Int64?
    /// Why the sides differ where the report says it (settlement after the fiscal month, …).
    public var note: String?

    public init(
        outcome: ReconciliationOutcome, sku: String, productClass: ReportProductClass, countryCode: String, currency: String,
        subscription: String?, storekeeperPrice: Int64?, reportPrice: Int64?, storekeeperUnits: Int, reportUnits: Int,
        reportLines: [Int] = [], transactionIds: [String] = [], candidates: [String] = []
    ) {
        self.outcome = outcome
        self.sku = sku
        self.productClass = productClass
        self.countryCode = countryCode
        self.currency = currency
        self.subscription = subscription
        self.storekeeperPrice = storekeeperPrice
        self.reportPrice = reportPrice
        self.storekeeperUnits = storekeeperUnits
        self.reportUnits = reportUnits
        self.reportLines = reportLines
        self.transactionIds = transactionIds
        self.candidates = candidates
    }
}

/// One reconciliation of a vendor's report (a Pacific day's SALES or SUBSCRIPTION_EVENT, a
/// fiscal month's FINANCE_DETAIL), as stored: the latest run replaces earlier ones.
public struct ReconciliationRun: Hashable, Sendable, Codable {
    public var vendorNumber: String
    /// `SALES`, `SUBSCRIPTION_EVENT` or `FINANCE_DETAIL` (``ReconciledReport``).
    public var reportType: String
    /// The report's date: `YYYY-MM-DD`, or the fiscal month `YYYY-MM` of a financial report.
    public var reportDate: String
    public var ranAt: Timestamp
    /// The report file the run compared with.
    public var reportSHA256: String
    public var lines: [ReconciliationLine]

    public init(
        vendorNumber: String, reportType: String, reportDate: String, ranAt: Timestamp, reportSHA256: String,
        lines: [ReconciliationLine]
    ) {
        self.vendorNumber = vendorNumber
        self.reportType = reportType
        self.reportDate = reportDate
        self.ranAt = ranAt
        self.reportSHA256 = reportSHA256
        self.lines = lines
    }

    /// A SALES run of `day`.
    public init(vendorNumber: String, day: PacificDay, ranAt: Timestamp, reportSHA256: String, lines: [ReconciliationLine]) {
        self.init(
            vendorNumber: vendorNumber, reportType: ReconciledReport.sales.rawValue, reportDate: day.description, ranAt: ranAt,
            reportSHA256: reportSHA256, lines: lines)
    }

    /// How many lines have each outcome (every outcome present, zero when none).
    public var counts: [ReconciliationOutcome: Int] {
        var counts = Dictionary(uniqueKeysWithValues: ReconciliationOutcome.all.map { ($0, 0) })
        for line in lines { counts[line.outcome, default: 0] += 1 }
        return counts
    }

    /// The lines that are discrepancies.
    public var discrepancies: [ReconciliationLine] { lines.filter { $0.outcome.isDiscrepancy } }
}
