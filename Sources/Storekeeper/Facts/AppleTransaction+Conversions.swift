public import AppStoreModels

/// Why an Apple payload cannot become a transaction fact.
public struct FactError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension AppleTransaction {
    /// From a verified StoreKit 2 / Server API / notification transaction.
    public init(_ payload: JWSTransactionDecodedPayload, source: FactSource) throws(FactError) {
        guard let transactionId = payload.transactionId, !transactionId.isEmpty else {
            throw FactError("transaction has no transactionId")
        }
        guard let productId = payload.productId, let purchaseDate = payload.purchaseDate,
            let environment = payload.environment, let signedDate = payload.signedDate
        else { throw FactError("transaction \(transactionId) lacks productId, purchaseDate, environment or signedDate") }
        self.init(
            environment: environment, transactionId: transactionId,
            originalTransactionId: payload.originalTransactionId ?? transactionId,
            webOrderLineItemId: payload.webOrderLineItemId, productId: productId, productType: payload.type,
            subscriptionGroupIdentifier: payload.subscriptionGroupIdentifier, purchaseDate: purchaseDate,
            originalPurchaseDate: payload.originalPurchaseDate, expiresDate: payload.expiresDate,
            quantity: Int(payload.quantity ?? 1), appAccountToken: payload.appAccountToken,
            ownership: payload.inAppOwnershipType, revocationDate: payload.revocationDate,
            revocationReason: payload.revocationReason, isUpgraded: payload.isUpgraded ?? false,
            offerType: payload.offerType, offerIdentifier: payload.offerIdentifier,
            offerDiscountType: payload.offerDiscountType, offerPeriod: payload.offerPeriod, price: payload.price,
            currency: payload.currency, storefront: payload.storefront, transactionReason: payload.transactionReason,
            appTransactionId: payload.appTransactionId, multiSeatInfo: payload.multiSeatInfo,
            additionalTransactionReason: payload.additionalTransactionReason, billingPlanType: payload.billingPlanType,
            commitmentInfo: payload.commitmentInfo, signedDate: signedDate, source: source)
    }

    /// From a `verifyReceipt` / V1 notification receipt record. Legacy records carry no
    /// signing date; `signedDate` is when the receipt was produced (its request or creation date).
    public init(
        _ record: ReceiptTransactionInfo, environment: AppStoreEnvironment, signedDate: Timestamp, source: FactSource
    ) throws(FactError) {
        guard let transactionId = record.transactionId, !transactionId.isEmpty, let productId = record.productId,
            let purchaseDate = record.purchaseTimestamp
        else { throw FactError("receipt record lacks transaction_id, product_id or purchase date") }
        var offerType: OfferType?
        if record.isTrialPeriod?.value == true || record.isInIntroOfferPeriod?.value == true {
            offerType = .introductoryOffer
        } else if record.promotionalOfferId != nil {
            offerType = .promotionalOffer
        } else if record.offerCodeRefName != nil {
            offerType = .offerCode
        }
        self.init(
            environment: environment, transactionId: transactionId,
            originalTransactionId: record.originalTransactionId ?? transactionId,
            webOrderLineItemId: record.webOrderLineItemId, productId: productId,
            subscriptionGroupIdentifier: record.subscriptionGroupIdentifier, purchaseDate: purchaseDate,
            originalPurchaseDate: record.originalPurchaseTimestamp, expiresDate: record.expiresTimestamp,
            quantity: Int(record.quantity?.value ?? 1), appAccountToken: record.appAccountToken,
            ownership: record.inAppOwnershipType, revocationDate: record.cancellationTimestamp,
            revocationReason: record.revocationReason, isUpgraded: record.isUpgraded?.value ?? false,
            offerType: offerType,
            offerIdentifier: record.promotionalOfferId ?? record.offerCodeRefName,
            signedDate: signedDate, source: source)
    }

    /// From an in-app purchase of a locally verified app receipt.
    public init(
        _ purchase: AppReceiptInAppPurchase, environment: AppStoreEnvironment, receiptCreationDate: Timestamp
    ) throws(FactError) {
        guard let transactionId = purchase.transactionId, !transactionId.isEmpty,
            let productId = purchase.productId, let purchaseDate = purchase.purchaseDate
        else { throw FactError("receipt in-app purchase lacks transaction id, product id or purchase date") }
        var offerType: OfferType?
        if purchase.isTrialPeriod == true || purchase.isInIntroOfferPeriod == true {
            offerType = .introductoryOffer
        } else if purchase.promotionalOfferId != nil {
            offerType = .promotionalOffer
        }
        self.init(
            environment: environment, transactionId: transactionId,
            originalTransactionId: purchase.originalTransactionId ?? transactionId,
            webOrderLineItemId: purchase.webOrderLineItemId.flatMap { $0 == 0 ? nil : String($0) },
            productId: productId, purchaseDate: purchaseDate, originalPurchaseDate: purchase.originalPurchaseDate,
            expiresDate: purchase.expiresDate, quantity: Int(purchase.quantity ?? 1),
            revocationDate: purchase.cancellationDate, offerType: offerType,
            offerIdentifier: purchase.promotionalOfferId, signedDate: receiptCreationDate, source: .appReceipt)
    }
}

extension AppleTransaction {
    /// From an iOS 6-style transaction receipt as `verifyReceipt` decoded it.
    public init(
        _ receipt: LegacyTransactionReceipt, environment: AppStoreEnvironment, signedDate: Timestamp, source: FactSource
    ) throws(FactError) {
        guard let transactionId = receipt.transactionId, !transactionId.isEmpty, let productId = receipt.productId,
            let purchaseDate = receipt.purchaseTimestamp
        else { throw FactError("transaction receipt lacks transaction-id, product-id or purchase date") }
        self.init(
            environment: environment, transactionId: transactionId,
            originalTransactionId: receipt.originalTransactionId ?? transactionId,
            webOrderLineItemId: receipt.webOrderLineItemId, productId: productId, purchaseDate: purchaseDate,
            originalPurchaseDate: receipt.originalPurchaseDateMs?.timestamp ?? receipt.originalPurchaseDate?.timestamp,
            expiresDate: receipt.expiresTimestamp, quantity: Int(receipt.quantity?.value ?? 1),
            revocationDate: receipt.cancellationTimestamp,
            offerType: receipt.isTrialPeriod?.value == true || receipt.isInIntroOfferPeriod?.value == true ? .introductoryOffer : nil,
            signedDate: signedDate, source: source)
    }
}
