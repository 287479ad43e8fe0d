import AppStoreModels
package import Storekeeper
import StorekeeperAPIModels

// How the customer bodies of the admin API (`StorekeeperAPIModels`: record, search, timeline)
// are built from the domain's facts: identifiers as the app names them, times in milliseconds,
// Apple's open enumerations as their raw values.

extension SearchMatchBody {
    package init(_ match: SearchMatch) {
        self.init(
            kind: match.kind.rawValue, customerId: match.customerId.rawValue, matched: match.matched,
            environment: match.environment?.rawValue, productId: match.productId)
    }
}

extension AdminInvoiceOrder {
    package init(_ order: Order) {
        self.init(
            id: order.id, customerId: order.customerId.rawValue, productId: order.productId, quantity: order.quantity,
            state: order.state.rawValue, transactionId: order.transactionId)
    }
}

extension OfferInfoBody {
    package init(_ offer: OfferInfo) {
        self.init(
            type: offer.type.rawValue, identifier: offer.identifier, discountType: offer.discountType?.rawValue, period: offer.period)
    }
}

extension RevocationInfoBody {
    package init(_ revocation: RevocationInfo) {
        self.init(kind: revocation.kind.rawValue, date: revocation.date.millisecondsSince1970, reason: revocation.reason?.rawValue)
    }
}

extension PaidPeriodBody {
    package init(_ period: PaidPeriod) {
        self.init(
            periodKey: period.periodKey, webOrderLineItemId: period.webOrderLineItemId, environment: period.environment.rawValue,
            originalTransactionId: period.originalTransactionId, transactionId: period.transactionId, productId: period.productId,
            subscriptionGroupIdentifier: period.subscriptionGroupIdentifier, purchaseDate: period.purchaseDate.millisecondsSince1970,
            expiresDate: period.expiresDate?.millisecondsSince1970, price: period.price, currency: period.currency,
            storefront: period.storefront, offer: period.offer.map(OfferInfoBody.init), ownership: period.ownership?.rawValue,
            appAccountToken: period.appAccountToken, revocation: period.revocation.map(RevocationInfoBody.init),
            billingPlanType: period.billingPlanType?.rawValue,
            billingPeriodNumber: period.commitmentInfo?.billingPeriodNumber.map(Int.init),
            accessEnd: period.accessEnd.millisecondsSince1970)
    }
}

extension CommitmentBody {
    /// What an app sees of a commitment (progress, end, renewal).
    package init(_ progress: CommitmentProgress) {
        self.init(
            billingPeriodNumber: progress.billingPeriodNumber, totalBillingPeriods: progress.totalBillingPeriods,
            expiresAt: progress.expiresAt?.millisecondsSince1970, autoRenewStatus: progress.autoRenewStatus)
    }

    /// What an operator sees of a commitment: the app's view, its price and what it renews into.
    package init(_ commitment: SubscriptionCommitment) {
        self.init(CommitmentProgress(commitment))
        price = commitment.price
        currency = commitment.currency
        autoRenewProductId = commitment.renewalProductId
        renewalPrice = commitment.renewalPrice
    }
}

extension RenewalInfoBody {
    package init(_ info: RenewalInfo) {
        self.init(
            environment: info.environment.rawValue, originalTransactionId: info.originalTransactionId, productId: info.productId,
            autoRenewProductId: info.autoRenewProductId, autoRenewEnabled: info.autoRenewEnabled,
            expirationIntent: info.expirationIntent?.rawValue, gracePeriodExpiresDate: info.gracePeriodExpiresDate?.millisecondsSince1970,
            isInBillingRetryPeriod: info.isInBillingRetryPeriod, priceIncreaseStatus: info.priceIncreaseStatus?.rawValue,
            offerType: info.offerType?.rawValue, offerIdentifier: info.offerIdentifier,
            renewalDate: info.renewalDate?.millisecondsSince1970, renewalPrice: info.renewalPrice, currency: info.currency,
            eligibleWinBackOfferIds: info.eligibleWinBackOfferIds, signedDate: info.signedDate.millisecondsSince1970,
            source: info.source.rawValue)
    }
}

extension AdminAuditEvent {
    package init(_ event: AuditEvent) {
        self.init(
            id: event.id, customerId: event.customerId?.rawValue, kind: event.kind, actor: event.actor.rawValue, subject: event.subject,
            fact: event.fact, details: event.details, appId: event.appId, reason: event.reason,
            createdAt: event.createdAt.millisecondsSince1970)
    }
}
