public import Foundation

/// The query of Get All Subscription Statuses (`GET /inApps/v1/subscriptions/{transactionId}`):
/// the optional `status` filter, repeated once per status.
public struct AllSubscriptionStatusesRequest: Hashable, Sendable, Codable {
    /// Only subscriptions with one of these statuses; `nil` for all.
    public var status: [SubscriptionStatus]?

    /// Creates a query; `nil` requests every subscription.
    public init(status: [SubscriptionStatus]? = nil) {
        self.status = status
    }

    /// The query items in Apple's parameter name (`status=1&status=4`).
    public var queryItems: [URLQueryItem] {
        (status ?? []).map { URLQueryItem(name: "status", value: String($0.rawValue)) }
    }

    /// Parses query items, rejecting a status Apple does not document with
    /// ``APIErrorCode/invalidStatus``. Unknown parameter names are ignored.
    public init(queryItems: [URLQueryItem]) throws(APIRequestError) {
        self.init()
        for item in queryItems where item.name == "status" {
            let value = item.value ?? ""
            guard let raw = Int32(value), SubscriptionStatus(rawValue: raw).isKnown else {
                throw APIRequestError(.invalidStatus, reason: "Invalid status \(LenientDecoding.preview(value)).")
            }
            status = (status ?? []) + [SubscriptionStatus(rawValue: raw)]
        }
    }
}
