public import AppStoreModels
public import AppStoreVerification
public import Foundation

/// A customer buying a product, as StoreKit would submit it.
public struct PurchaseRequest: Hashable, Sendable, Codable {
    public var accountId: String
    public var bundleId: String
    public var productId: String
    /// Consumables only.
    public var quantity: Int32?
    /// Passed through to the transaction (`appAccountToken`).
    public var appAccountToken: UUID?
    /// Overrides the account's storefront.
    public var storefront: String?
    public var offer: PurchaseOffer?
    /// Auto-renewable subscriptions bought as a multiseat (group) purchase: the number of seats.
    public var seats: Int32?
    /// Who hosts a multiseat purchase's invitations (Apple unless said otherwise).
    public var invitationManagement: InvitationManagement?
    /// `MONTHLY` buys the product's monthly plan with a 12-month commitment (StoreKit's
    /// `billingPlanType(.monthly)` purchase option); absent or `BILLED_UPFRONT`, the whole period.
    public var billingPlanType: BillingPlanType?

    public init(
        accountId: String, bundleId: String, productId: String, quantity: Int32? = nil, appAccountToken: UUID? = nil,
        storefront: String? = nil, offer: PurchaseOffer? = nil, seats: Int32? = nil,
        invitationManagement: InvitationManagement? = nil, billingPlanType: BillingPlanType? = nil
    ) {
        self.accountId = accountId
        self.bundleId = bundleId
        self.productId = productId
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.storefront = storefront
        self.offer = offer
        self.seats = seats
        self.invitationManagement = invitationManagement
        self.billingPlanType = billingPlanType
    }
}

/// The subscription offer a purchase asks for, with what authorizes it.
public struct PurchaseOffer: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case introductory
        case promotional
        case offerCode
        case winBack
    }

    public var kind: Kind
    /// Promotional and win-back offers: the offer identifier.
    public var offerId: String?
    /// Offer codes: the code the customer entered.
    public var code: String?
    /// Promotional offers, legacy style: the signature the app's server made.
    public var signature: PromotionalOfferSigner.LegacySignature?
    /// The `applicationUsername` the legacy signature covers; defaults to the lowercased
    /// `appAccountToken`, or empty.
    public var applicationUsername: String?
    /// Promotional offers, JWS style (`aud` `promotional-offer`); introductory offers: an
    /// eligibility JWS (`aud` `introductory-offer-eligibility`) that overrides the App Store's
    /// own eligibility check.
    public var jws: String?

    public init(
        kind: Kind, offerId: String? = nil, code: String? = nil,
        signature: PromotionalOfferSigner.LegacySignature? = nil, applicationUsername: String? = nil, jws: String? = nil
    ) {
        self.kind = kind
        self.offerId = offerId
        self.code = code
        self.signature = signature
        self.applicationUsername = applicationUsername
        self.jws = jws
    }
}

/// What a purchase produced: the transaction StoreKit hands the app (signed and decoded) and the
/// notification the App Store sent about it.
public struct PurchaseResult: Hashable, Sendable, Codable {
    public var transaction: JWSTransactionDecodedPayload
    public var signedTransaction: String
    public var notificationType: NotificationTypeV2?
    public var subtype: NotificationSubtype?
    /// Family Sharing members' transactions created by the purchase.
    public var familyTransactionIds: [String]

    public init(
        transaction: JWSTransactionDecodedPayload, signedTransaction: String, notificationType: NotificationTypeV2?,
        subtype: NotificationSubtype?, familyTransactionIds: [String] = []
    ) {
        self.transaction = transaction
        self.signedTransaction = signedTransaction
        self.notificationType = notificationType
        self.subtype = subtype
        self.familyTransactionIds = familyTransactionIds
    }
}
