import AppStoreModels
import Foundation
import Storekeeper

// The JSON bodies of the overview, refunds and consumption views (`openapi/admin-overview.json`).
// Money is in milliunits of its currency (Apple's convention: 9990 = 9.99); times are integer
// milliseconds since 1970; days are UTC `YYYY-MM-DD`.

/// `GET /v1/admin/apps/{app}/overview`.
struct OverviewResponse: Encodable {
    var appId: String
    var environment: String
    var from: String
    var to: String
    /// The days are UTC days; active counts are as of each day's end.
    var timeZone = "UTC"
    var days: [OverviewDayBody]
    /// The counts and money of the whole range (active counts are per day only).
    var totals: OverviewTotalsBody
}

struct OverviewDayBody: Encodable {
    var date: String
    var active: OverviewActiveBody
    var new: Int64
    var renewed: Int64
    var churned: Int64
    var refunds: Int64
    var trialsConverted: Int64
    /// Per currency, sorted by currency code.
    var revenue: [OverviewRevenueBody]
}

struct OverviewActiveBody: Encodable {
    var total: Int64
    /// Per product, sorted by product ID; products with no active subscription are left out.
    var byProduct: [OverviewActiveProductBody]
}

struct OverviewActiveProductBody: Encodable {
    var productId: String
    var total: Int64
    var trial: Int64
    var intro: Int64
    var promotional: Int64
    var standard: Int64
    var grace: Int64
    var billingRetry: Int64
}

struct OverviewRevenueBody: Encodable {
    var currency: String
    /// What customers paid (Family Sharing copies excluded).
    var customerPrice: Int64
    /// Estimated developer proceeds: Apple's commission taken off (15 % for renewals after a year
    /// of paid service or in the Small Business Program, else 30 %), then corrected by how far
    /// that rule was off on the last 90 days of the vendor's SALES report rows in the currency
    /// (tax, mostly); without report rows an upper bound where prices include tax.
    var estimatedProceeds: Int64
    /// Whether report rows of the currency calibrated `estimatedProceeds`.
    var proceedsCalibrated: Bool
    /// Customer price of the refunds recorded on the day.
    var refunded: Int64
}

struct OverviewTotalsBody: Encodable {
    var new: Int64
    var renewed: Int64
    var churned: Int64
    var refunds: Int64
    var trialsConverted: Int64
    var revenue: [OverviewRevenueBody]
}

/// `GET /v1/admin/apps/{app}/refunds`.
struct RefundsResponse: Encodable {
    var refunds: [RefundBody]
    /// Pass as `before` for the next (older) page; absent on the last page.
    var nextCursor: String?
}

struct RefundBody: Encodable {
    var environment: String
    var transactionId: String
    var originalTransactionId: String
    var customerId: CustomerID
    var productId: String
    var productType: String?
    /// `refunded` or `familySharingRevoked`.
    var kind: String
    /// Apple's `revocationReason` (0 other, 1 app issue).
    var revocationReason: Int32?
    var revokedAt: Timestamp
    var purchaseDate: Timestamp
    var price: Int64?
    var currency: String?
    var quantity: Int
    /// What the refund took back from the customer's wallet, per virtual currency (empty for a
    /// product that credits none).
    var wallet: [RefundWalletBody]
}

struct RefundWalletBody: Encodable {
    var currency: String
    /// Credited by the purchase and reversed by the refund.
    var refunded: Int64
    /// Taken from the customer's balance.
    var collected: Int64
    /// Written off to the loss account (the debt policy `clamp`, after the customer spent it).
    var uncollected: Int64
    /// Apple reversed the refund and the currency was given back.
    var restored: Bool
    /// The customer's balance now, and what they owe (a negative balance under `allowNegative`).
    var balance: Int64
    var debt: Int64
}

/// `GET /v1/admin/apps/{app}/consumption-requests`.
struct ConsumptionRequestsResponse: Encodable {
    var consumptionRequests: [ConsumptionRequestBody]
    /// Pass as `before` for the next (older) page; absent on the last page.
    var nextCursor: String?
}

struct ConsumptionRequestBody: Encodable {
    /// The status of a request Storekeeper did not answer (see `notSentReason`).
    static let notSent = "notSent"

    var id: UUID
    var environment: String
    var transactionId: String
    var customerId: CustomerID?
    /// When Apple signed the CONSUMPTION_REQUEST, and the end of its 12-hour window.
    var requestedAt: Timestamp
    var deadline: Timestamp?
    /// When Storekeeper decided: queued the answer, or chose not to send one.
    var decidedAt: Timestamp
    /// When the answer was queued (absent when none was); `status` is how its sending stands:
    /// `pending`, `delivered`, `failed`, or `notSent` when no answer was sent.
    var queuedAt: Timestamp?
    var status: String
    /// Why no answer was sent: `noConsent` (Apple accepts consumption data only with the
    /// customer's consent).
    var notSentReason: String?
    var attempts: Int
    var lastError: String?
    var deliveredAt: Timestamp?
    /// Milliseconds left in Apple's window (0 once it closed), while an answer is pending or
    /// none was sent; absent once the answer was sent or given up.
    var timeLeft: Int64?
    /// Whether the answer reached Apple before the deadline (absent while pending or not sent).
    var answeredInTime: Bool?
    /// The answer as sent to Apple (Send Consumption Information, its own field names).
    var answer: ConsumptionRequest?
}

/// `GET /v1/admin/apps/{app}/overview/operations`.
struct OperationsResponse: Encodable {
    var appId: String
    var now: Timestamp
    /// The window the counts and delays below cover: the last 24 hours.
    var since: Timestamp
    var notifications: OperationsNotificationsBody
    var outbox: OperationsOutboxBody
    var apple: OperationsAppleBody
}

struct OperationsNotificationsBody: Encodable {
    /// Stored and not applied yet, and failed (the inbox processor retries them).
    var pending: Int
    var failed: Int
    var rejectedSince: Int
    /// How long the oldest waiting notification has waited (milliseconds), if any waits.
    var oldestWaiting: Int64?
    var processedSince: Int
    var lastProcessedAt: Timestamp?
    /// Apple's signing to Storekeeper's receipt, and receipt to application (milliseconds).
    var averageDeliveryLag: Int64?
    var maximumDeliveryLag: Int64?
    var averageProcessingLag: Int64?
    var maximumProcessingLag: Int64?
}

struct OperationsOutboxBody: Encodable {
    var pending: Int
    /// How long the oldest pending message has waited (milliseconds), if any.
    var oldestPending: Int64?
    var failedSince: Int
}

struct OperationsAppleBody: Encodable {
    /// Whether the app has App Store Server API credentials (needed for answers, resyncs and extensions).
    var serverAPIConfigured: Bool
    /// Consumption answers waiting to be sent to Apple, and those given up in the window.
    var pendingCalls: Int
    var failedCallsSince: Int
}
