import AppStoreModels
import Foundation
import Storekeeper

/// Times in the tests: days after 2025-01-01T00:00:00Z.
enum Clock {
    static let base: Int64 = 1_735_689_600_000
    static let day: Int64 = 86_400_000
    static let hour: Int64 = 3_600_000

    static func day(_ days: Double) -> Timestamp {
        Timestamp(millisecondsSince1970: base + Int64((days * Double(day)).rounded()))
    }
}

/// A product of the test catalog's subscription group.
struct SimProduct: Hashable, Sendable {
    var id: String
    /// 1 is the highest level of service.
    var level: Int
    var days: Int64
    var price: Int64

    static let pro = SimProduct(id: "com.example.pro.monthly", level: 1, days: 30, price: 19_990)
    static let plus = SimProduct(id: "com.example.plus.monthly", level: 2, days: 30, price: 9_990)
    /// Same level and duration as `plus` (seeds/003's vipA / vipB): a crossgrade between them is immediate.
    static let plusAlt = SimProduct(id: "com.example.plus.monthly.b", level: 2, days: 30, price: 9_990)
    static let plusYearly = SimProduct(id: "com.example.plus.yearly", level: 2, days: 365, price: 99_990)
    /// `plusYearly`'s monthly plan with a 12-month commitment: billed every 30 days.
    static let plusYearlyMonthly = SimProduct(id: "com.example.plus.yearly", level: 2, days: 30, price: 8_990)
    static let all: [SimProduct] = [pro, plus, plusAlt, plusYearly]

    static func named(_ id: String) -> SimProduct { all.first { $0.id == id } ?? plus }
}

/// An offer applied to a purchase.
struct SimOffer: Hashable, Sendable {
    var type: OfferType
    var discount: OfferDiscountType?
    var identifier: String?
    var days: Int64?
    var price: Int64?

    static let freeTrial = SimOffer(type: .introductoryOffer, discount: .freeTrial, days: 7, price: 0)
    static let introPayAsYouGo = SimOffer(type: .introductoryOffer, discount: .payAsYouGo, price: 990)
    static let promo = SimOffer(type: .promotionalOffer, discount: .payAsYouGo, identifier: "promo.half", price: 4_990)
    static let code = SimOffer(type: .offerCode, discount: .freeTrial, identifier: "SPRING", days: 30, price: 0)
    static let winBack = SimOffer(type: .winBackOffer, discount: .payUpFront, identifier: "winback.1", price: 2_990)
}

/// One thing Apple tells the server: a V2 notification with its nested payloads, or a fact from
/// another source (a device's StoreKit 2 transaction, a status refresh).
struct Delivery: Sendable, CustomStringConvertible {
    var label: String
    var payload: ResponseBodyV2DecodedPayload?
    var transaction: JWSTransactionDecodedPayload?
    var renewal: JWSRenewalInfoDecodedPayload?
    var direct: SubscriptionFact?

    var interpreted: NotificationFact? {
        payload.map { NotificationInterpreter.interpret($0, transaction: transaction, renewalInfo: renewal) }
    }

    /// The subscription fact this delivery carries (nil if it is not one).
    var fact: SubscriptionFact? {
        if let direct { return direct }
        if case .subscription(let fact)? = interpreted { return fact }
        return nil
    }

    var description: String { label }
}

/// A small App Store stand-in for one auto-renewable subscription: it keeps Apple's side of the
/// story (transactions, renewal preferences, billing standing) and produces Apple-shaped payloads.
struct SimulatedApple: Sendable {
    enum Standing: Equatable, Sendable { case none, active, grace, retry, expired, revoked }

    var originalTransactionId: String
    var environment: AppStoreEnvironment = .production
    var ownership: InAppOwnershipType = .purchased
    var now: Timestamp = Clock.day(0)
    var lastSigned = Timestamp(millisecondsSince1970: 0)
    var transactions: [String: JWSTransactionDecodedPayload] = [:]
    var currentId: String?
    var product: SimProduct = .plus
    var autoRenew = true
    var autoRenewProduct: SimProduct?
    var standing: Standing = .none
    var graceEnd: Timestamp?
    var expirationIntent: ExpirationIntent?
    var priceIncreaseStatus: PriceIncreaseStatus?
    var renewalPrice: Int64?
    var pendingOffer: SimOffer?
    /// The 12-month commitment of a subscription billed monthly.
    var commitment: Commitment?
    /// Every `webOrderLineItemId` issued, in order.
    var periods: [String] = []
    private var counter = 0
    private let serial: Int64

    init(originalTransactionId: String = "2000000100000001", serial: Int64 = 1) {
        self.originalTransactionId = originalTransactionId
        self.serial = serial
    }

    var current: JWSTransactionDecodedPayload? { currentId.flatMap { transactions[$0] } }
    var periodEnd: Timestamp? { current?.expiresDate }
    var statusValue: SubscriptionStatus {
        switch standing {
        case .none, .active: .active
        case .grace: .billingGracePeriod
        case .retry: .billingRetry
        case .expired: .expired
        case .revoked: .revoked
        }
    }

    // MARK: clock

    mutating func advance(days: Double) { now = now.adding(milliseconds: Int64(days * Double(Clock.day))) }
    mutating func advance(milliseconds: Int64) { now = now.adding(milliseconds: milliseconds) }
    mutating func advanceToPeriodEnd() { if let end = periodEnd, end > now { now = end } }

    private mutating func sign() -> Timestamp {
        lastSigned = max(now, lastSigned.adding(milliseconds: 1_000))
        return lastSigned
    }

    private mutating func nextIdentifier(_ base: Int64) -> String {
        counter += 1
        return String(base + serial * 1_000_000 + Int64(counter))
    }

    struct Commitment: Hashable, Sendable {
        var period: Int32 = 1
        var total: Int32 = 12
        var expires: Timestamp
        var renews = true
    }

    // MARK: payloads

    func renewalInfo(signed: Timestamp) -> JWSRenewalInfoDecodedPayload {
        JWSRenewalInfoDecodedPayload(
            originalTransactionId: originalTransactionId, productId: product.id,
            autoRenewProductId: (autoRenewProduct ?? product).id, autoRenewStatus: autoRenew ? .on : .off,
            expirationIntent: expirationIntent, gracePeriodExpiresDate: graceEnd,
            isInBillingRetryPeriod: standing == .grace || standing == .retry ? true : (standing == .expired ? false : nil),
            offerIdentifier: pendingOffer?.identifier, offerType: pendingOffer?.type,
            offerDiscountType: pendingOffer?.discount, priceIncreaseStatus: priceIncreaseStatus, signedDate: signed,
            environment: environment, recentSubscriptionStartDate: current?.originalPurchaseDate, renewalDate: periodEnd,
            renewalPrice: renewalPrice ?? (autoRenewProduct ?? product).price, currency: "USD",
            renewalBillingPlanType: commitment == nil ? nil : .monthly,
            commitmentInfo: commitment.map {
                RenewalCommitmentInfo(
                    commitmentAutoRenewProductId: (autoRenewProduct ?? product).id,
                    commitmentAutoRenewStatus: $0.renews ? .on : .off, commitmentRenewalBillingPlanType: .monthly,
                    commitmentRenewalDate: $0.expires, commitmentRenewalPrice: product.price * Int64($0.total))
            })
    }

    /// A V2 notification about the subscription now, carrying `transaction` (default: the current one).
    mutating func notify(
        _ type: NotificationTypeV2, _ subtype: NotificationSubtype? = nil,
        transaction: JWSTransactionDecodedPayload? = nil, label: String? = nil
    ) -> Delivery {
        let signed = sign()
        var carried = transaction ?? current
        carried?.signedDate = signed
        return Delivery(
            label: label ?? (type.rawValue + (subtype.map { "/" + $0.rawValue } ?? "")),
            payload: ResponseBodyV2DecodedPayload(
                notificationType: type, subtype: subtype, notificationUUID: UUID().uuidString.lowercased(),
                data: NotificationData(
                    appAppleId: 1_234_567_890, bundleId: "com.example.app", bundleVersion: "42", environment: environment,
                    signedTransactionInfo: carried == nil ? nil : "<verified>", signedRenewalInfo: "<verified>",
                    status: statusValue),
                version: "2.0", signedDate: signed),
            transaction: carried, renewal: renewalInfo(signed: signed))
    }

    private mutating func newTransaction(
        product: SimProduct, offer: SimOffer?, start: Timestamp, expires: Timestamp? = nil, reason: TransactionReason
    ) -> JWSTransactionDecodedPayload {
        let id = nextIdentifier(2_000_000_900_000_000)
        let wolid = nextIdentifier(1_000_000_000_000_000)
        periods.append(wolid)
        let days = offer?.days ?? product.days
        let transaction = JWSTransactionDecodedPayload(
            transactionId: id, originalTransactionId: originalTransactionId, webOrderLineItemId: wolid,
            bundleId: "com.example.app", productId: product.id, subscriptionGroupIdentifier: "21000001",
            purchaseDate: start, originalPurchaseDate: transactions.isEmpty ? start : current?.originalPurchaseDate,
            expiresDate: expires ?? start.adding(milliseconds: days * Clock.day), quantity: 1,
            type: .autoRenewableSubscription, inAppOwnershipType: ownership, signedDate: start,
            offerType: offer?.type, offerIdentifier: offer?.identifier, offerDiscountType: offer?.discount,
            offerPeriod: offer?.days.map { "P\($0)D" }, environment: environment, storefront: "USA",
            storefrontId: "143441", transactionReason: reason, price: offer?.price ?? product.price, currency: "USD",
            billingPlanType: commitment == nil ? nil : .monthly,
            commitmentInfo: commitment.map {
                TransactionCommitmentInfo(
                    billingPeriodNumber: $0.period, totalBillingPeriods: $0.total, commitmentExpiresDate: $0.expires,
                    commitmentPrice: product.price * Int64($0.total))
            })
        transactions[id] = transaction
        currentId = id
        self.product = product
        return transaction
    }

    /// Applies `change` to every transaction of the period `transactionId` pays for (a restore
    /// re-issues the period under another transaction ID; Apple keeps both in step).
    private mutating func updatePeriod(of transactionId: String, _ change: (inout JWSTransactionDecodedPayload) -> Void) {
        let wolid = transactions[transactionId]?.webOrderLineItemId
        for id in transactions.keys where id == transactionId || (wolid != nil && transactions[id]?.webOrderLineItemId == wolid) {
            if var transaction = transactions[id] {
                change(&transaction)
                transactions[id] = transaction
            }
        }
    }

    /// Whether `transactionId` pays for the current period.
    func isCurrentPeriod(_ transactionId: String) -> Bool {
        guard let wolid = transactions[transactionId]?.webOrderLineItemId else { return transactionId == currentId }
        return wolid == current?.webOrderLineItemId
    }

    // MARK: events

    /// SUBSCRIBED (INITIAL_BUY or RESUBSCRIBE).
    mutating func subscribe(_ product: SimProduct, offer: SimOffer? = nil) -> Delivery {
        let subtype: NotificationSubtype = transactions.isEmpty ? .initialBuy : .resubscribe
        let transaction = newTransaction(product: product, offer: offer, start: now, reason: .purchase)
        standing = .active
        autoRenew = true
        autoRenewProduct = nil
        graceEnd = nil
        expirationIntent = nil
        priceIncreaseStatus = nil
        renewalPrice = nil
        return notify(.subscribed, subtype, transaction: transaction)
    }

    /// DID_RENEW at the period's end (BILLING_RECOVERY when recovering from a billing failure).
    mutating func renew(offer: SimOffer? = nil) -> Delivery {
        let recovering = standing == .grace || standing == .retry
        if !recovering { advanceToPeriodEnd() }
        let next = autoRenewProduct ?? product
        if var commitment {
            // A recovery moves the commitment's end by the delay; after the last billing a new
            // commitment begins.
            if recovering, let end = periodEnd {
                commitment.expires = commitment.expires.adding(milliseconds: now.millisecondsSince1970 - end.millisecondsSince1970)
            }
            if commitment.period >= commitment.total {
                commitment = Commitment(expires: now.adding(milliseconds: 365 * Clock.day))
            } else {
                commitment.period += 1
            }
            self.commitment = commitment
        }
        let transaction = newTransaction(
            product: next, offer: offer ?? pendingOffer, start: now, reason: .renewal)
        let id = transaction.transactionId ?? ""
        standing = .active
        autoRenewProduct = nil
        graceEnd = nil
        expirationIntent = nil
        pendingOffer = nil
        if priceIncreaseStatus == .consentedOrNotified, let price = renewalPrice {
            transactions[id]?.price = price
        }
        priceIncreaseStatus = nil
        renewalPrice = nil
        return notify(.didRenew, recovering ? .billingRecovery : nil, transaction: transactions[id])
    }

    /// DID_FAIL_TO_RENEW at the period's end, with a 16-day grace period or none.
    mutating func failToRenew(grace: Bool) -> Delivery {
        advanceToPeriodEnd()
        standing = grace ? .grace : .retry
        graceEnd = grace ? now.adding(milliseconds: 16 * Clock.day) : nil
        return notify(.didFailToRenew, grace ? .gracePeriod : nil)
    }

    /// GRACE_PERIOD_EXPIRED.
    mutating func expireGracePeriod() -> Delivery {
        if let graceEnd, graceEnd > now { now = graceEnd }
        standing = .retry
        return notify(.gracePeriodExpired)
    }

    /// EXPIRED with the subtype matching `intent`.
    mutating func expire(_ intent: ExpirationIntent) -> Delivery {
        if standing == .active { advanceToPeriodEnd() }
        standing = .expired
        expirationIntent = intent
        graceEnd = nil
        let subtype: NotificationSubtype? =
            switch intent {
            case .customerCancelled: .voluntary
            case .billingError: .billingRetry
            case .didNotConsentToPriceIncrease: .priceIncrease
            case .productNotAvailable: .productNotForSale
            default: nil
            }
        if intent != .customerCancelled { autoRenew = false }
        return notify(.expired, subtype)
    }

    /// Subscribes to `product`'s monthly plan with a 12-month commitment.
    mutating func subscribeWithCommitment(_ product: SimProduct = .plusYearlyMonthly) -> Delivery {
        commitment = Commitment(expires: now.adding(milliseconds: 365 * Clock.day))
        return subscribe(product)
    }

    /// The customer cancels under a commitment: only the commitment's renewal turns off
    /// (`DID_CHANGE_RENEWAL_STATUS`/`AUTO_RENEW_DISABLED`); `autoRenewStatus` stays on.
    mutating func cancelCommitment() -> Delivery {
        commitment?.renews = false
        return notify(.didChangeRenewalStatus, .autoRenewDisabled)
    }

    /// DID_CHANGE_RENEWAL_STATUS.
    mutating func setAutoRenew(_ on: Bool) -> Delivery {
        autoRenew = on
        return notify(.didChangeRenewalStatus, on ? .autoRenewEnabled : .autoRenewDisabled)
    }

    /// DID_CHANGE_RENEWAL_PREF/UPGRADE (or OFFER_REDEEMED/UPGRADE with an offer): a new period of
    /// `product` at once; Apple marks the old transaction upgraded (`markOld`) with a revocation date.
    mutating func upgrade(to product: SimProduct, offer: SimOffer? = nil, markOld: Bool = true) -> Delivery {
        if markOld, let old = currentId {
            let at = now
            updatePeriod(of: old) {
                $0.isUpgraded = true
                $0.revocationDate = at
            }
        }
        let transaction = newTransaction(product: product, offer: offer, start: now, reason: .purchase)
        autoRenewProduct = nil
        return notify(offer == nil ? .didChangeRenewalPref : .offerRedeemed, .upgrade, transaction: transaction)
    }

    /// DID_CHANGE_RENEWAL_PREF/DOWNGRADE (or OFFER_REDEEMED/DOWNGRADE with an offer).
    mutating func scheduleChange(to product: SimProduct, offer: SimOffer? = nil) -> Delivery {
        autoRenewProduct = product
        pendingOffer = offer
        return notify(offer == nil ? .didChangeRenewalPref : .offerRedeemed, .downgrade)
    }

    /// DID_CHANGE_RENEWAL_PREF without subtype: back to the current product.
    mutating func cancelScheduledChange() -> Delivery {
        autoRenewProduct = nil
        return notify(.didChangeRenewalPref)
    }

    /// OFFER_REDEEMED without subtype: an offer for the current product from the next renewal.
    mutating func redeemOffer(_ offer: SimOffer) -> Delivery {
        pendingOffer = offer
        return notify(.offerRedeemed)
    }

    /// PRICE_INCREASE (PENDING or ACCEPTED).
    mutating func priceIncrease(_ status: PriceIncreaseStatus, price: Int64) -> Delivery {
        priceIncreaseStatus = status
        renewalPrice = price
        return notify(.priceIncrease, status == .notResponded ? .pending : .accepted)
    }

    /// RENEWAL_EXTENDED: the current period's expiry moves `days` later.
    mutating func extend(days: Int64) -> Delivery {
        if let id = currentId, let expires = transactions[id]?.expiresDate {
            updatePeriod(of: id) { $0.expiresDate = expires.adding(milliseconds: days * Clock.day) }
        }
        return notify(.renewalExtended)
    }

    /// REFUND of one transaction (default: the current one).
    mutating func refund(_ transactionId: String? = nil, reason: RevocationReason = .other) -> Delivery {
        guard let id = transactionId ?? currentId else { return notify(.refund) }
        let at = now
        updatePeriod(of: id) {
            $0.revocationDate = at
            $0.revocationReason = reason
            $0.revocationType = .refundFull
            $0.revocationPercentage = 100_000
        }
        if isCurrentPeriod(id) {
            standing = .revoked
            autoRenew = false
        }
        return notify(.refund, transaction: transactions[id])
    }

    /// REFUND_REVERSED of a refunded transaction.
    mutating func reverseRefund(_ transactionId: String) -> Delivery {
        updatePeriod(of: transactionId) {
            $0.revocationDate = nil
            $0.revocationReason = nil
            $0.revocationType = nil
            $0.revocationPercentage = nil
        }
        if isCurrentPeriod(transactionId), standing == .revoked {
            standing = (periodEnd.map { now < $0 } ?? false) ? .active : .expired
        }
        return notify(.refundReversed, transaction: transactions[transactionId])
    }

    /// REFUND_DECLINED of a transaction.
    mutating func declineRefund(_ transactionId: String) -> Delivery {
        notify(.refundDeclined, transaction: transactions[transactionId])
    }

    /// REVOKE: the purchaser stopped sharing (family-shared subscriptions).
    mutating func familyRevoke() -> Delivery {
        guard let id = currentId else { return notify(.revoke) }
        let at = now
        updatePeriod(of: id) {
            $0.revocationDate = at
            $0.revocationReason = .other
            $0.revocationType = .familyRevoke
        }
        standing = .revoked
        autoRenew = false
        return notify(.revoke, transaction: transactions[id])
    }

    /// A device restore: the current period re-issued under a new transaction ID (seeds/003),
    /// as the app submits it from StoreKit.
    mutating func restore() -> Delivery {
        guard var restored = current else { return Delivery(label: "restore (nothing)") }
        let signed = sign()
        let id = nextIdentifier(2_000_000_900_000_000)
        restored.transactionId = id
        restored.signedDate = signed
        transactions[id] = restored
        let fact = try? AppleTransaction(restored, source: .storeKit2)
        return Delivery(
            label: "restore",
            direct: fact.map {
                SubscriptionFact(
                    environment: environment, originalTransactionId: originalTransactionId, signedDate: signed,
                    transaction: $0, source: .storeKit2)
            })
    }

    /// Get All Subscription Statuses now; `tie` signs it with the previous fact's `signedDate`.
    mutating func statusRefresh(tie: Bool = false) -> Delivery {
        let signed = tie ? lastSigned : sign()
        var transaction = current
        transaction?.signedDate = signed
        let fact = try? SubscriptionFact.statusRefresh(
            status: statusValue, transaction: transaction, renewalInfo: renewalInfo(signed: signed))
        return Delivery(label: tie ? "status refresh (tie)" : "status refresh", direct: fact)
    }

    /// One transaction as Get Transaction History returns it now.
    mutating func history(_ transactionId: String) -> Delivery {
        let signed = sign()
        guard var transaction = transactions[transactionId] else { return Delivery(label: "history (nothing)") }
        transaction.signedDate = signed
        let fact = try? AppleTransaction(transaction, source: .serverAPI)
        return Delivery(
            label: "history",
            direct: fact.map {
                SubscriptionFact(
                    environment: environment, originalTransactionId: originalTransactionId, signedDate: signed,
                    transaction: $0, source: .serverAPI)
            })
    }
}
