import AppStoreAPI
import AppStoreModels
import AppStoreVerification
import Foundation
import Storekeeper

/// The signed data behind a timeline entry: a notification's body as Apple posted it (kept in
/// the inbox), or a transaction's or renewal info's JWS — taken from the newest stored
/// notification of the customer that carried it, else asked from Apple now (Get Transaction Info,
/// Get All Subscription Statuses) when the app has a Server API key.
extension TimelineService {
    /// How many of the customer's notifications are searched for a signed transaction or renewal info.
    static let rawSearchLimit = 200

    func raw(_ customerId: CustomerID, entryId: String) async throws -> AdminTimelineRaw {
        let parts = entryId.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("notification", 2), ("notification", 3):
            let id = String(entryId.dropFirst("notification:".count))
            guard let stored = try await store.read({ try await $0.inboxNotification(id: id) }), stored.appId == app.id else {
                throw StorekeeperError.notFound("no notification \(id) for this app")
            }
            return AdminTimelineRaw(
                id: entryId, format: "notificationBody", origin: "inbox", notificationId: id,
                raw: String(decoding: stored.body, as: UTF8.self))
        case ("transaction", 3):
            let environment = AppStoreEnvironment(rawValue: parts[1])
            let transactionId = parts[2]
            guard let stored = try await store.read({ try await $0.transaction(environment: environment, transactionId: transactionId) }),
                stored.customerId == customerId
            else { throw StorekeeperError.notFound("customer \(customerId) has no transaction \(transactionId)") }
            if let found = try await fromNotifications(
                customerId, field: "signedTransactionInfo", key: "transactionId", value: transactionId)
            {
                return AdminTimelineRaw(
                    id: entryId, format: "signedTransaction", origin: "inbox", notificationId: found.notificationId, raw: found.jws)
            }
            let jws = try await askApple(environment) { client in
                try await client.getTransactionInfo(transactionId: transactionId).signedTransactionInfo
            }
            return AdminTimelineRaw(id: entryId, format: "signedTransaction", origin: "apple", notificationId: nil, raw: jws)
        case ("renewalInfo", 3):
            let environment = AppStoreEnvironment(rawValue: parts[1])
            let original = parts[2]
            guard
                let stored = try await store.read({ try await $0.subscription(environment: environment, originalTransactionId: original) }),
                stored.customerId == customerId
            else { throw StorekeeperError.notFound("customer \(customerId) has no subscription \(original)") }
            if let found = try await fromNotifications(
                customerId, field: "signedRenewalInfo", key: "originalTransactionId", value: original)
            {
                return AdminTimelineRaw(
                    id: entryId, format: "signedRenewalInfo", origin: "inbox", notificationId: found.notificationId, raw: found.jws)
            }
            let jws = try await askApple(environment) { client in
                let statuses = try await client.getAllSubscriptionStatuses(transactionId: original)
                return statuses.data?.lazy.flatMap { $0.lastTransactions ?? [] }
                    .first { $0.originalTransactionId == original }?.signedRenewalInfo
            }
            return AdminTimelineRaw(id: entryId, format: "signedRenewalInfo", origin: "apple", notificationId: nil, raw: jws)
        default:
            throw StorekeeperError.notFound("entry \(entryId) has no signed data (only Apple's facts do)")
        }
    }

    /// The newest of the customer's stored V2 notifications whose `data.<field>` is a JWS whose
    /// payload has `key` equal to `value`.
    private func fromNotifications(
        _ customerId: CustomerID, field: String, key: String, value: String
    ) async throws -> (notificationId: String, jws: String)? {
        let summaries = try await store.read {
            try await $0.timelineNotifications(customerId: customerId, appId: app.id, before: nil, limit: Self.rawSearchLimit)
        }
        for summary in summaries where summary.version == 2 {
            guard let stored = try await store.read({ try await $0.inboxNotification(id: summary.id) }),
                let body = Self.object(Array(stored.body)), let signedPayload = body["signedPayload"] as? String,
                let payload = Self.jwsPayload(signedPayload), let data = payload["data"] as? [String: Any],
                let jws = data[field] as? String, let inner = Self.jwsPayload(jws), inner[key] as? String == value
            else { continue }
            return (summary.id, jws)
        }
        return nil
    }

    private func askApple(
        _ environment: AppStoreEnvironment, _ body: (AppStoreServerAPIClient) async throws -> String?
    ) async throws -> String {
        guard let client = apple?.serverAPI[environment] else {
            throw StorekeeperError.notFound(
                "no stored notification carried it and the app has no \(environment.rawValue) Server API key to ask Apple")
        }
        do {
            guard let jws = try await body(client) else {
                throw StorekeeperError.unavailable("Apple's answer lacks the signed data")
            }
            return jws
        } catch let error as AppStoreAPIError {
            throw StorekeeperError.unavailable("Apple could not be asked (\(error.code.rawValue))", underlying: error)
        }
    }

    /// A JWS's payload as a JSON object (the stored signature was verified when it arrived).
    static func jwsPayload(_ jws: String) -> [String: Any]? {
        let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, let bytes = Base64.decodeURL(String(segments[1])) else { return nil }
        return object(bytes)
    }

    static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }
}
