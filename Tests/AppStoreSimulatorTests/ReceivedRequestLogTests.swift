import AppStoreModels
import Foundation
import Testing

@testable import AppStoreSimulator

/// The request log keeps the latest requests only; its answer counts keep every one, so a
/// benchmark of more requests than the log holds still counts what it sent.
@Suite struct ReceivedRequestLogTests {
    @Test func answersAreCountedBeyondWhatTheLogKeeps() {
        let log = ReceivedRequestLog()
        let total = ReceivedRequestLog.capacity + 5
        for index in 0..<total {
            let sequence = log.arrived(endpoint: "getTransactionHistory", environment: .production, at: Date())
            log.answered(sequence, httpStatus: index % 1_000 == 0 ? 429 : 200, code: nil)
        }
        #expect(log.all.count == ReceivedRequestLog.capacity)
        #expect(log.answerCounts["getTransactionHistory"]?[429] == 11)
        #expect(log.answerCounts["getTransactionHistory"]?[200] == total - 11)

        // A request answered after the log dropped its entry is counted all the same.
        let early = log.arrived(endpoint: "getAllSubscriptionStatuses", environment: .sandbox, at: Date())
        for _ in 0..<ReceivedRequestLog.capacity { _ = log.arrived(endpoint: "getTransactionInfo", environment: .sandbox, at: Date()) }
        log.answered(early, httpStatus: 200, code: nil)
        #expect(log.answerCounts["getAllSubscriptionStatuses"] == [200: 1])

        log.clear()
        #expect(log.all.isEmpty)
        #expect(log.answerCounts.isEmpty)
    }
}
