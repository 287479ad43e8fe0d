import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperAPIModels
import StorekeeperClient
import StorekeeperClientSimulation
import Testing

/// A network between the app and Storekeeper that rewrites, replays or strips answers grants
/// nothing: the package reports the answer unverified, keeps the proof queued, finishes
/// nothing and keeps its cached customer. Rotating the signing key keeps answers verified.
@Suite struct ClientAnswerVerificationTests {
    @Test(arguments: ClientBackend.all)
    func alteredAnswersGrantNothing(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.app(on: world.device())
            await app.start()
            try await app.refresh()
            world.proxy.set(.alter(""))
            await #expect(throws: StorekeeperClientError.self) { try await app.buy(DemoCatalog.gems) }
            world.proxy.set(.sign(key: 0))
            guard case .delivered = try await app.buy(DemoCatalog.gems) else {
                Issue.record("not delivered")
                return
            }
            world.proxy.set(.alter("/purchases"))
            guard case .awaitingServer(let transactionId, let reason) = try await app.buy(DemoCatalog.gems) else {
                Issue.record("an altered acknowledgement was believed")
                return
            }
            #expect(reason.contains("signature"))
            #expect(!world.log.finished.contains(transactionId))
            #expect(await app.pendingProofs.map(\.transaction.id) == [transactionId])
            #expect(await app.customer?.balance("gems") == 100, "the cached customer is the last verified one")
            world.proxy.set(.alter(""))
            let refused = await #expect(throws: StorekeeperClientError.self) { try await app.refresh() }
            #expect(refused?.unverifiedReason == .signatureInvalid)
            let spend = await #expect(throws: StorekeeperClientError.self) {
                try await app.spend(10, of: "gems", idempotencyKey: "spend-1")
            }
            #expect(spend?.code == .unverified)
            #expect(await app.customer?.balance("gems") == 100)

            world.proxy.set(.sign(key: 0))
            try await waitUntil("the queue drained") { await app.drainQueue() == 0 }
            #expect(world.log.finished.contains(transactionId))
            // The same key again: Storekeeper spent once, during the altered answer.
            let retried = try await app.spend(10, of: "gems", idempotencyKey: "spend-1")
            #expect(retried.replayed)
            #expect(retried.balance == 190)
            #expect(await app.customer?.balance("gems") == 190)
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }

    @Test(arguments: ClientBackend.all)
    func replayedAndStrippedAnswersAreUnverified(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.app(on: world.device())
            await app.start()
            guard case .delivered = try await app.buy(DemoCatalog.gems) else {
                Issue.record("not delivered")
                return
            }
            try await app.refresh()
            // An old, genuinely signed acknowledgement (of the first purchase) for a new one.
            world.proxy.set(.replay("/purchases"))
            guard case .awaitingServer(let second, _) = try await app.buy(DemoCatalog.gems) else {
                Issue.record("a replayed acknowledgement was believed")
                return
            }
            world.proxy.set(.replay(""))
            let replayed = await #expect(throws: StorekeeperClientError.self) { try await app.refresh() }
            #expect(replayed?.unverifiedReason == .signatureInvalid)
            world.proxy.set(.strip(""))
            let stripped = await #expect(throws: StorekeeperClientError.self) { try await app.refresh() }
            #expect(stripped?.unverifiedReason == .signatureMissing)
            #expect(await app.drainQueue() == 1)
            #expect(!world.log.finished.contains(second))
            #expect(await app.customer?.balance("gems") == 100)

            world.proxy.set(.sign(key: 0))
            try await waitUntil("the queue drained") { await app.drainQueue() == 0 }
            #expect(try await app.refresh().balance("gems") == 200)
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }

    /// The app trusts the old and the new key; the server switches from one to the other and
    /// answers keep verifying. An app that trusts only the old key sees the new one as untrusted.
    @Test(arguments: ClientBackend.all)
    func keyRotationKeepsAnswersVerified(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.app(on: world.device(), trusting: [0, 1])
            let stale = try world.app(on: world.device("old"), trusting: [0])
            await app.start()
            guard case .delivered = try await app.buy(DemoCatalog.gems) else {
                Issue.record("not delivered with the old key")
                return
            }
            world.proxy.set(.sign(key: 1))
            guard case .delivered = try await app.buy(DemoCatalog.gems) else {
                Issue.record("not delivered with the new key")
                return
            }
            #expect(try await app.refresh().balance("gems") == 200)
            let untrusted = await #expect(throws: StorekeeperClientError.self) { try await stale.refresh() }
            if case .keyNotTrusted = untrusted?.unverifiedReason {} else { Issue.record("not reported as an untrusted key") }
            #expect(world.log.finished.count == 2)
            world.expectFinishedOnlyAfterAcknowledgement()
            await app.stop()
        }
    }
}

/// The package against Storekeeper's own signatures, nothing in between: the app trusts the
/// app's answer-signing key as Storekeeper's configuration lists it.
@Suite struct ClientServerSignatureTests {
    @Test(arguments: ClientBackend.all)
    func storekeeperSignedAnswersVerify(_ backend: ClientBackend) async throws {
        try await ClientE2E.run(backend) { world in
            let app = try world.directApp(on: world.device())
            await app.start()
            guard case .delivered(let transactionId, let customer) = try await app.buy(DemoCatalog.gems) else {
                Issue.record("not delivered with Storekeeper's own signature")
                return
            }
            #expect(customer.balance("gems") == 100)
            #expect(world.log.finished == [transactionId])
            #expect(try await app.refresh().balance("gems") == 100)
            #expect(try await app.spend(40, of: "gems", idempotencyKey: "direct-1").balance == 60)
            await app.stop()
        }
    }
}
