public import AppStoreModels
import Foundation

/// Everything the simulated App Store remembers; persisted as JSON so a restart keeps it.
public struct SimulatorState: Hashable, Sendable, Codable {
    public var clock: SimulatedClock
    public var durationMode: DurationMode
    public var apps: [String: SimulatedApp] = [:]
    public var storefronts: [String: Storefront] = Storefront.builtIn
    public var accounts: [String: SimulatedAccount] = [:]
    public var transactions: [String: StoredTransaction] = [:]
    /// Auto-renewable subscriptions by original transaction ID.
    public var subscriptions: [String: SimulatedSubscription] = [:]
    public var notifications: [NotificationRecord] = []
    /// App transactions by `accountId + "\n" + bundleId`.
    public var appTransactions: [String: AppTransactionRecord] = [:]
    public var massExtensions: [String: MassExtensionRecord] = [:]
    public var consumptionReports: [ConsumptionReport] = []
    /// Test notification tokens → notification UUIDs.
    public var testNotifications: [String: String] = [:]
    public var faults = FaultState()
    /// Offer codes already redeemed, and promotional offer nonces already used.
    public var redeemedCodes: Set<String> = []
    public var usedOfferNonces: Set<String> = []
    /// App Store Connect reports: vendor number, team keys, injected discrepancies (nil until set up).
    public var reports: SimulatedReports?
    /// Retention Messaging setups by `bundleId + "\n" + environment`.
    public var retention: [String: SimulatedRetention] = [:]
    var counters = IDCounters()

    /// A fresh state. `identifierOffset` starts every identifier sequence (transaction, web order
    /// line item, app transaction, download) that far in, so several simulators writing into one
    /// database never issue the same identifiers.
    public init(clock: SimulatedClock, durationMode: DurationMode, identifierOffset: Int64 = 0) {
        self.clock = clock
        self.durationMode = durationMode
        self.counters = IDCounters(offset: identifierOffset)
    }
}

/// The customer's acquisition of an app (`AppTransaction`), one per account and app.
public struct AppTransactionRecord: Hashable, Sendable, Codable {
    public var appTransactionId: String
    public var accountId: String
    public var bundleId: String
    public var originalPurchaseDate: Timestamp
    public var originalApplicationVersion: String
    /// Ties a legacy receipt to the account (`download_id`).
    public var downloadId: Int64
}

/// An Extend Subscription Renewal Dates for All Active Subscribers request and its outcome.
public struct MassExtensionRecord: Hashable, Sendable, Codable {
    public var requestIdentifier: String
    public var bundleId: String
    public var environment: AppStoreEnvironment
    public var productId: String
    public var storefrontCountryCodes: [String]?
    public var extendByDays: Int32
    public var completeDate: Timestamp?
    /// So far while in progress; final once complete.
    public var succeededCount: Int64
    public var failedCount: Int64
    /// The subscribers (original transaction IDs) still to process, in order, and when the next
    /// is processed: Apple works through a mass extension over hours, one subscriber at a time
    /// here (`nil` once complete, and in states saved before processing took time).
    public var pending: [String]?
    public var nextStepAt: Timestamp?
}

/// Consumption information an app sent (Send Consumption Information), kept as received.
public struct ConsumptionReport: Hashable, Sendable, Codable {
    public var transactionId: String
    public var bundleId: String
    public var receivedAt: Timestamp
    /// 1 for `ConsumptionRequestV1`, 2 for `ConsumptionRequest`.
    public var version: Int
    public var body: String
}

/// Apple-like identifier sequences: numeric strings that only grow.
struct IDCounters: Hashable, Sendable, Codable {
    var transaction: Int64 = 0
    var webOrderLineItem: Int64 = 0
    var appTransaction: Int64 = 0
    var download: Int64 = 0
    var sequence: Int64 = 0

    init(offset: Int64 = 0) {
        let start = max(0, offset)
        transaction = start
        webOrderLineItem = start
        appTransaction = start
        download = start
    }

    mutating func nextTransactionId() -> String {
        transaction += 1
        return String(2_000_000_900_000_000 + transaction)
    }

    mutating func nextWebOrderLineItemId() -> String {
        webOrderLineItem += 1
        return String(2_000_000_090_000_000 + webOrderLineItem)
    }

    mutating func nextAppTransactionId() -> String {
        appTransaction += 1
        return String(705_000_000_000_000_000 + appTransaction)
    }

    mutating func nextDownloadId() -> Int64 {
        download += 1
        return 80_000_000_000_000 + download
    }

    mutating func nextSequence() -> Int64 {
        sequence += 1
        return sequence
    }

    /// An invoice order ID such as `MK5TTTVWJH`.
    static func orderId() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }
}
