import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import Storekeeper

/// One gate's work: a setup made before anything is counted, then `iteration(i)` for each
/// i in `0..<count`, each on inputs of its own.
struct GateWorkload: Sendable {
    let iteration: @Sendable (Int) async throws -> Void
    let close: @Sendable () async -> Void

    init(iteration: @escaping @Sendable (Int) async throws -> Void, close: @escaping @Sendable () async -> Void = {}) {
        self.iteration = iteration
        self.close = close
    }

    static func make(_ operation: GateOperation, count: Int) async throws -> GateWorkload {
        let pki = try AppleShapedPKI()
        let samples = GateSamples(signer: try pki.signer())
        switch operation {
        case .encodeCustomerView, .renderCustomerPage:
            return try await customer(operation, pki: pki, samples: samples)
        case .applyConsumableMemory, .applySubscriptionMemory, .applyConsumableSQLite, .applySubscriptionSQLite:
            return try await apply(operation, pki: pki, samples: samples, count: count)
        default:
            return try pure(operation, pki: pki, samples: samples, count: count)
        }
    }

    /// The gates with no I/O. (Kept out of the `async` function above: Swift 6.3's release
    /// build crashed splitting that coroutine while it held these throwing closures.)
    private static func pure(
        _ operation: GateOperation, pki: AppleShapedPKI, samples: GateSamples, count: Int
    ) throws
        -> GateWorkload
    {
        switch operation {
        case .verifyTransaction:
            let verifier = try verifier(pki)
            let inputs = try (0..<count).map { try samples.consumable($0) }
            return GateWorkload { gateKeep(try verifier.verifyTransaction(inputs[$0])) }
        case .verifyNotification:
            let verifier = try verifier(pki)
            let inputs = try (0..<count).map { try samples.subscriptionNotification($0) }
            return GateWorkload { gateKeep(try verifier.verifyNotification(inputs[$0].signedPayload)) }
        case .signatureChecksConsumable:
            return try signatureChecks(of: (0..<count).map { try samples.consumableNotification($0) }, key: pki.leafKey.publicKey)
        case .signatureChecksSubscription:
            return try signatureChecks(of: (0..<count).map { try samples.subscriptionNotification($0) }, key: pki.leafKey.publicKey)
        case .interpretNotification:
            let verifier = try verifier(pki)
            let inputs = try (0..<count).map { try verifier.verifyNotification(samples.subscriptionNotification($0).signedPayload) }
            return GateWorkload { index in
                let verified = inputs[index]
                gateKeep(
                    NotificationInterpreter.interpret(
                        verified.payload, transaction: verified.transaction, renewalInfo: verified.renewalInfo))
            }
        case .planPurchase:
            return try planPurchase(samples: samples, verifier: verifier(pki), count: count)
        case .decideInbox:
            return GateWorkload { _ in decideInbox() }
        default:
            throw BenchmarkFailure("\(operation.rawValue) is not a pure gate")
        }
    }

    /// The gates of a loaded customer: its view's JSON, its console page.
    private static func customer(_ operation: GateOperation, pki: AppleShapedPKI, samples: GateSamples) async throws -> GateWorkload {
        let loaded = try await GateCustomer.load(pki: pki, samples: samples)
        if operation == .renderCustomerPage {
            let page = try GateCustomerPage(view: loaded.view, orders: loaded.orders)
            return GateWorkload { _ in gateKeep(try page.render()) }
        }
        let view = loaded.view
        return GateWorkload { _ in
            var writer = JSONWriter(capacity: 4_096)
            view.writeJSON(into: &writer)
            gateKeep(writer.bytes)
        }
    }

    /// A notification received end to end, on the in-memory store or SQLite.
    private static func apply(
        _ operation: GateOperation, pki: AppleShapedPKI, samples: GateSamples, count: Int
    ) async throws
        -> GateWorkload
    {
        let subscription = operation == .applySubscriptionMemory || operation == .applySubscriptionSQLite
        let bodies = try Self.bodies(samples: samples, subscription: subscription, count: count)
        let stack = try await GateStack.open(pki: pki, sqlite: operation == .applyConsumableSQLite || operation == .applySubscriptionSQLite)
        return GateWorkload(
            iteration: { index in
                let answer = await stack.services.notifications.receive(bodies[index])
                guard answer == .processed else { throw BenchmarkFailure("notification \(index) answered \(answer)") }
            },
            close: { await stack.close() })
    }

    private static func bodies(samples: GateSamples, subscription: Bool, count: Int) throws -> [[UInt8]] {
        try (0..<count).map { index in
            try (subscription ? samples.subscriptionNotification(index) : samples.consumableNotification(index)).body
        }
    }

    static func verifier(_ pki: AppleShapedPKI) throws -> SignedDataVerifier {
        SignedDataVerifier(
            trustedRoots: try pki.trustedRoots,
            expectations: .init(bundleId: BenchmarkStack.bundleId, appAppleId: BenchmarkStack.appAppleId, environments: [.production]))
    }

    /// What the verifier's signature checks cost with nothing around them: for each JWS of a
    /// notification, SHA-256 of `header.payload` and one P-256 verification.
    private static func signatureChecks(
        of notifications: [GateSamples.SignedNotification], key: P256.Signing.PublicKey
    ) throws
        -> GateWorkload
    {
        let checks = try notifications.map { notification in
            try notification.all.map { jws in
                let parts = jws.split(separator: ".")
                guard parts.count == 3, let raw = Base64.decodeURL(String(parts[2])), raw.count == 64 else {
                    throw BenchmarkFailure("a minted JWS is malformed")
                }
                let signature = try P256.Signing.ECDSASignature(rawRepresentation: raw)
                return (input: Array((parts[0] + "." + parts[1]).utf8), signature: signature)
            }
        }
        return GateWorkload { index in
            for check in checks[index] where !key.isValidSignature(check.signature, for: SHA256.hash(data: check.input)) {
                throw BenchmarkFailure("a minted signature does not verify")
            }
        }
    }

    /// A client presenting a new subscription purchase of its own: what the planner decides
    /// from the workspace the locks loaded (owner unknown, transaction new).
    private static func planPurchase(samples: GateSamples, verifier: SignedDataVerifier, count: Int) throws -> GateWorkload {
        let catalog = try BenchmarkStack.catalog
        let inputs = try (0..<count).map { index in
            let payload = try verifier.verifyTransaction(samples.subscription(index).transaction)
            let transaction = try AppleTransaction(payload, source: .storeKit2)
            guard let customer = CustomerID(rawValue: "gate-\(index)") else { throw BenchmarkFailure("bad customer id") }
            let key = PurchaseKey(transaction)
            let workspace = PurchaseWorkspace(
                owners: [key: nil], transactions: [TransactionRef(transaction): nil],
                tokenOrders: transaction.appAccountToken.map { [$0: nil] } ?? [:], openOrders: [customer: []])
            return (transaction, customer, key, workspace)
        }
        return GateWorkload { index in
            let (transaction, customer, key, workspace) = inputs[index]
            let planner = PurchasePlanner(
                catalog: catalog, policy: AppPolicy(), actor: .client, fact: "gate", now: GateSamples.signedAt)
            gateKeep(
                try planner.presented(
                    [transaction], renewals: [], by: customer, orderId: nil,
                    snapshot: PurchaseSnapshot(presenter: customer, purchases: [key]), in: workspace))
        }
    }

    /// Every step of a delivery the inbox decides: applied at the first commit, replayed,
    /// applied on a retry, and the answers' outcomes.
    private static func decideInbox() {
        gateKeep(InboxDecision.afterFirstCommit(.applied))
        gateKeep(InboxDecision.afterFirstCommit(.storedBefore(.processed)))
        gateKeep(InboxDecision.afterApplying(.applied))
        gateKeep(InboxDecision.afterApplying(.failed("database is locked", unstorable: false)))
        gateKeep(InboxDecision.replay(.processed, version: 2, lastError: nil))
        gateKeep(InboxDecision.outcome(of: .processed))
    }
}
