import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Customer B's Apple account buys with the `appAccountToken` of customer A's order. The token
/// says whose purchase it is: A gets it (the order delivered, a consumable credited), whatever
/// arrives first; B gets the transfer policy's answer, never a consumable's credit; B's attempt is
/// audited. Every order of arrival of B's submission, Apple's notification, A's submission and a
/// duplicate of the notification ends in the same state.
@Suite struct PurchaseTokenOwnershipTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var policy: TransferPolicy
        var productId: String
        var testDescription: String { "\(policy.rawValue) \(productId)" }

        /// Under `transfer` the last presenter of a non-consumable holds it, by the policy's
        /// definition: A's own submission after B's takes it back. There, the orders of B's
        /// submission and the notifications are what must not matter.
        var events: [Event] {
            policy == .transfer && productId != DemoCatalog.gems
                ? [.bSubmits, .notification, .duplicateNotification] : Event.allCases
        }

        static let all: [Case] = [TransferPolicy.transfer, .keep, .refuse].flatMap { policy in
            [DemoCatalog.gems, DemoCatalog.removeAds].map { Case(policy: policy, productId: $0) }
        }
    }

    enum Event: CaseIterable, Hashable, Sendable {
        case bSubmits, notification, aSubmits, duplicateNotification
    }

    /// What must not depend on the order of arrival.
    struct Outcome: Hashable, CustomStringConvertible {
        var ownerIsA: Bool
        var ownerIsB: Bool
        var balances: [[String: Int64]]
        var access: [[String]]
        var orderState: String
        /// B's answer (status, or error code).
        var answerToB: String
        /// Each customer's audit trail, without who told Storekeeper first (actor, fact, source).
        var audit: [[String]]

        var description: String {
            "owner A \(ownerIsA) B \(ownerIsB), balances \(balances), access \(access), order \(orderState), "
                + "B's answer \(answerToB), audit \(audit)"
        }
    }

    /// Every distinct order of `events` (the two notifications are the same body, so orders that
    /// only swap them are one).
    static func orders(of events: [Event]) -> [[Event]] {
        func permutations(_ items: [Event]) -> [[Event]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { index in
                var rest = items
                let first = rest.remove(at: index)
                return permutations(rest).map { [first] + $0 }
            }
        }
        var seen: Set<[Event]> = []
        return permutations(events).filter { order in
            seen.insert(order.map { $0 == .duplicateNotification ? .notification : $0 }).inserted
        }
    }

    @Test(arguments: NotificationBackend.all, Case.all)
    func tokenDecidesTheOwnerWhateverArrivesFirst(_ backend: NotificationBackend, _ testCase: Case) async throws {
        var policy = AppPolicy()
        policy.transfer = testCase.policy
        try await NotificationHarness.run(backend, configure: { $0.policy = policy }) { h in
            let orders = Self.orders(of: testCase.events).shuffled()
            var outcomes: [Outcome] = []
            for (index, order) in orders.enumerated() {
                let outcome = try await Self.play(order, run: index, testCase, h)
                if let first = outcomes.first {
                    #expect(outcome == first, "\(order) ended otherwise than \(orders[0])")
                }
                outcomes.append(outcome)
            }
            let outcome = try #require(outcomes.first)
            let consumable = testCase.productId == DemoCatalog.gems
            #expect(outcome.orderState == "delivered", "A's order is paid, whoever presented the purchase")
            switch (consumable, testCase.policy) {
            case (true, _):
                #expect(outcome.ownerIsA)
                #expect(outcome.balances == [["gems": 100], [:]], "\(outcome.balances)")
                #expect(outcome.answerToB == "replayed")
            case (false, .transfer):
                #expect(outcome.ownerIsB)
                #expect(outcome.access == [[], ["no_ads"]])
                #expect(outcome.answerToB == "recorded")
            case (false, .keep):
                #expect(outcome.ownerIsA)
                #expect(outcome.access == [["no_ads"], []])
                #expect(outcome.answerToB == "ownedByAnotherCustomer")
            case (false, .refuse):
                #expect(outcome.ownerIsA)
                #expect(outcome.access == [["no_ads"], []])
                #expect(outcome.answerToB == "409 ownedByAnotherCustomer")
            }
            let attemptKind =
                consumable
                ? "purchase.presentedByOtherCustomer"
                : ["transfer": "ownership.transferred", "keep": "ownership.kept", "refuse": "ownership.refused"][
                    testCase.policy.rawValue]
            let attempts = outcome.audit[1].filter { $0.hasPrefix(attemptKind ?? "-") }
            #expect(attempts.count == 1, "B's attempt is audited once: \(outcome.audit[1])")
            #expect(attempts.allSatisfy { $0.contains("appAccountToken=ownersOrder") })
        }
    }

    /// One run: A orders, B's Apple account pays with A's token (the simulator's own delivery of
    /// the notification is dropped, so the test delivers it), then `order` happens.
    static func play(_ order: [Event], run: Int, _ testCase: Case, _ h: NotificationHarness) async throws -> Outcome {
        let a = h.customer("a\(run)")
        let b = h.customer("b\(run)")
        let account = try h.account("b-apple\(run)")
        let placed = try await h.order(a, testCase.productId)
        h.simulator.addFault(NotificationFaultRule(kind: .drop, scope: .next(1)))
        let bought = try await h.simulator.purchase(
            PurchaseRequest(
                accountId: account, bundleId: DemoCatalog.bundleId, productId: testCase.productId, appAccountToken: placed.token))
        let notification = try JSONEncoder().encode(ResponseBodyV2(signedPayload: try h.lastSent().signedPayload))
        var answerToB = ""
        for event in order {
            switch event {
            case .bSubmits, .aSubmits:
                let customer = event == .bSubmits ? b : a
                let response = try await h.client.post(
                    "/purchases", ["customerId": customer.rawValue, "signedTransaction": bought.signedTransaction])
                if event == .bSubmits {
                    let code = (response.json["error"] as? [String: Any])?["code"] as? String
                    answerToB = response.status == 200 ? response.json["status"] as? String ?? "?" : "\(response.status) \(code ?? "?")"
                } else {
                    #expect(response.status == 200, "\(response.text)")
                }
            case .notification, .duplicateNotification:
                let response = try await h.client.post("/notifications", raw: notification, authenticated: false)
                #expect(response.status == 200, "\(response.text)")
            }
        }
        let environment = try #require(bought.transaction.environment)
        let original = try #require(bought.transaction.originalTransactionId)
        let owner = try await h.store.read { try await $0.owner(environment: environment, originalTransactionId: original) }
        let orderRead = try await h.client.get("/orders/\(placed.id)")
        let orderState = (orderRead.json["order"] as? [String: Any])?["state"] as? String ?? "?"
        let names = Dictionary(
            [
                (a.rawValue, "A"), (b.rawValue, "B"), (original, "T"), (bought.transaction.transactionId ?? original, "T"),
                (placed.id.lowercased(), "O"), (bought.transaction.appTransactionId ?? original, "P"),
            ], uniquingKeysWith: { first, _ in first })
        var balances: [[String: Int64]] = []
        var access: [[String]] = []
        var audit: [[String]] = []
        for customer in [a, b] {
            let view = try await h.view(customer)
            balances.append(view.balances.filter { $0.value != 0 })
            access.append(view.entitlements.filter(\.isActive).map(\.id).sorted())
            // Finishing at Apple follows who delivered first by design: Storekeeper finishes only
            // what it delivered before the app presented it (FinishTransactionTests).
            audit.append(
                try await h.audit(customer).filter { !$0.kind.hasPrefix("transaction.finish") }
                    .map { Self.normalized($0, names: names) }.sorted())
        }
        return Outcome(
            ownerIsA: owner == a, ownerIsB: owner == b, balances: balances, access: access, orderState: orderState,
            answerToB: answerToB, audit: audit)
    }

    /// An audit event without what differs by who came first (the actor, the fact, the time, the
    /// source of the record) or by run (customer, transaction, order and app transaction ids become
    /// `A`, `B`, `T`, `O`, `P`).
    static func normalized(_ event: AuditEvent, names: [String: String]) -> String {
        func name(_ text: String) -> String {
            names.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        let details = event.details.filter { $0.key != "source" }.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(name($0.value))" }.joined(separator: ",")
        return "\(event.kind) \(name(event.subject ?? "")) \(details)"
    }
}
