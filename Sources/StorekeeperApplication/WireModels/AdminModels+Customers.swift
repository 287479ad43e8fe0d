public import AppStoreModels
public import Foundation
public import Storekeeper

// The answers of the customer routes of the admin API (search, record, timeline), as the web
// console renders them. Every type encodes with `FastJSONEncoder` (keys sorted, `nil` omitted).

/// `GET /v1/admin/apps/{app}/search?q=`.
public struct AdminSearchResponse: Codable, Sendable, Hashable {
    /// The text searched for, trimmed.
    public var query: String
    /// The kinds of identifier the text could be (``SearchQuery/candidateKinds``).
    public var candidates: [SearchMatch.Kind]
    public var matches: [SearchMatch]
    /// Apple's answer when the text looked like an invoice order ID and the app can ask Apple.
    public var invoice: AdminInvoiceLookup?

    package init(
        query: String, candidates: [SearchMatch.Kind], matches: [SearchMatch], invoice: AdminInvoiceLookup? = nil
    ) {
        self.query = query
        self.candidates = candidates
        self.matches = matches
        self.invoice = invoice
    }
}

/// What Look Up Order ID answered for an invoice order ID.
public struct AdminInvoiceLookup: Codable, Sendable, Hashable {
    /// The state of the lookup: Apple's outcome, or why Storekeeper could not ask.
    public struct Status: RawRepresentable, Codable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Apple knows the order; `transactions` lists its lines.
        public static let valid = Status(rawValue: "valid")
        /// Apple does not know the order in any environment asked.
        public static let invalid = Status(rawValue: "invalid")
        /// Apple could not be reached or refused the call (`error` says why); stored matches stand.
        public static let unavailable = Status(rawValue: "unavailable")
    }

    public var orderId: String
    public var status: Status
    /// The environment whose App Store knew the order.
    public var environment: AppStoreEnvironment?
    /// The invoice's transactions, verified, each with its owner when Storekeeper recorded it.
    public var transactions: [AdminInvoiceTransaction]
    public var error: String?

    package init(
        orderId: String, status: Status, environment: AppStoreEnvironment? = nil, transactions: [AdminInvoiceTransaction],
        error: String? = nil
    ) {
        self.orderId = orderId
        self.status = status
        self.environment = environment
        self.transactions = transactions
        self.error = error
    }
}

/// One verified line of an invoice.
public struct AdminInvoiceTransaction: Codable, Sendable, Hashable {
    public var environment: AppStoreEnvironment
    public var transactionId: String
    public var originalTransactionId: String
    public var productId: String
    public var purchaseDate: Timestamp
    public var revocationDate: Timestamp?
    /// Who owns it in Storekeeper; absent when Storekeeper never recorded the purchase (a lost
    /// order: resync or correct it).
    public var customerId: CustomerID?
    /// Whether Storekeeper recorded this transaction; `false`: paid at Apple, not recorded here.
    public var recorded: Bool
    /// The token the app passed to StoreKit, as Apple signed it.
    public var appAccountToken: UUID?
    /// The business order the token names, when this app has it: the order to correct (attach
    /// this transaction) when the purchase was not recorded.
    public var order: AdminInvoiceOrder?

    package init(
        environment: AppStoreEnvironment, transactionId: String, originalTransactionId: String, productId: String, purchaseDate: Timestamp,
        revocationDate: Timestamp? = nil, customerId: CustomerID? = nil, recorded: Bool, appAccountToken: UUID? = nil,
        order: AdminInvoiceOrder? = nil
    ) {
        self.environment = environment
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.purchaseDate = purchaseDate
        self.revocationDate = revocationDate
        self.customerId = customerId
        self.recorded = recorded
        self.appAccountToken = appAccountToken
        self.order = order
    }
}

/// The business order an invoice line's `appAccountToken` names.
public struct AdminInvoiceOrder: Codable, Sendable, Hashable {
    public var id: UUID
    public var customerId: CustomerID
    public var productId: String
    public var quantity: Int
    public var state: String
    /// The transaction that paid it, once one did.
    public var transactionId: String?

    package init(_ order: Order) {
        id = order.id
        customerId = order.customerId
        productId = order.productId
        quantity = order.quantity
        state = order.state.rawValue
        transactionId = order.transactionId
    }
}

/// `GET /v1/admin/apps/{app}/customers/{customer}`: everything support needs about one customer.
public struct AdminCustomerRecord: Codable, Sendable, Hashable {
    public var customerId: CustomerID
    /// `false` when Storekeeper never stored the customer (the rest is then empty).
    public var exists: Bool
    public var createdAt: Timestamp?
    /// The account this customer was merged into, if it was.
    public var mergedInto: CustomerID?
    public var consumptionConsent: Bool?
    public var playTimeMinutes: Int64?
    /// Customers (guests) merged into this one.
    public var aliases: [AdminAlias]
    public var entitlements: [AdminEntitlement]
    public var subscriptions: [AdminSubscription]
    public var wallet: AdminWallet
    public var orders: AdminOrderPage
    /// The most recent purchases (newest first), with Apple's revocations as last signed.
    public var purchases: [AdminPurchase]

    package init(
        customerId: CustomerID, exists: Bool, createdAt: Timestamp? = nil, mergedInto: CustomerID? = nil, consumptionConsent: Bool? = nil,
        playTimeMinutes: Int64? = nil, aliases: [AdminAlias], entitlements: [AdminEntitlement], subscriptions: [AdminSubscription],
        wallet: AdminWallet, orders: AdminOrderPage, purchases: [AdminPurchase]
    ) {
        self.customerId = customerId
        self.exists = exists
        self.createdAt = createdAt
        self.mergedInto = mergedInto
        self.consumptionConsent = consumptionConsent
        self.playTimeMinutes = playTimeMinutes
        self.aliases = aliases
        self.entitlements = entitlements
        self.subscriptions = subscriptions
        self.wallet = wallet
        self.orders = orders
        self.purchases = purchases
    }
}

public struct AdminAlias: Codable, Sendable, Hashable {
    public var customerId: CustomerID
    public var createdAt: Timestamp

    package init(
        customerId: CustomerID, createdAt: Timestamp
    ) {
        self.customerId = customerId
        self.createdAt = createdAt
    }
}

/// One grant behind an entitlement, with where it comes from.
public struct AdminEntitlement: Codable, Sendable, Hashable {
    public var id: String
    public var productId: String
    public var isActive: Bool
    public var startsAt: Timestamp
    /// `nil`: forever.
    public var expiresAt: Timestamp?
    public var source: AdminGrantSource

    package init(
        id: String, productId: String, isActive: Bool, startsAt: Timestamp, expiresAt: Timestamp? = nil, source: AdminGrantSource
    ) {
        self.id = id
        self.productId = productId
        self.isActive = isActive
        self.startsAt = startsAt
        self.expiresAt = expiresAt
        self.source = source
    }
}

/// Where a grant comes from: an Apple transaction, or an operator's grant.
public struct AdminGrantSource: Codable, Sendable, Hashable {
    /// `appleTransaction` or `operatorGrant`.
    public var kind: String
    public var environment: AppStoreEnvironment?
    public var originalTransactionId: String?
    public var transactionId: String?
    /// The operator's grant: its ID, who granted it and why.
    public var grantId: String?
    public var operatorName: String?
    public var reason: String?

    public init(
        kind: String, environment: AppStoreEnvironment?, originalTransactionId: String? = nil, transactionId: String? = nil,
        grantId: String? = nil, operatorName: String? = nil, reason: String? = nil
    ) {
        self.kind = kind
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.transactionId = transactionId
        self.grantId = grantId
        self.operatorName = operatorName
        self.reason = reason
    }
}

/// A subscription with its lifecycle, renewal preference, offers and price-increase state.
public struct AdminSubscription: Codable, Sendable, Hashable {
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    public var productId: String
    public var group: String?
    /// `trial`, `active`, `gracePeriod`, `billingRetry`, `expired`, `revoked`, ...
    public var phase: String
    public var expiresAt: Timestamp?
    /// Apple's `autoRenewStatus` (1 renews, 0 ends at `expiresAt`).
    public var autoRenewStatus: Int?
    /// The product the next renewal bills.
    public var autoRenewProductId: String?
    /// Why a lapsed subscription lapsed (Apple's `expirationIntent`).
    public var expirationIntent: Int32?
    public var isInBillingRetryPeriod: Bool?
    public var gracePeriodExpiresDate: Timestamp?
    /// `pending` (needs consent, none yet) or `accepted`; absent without an announced increase.
    public var priceIncrease: String?
    public var renewalPrice: Int64?
    public var renewalCurrency: String?
    /// When Apple extended the current period to, if it did.
    public var renewalExtendedUntil: Timestamp?
    /// An offer that applies from the next renewal.
    public var pendingOffer: OfferInfo?
    public var eligibleWinBackOfferIds: [String]
    /// Every paid period, oldest first: its transaction, dates, price, offer and revocation
    /// (the offer history and what Apple took back).
    public var periods: [PaidPeriod]
    /// The renewal info Storekeeper holds, as Apple signed it (latest).
    public var renewalInfo: RenewalInfo?

    package init(
        environment: AppStoreEnvironment, originalTransactionId: String, productId: String, group: String? = nil, phase: String,
        expiresAt: Timestamp? = nil, autoRenewStatus: Int? = nil, autoRenewProductId: String? = nil, expirationIntent: Int32? = nil,
        isInBillingRetryPeriod: Bool? = nil, gracePeriodExpiresDate: Timestamp? = nil, priceIncrease: String? = nil,
        renewalPrice: Int64? = nil, renewalCurrency: String? = nil, renewalExtendedUntil: Timestamp? = nil, pendingOffer: OfferInfo? = nil,
        eligibleWinBackOfferIds: [String], periods: [PaidPeriod], renewalInfo: RenewalInfo? = nil
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.productId = productId
        self.group = group
        self.phase = phase
        self.expiresAt = expiresAt
        self.autoRenewStatus = autoRenewStatus
        self.autoRenewProductId = autoRenewProductId
        self.expirationIntent = expirationIntent
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.priceIncrease = priceIncrease
        self.renewalPrice = renewalPrice
        self.renewalCurrency = renewalCurrency
        self.renewalExtendedUntil = renewalExtendedUntil
        self.pendingOffer = pendingOffer
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.periods = periods
        self.renewalInfo = renewalInfo
    }
}

public struct AdminWallet: Codable, Sendable, Hashable {
    /// Currency → balance.
    public var balances: [String: Int64]
    /// The journal entries behind the balances, newest first.
    public var entries: [AdminLedgerEntry]
    /// Pass as `before` to `GET .../customers/{customer}/ledger` for older entries.
    public var nextCursor: String?

    package init(
        balances: [String: Int64], entries: [AdminLedgerEntry], nextCursor: String? = nil
    ) {
        self.balances = balances
        self.entries = entries
        self.nextCursor = nextCursor
    }
}

public struct AdminLedgerEntry: Codable, Sendable, Hashable {
    public var sequence: Int64
    public var key: String
    /// `credit`, `spend`, `clawback`, `restore`, `merge`, `adjustment`.
    public var kind: String
    public var currency: String
    /// What the entry did to this customer's balance.
    public var amount: Int64
    public var createdAt: Timestamp
    public var reference: String?
    public var memo: String?
    public var postings: [AdminPosting]

    package init(
        sequence: Int64, key: String, kind: String, currency: String, amount: Int64, createdAt: Timestamp, reference: String? = nil,
        memo: String? = nil, postings: [AdminPosting]
    ) {
        self.sequence = sequence
        self.key = key
        self.kind = kind
        self.currency = currency
        self.amount = amount
        self.createdAt = createdAt
        self.reference = reference
        self.memo = memo
        self.postings = postings
    }
}

public struct AdminPosting: Codable, Sendable, Hashable {
    public var account: String
    public var amount: Int64

    package init(
        account: String, amount: Int64
    ) {
        self.account = account
        self.amount = amount
    }
}

public struct AdminOrderPage: Codable, Sendable, Hashable {
    public var items: [AdminOrder]
    /// Pass as `before` to `GET .../customers/{customer}/orders` for older orders.
    public var nextCursor: String?

    package init(
        items: [AdminOrder], nextCursor: String? = nil
    ) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

public struct AdminOrder: Codable, Sendable, Hashable {
    public var id: UUID
    public var productId: String
    public var quantity: Int
    /// `created`, `pending`, `paid`, `delivered`, `failed`, `cancelled`, `expired`.
    public var state: String
    public var appAccountToken: UUID
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var expiresAt: Timestamp
    public var environment: AppStoreEnvironment?
    public var transactionId: String?
    public var failureCode: String?

    package init(
        id: UUID, productId: String, quantity: Int, state: String, appAccountToken: UUID, createdAt: Timestamp, updatedAt: Timestamp,
        expiresAt: Timestamp, environment: AppStoreEnvironment? = nil, transactionId: String? = nil, failureCode: String? = nil
    ) {
        self.id = id
        self.productId = productId
        self.quantity = quantity
        self.state = state
        self.appAccountToken = appAccountToken
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.expiresAt = expiresAt
        self.environment = environment
        self.transactionId = transactionId
        self.failureCode = failureCode
    }
}

/// A transaction as Storekeeper recorded it, newest first in a record.
public struct AdminPurchase: Codable, Sendable, Hashable {
    public var environment: AppStoreEnvironment
    public var transactionId: String
    public var originalTransactionId: String
    public var webOrderLineItemId: String?
    public var productId: String
    public var productType: String?
    public var quantity: Int
    public var purchaseDate: Timestamp
    public var expiresDate: Timestamp?
    public var price: Int64?
    public var currency: String?
    public var storefront: String?
    public var offerType: Int32?
    public var offerIdentifier: String?
    public var revocationDate: Timestamp?
    public var revocationReason: Int32?
    public var isUpgraded: Bool
    public var orderId: UUID?
    public var appAccountToken: UUID?
    public var signedDate: Timestamp
    public var recordedAt: Timestamp

    package init(
        environment: AppStoreEnvironment, transactionId: String, originalTransactionId: String, webOrderLineItemId: String? = nil,
        productId: String, productType: String? = nil, quantity: Int, purchaseDate: Timestamp, expiresDate: Timestamp? = nil,
        price: Int64? = nil, currency: String? = nil, storefront: String? = nil, offerType: Int32? = nil, offerIdentifier: String? = nil,
        revocationDate: Timestamp? = nil, revocationReason: Int32? = nil, isUpgraded: Bool, orderId: UUID? = nil,
        appAccountToken: UUID? = nil, signedDate: Timestamp, recordedAt: Timestamp
    ) {
        self.environment = environment
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.productId = productId
        self.productType = productType
        self.quantity = quantity
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.price = price
        self.currency = currency
        self.storefront = storefront
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.isUpgraded = isUpgraded
        self.orderId = orderId
        self.appAccountToken = appAccountToken
        self.signedDate = signedDate
        self.recordedAt = recordedAt
    }
}

/// `GET /v1/admin/apps/{app}/customers/{customer}/timeline`.
public struct AdminTimelinePage: Codable, Sendable, Hashable {
    public var customerId: CustomerID
    /// Newest first.
    public var entries: [AdminTimelineEntry]
    /// Pass as `before` for the next (older) page; absent on the last page.
    public var nextCursor: String?

    package init(
        customerId: CustomerID, entries: [AdminTimelineEntry], nextCursor: String? = nil
    ) {
        self.customerId = customerId
        self.entries = entries
        self.nextCursor = nextCursor
    }
}

/// One timeline entry: exactly one of `notification`, `transaction`, `renewalInfo`, `event` is set,
/// as `kind` says.
public struct AdminTimelineEntry: Codable, Sendable, Hashable {
    /// Stable: `notification:<id>`, `transaction:<env>:<id>`, `renewalInfo:<env>:<originalTransactionId>`,
    /// `audit:<event id>`; `GET .../timeline/{id}/raw` answers the signed data behind it.
    public var id: String
    /// `notification`, `transaction`, `renewalInfo`, `change`, `operator`.
    public var kind: TimelineKind
    public var at: Timestamp
    /// Whether `GET .../timeline/{id}/raw` can answer Apple's signed data for it.
    public var hasRaw: Bool
    public var notification: AdminTimelineNotification?
    public var transaction: AdminPurchase?
    public var renewalInfo: RenewalInfo?
    public var event: AuditEvent?
    /// With `raw=true`: the signed data Storekeeper holds for the entry (a notification's body as
    /// received; a transaction's or renewal info's JWS when a stored notification carried it).
    public var raw: AdminTimelineRaw?

    package init(
        id: String, kind: TimelineKind, at: Timestamp, hasRaw: Bool, notification: AdminTimelineNotification? = nil,
        transaction: AdminPurchase? = nil, renewalInfo: RenewalInfo? = nil, event: AuditEvent? = nil, raw: AdminTimelineRaw? = nil
    ) {
        self.id = id
        self.kind = kind
        self.at = at
        self.hasRaw = hasRaw
        self.notification = notification
        self.transaction = transaction
        self.renewalInfo = renewalInfo
        self.event = event
        self.raw = raw
    }
}

/// A notification on a timeline, decoded (the body is one click away).
public struct AdminTimelineNotification: Codable, Sendable, Hashable {
    public var id: String
    public var version: Int
    public var notificationType: String?
    public var subtype: String?
    public var signedDate: Timestamp?
    public var receivedAt: Timestamp
    /// `received`, `processed`, `failed`, `rejected`.
    public var status: String
    public var attempts: Int
    public var lastError: String?
    public var processedAt: Timestamp?

    package init(
        id: String, version: Int, notificationType: String? = nil, subtype: String? = nil, signedDate: Timestamp? = nil,
        receivedAt: Timestamp, status: String, attempts: Int, lastError: String? = nil, processedAt: Timestamp? = nil
    ) {
        self.id = id
        self.version = version
        self.notificationType = notificationType
        self.subtype = subtype
        self.signedDate = signedDate
        self.receivedAt = receivedAt
        self.status = status
        self.attempts = attempts
        self.lastError = lastError
        self.processedAt = processedAt
    }
}

/// `GET .../timeline/{id}/raw`: Apple's signed data behind an entry.
public struct AdminTimelineRaw: Codable, Sendable, Hashable {
    public var id: String
    /// `notificationBody` (the body Apple posted, as received), `signedTransaction` (a JWS taken
    /// from the notification that carried the transaction, or Apple's current signed form).
    public var format: String
    /// Where it was read: `inbox` (stored as received) or `apple` (asked now).
    public var origin: String
    /// The notification that carried it, for a transaction read from the inbox.
    public var notificationId: String?
    /// The raw text (JSON body or compact JWS).
    public var raw: String

    package init(
        id: String, format: String, origin: String, notificationId: String? = nil, raw: String
    ) {
        self.id = id
        self.format = format
        self.origin = origin
        self.notificationId = notificationId
        self.raw = raw
    }
}
