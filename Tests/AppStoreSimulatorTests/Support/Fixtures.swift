import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation

/// Shared test material: one set of signing chains (minting RSA keys is slow), a fixed start
/// date, and simulators configured with the demo catalog.
enum Fixtures {
    static let keys: SimulatorKeys = {
        do {
            return try SimulatorKeys.generate()
        } catch {
            fatalError("cannot mint the simulator's test chains: \(error)")
        }
    }()

    /// 2026-01-01T00:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static let bundleId = DemoCatalog.bundleId
    /// A sandbox tester account.
    static let alice = "alice"
    /// A production customer.
    static let bob = "bob"
    /// Alice's family member.
    static let carol = "carol"
    /// A sandbox tester without a family.
    static let dave = "dave"

    /// A manual-clock simulator with the demo app (notifications to `notificationURL`) and the
    /// accounts alice (sandbox), bob (production), carol (alice's family, sandbox) and dave
    /// (sandbox, no family).
    static func simulator(
        notificationURL: String? = nil, durations: DurationMode = .accelerated, gracePeriodDays: Int? = 16,
        notificationVersion: SimulatedApp.NotificationVersion = .v2, stateDirectory: URL? = nil,
        transport: any NotificationTransport = HTTPNotificationTransport(timeout: .seconds(5))
    ) throws -> AppStoreSimulator {
        let simulator = try AppStoreSimulator(
            configuration: .init(
                clockMode: .manual, start: start, durationMode: durations, stateDirectory: stateDirectory, keys: keys,
                transport: transport))
        var app = DemoCatalog.app(notificationURL: notificationURL)
        app.gracePeriodDays = gracePeriodDays
        app.notificationVersion = notificationVersion
        try simulator.configureApp(app)
        try simulator.upsertAccount(SimulatedAccount(id: alice, environment: .sandbox, familyGroupId: "family-1"))
        try simulator.upsertAccount(SimulatedAccount(id: bob, environment: .production))
        try simulator.upsertAccount(SimulatedAccount(id: carol, environment: .sandbox, familyGroupId: "family-1"))
        try simulator.upsertAccount(SimulatedAccount(id: dave, environment: .sandbox))
        return simulator
    }

    /// A verifier that trusts the simulator's root and binds data to the demo app.
    static func verifier(environments: Set<AppStoreEnvironment>? = nil) throws -> SignedDataVerifier {
        SignedDataVerifier(
            trustedRoots: try keys.trustedRoots,
            expectations: VerificationExpectations(bundleId: bundleId, environments: environments))
    }

    static func purchase(
        _ productId: String, account: String = alice, offer: PurchaseOffer? = nil, token: UUID? = nil
    ) -> PurchaseRequest {
        PurchaseRequest(accountId: account, bundleId: bundleId, productId: productId, appAccountToken: token, offer: offer)
    }

    /// `TYPE` or `TYPE/SUBTYPE` of each notification the simulator created for `account`.
    static func events(_ simulator: AppStoreSimulator, account: String? = nil) -> [String] {
        simulator.notifications(bundleId: bundleId)
            .filter { account == nil || $0.accountId == account }
            .map(label)
    }

    static func label(_ record: NotificationRecord) -> String {
        record.notificationType.rawValue + (record.subtype.map { "/" + $0.rawValue } ?? "")
    }

    static func label(_ payload: ResponseBodyV2DecodedPayload) -> String {
        (payload.notificationType?.rawValue ?? "?") + (payload.subtype.map { "/" + $0.rawValue } ?? "")
    }
}

/// A transport that records bodies and answers from a script, for tests that exercise the
/// delivery bookkeeping without sockets.
final class ScriptedTransport: NotificationTransport {
    private let state = LockedBox<(bodies: [[UInt8]], script: [SendAttemptResult])>(([], []))

    func script(_ results: [SendAttemptResult]) {
        state.withLock { $0.script = results }
    }

    var bodies: [[UInt8]] { state.withLock { $0.bodies } }

    func post(_ body: [UInt8], to url: String) async -> SendAttemptResult {
        state.withLock { state in
            state.bodies.append(body)
            return state.script.isEmpty ? .success : state.script.removeFirst()
        }
    }
}
