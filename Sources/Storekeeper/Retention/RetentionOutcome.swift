public import AppStoreModels

/// What a customer did after a retention answer, attributed from the notifications that follow:
/// an `OFFER_REDEEMED` of the answered offer is `redeemed`, a renewal preference changed to the
/// answered plan is `switched`, auto-renew turned off is `cancelled`; none of those within the
/// attribution window is `stayed` (counted when the window has passed, never stored).
public struct RetentionOutcome: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let stayed = RetentionOutcome(rawValue: "stayed")
    public static let switched = RetentionOutcome(rawValue: "switched")
    public static let redeemed = RetentionOutcome(rawValue: "redeemed")
    public static let cancelled = RetentionOutcome(rawValue: "cancelled")

    public static let all: [RetentionOutcome] = [.stayed, .switched, .redeemed, .cancelled]

    /// How long after an answer a notification is still attributed to it (and after which an
    /// answer without one counts as `stayed`): 7 days.
    public static let attributionWindowMilliseconds: Int64 = 7 * 86_400_000

    /// The outcome a notification shows for an answered request, if it shows one.
    ///
    /// - Parameters:
    ///   - answerKind, offerId, alternateProductId: what was answered.
    ///   - type, subtype: the notification's.
    ///   - offerIdentifier: the offer the notification's renewal info or transaction names.
    ///   - autoRenewProductId: the plan the subscription renews into after the notification.
    public static func attribute(
        answerKind: RetentionAnswerTemplate.Kind, offerId: String?, alternateProductId: String?,
        type: NotificationTypeV2, subtype: NotificationSubtype?, offerIdentifier: String?, autoRenewProductId: String?
    ) -> RetentionOutcome? {
        if type == .offerRedeemed, answerKind == .promotionalOffer, let offerId, offerIdentifier == offerId {
            return .redeemed
        }
        if type == .didChangeRenewalPref || type == .offerRedeemed, answerKind == .alternateProduct,
            let alternateProductId, autoRenewProductId == alternateProductId
        {
            return .switched
        }
        if type == .didChangeRenewalStatus, subtype == .autoRenewDisabled { return .cancelled }
        return nil
    }
}
