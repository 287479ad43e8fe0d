import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperLocal

/// The demo's scenario, run against a `LocalStack`. Every call to Storekeeper goes through its
/// HTTP API, as an app (customer token) or the app's backend (server API key) would make it;
/// Apple's side is the simulator, driven as StoreKit and the customer would drive the App Store.
///
/// The steps live in `DemoScript+Steps.swift`, the closing summary in `DemoScript+Summary.swift`.
final class DemoScript {
    let stack: LocalStack.Running
    let timeline: DemoTimeline
    let backend: DemoBackend
    /// The app's backend calling Storekeeper with the server API key.
    let server: DemoCaller
    /// Where the SQLite database is (printed in the header).
    let databasePath: String
    /// Notifications already shown (by `notificationUUID`).
    var shownNotifications: Set<String> = []
    /// Webhooks the backend received, kept for the summary.
    var webhooks: [DemoBackend.Event] = []
    /// Checks that did not hold; the demo exits non-zero when any did not.
    var failures: [String] = []
    /// The apps on customers' devices (the package), by name, and where they keep their files.
    var apps: [String: DemoApp] = [:]
    let appDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storekeeper-demo-\(UUID.random().uuidString)")

    init(stack: LocalStack.Running, timeline: DemoTimeline, backend: DemoBackend, databasePath: String) {
        self.stack = stack
        self.timeline = timeline
        self.backend = backend
        self.databasePath = databasePath
        self.server = DemoCaller(
            name: "backend", client: StorekeeperClient(baseURL: stack.appURL, credential: stack.apiKey), timeline: timeline)
    }

    /// Runs every step, then the summary; throws when a check failed.
    func run() async throws {
        defer { try? FileManager.default.removeItem(at: appDirectory) }
        header()
        try await consumable()
        try await nonConsumable()
        try await nonRenewingSubscription()
        try await autoRenewableSubscription()
        try await restore()
        try await guestMergedIntoAccount()
        try await summary()
        guard failures.isEmpty else { throw DemoFailure(failures: failures) }
    }

    struct DemoFailure: Error, CustomStringConvertible {
        var failures: [String]
        var description: String { "the demo found \(failures.count) problem(s):\n  " + failures.joined(separator: "\n  ") }
    }

    // MARK: Actors

    /// The app on a customer's device, holding a customer token the app's backend signed.
    func app(_ name: String, for customer: CustomerID) -> DemoCaller {
        DemoCaller(
            name: name, client: StorekeeperClient(baseURL: stack.appURL, credential: stack.customerToken(customer)),
            timeline: timeline)
    }

    static func customer(_ raw: String) throws -> CustomerID {
        guard let id = CustomerID(rawValue: raw) else { throw DemoCaller.UnexpectedResponse(request: "customer id", status: 0, body: raw) }
        return id
    }

    // MARK: Building blocks

    /// The app (Storekeeper's package) on a customer's device signed in to `appleAccount`,
    /// started at its first use and kept for the demo.
    func device(_ name: String, for customer: CustomerID, appleAccount: String) async throws -> DemoApp {
        if let app = apps[name] { return app }
        let app = try await DemoApp.start(name, customer: customer, appleAccount: appleAccount, stack: stack, directory: appDirectory)
        apps[name] = app
        return app
    }

    /// The app buys `product` in one call of the package — the order, the payment sheet with the
    /// order's `appAccountToken`, the App Store, the submission, `finish()` after Storekeeper's
    /// verified answer — and the timeline shows what Apple signed and what Storekeeper answered.
    @discardableResult
    func purchase(_ app: DemoApp, _ product: String) async throws -> PurchaseResult {
        timeline.event(
            app.name,
            "buys \(DemoTimeline.product(product)) with Storekeeper's app package: POST /orders, then StoreKit with the "
                + "order's appAccountToken")
        let outcome = try await app.client.buy(product)
        guard case .delivered(let transactionId, let customer) = outcome, let stored = stack.simulator.transaction(id: transactionId)
        else { throw DemoCaller.UnexpectedResponse(request: "buy \(product)", status: 0, body: "\(outcome)") }
        let result = PurchaseResult(
            transaction: stored.payload, signedTransaction: try stack.simulator.signedTransaction(id: transactionId),
            notificationType: nil, subtype: nil)
        let transaction = result.transaction
        timeline.event(
            "App Store",
            "\(app.device.account.accountId) pays \(DemoTimeline.price(transaction.price, transaction.currency)) for "
                + "\(DemoTimeline.product(product)) (\(transaction.environment?.rawValue ?? "?"), storefront \(transaction.storefront ?? "?"))"
        )
        describeSigned(result)
        showNotifications()
        timeline.event(
            app.name,
            "POST /purchases {customerId, signedTransaction, orderId}  → 200, Storekeeper-Signature verified "
                + "(nonce, request, status, body); transaction \(transactionId) finished only now")
        timeline.detail("the app's cached customer: " + Self.describe(customer))
        return result
    }

    /// What Apple signed: the transaction's identifiers and the JWS's shape.
    func describeSigned(_ result: PurchaseResult) {
        let transaction = result.transaction
        var text = "signed transaction \(transaction.transactionId ?? "?")"
        if transaction.originalTransactionId != transaction.transactionId {
            text += " (original \(transaction.originalTransactionId ?? "?"))"
        }
        text += ": " + Self.jwsShape(result.signedTransaction)
        timeline.detail(text)
        var facts: [String] = []
        if let token = transaction.appAccountToken { facts.append("appAccountToken \(DemoTimeline.short(token))") }
        if let purchased = transaction.purchaseDate { facts.append("purchased \(DemoTimeline.time(purchased))") }
        if let expires = transaction.expiresDate { facts.append("expires \(DemoTimeline.time(expires))") }
        if let line = transaction.webOrderLineItemId { facts.append("webOrderLineItemId \(line)") }
        if !facts.isEmpty { timeline.detail(facts.joined(separator: ", ")) }
    }

    /// `JWS ES256, x5c chain of 3 certificates, 2,871 bytes`.
    static func jwsShape(_ jws: String) -> String {
        struct Header: Decodable {
            var alg: String
            var x5c: [String]?
        }
        let first = jws.split(separator: ".").first.map(String.init) ?? ""
        var base64 = first.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let header = try? JSONDecoder().decode(Header.self, from: data) else {
            return "JWS, \(jws.utf8.count) bytes"
        }
        return "JWS \(header.alg), x5c chain of \(header.x5c?.count ?? 0) certificates, \(jws.utf8.count) bytes"
    }

    /// Notifications the simulator sent since the last call and what became of their delivery.
    func showNotifications() {
        for record in stack.simulator.notifications(bundleId: DemoCatalog.bundleId)
        where !shownNotifications.contains(record.notificationUUID) && !record.sendAttempts.isEmpty {
            shownNotifications.insert(record.notificationUUID)
            let result = record.sendAttempts.last?.sendAttemptResult?.rawValue ?? "not sent"
            timeline.detail("sent \(Self.name(record)) (V2, signed) → POST /notifications: \(result)")
            expect(record.wasDelivered, "notification \(Self.name(record)) \(record.notificationUUID) was not delivered")
        }
    }

    static func name(_ record: NotificationRecord) -> String {
        record.notificationType.rawValue + (record.subtype.map { "/" + $0.rawValue } ?? "")
    }

    /// Waits until Storekeeper's outbox has delivered its webhooks, prints what the backend got,
    /// then each customer's state as Storekeeper reports it.
    @discardableResult
    func settle(_ customers: [CustomerID]) async throws -> [CustomerID: CustomerBody] {
        let deadline = ContinuousClock.now + .seconds(10)
        while try await stack.store.read({ try await $0.outboxCount(status: .pending) }) > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        for event in backend.drain() {
            webhooks.append(event)
            timeline.event(
                "backend",
                "← webhook \(event.type) for \(event.customerId): \(event.summary)"
                    + (event.signatureValid ? "" : "  (SIGNATURE INVALID)"))
            expect(event.signatureValid, "webhook \(event.type) had an invalid signature")
        }
        var views: [CustomerID: CustomerBody] = [:]
        for customer in customers {
            let view = try await server.get("/customers/\(customer)", as: CustomerBody.self, quiet: true)
            timeline.event("Storekeeper", "\(customer) → " + Self.describe(view))
            views[customer] = view
        }
        return views
    }

    /// `gems 70 │ no_ads (forever), premium (until 14:08:31) │ premium.monthly active`.
    static func describe(_ view: CustomerBody) -> String {
        let balances =
            view.balances.isEmpty
            ? "no currency" : view.balances.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let entitlements =
            view.entitlements.isEmpty
            ? "no entitlements"
            : view.entitlements.map { entitlement in
                let until = entitlement.expiresAt.map { "until " + DemoTimeline.time($0) } ?? "forever"
                return entitlement.id + " (" + (entitlement.isActive ? until : "inactive") + ")"
            }.joined(separator: ", ")
        var parts = [balances, entitlements]
        if !view.subscriptions.isEmpty {
            parts.append(
                view.subscriptions.map { "\(DemoTimeline.product($0.productId)) \($0.phase)" }.joined(separator: ", "))
        }
        return parts.joined(separator: " │ ")
    }

    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        let text = message()
        failures.append(text)
        timeline.detail("✗ " + text)
    }
}
