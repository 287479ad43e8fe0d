public import AppStoreModels

/// Everything Storekeeper knows about one auto-renewable subscription, as Apple's own records.
///
/// The state holds only registers, each keyed by Apple's natural identifier and resolved
/// last-writer-wins by `signedDate` (ties broken by content, see `LastWriterWins`):
/// - ``transactions`` by `transactionId`;
/// - ``renewalInfo``, one per subscription;
/// - ``status``, the latest reported subscription status;
/// - ``extensions``, the latest `RENEWAL_EXTENDED` per paid period;
/// - ``immediateChanges``, the paid periods Apple said replaced their predecessor at once.
///
/// Merging a register is commutative, associative and idempotent, so applying the same set of
/// facts in any order, with any duplicates, produces an equal state. Everything an app sees (the
/// phase, the paid periods, the access window) is derived from these registers by ``view``.
/// The state is persisted as JSON.
public struct SubscriptionState: Hashable, Sendable, Codable {
    public let environment: AppStoreEnvironment
    public let originalTransactionId: String
    /// Every transaction of the subscription, by `transactionId`.
    public private(set) var transactions: [String: AppleTransaction]
    /// The latest renewal info.
    public private(set) var renewalInfo: RenewalInfo?
    /// The latest subscription status Apple reported.
    public private(set) var status: StatusObservation?
    /// The latest renewal-date extension of each paid period, by period key.
    public private(set) var extensions: [String: RenewalExtension]
    /// The period keys of periods a notification with the `UPGRADE` subtype carried: Apple's word
    /// that the change took effect at once (an upgrade, or a crossgrade to the same duration),
    /// ending the period before it. A set only grows, so merging it is a union.
    public private(set) var immediateChanges: Set<String>

    /// An empty state for one subscription.
    public init(environment: AppStoreEnvironment, originalTransactionId: String) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.transactions = [:]
        self.renewalInfo = nil
        self.status = nil
        self.extensions = [:]
        self.immediateChanges = []
    }

    private enum CodingKeys: String, CodingKey {
        case environment, originalTransactionId, transactions, renewalInfo, status, extensions, immediateChanges
    }

    /// States stored before ``immediateChanges`` existed decode with none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        environment = try container.decode(AppStoreEnvironment.self, forKey: .environment)
        originalTransactionId = try container.decode(String.self, forKey: .originalTransactionId)
        transactions = try container.decode([String: AppleTransaction].self, forKey: .transactions)
        renewalInfo = try container.decodeIfPresent(RenewalInfo.self, forKey: .renewalInfo)
        status = try container.decodeIfPresent(StatusObservation.self, forKey: .status)
        extensions = try container.decode([String: RenewalExtension].self, forKey: .extensions)
        immediateChanges = try container.decodeIfPresent(Set<String>.self, forKey: .immediateChanges) ?? []
    }

    /// The latest `signedDate` of any record held (nil while empty): facts older than every
    /// register they touch cannot change the state.
    public var lastSignedDate: Timestamp? {
        let dates =
            transactions.values.map(\.signedDate) + [renewalInfo?.signedDate, status?.signedDate].compactMap { $0 }
            + extensions.values.map(\.signedDate)
        return dates.max()
    }

    /// Merges every record of `fact` that belongs to this subscription; returns the number of
    /// records that belong to another subscription and were skipped.
    mutating func merge(_ fact: SubscriptionFact) -> Int {
        var foreign = 0
        for transaction in fact.transactions {
            guard belongs(transaction.environment, transaction.originalTransactionId) else {
                foreign += 1
                continue
            }
            _ = LastWriterWins.merge(transaction, into: &transactions[transaction.transactionId])
        }
        if let info = fact.renewalInfo {
            if belongs(info.environment, info.originalTransactionId) {
                _ = LastWriterWins.merge(info, into: &renewalInfo)
            } else {
                foreign += 1
            }
        }
        if let value = fact.status {
            let observation = StatusObservation(
                status: value, signedDate: fact.signedDate, notificationType: fact.notification?.type,
                subtype: fact.notification?.subtype)
            _ = LastWriterWins.merge(observation, into: &status)
        }
        if fact.notification?.subtype == .upgrade {
            for transaction in fact.transactions
            where belongs(transaction.environment, transaction.originalTransactionId) {
                immediateChanges.insert(PaidPeriod.key(of: transaction))
            }
        }
        if fact.notification?.type == .renewalExtended {
            for transaction in fact.transactions
            where belongs(transaction.environment, transaction.originalTransactionId) {
                let observation = RenewalExtension(
                    periodKey: PaidPeriod.key(of: transaction), transactionId: transaction.transactionId,
                    expiresDate: transaction.expiresDate, signedDate: fact.signedDate)
                _ = LastWriterWins.merge(observation, into: &extensions[observation.periodKey])
            }
        }
        return foreign
    }

    private func belongs(_ environment: AppStoreEnvironment, _ originalTransactionId: String) -> Bool {
        environment == self.environment && originalTransactionId == self.originalTransactionId
    }
}

/// A subscription status as Apple reported it (`data.status`, or a status refresh), and when.
public struct StatusObservation: Hashable, Sendable, Codable, SignedRecord {
    public var status: SubscriptionStatus
    public var signedDate: Timestamp
    /// The notification that reported it, if one did.
    public var notificationType: NotificationTypeV2?
    public var subtype: NotificationSubtype?

    public init(
        status: SubscriptionStatus, signedDate: Timestamp, notificationType: NotificationTypeV2? = nil,
        subtype: NotificationSubtype? = nil
    ) {
        self.status = status
        self.signedDate = signedDate
        self.notificationType = notificationType
        self.subtype = subtype
    }
}

/// A `RENEWAL_EXTENDED` notification's word on one paid period: the renewal date Apple extended
/// it to (at the developer's request), and when Apple said so.
public struct RenewalExtension: Hashable, Sendable, Codable, SignedRecord {
    public var periodKey: String
    public var transactionId: String
    public var expiresDate: Timestamp?
    public var signedDate: Timestamp

    public init(periodKey: String, transactionId: String, expiresDate: Timestamp?, signedDate: Timestamp) {
        self.periodKey = periodKey
        self.transactionId = transactionId
        self.expiresDate = expiresDate
        self.signedDate = signedDate
    }
}
