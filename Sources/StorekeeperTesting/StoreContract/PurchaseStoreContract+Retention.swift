import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperStore
import Testing

extension PurchaseStoreContract {
    static let retentionCases: [StoreContractCase] = [
        StoreContractCase("retention: rules replaced whole, uploads kept per app and environment") { context throws in
            let store = context.store
            let rules = [
                RetentionRule(
                    id: "trial", conditions: [.inFreeTrial],
                    answer: RetentionAnswerTemplate(kind: .message, messageIdentifier: UUID.random())),
                RetentionRule(
                    id: "loyal", conditions: [.tenureMonthsAtLeast(12, on: ["pro"])],
                    answer: RetentionAnswerTemplate(
                        kind: .alternateProduct, messageIdentifier: UUID.random(), productId: "lite", billingPlanType: "MONTHLY")),
            ]
            let first = RetentionSettings(appId: "demo", rules: rules, revision: 1, updatedAt: StoreFixtures.at(10), updatedBy: "ana")
            let second = RetentionSettings(
                appId: "demo", rules: [rules[1]], revision: 2, updatedAt: StoreFixtures.at(20), updatedBy: "ben")
            let image = RetentionContent(
                appId: "demo", environment: .sandbox, kind: .image, identifier: UUID.random(), state: "PENDING",
                uploadedAt: StoreFixtures.at(5), updatedAt: StoreFixtures.at(5))
            var message = RetentionContent(
                appId: "demo", environment: .sandbox, kind: .message, identifier: UUID.random(), header: "Stay", body: "Half price",
                imageIdentifier: image.identifier, state: "PENDING", uploadedAt: StoreFixtures.at(6), updatedAt: StoreFixtures.at(6))
            try await store.write { tx throws in
                try await tx.saveRetentionSettings(first)
                try await tx.saveRetentionContent(message)
                try await tx.saveRetentionContent(image)
            }
            message.state = "APPROVED"
            message.updatedAt = StoreFixtures.at(30)
            try await store.write { tx throws in
                try await tx.saveRetentionSettings(second)
                try await tx.saveRetentionContent(message)
            }
            try await store.read { tx throws in
                #expect(try await tx.retentionSettings(appId: "demo") == second)
                #expect(try await tx.retentionSettings(appId: "other") == nil)
                #expect(try await tx.retentionContent(appId: "demo", environment: .sandbox) == [image, message])
                #expect(try await tx.retentionContent(appId: "demo", environment: .production).isEmpty)
            }
            let deleted = try await store.write { tx throws in
                [
                    try await tx.deleteRetentionContent(appId: "demo", environment: .sandbox, identifier: image.identifier),
                    try await tx.deleteRetentionContent(appId: "demo", environment: .sandbox, identifier: image.identifier),
                ]
            }
            #expect(deleted == [true, false])
        },
        StoreContractCase("retention: one row per request identifier, outcomes set once, tallies by rule") { context throws in
            let store = context.store
            let ana = StoreFixtures.customerID("ana")
            func request(_ minute: Int64, rule: String?, kind: RetentionAnswerTemplate.Kind, micros: Int64) -> RetentionRequestRecord {
                RetentionRequestRecord(
                    requestIdentifier: UUID.random(), appId: "demo", environment: .sandbox, originalTransactionId: "800001",
                    customerId: ana, productId: "pro", locale: "en-US", ruleId: rule, answerKind: kind,
                    messageIdentifier: kind == .defaultMessage ? nil : UUID.random(), offerId: kind == .promotionalOffer ? "half" : nil,
                    reason: kind == .defaultMessage ? "noRule" : nil, signedDate: StoreFixtures.at(minute),
                    receivedAt: StoreFixtures.at(minute), serverMicroseconds: micros)
            }
            let early = request(1, rule: "offer", kind: .promotionalOffer, micros: 900)
            let late = request(2, rule: "offer", kind: .promotionalOffer, micros: 800_000)
            let fallback = request(3, rule: nil, kind: .defaultMessage, micros: 500)
            let inserted = try await store.write { tx throws in
                [
                    try await tx.insertRetentionRequest(early), try await tx.insertRetentionRequest(late),
                    try await tx.insertRetentionRequest(fallback), try await tx.insertRetentionRequest(early),
                ]
            }
            #expect(inserted == [true, true, true, false], "a replayed identifier is not stored twice")
            try await store.read { tx throws in
                #expect(try await tx.retentionRequest(early.requestIdentifier) == early)
                let open = try await tx.openRetentionRequest(
                    environment: .sandbox, originalTransactionId: "800001", since: StoreFixtures.at(0))
                #expect(open == fallback, "the latest one without an outcome")
                #expect(
                    try await tx.openRetentionRequest(environment: .production, originalTransactionId: "800001", since: StoreFixtures.at(0))
                        == nil)
            }
            let recorded = try await store.write { tx throws in
                [
                    try await tx.recordRetentionOutcome(late.requestIdentifier, outcome: .redeemed, at: StoreFixtures.at(9), fact: "n:1"),
                    try await tx.recordRetentionOutcome(late.requestIdentifier, outcome: .cancelled, at: StoreFixtures.at(9), fact: "n:2"),
                ]
            }
            #expect(recorded == [true, false])
            try await store.read { tx throws in
                let stored = try #require(try await tx.retentionRequest(late.requestIdentifier))
                #expect(stored.outcome == .redeemed && stored.outcomeFact == "n:1" && stored.outcomeAt == StoreFixtures.at(9))
                let tallies = try await tx.retentionTallies(
                    appId: "demo", since: StoreFixtures.at(0), maturedBefore: StoreFixtures.at(2), lateAfterMicroseconds: 700_000)
                #expect(
                    Set(tallies) == [
                        RetentionTally(ruleId: "offer", answerKind: "promotionalOffer", outcome: nil, matured: true, late: false, count: 1),
                        RetentionTally(
                            ruleId: "offer", answerKind: "promotionalOffer", outcome: "redeemed", matured: false, late: true, count: 1),
                        RetentionTally(ruleId: nil, answerKind: "default", outcome: nil, matured: false, late: false, count: 1),
                    ])
                #expect(
                    try await tx.retentionTallies(
                        appId: "other", since: StoreFixtures.at(0), maturedBefore: StoreFixtures.at(2), lateAfterMicroseconds: 1
                    ).isEmpty)
            }
        },
    ]
}
