public import AppStoreModels
public import Foundation

/// One observation about one auto-renewable subscription, identified by
/// `(environment, originalTransactionId)`: what Apple said, when it said it, and what carried it.
///
/// A fact is applied with ``SubscriptionLifecycle/apply(_:to:)``. Every record it carries (its
/// transactions, its renewal info, its status) is merged into the state as a last-writer-wins
/// register ordered by the record's own `signedDate`, so facts may arrive in any order, any
/// number of times.
///
/// Where facts come from:
/// - a verified V2 notification (``NotificationInterpreter``): one transaction, the renewal info
///   and `data.status`;
/// - a status refresh (Get All Subscription Statuses): ``statusRefresh(status:transaction:renewalInfo:)``;
/// - a legacy receipt or `verifyReceipt` response: ``legacyReceipt(transactions:renewalInfos:source:)``;
/// - a V1 notification (unsigned; ``requiresConfirmation`` is set).
public struct SubscriptionFact: Hashable, Sendable, Codable {
    public var environment: AppStoreEnvironment
    public var originalTransactionId: String
    /// When Apple signed the observation (for a notification: its `signedDate`; for a status
    /// refresh: the latest `signedDate` of its payloads; for unsigned sources: see the source).
    public var signedDate: Timestamp
    /// The notification that carried the fact, if one did.
    public var notification: NotificationInfo?
    /// The subscription status a status refresh reported (a notification's is in `notification`).
    public var refreshedStatus: SubscriptionStatus?
    /// The transactions of this subscription the fact carries: one for a notification, the latest
    /// one for a status refresh, all of them for a receipt.
    public var transactions: [AppleTransaction]
    public var renewalInfo: RenewalInfo?
    public var source: FactSource
    /// Set when the fact comes from an unsigned source (a V1 notification): applying it asks the
    /// server to confirm the subscription with Apple (``SubscriptionAction/refreshFromApple(_:)``).
    public var requiresConfirmation: Bool
    /// `UNCLAIM_SEATS`: the seat claims (`seatClaimId`s) of this group subscription the App
    /// Store released; nil for every other fact.
    public var unclaimedSeatClaimIds: [UUID]?

    public init(
        environment: AppStoreEnvironment, originalTransactionId: String, signedDate: Timestamp,
        notification: NotificationInfo? = nil, refreshedStatus: SubscriptionStatus? = nil,
        transactions: [AppleTransaction] = [], renewalInfo: RenewalInfo? = nil, source: FactSource,
        requiresConfirmation: Bool = false
    ) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.signedDate = signedDate
        self.notification = notification
        self.refreshedStatus = refreshedStatus
        self.transactions = transactions
        self.renewalInfo = renewalInfo
        self.source = source
        self.requiresConfirmation = requiresConfirmation
    }

    /// A fact carrying at most one transaction (the shape of a V2 notification).
    public init(
        environment: AppStoreEnvironment, originalTransactionId: String, signedDate: Timestamp,
        notification: NotificationInfo? = nil, transaction: AppleTransaction?, renewalInfo: RenewalInfo? = nil,
        source: FactSource
    ) {
        self.init(
            environment: environment, originalTransactionId: originalTransactionId, signedDate: signedDate,
            notification: notification, transactions: transaction.map { [$0] } ?? [], renewalInfo: renewalInfo,
            source: source)
    }

    /// The transaction of a single-transaction fact (a notification or a status refresh); for a
    /// receipt, the most recently purchased one.
    public var transaction: AppleTransaction? {
        transactions.count <= 1
            ? transactions.first
            : transactions.max { ($0.purchaseDate, $0.transactionId) < ($1.purchaseDate, $1.transactionId) }
    }

    /// The subscription status this fact reports: `data.status` of a notification, or the status
    /// of a status refresh.
    public var status: SubscriptionStatus? { notification?.status ?? refreshedStatus }

    /// Whether members holding seats of this subscription may need their access recomputed: a
    /// group purchaser's transactions always carry `multiSeatInfo`, so a fact whose transactions
    /// carry none is about an ordinary subscription (the common case, which then reads no seat
    /// claims). A fact without transactions, or one naming seat claims, may concern a group.
    public var mayConcernSeatedMembers: Bool {
        transactions.isEmpty || unclaimedSeatClaimIds != nil || transactions.contains { $0.multiSeatInfo != nil }
    }
}

extension SubscriptionFact {
    /// A fact from one entry of Get All Subscription Statuses (`lastTransactions`): its status,
    /// its latest transaction and its renewal info, already verified and decoded.
    ///
    /// The response itself is not signed; the fact's `signedDate` is the latest `signedDate` of
    /// the two payloads (both are signed when the response is produced).
    public static func statusRefresh(
        status: SubscriptionStatus?, transaction: AppleTransaction?, renewalInfo: RenewalInfo?
    ) throws(FactError) -> SubscriptionFact {
        guard
            let identity = transaction.map({ ($0.environment, $0.originalTransactionId) })
                ?? renewalInfo.map({ ($0.environment, $0.originalTransactionId) })
        else { throw FactError("a status refresh needs a transaction or a renewal info") }
        if let transaction, let renewalInfo,
            transaction.originalTransactionId != renewalInfo.originalTransactionId
                || transaction.environment != renewalInfo.environment
        {
            throw FactError(
                "status refresh mixes subscriptions \(transaction.originalTransactionId) and \(renewalInfo.originalTransactionId)")
        }
        let signedDate = [transaction?.signedDate, renewalInfo?.signedDate].compactMap { $0 }.max()
        guard let signedDate else { throw FactError("a status refresh needs a signed payload") }
        return SubscriptionFact(
            environment: identity.0, originalTransactionId: identity.1, signedDate: signedDate,
            refreshedStatus: status, transactions: transaction.map { [$0] } ?? [], renewalInfo: renewalInfo,
            source: .serverAPI)
    }

    /// A fact from the decoded payloads of one `lastTransactions` entry of Get All Subscription
    /// Statuses.
    public static func statusRefresh(
        status: SubscriptionStatus?, transaction: JWSTransactionDecodedPayload?,
        renewalInfo: JWSRenewalInfoDecodedPayload?
    ) throws(FactError) -> SubscriptionFact {
        let transaction = try transaction.map { payload throws(FactError) in
            try AppleTransaction(payload, source: .serverAPI)
        }
        let renewalInfo = try renewalInfo.map { payload throws(FactError) in
            try RenewalInfo(payload, source: .serverAPI)
        }
        return try statusRefresh(status: status, transaction: transaction, renewalInfo: renewalInfo)
    }

    /// Facts from a legacy receipt (`latest_receipt_info` / `in_app` plus `pending_renewal_info`),
    /// one per auto-renewable subscription it shows. Transactions that are not auto-renewable
    /// (no `expiresDate`) are left out; they belong to one-time purchases.
    ///
    /// Receipts are not signed per record: each record's `signedDate` is whatever the caller
    /// gave it when converting (the receipt's creation or request date); the fact's `signedDate`
    /// is the latest of them.
    public static func legacyReceipt(
        transactions: [AppleTransaction], renewalInfos: [RenewalInfo], source: FactSource
    ) -> [SubscriptionFact] {
        struct Key: Hashable {
            var environment: AppStoreEnvironment
            var originalTransactionId: String
        }
        var grouped: [Key: ([AppleTransaction], RenewalInfo?)] = [:]
        for transaction in transactions where transaction.isAutoRenewableSubscription {
            grouped[
                Key(environment: transaction.environment, originalTransactionId: transaction.originalTransactionId),
                default: ([], nil)
            ].0.append(transaction)
        }
        for info in renewalInfos {
            let key = Key(environment: info.environment, originalTransactionId: info.originalTransactionId)
            var current = grouped[key]?.1
            if LastWriterWins.merge(info, into: &current) { grouped[key, default: ([], nil)].1 = current }
        }
        return grouped.map { key, value in
            let dates = value.0.map(\.signedDate) + [value.1?.signedDate].compactMap { $0 }
            return SubscriptionFact(
                environment: key.environment, originalTransactionId: key.originalTransactionId,
                signedDate: dates.max() ?? Timestamp(millisecondsSince1970: 0), transactions: value.0,
                renewalInfo: value.1, source: source)
        }
        .sorted { ($0.environment.rawValue, $0.originalTransactionId) < ($1.environment.rawValue, $1.originalTransactionId) }
    }
}

extension AppleTransaction {
    /// Whether this transaction is an auto-renewable subscription's: by its product type, or, for
    /// legacy records that carry none, by having an expiry date.
    public var isAutoRenewableSubscription: Bool {
        if let productType { return productType == .autoRenewableSubscription }
        return expiresDate != nil
    }
}

extension SubscriptionFact {
    /// The fact a single recorded transaction of a subscription is to its lifecycle.
    public init(transaction: AppleTransaction) {
        self.init(
            environment: transaction.environment, originalTransactionId: transaction.originalTransactionId,
            signedDate: transaction.signedDate, transaction: transaction, source: transaction.source)
    }

    /// The fact a renewal info presented on its own is to its subscription's lifecycle.
    public init(renewal: RenewalInfo) {
        self.init(
            environment: renewal.environment, originalTransactionId: renewal.originalTransactionId,
            signedDate: renewal.signedDate, transaction: nil, renewalInfo: renewal, source: renewal.source)
    }
}
