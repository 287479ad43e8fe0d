import AppStoreAPI
import AppStoreModels
import AppStoreVerification
import Foundation
package import Storekeeper
package import StorekeeperAPIModels

/// The signed data behind a timeline entry: a notification's body as Apple posted it (kept in
/// the inbox), or a transaction's or renewal info's JWS — taken from the newest stored
/// notification of the customer that carried it, else asked from Apple now (Get Transaction Info,
/// Get All Subscription Statuses) when the app has a Server API key.
extension TimelineService {
    /// How many of the customer's notifications are searched for a signed transaction or renewal info.
    package static let rawSearchLimit = 200

    package func raw(_ customerId: CustomerID, entryId: String) async throws -> AdminTimelineRaw {
        let parts = entryId.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("notification", 2), ("notification", 3):
            let id = String(entryId.dropFirst("notification:".count))
            guard let body = try await inboxBody(entryId, notificationId: id) else {
                throw StorekeeperError.notFound("no notification \(id) for this app")
            }
            return body
        case ("transaction", 3):
            let environment = AppStoreEnvironment(rawValue: parts[1])
            let transactionId = parts[2]
            guard let stored = try await store.read({ try await $0.transaction(environment: environment, transactionId: transactionId) }),
                stored.customerId == customerId
            else { throw StorekeeperError.notFound("customer \(customerId) has no transaction \(transactionId)") }
            if let found = try await storedSignedData(customerId).transactions[transactionId] {
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
            if let found = try await storedSignedData(customerId).renewals[original] {
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

    /// A JWS and the stored notification that carried it.
    package struct CarriedJWS {
        package let notificationId: String
        package let jws: String
    }

    /// The signed transactions (by `transactionId`) and renewal infos (by `originalTransactionId`)
    /// that the customer's stored V2 notifications carried, each from the newest that did.
    package struct StoredSignedData {
        package var transactions: [String: CarriedJWS] = [:]
        package var renewals: [String: CarriedJWS] = [:]
    }

    /// Reads the customer's newest ``rawSearchLimit`` stored notifications once.
    package func storedSignedData(_ customerId: CustomerID) async throws -> StoredSignedData {
        let summaries = try await store.read {
            try await $0.timelineNotifications(customerId: customerId, appId: app.id, before: nil, limit: Self.rawSearchLimit)
        }
        var found = StoredSignedData()
        for summary in summaries where summary.version == 2 {
            guard let stored = try await store.read({ try await $0.inboxNotification(id: summary.id) }),
                let body = Self.object(Array(stored.body)), let signedPayload = body["signedPayload"] as? String,
                let payload = Self.jwsPayload(signedPayload), let data = payload["data"] as? [String: Any]
            else { continue }
            if let jws = data["signedTransactionInfo"] as? String, let id = Self.jwsPayload(jws)?["transactionId"] as? String,
                found.transactions[id] == nil
            {
                found.transactions[id] = CarriedJWS(notificationId: summary.id, jws: jws)
            }
            if let jws = data["signedRenewalInfo"] as? String,
                let id = Self.jwsPayload(jws)?["originalTransactionId"] as? String, found.renewals[id] == nil
            {
                found.renewals[id] = CarriedJWS(notificationId: summary.id, jws: jws)
            }
        }
        return found
    }

    /// `entries` with the signed data Storekeeper holds for each: a notification's body as
    /// received, and a transaction's or renewal info's JWS when a stored notification carried it.
    /// Apple is not asked here; an entry left without `raw` may still have it through
    /// ``raw(_:entryId:)``.
    package func withStoredRaw(_ entries: [AdminTimelineEntry], of customerId: CustomerID) async throws -> [AdminTimelineEntry] {
        var carried: StoredSignedData?
        var shown = entries
        for index in shown.indices {
            let entry = shown[index]
            if let notification = entry.notification {
                shown[index].raw = try await inboxBody(entry.id, notificationId: notification.id)
            } else if entry.transaction != nil || entry.renewalInfo != nil {
                if carried == nil { carried = try await storedSignedData(customerId) }
                if let transaction = entry.transaction, let found = carried?.transactions[transaction.transactionId] {
                    shown[index].raw = AdminTimelineRaw(
                        id: entry.id, format: "signedTransaction", origin: "inbox", notificationId: found.notificationId,
                        raw: found.jws)
                } else if let info = entry.renewalInfo, let found = carried?.renewals[info.originalTransactionId] {
                    shown[index].raw = AdminTimelineRaw(
                        id: entry.id, format: "signedRenewalInfo", origin: "inbox", notificationId: found.notificationId,
                        raw: found.jws)
                }
            }
        }
        return shown
    }

    /// The app's stored notification `notificationId` as the raw data of timeline entry `entryId`.
    private func inboxBody(_ entryId: String, notificationId: String) async throws -> AdminTimelineRaw? {
        guard let stored = try await store.read({ try await $0.inboxNotification(id: notificationId) }), stored.appId == app.id
        else { return nil }
        return AdminTimelineRaw(
            id: entryId, format: "notificationBody", origin: "inbox", notificationId: notificationId,
            raw: String(decoding: stored.body, as: UTF8.self))
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
    package static func jwsPayload(_ jws: String) -> [String: Any]? {
        let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, let bytes = Base64.decodeURL(String(segments[1])) else { return nil }
        return object(bytes)
    }

    package static func object(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }
}
