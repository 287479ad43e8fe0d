import AppStoreModels
import AppStoreSimulator
import Foundation
import Testing

@Suite("Identifier offset: disjoint ID ranges for simulators sharing one Storekeeper database")
struct IdentifierOffsetTests {
    func simulator(offset: Int64) throws -> AppStoreSimulator {
        let simulator = try AppStoreSimulator(
            configuration: .init(
                clockMode: .manual, start: Fixtures.start, durationMode: .accelerated, keys: Fixtures.keys,
                transport: ScriptedTransport(), identifierOffset: offset))
        try simulator.configureApp(DemoCatalog.app(notificationURL: "http://receiver.invalid/"))
        try simulator.upsertAccount(SimulatedAccount(id: "solo"))
        return simulator
    }

    @Test("transaction and web order line item IDs start after the offset")
    func sequencesStartAfterTheOffset() async throws {
        let plain = try simulator(offset: 0)
        let shifted = try simulator(offset: 4_200_000)
        for simulator in [plain, shifted] {
            try await simulator.purchase(
                PurchaseRequest(accountId: "solo", bundleId: Fixtures.bundleId, productId: DemoCatalog.gems))
        }
        let first = try await plain.purchase(
            PurchaseRequest(accountId: "solo", bundleId: Fixtures.bundleId, productId: DemoCatalog.proMonthly))
        let second = try await shifted.purchase(
            PurchaseRequest(accountId: "solo", bundleId: Fixtures.bundleId, productId: DemoCatalog.proMonthly))
        let plainId = try #require(first.transaction.transactionId.flatMap { Int64($0) })
        let shiftedId = try #require(second.transaction.transactionId.flatMap { Int64($0) })
        #expect(shiftedId - plainId == 4_200_000)
        let plainLine = try #require(first.transaction.webOrderLineItemId.flatMap { Int64($0) })
        let shiftedLine = try #require(second.transaction.webOrderLineItemId.flatMap { Int64($0) })
        #expect(shiftedLine - plainLine == 4_200_000)
    }

    @Test("a negative offset is refused")
    func negativeOffsetIsRefused() {
        #expect(throws: SimulatorError.self) { try simulator(offset: -1) }
    }
}
