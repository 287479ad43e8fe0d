import AppStoreModels
package import Storekeeper
import StorekeeperAPIModels

// How the app API's wire models (`StorekeeperAPIModels`) meet the domain: answers built from
// domain values, and request fields read into domain values.

extension OrderBody {
    package init(_ order: Order) {
        self.init(
            id: order.id, customerId: order.customerId.rawValue, productId: order.productId, quantity: order.quantity,
            state: order.state.rawValue, appAccountToken: order.appAccountToken, createdAt: order.createdAt.millisecondsSince1970,
            updatedAt: order.updatedAt.millisecondsSince1970, expiresAt: order.expiresAt.millisecondsSince1970,
            environment: order.environment?.rawValue, transactionId: order.transactionId, bonusCurrency: order.bonusCurrency,
            bonusAmount: order.bonusAmount)
    }
}

extension SubmitPurchaseRequest {
    /// Exactly one proof.
    package func proof() throws -> PurchaseService.Proof {
        switch (signedTransaction, appReceipt, transactionReceipt) {
        case (let jws?, nil, nil): return .signedTransaction(jws)
        case (nil, let receipt?, nil): return .appReceipt(receipt)
        case (nil, nil, let receipt?): return .transactionReceipt(receipt)
        default:
            throw StorekeeperError.invalidRequest("give exactly one of signedTransaction, appReceipt, transactionReceipt")
        }
    }
}

extension CustomerID {
    /// The customer id a request body's `field` names, in the asking app's space. A malformed id
    /// is refused as a malformed field is (``JSONBody/decode(_:_:limit:)``).
    package init(requested text: String, field: String, in space: CustomerSpace) throws {
        guard let id = CustomerID(text, in: space) else { throw StorekeeperError.invalidRequest("invalid field \(field)") }
        self = id
    }
}

extension OfferSummaryResponse {
    package init(_ summary: OfferService.Summary) {
        self.init(
            redemptions: summary.redemptions.map {
                Redemption(
                    type: $0.type, identifier: $0.identifier, productId: $0.productId, transactionId: $0.transactionId,
                    environment: $0.environment.rawValue, redeemedAt: $0.redeemedAt.millisecondsSince1970)
            },
            introductory: summary.introductory.map(IntroEligibility.init))
    }
}

extension IntroEligibility {
    package init(_ eligibility: OfferRules.IntroEligibility) {
        self.init(productId: eligibility.productId, group: eligibility.group, eligible: eligibility.eligible, reason: eligibility.reason)
    }
}

extension IntroDecisionResponse {
    package init(_ decision: OfferService.IntroDecision) {
        self.init(eligibility: IntroEligibility(decision.eligibility), signature: decision.signature)
    }
}

extension PromotionalSignatureResponse {
    package init(_ signature: OfferService.PromotionalSignature) {
        self.init(
            productId: signature.productId, offerId: signature.offerId,
            legacy: signature.legacy.map {
                Legacy(keyIdentifier: $0.keyIdentifier, nonce: $0.nonce, timestamp: $0.timestamp, signature: $0.signature)
            }, jws: signature.jws)
    }
}

extension CustomerBody {
    /// The domain's customer view as the answers that embed it show it (`GET .../customers/{id}`
    /// answers the view itself, written by its own JSON writer; both spell the same JSON).
    package init(_ view: CustomerView) {
        self.init(
            customerId: view.customerId.rawValue, createdAt: view.createdAt?.millisecondsSince1970,
            entitlements: view.entitlements.map {
                Entitlement(
                    id: $0.id, isActive: $0.isActive, expiresAt: $0.expiresAt?.millisecondsSince1970, productId: $0.productId,
                    source: $0.source, environment: $0.environment.rawValue)
            },
            subscriptions: view.subscriptions.map {
                Subscription(
                    originalTransactionId: $0.originalTransactionId, environment: $0.environment.rawValue, productId: $0.productId,
                    group: $0.group, phase: $0.phase, expiresAt: $0.expiresAt?.millisecondsSince1970,
                    autoRenewStatus: $0.autoRenewStatus, autoRenewProductId: $0.autoRenewProductId,
                    commitment: $0.commitment.map(CommitmentBody.init))
            },
            balances: view.balances,
            purchases: view.purchases.map {
                Purchase(
                    transactionId: $0.transactionId, originalTransactionId: $0.originalTransactionId,
                    environment: $0.environment.rawValue, productId: $0.productId, quantity: $0.quantity,
                    purchaseDate: $0.purchaseDate.millisecondsSince1970, expiresDate: $0.expiresDate?.millisecondsSince1970,
                    revocationDate: $0.revocationDate?.millisecondsSince1970, revocationReason: $0.revocationReason?.rawValue,
                    isUpgraded: $0.isUpgraded, price: $0.price, currency: $0.currency, orderId: $0.orderId)
            })
    }
}
