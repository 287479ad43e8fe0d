import AppStoreModels

extension NotificationFact {
    /// What Storekeeper does with the notification, in one sentence for operators (an inbox
    /// entry's detail): applied to what, recorded and deliberately left alone (and why), or
    /// recorded without being interpreted (and why).
    public var handling: String {
        switch self {
        case .subscription(let fact):
            if let type = fact.notification?.type, Self.advancedCommerceTypes.contains(type) {
                return "Advanced Commerce API change (\(type.canonical.rawValue)): the transaction and renewal info it "
                    + "carries are applied to subscription \(fact.originalTransactionId) like any subscription's "
                    + "(period, access, renewal price); Storekeeper does not call the Advanced Commerce API itself"
            }
            return "applied to subscription \(fact.originalTransactionId)"
        case .oneTimePurchase(let purchase):
            return purchase.event == .refundDeclined
                ? "recorded on the customer's timeline (refund declined); nothing changes"
                : "applied to purchase \(purchase.transaction.transactionId) (\(purchase.event.rawValue))"
        case .consumptionRequest(let request):
            return "applied to purchase \(request.transaction.transactionId); consumption data is sent to Apple "
                + "through the outbox when the customer consented"
        case .renewalExtension(let extensionFact):
            return extensionFact.subscription.map { "the extension failed for subscription \($0.originalTransactionId): applied" }
                ?? "the renewal-date extension for all subscribers completed: recorded (request "
                + "\(extensionFact.requestIdentifier ?? "unknown"))"
        case .externalPurchaseToken(let token):
            return Self.externalPurchaseTokenHandling(token)
        case .consentRescinded(let consent):
            let account = consent.appTransactionId.map { "Apple account (appTransactionId) \($0)" } ?? "an Apple account"
            return "recorded: a parent or guardian withdrew consent for \(account); Storekeeper keeps no consent "
                + "state and changes no purchase — the app's backend ends the child's use (search customers by "
                + "the appTransactionId to find theirs)"
        case .test:
            return "Apple's test notification: the endpoint works; nothing to apply"
        case .ignored(let ignored):
            return "recorded, not applied: " + ignored.reason.description
        }
    }

    /// The Advanced Commerce API's types about a subscription.
    static let advancedCommerceTypes: Set<NotificationTypeV2> = [.metadataUpdate, .migration, .priceChange]

    private static func externalPurchaseTokenHandling(_ fact: ExternalPurchaseTokenFact) -> String {
        let what =
            switch fact.subtype {
            case .unreported?: "Apple has received no report for external purchase token"
            case .created?: "Apple created custom link token"
            case .activeTokenReminder?: "Apple reminds that custom link token is still active:"
            default: "external purchase token"
            }
        return "recorded, deliberately not acted on: \(what) \(fact.token.externalPurchaseId). Storekeeper runs "
            + "In-App Purchase only and sends no External Purchase Server API reports; report the token from the "
            + "system that handled the external purchase"
    }
}

extension IgnoredNotification.Reason: CustomStringConvertible {
    /// The reason as operators read it.
    public var description: String {
        switch self {
        case .unknownType: "a notification type Storekeeper does not know (Apple added it later)"
        case .missingType: "the payload has no notificationType"
        case .missingSignedDate: "no signedDate, so it cannot be ordered"
        case .missingData(let part): "\(part) is missing"
        case .invalidPayload(let reason): "the payload could not become a fact: \(reason)"
        case .unexpectedProductType(let type): "the type does not apply to a \(type?.rawValue ?? "product without a type")"
        }
    }
}
